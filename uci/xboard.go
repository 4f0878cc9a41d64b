package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// The xboard (CECP, protocol 2) side of the engine: a session that starts
// with the line "xboard" speaks it instead of UCI, as Fairy-Stockfish
// does. It lets xboard/WinBoard run houserules directly — in particular
// for variants such as capablanca, which polyglot (the UCI adapter) cannot
// play because it knows only the 8×8 chess board.

var errAborted = errors.New("search aborted")

// abortSearch stops a running xboard search without playing its move.
func (e *Engine) abortSearch() {
	if e.cancel == nil {
		return
	}
	if e.abort != nil {
		e.abort()
	}
	e.stopSearch()
	e.abort = nil
}

// xbState is the xboard session state.
type xbState struct {
	engineSide position.Color // the side the engine plays
	force      bool           // play neither side
	post       bool
	mps        int           // moves per time control (0 = whole game)
	base, inc  time.Duration // level
	st         time.Duration // fixed time per move (st)
	sd         int           // depth limit (sd)
	myTime     time.Duration // time left on the engine's clock
	oppTime    time.Duration
}

// xboardVariantName maps an xboard variant name to the catalogue's.
func xboardVariantName(xb string) (name string, chess960 bool) {
	switch xb {
	case "normal":
		return "chess", false
	case "fischerandom":
		return "chess", true
	}
	return xb, false
}

func (e *Engine) xbVariants() string {
	names := []string{"normal", "fischerandom"}
	for _, n := range e.VariantNames() {
		if n != "chess" {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// runXboard serves an xboard session until quit or end of input.
func (e *Engine) runXboard(sc *bufio.Scanner) error {
	st := &xbState{engineSide: position.Black, post: true, base: 5 * time.Minute}
	e.fen, e.moves = "", nil
	for sc.Scan() {
		if !e.xboardLine(st, sc.Text()) {
			return nil
		}
	}
	e.abortSearch()
	return sc.Err()
}

func (e *Engine) xboardLine(st *xbState, line string) (cont bool) {
	defer func() {
		if r := recover(); r != nil {
			e.println(fmt.Sprintf("Error (internal: %v): %s", r, line))
			cont = true
		}
	}()
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	cmd, args := f[0], f[1:]
	arg := strings.Join(args, " ")
	switch cmd {
	case "xboard", "random", "hard", "easy", "computer", "accepted", "rejected", "name", "rating", "ics", "draw", "otherboard", "bk", "hint", ".", "exit", "analyze":
	case "protover":
		e.println(`feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 name=0 nps=0 memory=0 smp=0 myname="` + EngineName + `" variants="` + e.xbVariants() + `"`)
		e.println("feature done=1")
	case "new":
		e.abortSearch()
		e.eng.NewGame()
		if e.chess960 || e.variantName != "chess" {
			e.chess960 = false
			if err := e.setVariant("chess"); err != nil {
				e.println("Error (" + err.Error() + "): new")
			}
		}
		e.fen, e.moves = "", nil
		st.engineSide, st.force, st.sd, st.st = position.Black, false, 0, 0
	case "variant":
		e.abortSearch()
		name, c960 := xboardVariantName(arg)
		if err := e.setVariant(name); err != nil {
			e.println("Error (unknown variant): " + arg)
			return true
		}
		e.chess960 = c960
		e.fen, e.moves = "", nil
	case "force":
		e.abortSearch()
		st.force = true
	case "go":
		e.abortSearch()
		st.force = false
		if g, err := e.Game(); err == nil {
			st.engineSide = g.Pos.SideToMove()
		}
		e.xbThink(st)
	case "playother":
		e.abortSearch()
		st.force = false
		if g, err := e.Game(); err == nil {
			st.engineSide = g.Pos.SideToMove().Other()
		}
	case "white", "black": // protocol 1
		st.engineSide = position.White
		if cmd == "white" {
			st.engineSide = position.Black
		}
	case "level":
		if len(args) >= 3 {
			st.mps, _ = strconv.Atoi(args[0])
			st.base = parseXBBase(args[1])
			inc, _ := strconv.ParseFloat(args[2], 64)
			st.inc = time.Duration(inc * float64(time.Second))
			st.st = 0
		}
	case "st":
		sec, _ := strconv.ParseFloat(arg, 64)
		st.st = time.Duration(sec * float64(time.Second))
	case "sd":
		st.sd, _ = strconv.Atoi(arg)
	case "time":
		cs, _ := strconv.Atoi(arg)
		st.myTime = time.Duration(cs) * 10 * time.Millisecond
	case "otim":
		cs, _ := strconv.Atoi(arg)
		st.oppTime = time.Duration(cs) * 10 * time.Millisecond
	case "post":
		st.post = true
	case "nopost":
		st.post = false
	case "ping":
		e.Wait() // a pong answers after the move being thought
		e.println("pong " + arg)
	case "setboard":
		e.abortSearch()
		if _, err := rules.NewGameFSF(e.rs, arg, e.chess960); err != nil {
			e.println("tellusererror Illegal position: " + err.Error())
			return true
		}
		e.fen, e.moves = arg, nil
	case "usermove":
		e.abortSearch()
		g, err := e.Game()
		if err != nil {
			e.println("Error (" + err.Error() + "): " + line)
			return true
		}
		m, err := g.ParseMove(arg)
		if err != nil {
			e.println("Illegal move: " + arg)
			return true
		}
		e.moves = append(e.moves, g.Pos.UCI(m))
		if !st.force {
			e.xbThink(st)
		}
	case "?":
		e.stopSearch() // move now: the running search prints its move
	case "undo", "remove":
		e.abortSearch()
		n := 1
		if cmd == "remove" {
			n = 2
		}
		if len(e.moves) >= n {
			e.moves = e.moves[:len(e.moves)-n]
		}
	case "result":
		e.abortSearch()
	case "quit":
		e.abortSearch()
		return false
	default:
		// a move without "usermove" (protocol 1 GUIs)
		e.abortSearch()
		if g, err := e.Game(); err == nil {
			if m, err := g.ParseMove(cmd); err == nil && len(f) == 1 {
				return e.xboardLine(st, "usermove "+e.xbMoveText(g, m))
			}
		}
		e.println("Error (unknown command): " + line)
	}
	return true
}

func (e *Engine) xbMoveText(g *rules.Game, m position.Move) string { return g.Pos.UCI(m) }

func parseXBBase(s string) time.Duration {
	min, sec, _ := strings.Cut(s, ":")
	m, _ := strconv.Atoi(min)
	sc, _ := strconv.Atoi(sec)
	return time.Duration(m)*time.Minute + time.Duration(sc)*time.Second
}

// xbThink searches when the engine is to move and sends "move …" (and the
// result when the move ends the game).
func (e *Engine) xbThink(st *xbState) {
	g, err := e.Game()
	if err != nil {
		e.println("Error (" + err.Error() + "): go")
		return
	}
	if g.Pos.SideToMove() != st.engineSide {
		return
	}
	if r, over := g.Result(); over {
		e.println(fmt.Sprintf("%s {%s}", r.Score, r.Reason))
		return
	}
	var lim search.Limits
	switch {
	case st.st > 0:
		lim.MoveTime = st.st
	default:
		t := st.myTime
		if t <= 0 {
			t = st.base
		}
		if st.engineSide == position.White {
			lim.WTime, lim.BTime, lim.WInc, lim.BInc = t, st.oppTime, st.inc, st.inc
		} else {
			lim.BTime, lim.WTime, lim.BInc, lim.WInc = t, st.oppTime, st.inc, st.inc
		}
		if st.mps > 0 {
			played := (len(e.moves) + 1) / 2
			lim.MovesToGo = st.mps - played%st.mps
		}
	}
	if st.sd > 0 {
		lim.Depth = st.sd
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan struct{})
	e.cancel, e.done = func() { cancel(nil) }, done
	e.abort = func() { cancel(errAborted) }
	post := st.post
	go func() {
		defer close(done)
		res := e.eng.Search(ctx, g, lim, func(inf search.Info) {
			if post && inf.MultiPV == 1 {
				e.println(fmt.Sprintf("%d %d %d %d %s", inf.Depth, xbScore(inf.Score), inf.Time.Milliseconds()/10, inf.Nodes, strings.Join(inf.PVText, " ")))
			}
		})
		if res.Move == position.NoMove || context.Cause(ctx) == errAborted {
			return
		}
		e.moves = append(e.moves, res.MoveText)
		e.println("move " + res.MoveText)
		g.Do(res.Move)
		if r, over := g.Result(); over {
			e.println(fmt.Sprintf("%s {%s}", r.Score, r.Reason))
		}
	}()
}

// xbScore is the score in xboard's convention (mates as ±100000+N).
func xbScore(s int) int {
	if n, ok := search.MateIn(s); ok {
		if n > 0 {
			return 100000 + n
		}
		return -100000 + n
	}
	return s
}
