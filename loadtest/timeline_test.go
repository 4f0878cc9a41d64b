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
	tl := timeline(time.Second, sent, rtts, starts)
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
	if timeline(0, sent, rtts, starts) != nil {
		t.Error("a time line without a width")
	}
	var b strings.Builder
	writeTimeline(&b, tl)
	if !strings.Contains(b.String(), "     1s     1 games  n=1 p50=40ms") || !strings.Contains(b.String(), "     2s     0 games  no moves") {
		t.Errorf("written:\n%s", b.String())
	}
}
