package uci

import (
	"context"
)

// start runs job beside the command loop as the session's running job:
// stop cancels its ctx and waits for it (stopSearch); position,
// ucinewgame and setoption stop a search and leave a count running
// (settle); go stops a search and waits for a count (finish); Wait waits
// for it. A panic in job is reported as an
// info string, and a search then still answers "bestmove (none)", as the
// GUI waits for one.
func (e *Engine) start(ponder, perft bool, job func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	e.cancel, e.done, e.ponder, e.perft = cancel, done, ponder, perft
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				if perft {
					e.infoString("go perft error: %v", r)
					return
				}
				e.infoString("search error: %v", r)
				e.println("bestmove (none)")
			}
		}()
		job(ctx)
	}()
}

// stopSearch stops a running search and waits for its bestmove.
func (e *Engine) stopSearch() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	<-e.done
	e.cancel, e.done, e.perft = nil, nil, false
}

// settle readies the session for ucinewgame, setoption or position: a
// search is stopped; a go perft counts on (it counts on its own copy of
// the game), so stop, quit and isready stay answered.
func (e *Engine) settle() {
	if e.perft {
		return
	}
	e.stopSearch()
}

// finish ends the running job before go and at the end of input: a search
// is stopped, a go perft is waited for (Fairy-Stockfish's go waits for
// the count too; only stop and quit end a count early).
func (e *Engine) finish() {
	if e.perft {
		e.Wait()
	}
	e.stopSearch()
}

// Wait blocks until the running search (if any) has printed bestmove.
func (e *Engine) Wait() {
	if e.done != nil {
		<-e.done
		e.cancel, e.done, e.perft = nil, nil, false
	}
}
