package loadtest

import (
	"fmt"
	"io"
	"time"
)

// Slice is the move round-trips of one slice of a run's time line: the
// moves sent from From to From+Config.Timeline after the start.
type Slice struct {
	From    time.Duration
	Latency Latency
	Started int // human games started (joined) in the slice
}

// timeline buckets the moves by when they were sent (sent[i]: ns after
// the start, of rtts[i]) and the game starts by when they were joined
// (ns after the start), into slices of width w; nil for w ≤ 0.
func timeline(w time.Duration, sent []int64, rtts []time.Duration, starts []int64) []Slice {
	if w <= 0 {
		return nil
	}
	var by [][]time.Duration
	var started []int
	grow := func(k int) {
		for len(by) <= k {
			by = append(by, nil)
			started = append(started, 0)
		}
	}
	for i, at := range sent {
		k := int(time.Duration(at) / w)
		grow(k)
		by[k] = append(by[k], rtts[i])
	}
	for _, at := range starts {
		k := int(time.Duration(at) / w)
		grow(k)
		started[k]++
	}
	out := make([]Slice, len(by))
	for k := range by {
		out[k] = Slice{From: time.Duration(k) * w, Latency: latencyOf(by[k]), Started: started[k]}
	}
	return out
}

// writeTimeline prints the time line, a slice a line.
func writeTimeline(w io.Writer, tl []Slice) {
	if len(tl) == 0 {
		return
	}
	fmt.Fprintf(w, "time line    (moves by when they were sent; games by when they were joined)\n")
	for _, s := range tl {
		fmt.Fprintf(w, "  %6v  %4d games  %v\n", s.From, s.Started, s.Latency)
	}
}
