package loadtest

import (
	"strings"
	"testing"
	"time"
)

// TestTimeline: moves and game starts go to the slice of when they were
// sent (joined); an empty slice between is kept, with no moves.
func TestTimeline(t *testing.T) {
	ms := func(n int64) int64 { return n * int64(time.Millisecond) }
	sent := []int64{ms(10), ms(900), ms(1500), ms(3100)}
	rtts := []time.Duration{5 * time.Millisecond, 7 * time.Millisecond, 40 * time.Millisecond, 3 * time.Millisecond}
	starts := []int64{ms(1), ms(2), ms(1999)}
	tl := timeline(time.Second, 3500*time.Millisecond, sent, rtts, starts)
	if len(tl) != 4 {
		t.Fatalf("%d slices, want 4: %+v", len(tl), tl)
	}
	want := []struct {
		n, started int
		max        time.Duration
	}{{2, 2, 7 * time.Millisecond}, {1, 1, 40 * time.Millisecond}, {0, 0, 0}, {1, 0, 3 * time.Millisecond}}
	for k, w := range want {
		s := tl[k]
		if s.From != time.Duration(k)*time.Second || s.Latency.N != w.n || s.Started != w.started || s.Latency.Max != w.max {
			t.Errorf("slice %d = %+v, want from %ds, %d moves, %d games, max %v", k, s, k, w.n, w.started, w.max)
		}
	}
	if timeline(0, time.Second, sent, rtts, starts) != nil {
		t.Error("a time line without a width")
	}
	// the run goes on after the last move (5.5 s): its quiet seconds are slices
	if tl := timeline(time.Second, 5500*time.Millisecond, sent, rtts, starts); len(tl) != 6 || tl[5].Latency.N != 0 {
		t.Errorf("a 6 s run: %d slices, want 6 (the last two without moves)", len(tl))
	}
	// a width that would make billions of slices is widened to maxSlices
	if tl := timeline(minTimeline, 10*time.Hour, sent, rtts, starts); len(tl) > maxSlices || tl[0].Latency.N != 4 {
		t.Errorf("10 h in slices of %v: %d slices (first %+v), want at most %d", minTimeline, len(tl), tl[0], maxSlices)
	}
	var b strings.Builder
	writeTimeline(&b, tl)
	if !strings.Contains(b.String(), "     1s     1 games  n=1 p50=40ms") || !strings.Contains(b.String(), "     2s     0 games  no moves") {
		t.Errorf("written:\n%s", b.String())
	}
}
