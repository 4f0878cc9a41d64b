// Time management: the time allotted to a move and the stop polling.

package search

import (
	"time"

	"houserules/position"
)

func (w *worker) setupTime(lim Limits) {
	const overhead = 30 * time.Millisecond
	switch {
	case lim.Infinite:
	case lim.MoveTime > 0:
		// a fixed time per move is not a clock: the whole of it is used
		// but for a millisecond of reply latency (Stockfish stops at the
		// movetime itself)
		w.hard = max(lim.MoveTime-min(time.Millisecond, lim.MoveTime/20), time.Millisecond)
		w.soft = 0
	default:
		t, inc := lim.WTime, lim.WInc
		if w.p.SideToMove() == position.Black {
			t, inc = lim.BTime, lim.BInc
		}
		if t <= 0 && lim.WTime == 0 && lim.BTime == 0 {
			return
		}
		mtg := lim.MovesToGo
		if mtg <= 0 || mtg > 35 {
			mtg = 35
		}
		avail := max(t-overhead, 5*time.Millisecond)
		opt := avail/time.Duration(mtg) + inc*3/4
		hardMax := avail * 3 / 4
		if lim.MovesToGo == 1 {
			hardMax = avail * 9 / 10
		}
		opt = min(opt, hardMax)
		w.hard = max(min(opt*4, hardMax), time.Millisecond)
		w.soft = max(opt, time.Millisecond)
	}
}

// checkStop polls the stop conditions every pollMask+1 nodes.
func (w *worker) checkStop() bool {
	if w.stopped {
		return true
	}
	if w.nodes&w.pollMask == 0 {
		if w.ctx.Err() != nil {
			w.stopped = true
		} else if w.hard > 0 && time.Since(w.start) >= w.hard {
			w.stopped = true
		}
	}
	if w.nodeLimit > 0 && w.nodes >= w.nodeLimit {
		w.stopped = true
	}
	return w.stopped
}
