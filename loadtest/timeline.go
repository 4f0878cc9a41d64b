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

// minTimeline is the narrowest slice of a time line (Config.Timeline).
const minTimeline = 10 * time.Millisecond

// maxSlices bounds a time line's length: a longer run's slices are
// widened to fit (a slice a line of output).
const maxSlices = 10000

// timeline buckets the moves by when they were sent (sent[i]: ns after
// the start, of rtts[i]) and the game starts by when they were joined
// (ns after the start), into slices of width w (widened to at most
// maxSlices) up to the end of the run (elapsed, or the last event if
// later): slices without moves are kept. nil for w ≤ 0.
func timeline(w, elapsed time.Duration, sent []int64, rtts []time.Duration, starts []int64) []Slice {
	if w <= 0 {
		return nil
	}
	last := elapsed
	for _, at := range sent {
		last = max(last, time.Duration(at))
	}
	for _, at := range starts {
		last = max(last, time.Duration(at))
	}
	if n := last / w; n >= maxSlices {
		w = last/maxSlices + 1
	}
	by := make([][]time.Duration, int(last/w)+1)
	started := make([]int, len(by))
	for i, at := range sent {
		k := int(time.Duration(at) / w)
		by[k] = append(by[k], rtts[i])
	}
	for _, at := range starts {
		started[int(time.Duration(at)/w)]++
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
