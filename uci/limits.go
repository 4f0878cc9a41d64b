package uci

import (
	"context"
	"slices"
	"strconv"
	"time"

	"houserules/position"
	"houserules/search"
)

func parseMs(s string) (time.Duration, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, err
	}
	return time.Duration(n) * time.Millisecond, nil
}

// goKeywords are the parameters of go; searchmoves takes the tokens up to
// the next one of them.
var goKeywords = map[string]bool{"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
	"perft": true}

func (e *Engine) cmdGo(args []string) {
	e.finish()
	// without a position a search answers bestmove (none) and a count
	// its total line, 0, so that a script waiting for either goes on
	none := func() {
		if slices.Contains(args, "perft") {
			e.println(perftTotal(0))
		} else {
			e.println("bestmove (none)")
		}
	}
	if e.posRefused {
		e.infoString("go: the last position command was refused; no search until a position is set")
		none()
		return
	}
	g, err := e.Game()
	if err != nil {
		e.infoString("go: %v", err)
		none()
		return
	}
	var lim search.Limits
	var clock [2]bool // wtime / btime given
	ponder := false
	bad := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			e.infoString("go: %s needs a value", a)
			bad = true
			return "", false
		}
		var err error
		switch a {
		case "perft":
			v, ok := next()
			if !ok {
				return
			}
			d, err := strconv.Atoi(v)
			if err != nil || d < 0 {
				e.infoString("go perft: bad depth %q", v)
				return
			}
			// counted beside the command loop, so isready is answered
			// and stop ends the count after the root move in hand
			e.start(false, true, func(ctx context.Context) { e.runPerft(ctx, g, d) })
			return
		case "wtime", "btime", "winc", "binc", "movetime":
			v, ok := next()
			if !ok {
				continue
			}
			var d time.Duration
			if d, err = parseMs(v); err == nil {
				switch a {
				case "wtime":
					lim.WTime, clock[position.White] = d, true
				case "btime":
					lim.BTime, clock[position.Black] = d, true
				case "winc":
					lim.WInc = max(d, 0)
				case "binc":
					lim.BInc = max(d, 0)
				case "movetime":
					if d <= 0 {
						e.infoString("go: movetime %s is not a positive number of milliseconds; ignored", v)
						bad = true
					} else {
						lim.MoveTime = d
					}
				}
			}
		case "movestogo", "depth", "mate":
			v, ok := next()
			if !ok {
				continue
			}
			var n int
			if n, err = strconv.Atoi(v); err == nil {
				if n <= 0 {
					e.infoString("go: %s %s is not a positive integer; ignored", a, v)
					bad = true
					continue
				}
				switch a {
				case "movestogo":
					lim.MovesToGo = n
				case "depth":
					lim.Depth = n
				case "mate":
					lim.Mate = n
				}
			}
		case "nodes":
			v, ok := next()
			if !ok {
				continue
			}
			var n uint64
			if n, err = strconv.ParseUint(v, 10, 64); err == nil {
				if n == 0 {
					e.infoString("go: nodes 0 is not a positive integer; ignored")
					bad = true
					continue
				}
				lim.Nodes = n
			}
		case "infinite":
			lim.Infinite = true
		case "ponder":
			ponder = true
		case "searchmoves":
			// every following token up to the next keyword is a move
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				m, err := g.ParseMove(args[i])
				if err != nil {
					e.infoString("go searchmoves: %q is not a legal move here; ignored", args[i])
					continue
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			if len(lim.SearchMoves) == 0 {
				e.infoString("go searchmoves: no legal move given; all moves are searched")
			}
		default:
			e.infoString("go: unknown parameter %q ignored", a)
			bad = true
		}
		if err != nil {
			e.infoString("go: bad value for %s: %v", a, err)
			bad = true
		}
	}
	stm := g.Pos.SideToMove()
	if clock[stm] && !lim.Infinite && !ponder && lim.MoveTime == 0 {
		left := lim.WTime
		if stm == position.Black {
			left = lim.BTime
		}
		if left <= 0 {
			// the flag has fallen or is about to: answer at once
			e.infoString("go: no time left on the clock (%d ms); moving at once", left.Milliseconds())
			lim = search.Limits{Depth: 1, SearchMoves: lim.SearchMoves}
		}
	}
	if !clock[position.White] && !clock[position.Black] && lim.MoveTime == 0 && lim.Depth == 0 && lim.Nodes == 0 && lim.Mate == 0 && !lim.Infinite {
		if bad {
			// a broken go line must not start a search nobody will stop
			e.infoString("go: no valid limit, searching for 1 second")
			lim.MoveTime = time.Second
		} else {
			lim.Infinite = true // a bare go searches until stop, as in Stockfish
		}
	}
	if ponder {
		lim.Infinite = true // until ponderhit or stop
	}
	e.start(ponder, false, func(ctx context.Context) {
		res := e.eng.Search(ctx, g, lim, func(inf search.Info) { e.println(FormatInfo(inf)) })
		if res.Move == position.NoMove {
			e.println("bestmove (none)")
			return
		}
		if res.Ponder != position.NoMove && len(res.PVText) > 1 {
			e.println("bestmove " + res.MoveText + " ponder " + res.PVText[1])
		} else {
			e.println("bestmove " + res.MoveText)
		}
	})
}
