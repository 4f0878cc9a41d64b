package uci

import (
	"context"
	"slices"
	"strconv"
	"time"

	"houserules/position"
	"houserules/rules"
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
	p := &goParser{e: e, g: g, args: args}
	perft, ok := p.parse()
	if !ok {
		return
	}
	if perft >= 0 {
		// counted beside the command loop, so isready is answered
		// and stop ends the count after the root move in hand
		e.start(false, true, func(ctx context.Context) { e.runPerft(ctx, g, perft) })
		return
	}
	lim := p.limits()
	e.start(p.ponder, false, func(ctx context.Context) {
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

// goParser reads the parameters of a go command for the game g; refused
// parameters are reported as info strings and ignored.
type goParser struct {
	e      *Engine
	g      *rules.Game
	args   []string
	i      int // the parameter being read
	lim    search.Limits
	clock  [2]bool // wtime / btime given
	ponder bool
	bad    bool // a parameter was refused
}

// next reads the value of the parameter at i.
func (p *goParser) next() (string, bool) {
	if p.i+1 < len(p.args) {
		p.i++
		return p.args[p.i], true
	}
	p.e.infoString("go: %s needs a value", p.args[p.i])
	p.bad = true
	return "", false
}

// parse reads the parameters up to the end, or up to perft: then perft is
// its depth (-1 for a search); ok is false when the command is refused.
func (p *goParser) parse() (perft int, ok bool) {
	for ; p.i < len(p.args); p.i++ {
		a := p.args[p.i]
		var err error
		switch a {
		case "perft":
			v, ok := p.next()
			if !ok {
				return -1, false
			}
			d, err := strconv.Atoi(v)
			if err != nil || d < 0 {
				p.e.infoString("go perft: bad depth %q", v)
				return -1, false
			}
			return d, true
		case "wtime", "btime", "winc", "binc", "movetime":
			if v, ok := p.next(); ok {
				err = p.duration(a, v)
			}
		case "movestogo", "depth", "mate":
			if v, ok := p.next(); ok {
				err = p.count(a, v)
			}
		case "nodes":
			if v, ok := p.next(); ok {
				err = p.nodes(v)
			}
		case "infinite":
			p.lim.Infinite = true
		case "ponder":
			p.ponder = true
		case "searchmoves":
			p.searchMoves()
		default:
			p.e.infoString("go: unknown parameter %q ignored", a)
			p.bad = true
		}
		if err != nil {
			p.e.infoString("go: bad value for %s: %v", a, err)
			p.bad = true
		}
	}
	return -1, true
}

// duration reads a time parameter (milliseconds).
func (p *goParser) duration(a, v string) error {
	d, err := parseMs(v)
	if err != nil {
		return err
	}
	switch a {
	case "wtime":
		p.lim.WTime, p.clock[position.White] = d, true
	case "btime":
		p.lim.BTime, p.clock[position.Black] = d, true
	case "winc":
		p.lim.WInc = max(d, 0)
	case "binc":
		p.lim.BInc = max(d, 0)
	case "movetime":
		if d <= 0 {
			p.e.infoString("go: movetime %s is not a positive number of milliseconds; ignored", v)
			p.bad = true
		} else {
			p.lim.MoveTime = d
		}
	}
	return nil
}

// count reads movestogo, depth or mate.
func (p *goParser) count(a, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return err
	}
	if n <= 0 {
		p.e.infoString("go: %s %s is not a positive integer; ignored", a, v)
		p.bad = true
		return nil
	}
	switch a {
	case "movestogo":
		p.lim.MovesToGo = n
	case "depth":
		p.lim.Depth = n
	case "mate":
		p.lim.Mate = n
	}
	return nil
}

// nodes reads the nodes limit.
func (p *goParser) nodes(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return err
	}
	if n == 0 {
		p.e.infoString("go: nodes 0 is not a positive integer; ignored")
		p.bad = true
		return nil
	}
	p.lim.Nodes = n
	return nil
}

// searchMoves reads the moves after searchmoves: every following token up
// to the next keyword is a move.
func (p *goParser) searchMoves() {
	for p.i+1 < len(p.args) && !goKeywords[p.args[p.i+1]] {
		p.i++
		m, err := p.g.ParseMove(p.args[p.i])
		if err != nil {
			p.e.infoString("go searchmoves: %q is not a legal move here; ignored", p.args[p.i])
			continue
		}
		p.lim.SearchMoves = append(p.lim.SearchMoves, m)
	}
	if len(p.lim.SearchMoves) == 0 {
		p.e.infoString("go searchmoves: no legal move given; all moves are searched")
	}
}

// limits are the search limits the parameters give: a clock with no time
// left moves at once, no limit at all searches until stop (for 1 second
// after a broken go line), ponder until ponderhit or stop.
func (p *goParser) limits() search.Limits {
	lim := p.lim
	stm := p.g.Pos.SideToMove()
	if p.clock[stm] && !lim.Infinite && !p.ponder && lim.MoveTime == 0 {
		left := lim.WTime
		if stm == position.Black {
			left = lim.BTime
		}
		if left <= 0 {
			// the flag has fallen or is about to: answer at once
			p.e.infoString("go: no time left on the clock (%d ms); moving at once", left.Milliseconds())
			lim = search.Limits{Depth: 1, SearchMoves: lim.SearchMoves}
		}
	}
	if !p.clock[position.White] && !p.clock[position.Black] && lim.MoveTime == 0 && lim.Depth == 0 && lim.Nodes == 0 && lim.Mate == 0 && !lim.Infinite {
		if p.bad {
			// a broken go line must not start a search nobody will stop
			p.e.infoString("go: no valid limit, searching for 1 second")
			lim.MoveTime = time.Second
		} else {
			lim.Infinite = true // a bare go searches until stop, as in Stockfish
		}
	}
	if p.ponder {
		lim.Infinite = true // until ponderhit or stop
	}
	return lim
}
