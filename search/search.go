// Package search is the AI of houserules: an iterative-deepening
// alpha-beta (principal variation search) that plays any ruleset — a
// catalogue variant with house rules stacked on top — through the rules
// package's own move pipeline and game-result rules.
//
// It has a transposition table keyed by the position's Zobrist key,
// quiescence over captures, promotions and the ruleset's other noisy moves,
// move ordering (TT move, MVV-LVA, killers, history), check extensions
// where check exists, mate scores, multi-ply turns (the side to move need
// not alternate), time management and skill levels.
//
//	e := search.NewEngine(16)
//	res := e.Search(ctx, game, search.Limits{Depth: 6}, nil)
//	fmt.Println(game.Pos.UCI(res.Move))
package search

import (
	"context"
	"math"
	"math/rand"
	"sort"
	"sync"
	"time"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// Score constants. Mate scores are Mate - plies to the end of the game.
const (
	Infinite  = 32001
	Mate      = 32000
	MateBound = Mate - 1000
	maxPly    = 128
)

// Limits are the limits of one search (the UCI go command).
type Limits struct {
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	MoveTime     time.Duration
	Depth        int
	Nodes        uint64
	Mate         int // search for a mate in this many moves
	Infinite     bool
	SearchMoves  []position.Move
}

// Info is one progress report: a finished iteration (one line per
// principal variation with MultiPV).
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           int // centipawns, side to move's view (a mate is ±(Mate - plies))
	Nodes           uint64
	Time            time.Duration
	NPS             uint64
	Hashfull        int
	PV              []position.Move
	PVText          []string // the PV in UCI notation
}

// IsMate reports whether the score is a forced mate (or other game win /
// loss), and returns the number of moves to it (negative when mated).
func (i Info) IsMate() (int, bool) { return MateIn(i.Score) }

// MateIn converts a score into "mate in N moves" (N < 0: getting mated).
func MateIn(score int) (int, bool) {
	switch {
	case score >= MateBound:
		return (Mate - score + 1) / 2, true
	case score <= -MateBound:
		return -(Mate + score + 1) / 2, true
	}
	return 0, false
}

// Result is the outcome of a search.
type Result struct {
	Move     position.Move // NoMove when the game is over
	Ponder   position.Move
	MoveText string // UCI text of Move ("(none)" when there is none)
	Score    int
	Depth    int
	Nodes    uint64
	Time     time.Duration
	PV       []position.Move
	PVText   []string
}

// Engine searches games. It keeps the transposition table between
// searches; one search runs at a time.
type Engine struct {
	// Skill is the playing strength 0 (weakest) … 20 (full strength).
	Skill int
	// MultiPV is the number of principal variations reported.
	MultiPV int

	mu    sync.Mutex
	tt    *TT
	stats TreeStats // counted in searchstats builds
	// rs is the ruleset searched last and ev its evaluation; the hash
	// key does not cover the rules, so what the engine learnt holds for rs
	// only
	rs   *rules.Ruleset
	ev   *Evaluator
	rng  *rand.Rand
	hist *[2][geom.SquareNB][geom.SquareNB]int32
	// ch is the continuation history of ruleset rs (its size depends on
	// the board and the piece types)
	ch *contHist
	// counters is the countermove table, kept between searches
	counters *[geom.SquareNB][geom.SquareNB]position.Move
	// capHist is the capture history: how a capture (attacker type,
	// target square, victim type) fared
	capHist *[position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16
	// corr is the correction history of the static evaluation
	corr *corrHist
}

// NewEngine returns an engine with a hash table of hashMB megabytes.
func NewEngine(hashMB int) *Engine {
	return &Engine{Skill: 20, MultiPV: 1, tt: NewTT(hashMB),
		rng: rand.New(rand.NewSource(time.Now().UnixNano())), hist: new([2][geom.SquareNB][geom.SquareNB]int32),
		counters: new([geom.SquareNB][geom.SquareNB]position.Move),
		capHist:  new([position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16), corr: new(corrHist)}
}

// SetHash resizes (and clears) the hash table.
func (e *Engine) SetHash(mb int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt = NewTT(mb)
}

// NewGame clears what the engine learnt (hash table, history).
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.forget()
}

// forget clears the hash table and the history tables; e.mu is held.
func (e *Engine) forget() {
	e.tt.Clear()
	*e.hist = [2][geom.SquareNB][geom.SquareNB]int32{}
	if e.ch != nil {
		e.ch.clear()
	}
	*e.counters = [geom.SquareNB][geom.SquareNB]position.Move{}
	*e.capHist = [position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16{}
	*e.corr = corrHist{}
}

// Seed makes the skill-level randomness reproducible.
func (e *Engine) Seed(seed int64) { e.rng = rand.New(rand.NewSource(seed)) }

// Evaluator returns the evaluation of ruleset r and makes r the engine's
// ruleset: moving to another ruleset clears what the engine learnt under
// the last one (the same position key may mean another game).
func (e *Engine) Evaluator(r *rules.Ruleset) *Evaluator {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.useRuleset(r)
}

// useRuleset is Evaluator with e.mu held.
func (e *Engine) useRuleset(r *rules.Ruleset) *Evaluator {
	if r != e.rs {
		e.ch = nil // replaced below: forget need not clear it
		if e.rs != nil {
			e.forget()
		}
		e.rs, e.ev = r, NewEvaluator(r)
		e.ch = newContHist(r.Variant, e.ev.types)
	}
	return e.ev
}

// newWorker sets up a search of g under e's ruleset (e.mu held): the
// engine's tables and the ruleset's switches (null move, SEE, quiescence
// bounds, polling).
func (e *Engine) newWorker(g *rules.Game, ctx context.Context) *worker {
	ev := e.useRuleset(g.R) // first: it may replace the ruleset's tables
	w := &worker{e: e, g: g, p: g.Pos, v: g.R.Variant, ev: ev, tt: e.tt, plain: g.R.Plain(), ctx: ctx,
		history: e.hist, ch: e.ch, counterMoves: e.counters, capHist: e.capHist, corr: e.corr, stats: &e.stats}
	w.noisyFn = w.noisy
	w.nullOK = w.plain && w.v.Checking && ev.royal && !w.v.MustCapture && w.v.ExtinctionValue == position.ValueNone &&
		!ev.flag[0] && !ev.flag[1] && !w.v.CheckCounting
	w.seeOK = w.plain && !w.v.BlastOnCapture && ev.materialSign > 0
	// Plies of quiescence: unbounded for plain rulesets (captures remove
	// pieces, so capture chains end); bounded where they need not end:
	// compulsory captures make every move noisy, and under house rules a
	// capture may only wound (hit points) or move pieces around.
	w.qMax = maxPly
	if w.v.MustCapture {
		w.qMax = 12
	}
	if !w.plain {
		w.qMax = 6
	}
	if ev.capturesOnly {
		w.qMax = 0 // every move captures: the main search is the whole tree
	}
	w.pollMask = 1023
	if !w.plain {
		w.pollMask = 63 // hooked rulesets are slower per node
	}
	return w
}

type rootMove struct {
	move      position.Move
	score     int
	prevScore int
	seldepth  int
	pv        []position.Move
}

type worker struct {
	e     *Engine
	g     *rules.Game
	p     *position.Position
	v     *position.Variant
	ev    *Evaluator
	tt    *TT
	plain bool
	ctx   context.Context
	stats *TreeStats // the engine's, counted in searchstats builds

	start     time.Time
	soft      time.Duration // do not start a new iteration after soft/2
	hard      time.Duration // stop at once
	nodeLimit uint64
	nodes     uint64
	seldepth  int
	stopped   bool
	qMax      int // plies of quiescence search allowed
	rootEval  int // static evaluation of the root, the score before any iteration finished
	nullOK    bool
	pollMask  uint64 // check the clock and stop every pollMask+1 nodes
	seeOK     bool   // captures only remove the captured piece: SEE applies

	rootMoves []rootMove
	pvIdx     int
	noisyFn   func(position.Move) bool // w.noisy, bound once

	killers      [maxPly + 2][2]position.Move
	excluded     [maxPly + 2]position.Move                    // the move a singular-extension test leaves out at this ply
	cut          [maxPly + 2]bool                             // the node at this ply is expected to fail high (Stockfish's cutNode), set by its parent
	evals        [maxPly + 2]int                              // static evaluation per ply (-Infinite in check)
	counterMoves *[geom.SquareNB][geom.SquareNB]position.Move // reply that refuted a move (from, to)
	history      *[2][geom.SquareNB][geom.SquareNB]int32
	ch           *contHist
	capHist      *[position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16
	corr         *corrHist
	pv           [maxPly + 2][maxPly + 2]position.Move
	pvLen        [maxPly + 2]int
	buf          [maxPly + 2][]position.Move
	scores       [maxPly + 2][]int
}

var lmrTable [64][64]int

// pliesMix separates the keys of positions that differ only in the plies
// already played in a multi-ply turn.
var pliesMix [16]uint64

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int(0.5 + 0.6*math.Log(float64(d))*math.Log(float64(m)))
		}
	}
	x := uint64(0x9E3779B97F4A7C15)
	for i := 1; i < len(pliesMix); i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		pliesMix[i] = x
	}
}

// Search finds a move for the side to move of g under the limits. g is
// used as a scratch board and is back in its original state on return.
// The search stops when ctx is cancelled (UCI stop), at the limits, or —
// with Limits.Infinite — only when ctx is cancelled. onInfo, if not nil,
// receives a report after every finished iteration.
func (e *Engine) Search(ctx context.Context, g *rules.Game, lim Limits, onInfo func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	w := e.newWorker(g, ctx)
	w.start, w.nodeLimit = time.Now(), lim.Nodes
	ev := w.ev
	e.tt.newSearch()
	for c := range w.history {
		for f := range w.history[c] {
			for t := range w.history[c][f] {
				w.history[c][f][t] /= 4
			}
		}
	}
	w.ch.decay()
	w.setupTime(lim)

	// Root moves.
	legal := g.LegalMoves()
	if len(lim.SearchMoves) > 0 {
		var keep []position.Move
		for _, m := range legal {
			for _, s := range lim.SearchMoves {
				if m.Base() == s.Base() {
					keep = append(keep, m)
				}
			}
		}
		if len(keep) > 0 {
			legal = keep
		}
	}
	res := Result{MoveText: "(none)"}
	if len(legal) == 0 {
		// the game is over (or the side to move has no move): one report
		// with the result's score ("score mate 0" when mated, as
		// Stockfish), and under go infinite no bestmove before stop
		if r, over := g.Result(); over {
			res.Score = scoreOf(r, g.Pos.SideToMove(), 0)
		}
		if onInfo != nil {
			onInfo(Info{Score: res.Score, MultiPV: 1})
		}
		if lim.Infinite {
			<-ctx.Done()
		}
		return res
	}
	sc := make([]int, len(legal))
	w.scoreMoves(legal, sc, position.NoMove, 0)
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return sc[idx[a]] > sc[idx[b]] })
	for _, i := range idx {
		w.rootMoves = append(w.rootMoves, rootMove{move: legal[i], score: -Infinite, prevScore: -Infinite})
	}

	skill := max(0, min(20, e.Skill))
	multiPV := max(1, e.MultiPV)
	searchPV := multiPV
	if skill < 20 {
		searchPV = max(searchPV, 4)
	}
	searchPV = min(searchPV, len(w.rootMoves))
	multiPV = min(multiPV, len(w.rootMoves))
	maxDepth := maxPly - 8
	if lim.Depth > 0 {
		maxDepth = min(maxDepth, lim.Depth)
	}
	if skill < 20 {
		maxDepth = min(maxDepth, 1+skill/2+skill/4)
	}
	timed := w.hard > 0

	completed := 0
	reported := position.NoMove // the first move of the last info line
	w.rootEval = ev.Evaluate(g)
	for depth := 1; depth <= maxDepth; depth++ {
		for i := range w.rootMoves {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
			w.rootMoves[i].score = -Infinite
		}
		for w.pvIdx = 0; w.pvIdx < searchPV; w.pvIdx++ {
			w.seldepth = 0
			alpha, beta, delta := -Infinite, Infinite, 25
			prev := w.rootMoves[w.pvIdx].prevScore
			if searchPV == 1 && depth >= 5 && absInt(prev) < MateBound {
				alpha, beta = prev-delta, prev+delta
			}
			for {
				rm := w.rootMoves[w.pvIdx:]
				for i := range rm {
					rm[i].score = -Infinite
				}
				best := w.rootSearch(depth, alpha, beta)
				sort.SliceStable(rm, func(a, b int) bool { return rm[a].score > rm[b].score })
				if w.stopped {
					break
				}
				if best <= alpha && alpha > -Infinite {
					beta = (alpha + beta) / 2
					alpha = max(best-delta, -Infinite)
				} else if best >= beta && beta < Infinite {
					beta = min(best+delta, Infinite)
				} else {
					break
				}
				delta += delta
				if delta > 600 {
					alpha, beta = -Infinite, Infinite
				}
			}
			if w.stopped {
				break
			}
			// a later line can end above an earlier one (its search did
			// not have the earlier moves): the lines found so far are
			// kept in score order, so line 1 is the best (Stockfish
			// sorts them the same way)
			sort.SliceStable(w.rootMoves[:w.pvIdx+1], func(a, b int) bool { return w.rootMoves[a].score > w.rootMoves[b].score })
		}
		if w.stopped && completed > 0 && w.rootMoves[0].score == -Infinite {
			// stopped before the first move finished: the previous
			// iteration's order stands
			for i := range w.rootMoves {
				w.rootMoves[i].score = w.rootMoves[i].prevScore
			}
		}
		if w.stopped && completed > 0 {
			break
		}
		completed = depth
		if onInfo != nil {
			for i := 0; i < multiPV; i++ {
				onInfo(w.info(depth, i))
			}
			reported = w.rootMoves[0].move
		}
		if w.stopped {
			break
		}
		el := time.Since(w.start)
		if timed && w.soft > 0 && el > w.soft/2 {
			break
		}
		if timed && len(w.rootMoves) == 1 && depth >= 4 {
			break
		}
		if lim.Mate > 0 {
			if n, ok := MateIn(w.rootMoves[0].score); ok && n > 0 && n <= lim.Mate {
				break
			}
		}
		if n, ok := MateIn(w.rootMoves[0].score); ok && !lim.Infinite && depth >= 2*absInt(n)+6 && lim.Depth == 0 {
			break // a forced result is proved well enough
		}
		if w.nodeLimit > 0 && w.nodes >= w.nodeLimit {
			break
		}
	}
	if lim.Infinite {
		<-ctx.Done()
	}
	best := w.rootMoves[0]
	if skill < 20 {
		best = w.pickWeak(skill, searchPV)
	}
	if best.score == -Infinite {
		best.score = best.prevScore
	}
	if best.score == -Infinite {
		best.score = w.rootEval // stopped from outside before depth 1 finished
	}
	// the last info line shows the move that is played: a move that
	// overtook the last reported one in an iteration cut short by the
	// clock (or a weaker level's pick) gets its own line, as Stockfish
	// prints the PV when a search stops
	if onInfo != nil && completed > 0 && best.move != reported {
		for j := range w.rootMoves {
			if w.rootMoves[j].move == best.move {
				inf := w.info(completed, j)
				inf.MultiPV = 1
				onInfo(inf)
				break
			}
		}
	}
	res.Move = best.move
	res.Score = best.score
	res.Depth = completed
	res.Nodes = w.nodes
	res.Time = time.Since(w.start)
	res.PV = best.pv
	if len(res.PV) == 0 || res.PV[0] != best.move {
		res.PV = []position.Move{best.move}
	}
	res.PVText = w.pvText(res.PV)
	res.MoveText = res.PVText[0]
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	return res
}

// pickWeak chooses among the best root moves with noise that grows as the
// skill level falls (Stockfish's method): weaker levels pick worse moves
// more often, but always legal ones.
func (w *worker) pickWeak(skill, n int) rootMove {
	rms := w.rootMoves[:n]
	top := rms[0].score
	if top == -Infinite {
		return rms[0]
	}
	weakness := 120 - 2*skill
	delta := min(top-rms[n-1].score, PawnValue)
	if rms[n-1].score == -Infinite {
		delta = PawnValue
	}
	maxScore := -Infinite
	best := rms[0]
	for _, rm := range rms {
		if rm.score == -Infinite {
			continue
		}
		push := (weakness*(top-rm.score) + delta*w.e.rng.Intn(weakness)) / 128
		if rm.score+push >= maxScore {
			maxScore = rm.score + push
			best = rm
		}
	}
	return best
}

func (w *worker) info(depth, i int) Info {
	rm := w.rootMoves[i]
	score := rm.score
	if score == -Infinite {
		score = rm.prevScore
	}
	if score == -Infinite {
		score = w.rootEval
	}
	el := time.Since(w.start)
	pv := rm.pv
	if len(pv) == 0 {
		pv = []position.Move{rm.move}
	}
	return Info{Depth: depth, SelDepth: max(rm.seldepth, depth), MultiPV: i + 1, Score: score, Nodes: w.nodes, Time: el,
		NPS: uint64(float64(w.nodes) / max(el.Seconds(), 1e-6)), Hashfull: w.tt.Hashfull(), PV: pv, PVText: w.pvText(pv)}
}

// pvText renders a line in UCI notation by playing it on the game.
func (w *worker) pvText(pv []position.Move) []string {
	out := make([]string, 0, len(pv))
	n := 0
	for _, m := range pv {
		ok := false
		for _, l := range w.g.LegalMoves() {
			if l == m {
				ok = true
				break
			}
		}
		if !ok {
			break
		}
		out = append(out, w.p.UCI(m))
		w.g.Do(m)
		n++
	}
	for ; n > 0; n-- {
		w.g.Undo()
	}
	return out
}

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

func (w *worker) key() uint64 {
	k := w.p.Key()
	if !w.plain {
		k ^= pliesMix[w.g.PliesThisTurn()&15]
	}
	return k
}

func toTT(s, ply int) int {
	if s >= MateBound {
		return s + ply
	}
	if s <= -MateBound {
		return s - ply
	}
	return s
}

func fromTT(s, ply int) int {
	if s >= MateBound {
		return s - ply
	}
	if s <= -MateBound {
		return s + ply
	}
	return s
}

// scoreOf converts a game result into a score for side stm at ply.
func scoreOf(r rules.Result, stm position.Color, ply int) int {
	switch r.Score {
	case "1-0":
		if stm == position.White {
			return Mate - ply
		}
		return -Mate + ply
	case "0-1":
		if stm == position.Black {
			return Mate - ply
		}
		return -Mate + ply
	}
	return 0
}

func valueScore(v position.Value, ply int) int {
	switch v {
	case position.ValueWin:
		return Mate - ply
	case position.ValueLoss:
		return -Mate + ply
	}
	return 0
}

// terminal scores a position without legal moves (or ended at once) by
// the ruleset's own result rules.
func (w *worker) terminal(ply int) int {
	r, over := w.g.Result()
	if !over {
		return 0
	}
	return scoreOf(r, w.p.SideToMove(), ply)
}

// drawByRule applies the n-move rule, the counting rules and repetition
// (n-fold, with the variant's value; any repetition inside the search
// counts when repetition is a draw).
func (w *worker) drawByRule(ply int) (int, bool) {
	p, v := w.p, w.v
	st := p.State()
	if v.NMoveRule > 0 && st.Rule50 > 2*v.NMoveRule-1 && st.Checkers.Empty() {
		return 0, true
	}
	if v.CountingRule != position.NoCounting && st.CountingLimit != 0 && st.CountingPly > st.CountingLimit {
		return 0, true
	}
	if v.NFoldRule > 0 {
		end := min(st.Rule50, st.PliesFromNull, p.Ply())
		n := 1
		for i := 2; i <= end; i++ {
			if p.StateAt(p.Ply()-i).Key == st.Key {
				n++
				if v.NFoldValue == position.ValueDraw {
					return 0, true
				}
			}
		}
		if n >= v.NFoldRule {
			val := v.NFoldValue
			if v.NFoldValueAbsolute && p.SideToMove() == position.Black {
				val = val.Neg()
			}
			return valueScore(val, ply), true
		}
	}
	return 0, false
}

func (w *worker) inCheck() bool {
	if w.plain {
		return w.p.InCheck()
	}
	if !w.v.Checking && !w.ev.royal {
		return false
	}
	return w.g.InCheck(w.p.SideToMove())
}

// opponentInCheck reports, right after a move, whether the side now to
// move is in check (plain rulesets; hooked ones answer false, which only
// lets a checking move be reduced or pruned like a quiet one).
func (w *worker) opponentInCheck() bool {
	if w.plain {
		return w.p.Checkers().Any()
	}
	return false
}

// safeCheck reports, right after m was made, whether m earns the check
// extension: under SEE (plain rulesets) a move that checks, not within
// a multi-ply turn, and does not lose material in the exchange
// (Stockfish 11). Only checking moves pay for the SEE: m is taken back
// for it and made again.
func (w *worker) safeCheck(m position.Move, same bool) bool {
	if !w.seeOK || same || !w.opponentInCheck() {
		return false
	}
	w.g.Undo()
	safe := w.seeGE(m, 0)
	w.g.Do(m)
	return safe
}

// givesCheck reports, before a normal move m is made, whether it checks
// the enemy royal king directly or by discovery (plain rulesets with a
// royal king; otherwise false, as for opponentInCheck).
func (w *worker) givesCheck(m position.Move) bool {
	p := w.p
	if !w.plain || !w.ev.royal {
		return false
	}
	us := p.SideToMove()
	kings := p.PiecesOf(us.Other(), position.King)
	if kings.Empty() {
		return false
	}
	ksq := kings.First()
	from, to := m.From(), m.To()
	occ := p.Occupied()
	occ.Del(from)
	occ.Add(to)
	if p.Attacks(us, p.PieceOn(from).Type(), to, occ).Has(ksq) {
		return true
	}
	// discovered: a line through from opens (the moved piece itself is
	// left out, from is not in occ)
	return p.AttackersTo(ksq, occ, us).And(occ).Any()
}

// checkTestable reports whether givesCheck can tell before m is made that
// it checks: an ordinary move without a gating square (other kinds are
// made and the opponent's king tested).
func checkTestable(m position.Move) bool {
	return m.Kind() == position.Normal && m.Aux() == geom.NoSquare
}

// genMoves lists the moves of the node: pseudo-legal ones for plain
// rulesets (legality is checked lazily), legal ones through the pipeline
// otherwise.
func (w *worker) genMoves(ply int) []position.Move {
	if w.plain {
		w.buf[ply] = w.p.PseudoLegal(w.buf[ply][:0])
	} else {
		w.buf[ply] = append(w.buf[ply][:0], w.g.LegalMoves()...)
	}
	return w.buf[ply]
}

// noisy reports whether quiescence searches m when not in check: a
// capture, a promotion, or a move into the mover's flag region.
func (w *worker) noisy(m position.Move) bool {
	p, ev := w.p, w.ev
	if p.IsCapture(m) || w.isPromotion(m) {
		return true
	}
	us := p.SideToMove()
	if !ev.flag[us] {
		return false
	}
	pt := p.PieceOn(m.From()).Type()
	return (ev.flagPiece[us] == position.AllPieces || ev.flagPiece[us] == pt) && ev.flagDist[us][m.To()] == 0
}

// nodeMoves lists the moves of an interior node and whether their
// legality is still to be tested one by one: pseudo-legal moves for plain
// rulesets; under house rules the pipeline's candidates where legality is
// a per-move test, else the legal list.
func (w *worker) nodeMoves(ply int) ([]position.Move, bool) {
	if w.plain {
		return w.genMoves(ply), false
	}
	if c, ok := w.g.Candidates(w.buf[ply][:0]); ok {
		w.buf[ply] = c
		return c, true
	}
	return w.genMoves(ply), false
}

func (w *worker) isPromotion(m position.Move) bool {
	k := m.Kind()
	return k == position.Promotion || k == position.PiecePromotion
}

func (w *worker) victim(m position.Move) position.PieceType {
	if m.Kind() == position.EnPassant {
		return position.Pawn
	}
	return w.p.PieceOn(m.To()).Type()
}

// Move-ordering bands of scoreMoves, highest first. Within a band the
// score adds: for captures the victim's value ×8 and the capture history
// (and a promotion's new piece); for quiet promotions the new piece's
// value; for killers 2 (first) or 1 (second), 0 for the countermove; for
// losing captures (demoteLosing) the victim's value ×16 less the
// capturer's /16. Quiet moves score their histories, which stay below
// scoreLosingCapture. The pruning rules read the bands: a move below
// scoreRefutation is neither a killer nor the countermove.
const (
	scoreTT            = 1 << 30 // the TT move
	scoreCapture       = 1 << 26 // captures not (yet) found losing by SEE
	scorePromotion     = 1 << 25 // promotions that capture nothing
	scoreRefutation    = 1 << 24 // killers and the countermove
	scoreLosingCapture = 1 << 23 // captures that lose material by SEE
)

// scoreMoves orders moves: TT move, captures by MVV-LVA, promotions,
// killers, then history.
func (w *worker) scoreMoves(moves []position.Move, sc []int, ttMove position.Move, ply int) {
	p := w.p
	us := p.SideToMove()
	ev := w.ev
	tb := ttMove.Base()
	r1, r2, rows := -1, -1, false // continuation rows, read at the first quiet move
	cm := w.counter(ply).Base()
	for i, m := range moves {
		b := m.Base()
		switch {
		case ttMove != position.NoMove && b == tb:
			sc[i] = scoreTT
		case p.IsCapture(m):
			att := p.PieceOn(m.From()).Type()
			vt := w.victim(m)
			sc[i] = scoreCapture + ev.Mg[vt]*8 + int(w.capHist[att][m.To()][vt])/2
			if w.isPromotion(m) {
				sc[i] += ev.Mg[m.PromotionType()]
			}
			// a capture by a more valuable piece is checked by SEE when
			// it is picked (see demoteLosing)
		case w.isPromotion(m):
			sc[i] = scorePromotion + ev.Mg[m.PromotionType()]
		case b == w.killers[ply][0].Base():
			sc[i] = scoreRefutation + 2
		case b == w.killers[ply][1].Base():
			sc[i] = scoreRefutation + 1
		case b == cm && b != 0:
			sc[i] = scoreRefutation
		default:
			if !rows {
				r1, r2 = w.contRows()
				rows = true
			}
			k := w.ch.index(p.PieceOn(m.From()), m.To())
			sc[i] = int(w.history[us][m.From()][m.To()]) + w.ch.at(r1, k) + w.ch.at(r2, k)
		}
	}
}

// demoteLosing checks the capture picked at i (and the next ones picked
// in its place) by SEE: a capture that loses material in the exchange is
// moved after the killers, and the best remaining move is picked again.
func (w *worker) demoteLosing(moves []position.Move, sc []int, i int) position.Move {
	ev := w.ev
	for {
		m := moves[i]
		if sc[i] < scoreCapture || sc[i] >= scoreTT || w.isPromotion(m) {
			return m
		}
		att := ev.Mg[w.p.PieceOn(m.From()).Type()]
		victim := ev.Mg[w.victim(m)]
		if att <= victim || w.seeGE(m, 0) {
			return m
		}
		sc[i] = scoreLosingCapture + victim*16 - att/16 // a losing capture: after the killers
		pick(moves, sc, i)
	}
}

// seeValue is a piece's value for exchanges (a royal king is worth more
// than everything, so it recaptures last and never into a defended square).
func (w *worker) seeValue(pt position.PieceType) int {
	if pt == position.King && w.ev.royal {
		return 20000
	}
	return w.ev.Mg[pt]
}

// seeGE reports whether see(m) >= threshold (see is in see_test.go),
// stopping as soon as the exchange's outcome against the threshold is
// settled (most captures need no attacker lookup: taking a piece worth
// more than the capturer, or a free piece). Same exchange model as see:
// captures only remove the captured piece, a royal king never recaptures
// into a defended square.
func (w *worker) seeGE(m position.Move, threshold int) bool {
	p := w.p
	from, to := m.From(), m.To()
	moved := p.PieceOn(from).Type()
	swap := w.ev.Mg[w.victim(m)] - threshold
	next := w.seeValue(moved) // what now stands on the target square
	if w.isPromotion(m) {
		next = w.ev.Mg[m.PromotionType()]
		swap += next - w.ev.Mg[moved]
	}
	if swap < 0 {
		return false // even keeping the victim does not reach the threshold
	}
	swap = next - swap
	if swap <= 0 {
		return true // even losing the capturer reaches it
	}
	occ := p.Occupied()
	occ.Del(from)
	side := p.SideToMove()
	res := true
	for {
		side = side.Other()
		atk := p.AttackersTo(to, occ, side).And(occ)
		if atk.Empty() {
			break
		}
		res = !res
		lva, lv := geom.NoSquare, 1<<30
		for a := atk; a.Any(); {
			sq := a.Pop()
			if v := w.seeValue(p.PieceOn(sq).Type()); v < lv {
				lva, lv = sq, v
			}
		}
		occ.Del(lva)
		if p.PieceOn(lva).Type() == position.King && w.ev.royal {
			// the king takes only if nothing can take it back
			if p.AttackersTo(to, occ, side.Other()).And(occ).Any() {
				return !res
			}
			return res
		}
		// swap is now what the next side gains by taking back; when that
		// side is the opponent (we just took: res) a tie leaves us at the
		// threshold, so it must gain more than nothing
		if swap = lv - swap; swap < 0 || (swap == 0 && res) {
			break
		}
	}
	return res
}

// counter returns the move that last refuted the move leading to this
// node (countermove heuristic).
func (w *worker) counter(ply int) position.Move {
	if ply == 0 || w.counterMoves == nil {
		return position.NoMove
	}
	prev := w.p.State().Move
	if prev == position.NoMove {
		return position.NoMove
	}
	return w.counterMoves[prev.From()][prev.To()]
}

// updateCapHist moves the capture history of capture m (made from this
// node) by bonus, with gravity towards 0.
func (w *worker) updateCapHist(m position.Move, bonus int32) {
	h := &w.capHist[w.p.PieceOn(m.From()).Type()][m.To()][w.victim(m)]
	v := int32(*h)
	v += 16*bonus - v*max(bonus, -bonus)/512
	*h = int16(max(-8000, min(8000, v)))
}

// prevTo is the target square of the move that led to this node
// (NoSquare at the root of a game, after a null move or a pass).
func (w *worker) prevTo() geom.Square {
	if w.p.Ply() == 0 {
		return geom.NoSquare
	}
	prev := w.p.State().Move
	if prev == position.NoMove || prev.From() == prev.To() {
		return geom.NoSquare
	}
	return prev.To()
}

// prevTo2 is the target square of the move two plies back (the side's
// own move before the opponent's reply; NoSquare when there is none, or
// it or the reply was a null move or a pass).
func (w *worker) prevTo2() geom.Square {
	n := w.p.Ply()
	if n < 2 {
		return geom.NoSquare
	}
	if r := w.p.State().Move; r == position.NoMove {
		return geom.NoSquare
	}
	prev := w.p.StateAt(n - 1).Move
	if prev == position.NoMove || prev.From() == prev.To() {
		return geom.NoSquare
	}
	return prev.To()
}

// contRows returns the continuation-history rows of the node: the move
// one ply back (the piece now on its target square) and the move two
// plies back (-1 where there is none, or when the reply captured on its
// square).
func (w *worker) contRows() (int, int) {
	p := w.p
	r1, r2 := -1, -1
	t1 := w.prevTo()
	if t1 != geom.NoSquare {
		r1 = w.ch.index(p.PieceOn(t1), t1)
	}
	if t2 := w.prevTo2(); t2 != geom.NoSquare && t2 != t1 {
		r2 = w.ch.index(p.PieceOn(t2), t2)
	}
	return r1, r2
}

// pick moves the best-scored remaining move to position i.
func pick(moves []position.Move, sc []int, i int) position.Move {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if sc[j] > sc[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	sc[i], sc[best] = sc[best], sc[i]
	return moves[i]
}

func (w *worker) child(same bool, alpha, beta, depth, ply int) int {
	if same {
		return w.search(alpha, beta, depth, ply+1)
	}
	return -w.search(-beta, -alpha, depth, ply+1)
}

func (w *worker) updatePV(ply int, m position.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// rootSearch searches the root moves from pvIdx on within [alpha, beta]
// and returns the best score (a bound when it falls outside).
func (w *worker) rootSearch(depth, alpha, beta int) int {
	g, p := w.g, w.p
	best := -Infinite
	us := p.SideToMove()
	for i := w.pvIdx; i < len(w.rootMoves); i++ {
		rm := &w.rootMoves[i]
		m := rm.move
		w.nodes++
		if statsOn {
			w.stats.Root++
		}
		quiet := !p.IsCapture(m) && !w.isPromotion(m)
		g.Do(m)
		same := p.SideToMove() == us
		d := depth - 1
		if w.safeCheck(m, same) {
			d++
		}
		var s int
		if i == w.pvIdx {
			w.cut[1] = false
			s = w.child(same, alpha, beta, d, 0)
		} else {
			// from rootLMRDepth on, late quiet root moves are searched
			// reduced first (a PV node: one ply less than the table's
			// reduction)
			r := 0
			if n := i - w.pvIdx + 1; n > 2 && d == depth-1 && depth >= rootLMRDepth && !w.opponentInCheck() && quiet {
				r = max(0, min(lmrTable[min(depth, 63)][min(n, 63)]-1, d-1))
			}
			w.cut[1] = true
			s = w.child(same, alpha, alpha+1, d-r, 0)
			if s > alpha && r > 0 && !w.stopped {
				s = w.child(same, alpha, alpha+1, d, 0)
			}
			if s > alpha && !w.stopped {
				w.cut[1] = false
				s = w.child(same, alpha, beta, d, 0)
			}
		}
		g.Undo()
		if w.stopped {
			return best
		}
		if i == w.pvIdx || s > alpha {
			rm.score = s
			rm.seldepth = w.seldepth
			w.updatePV(0, m)
			rm.pv = append(rm.pv[:0], w.pv[0][:w.pvLen[0]]...)
			best = max(best, s)
			if s >= beta {
				return s // fail high: the caller widens the window
			}
			if s > alpha {
				alpha = s
			}
		}
	}
	return best
}

func (w *worker) nonPawnCount(c position.Color) int {
	n := w.p.CountAll(c) - w.p.Count(c, position.King)
	for _, pt := range w.ev.types {
		if w.ev.pawnish[c][pt] {
			n -= w.p.Count(c, pt)
		}
	}
	return n
}

func (w *worker) search(alpha, beta, depth, ply int) int {
	w.pvLen[ply] = ply
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, 0)
	}
	if w.checkStop() {
		return 0
	}
	w.nodes++
	if ply > w.seldepth {
		w.seldepth = ply
	}
	pvNode := beta-alpha > 1
	row := 0 // the node's TreeStats row: its depth on entry
	if statsOn {
		row = statRow(depth)
		w.stats.Nodes[row]++
		if pvNode {
			w.stats.PVNodes[row]++
		}
	}
	cutNode := w.cut[ply] && !pvNode
	p := w.p
	if ply > 0 {
		if s, ok := w.drawByRule(ply); ok {
			return s
		}
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	if ply >= maxPly {
		return w.ev.Evaluate(w.g)
	}
	excluded := w.excluded[ply]
	key := w.key()
	ttMove := position.NoMove
	ttEval := -Infinite
	ttScore, ttDepth, ttBound := 0, 0, boundNone
	if te, hit := w.tt.probe(key); hit && excluded == position.NoMove {
		ttMove = te.move
		ttEval = int(te.eval)
		ttScore, ttDepth, ttBound = fromTT(int(te.score), ply), int(te.depth), te.bound
		if !pvNode && ttDepth >= depth {
			s := ttScore
			if te.bound == boundExact || (te.bound == boundLower && s >= beta) || (te.bound == boundUpper && s <= alpha) {
				if statsOn {
					w.stats.TTCuts[row]++
				}
				return s
			}
		}
	}
	if w.plain {
		if _, over := p.ImmediateEnd(); over {
			return w.terminal(ply)
		}
	}
	inCheck := w.inCheck()
	eval, raw := -Infinite, -Infinite // static evaluation: corrected, as computed
	var corr *int32                   // its correction-history entry (nil in check)
	improving := false
	w.evals[ply] = -Infinite
	// a side that must capture cannot "stand" on its static score
	forced := w.v.MustCapture && (!w.plain || p.HasLegalCapture())
	if !inCheck {
		if ttEval > -Infinite {
			raw = ttEval
		} else {
			raw = w.ev.Evaluate(w.g)
		}
		corr = w.corrEntry()
		eval = corrected(raw, *corr)
		w.evals[ply] = eval
		improving = ply < 2 || w.evals[ply-2] == -Infinite || eval > w.evals[ply-2]
		margin := 90 * depth
		if improving {
			margin -= 30
		}
		if !pvNode && !forced && depth <= 6 && eval-margin >= beta && absInt(beta) < MateBound {
			if statsOn {
				w.stats.StaticCuts[row]++
			}
			return eval
		}
		if !pvNode && w.nullOK && excluded == position.NoMove && depth >= 3 && eval >= beta && p.State().PliesFromNull > 0 && w.nonPawnCount(p.SideToMove()) > 0 {
			r := 3 + depth/4 + min(3, (eval-beta)/200)
			p.DoNull()
			w.cut[ply+1] = !cutNode
			s := -w.search(-beta, -beta+1, depth-1-r, ply+1)
			p.Undo()
			if w.stopped {
				return 0
			}
			if s >= beta {
				if s >= MateBound {
					s = beta
				}
				return s
			}
		}
	}
	// ProbCut: a capture whose reduced search beats beta by a margin
	// makes it very likely that the full search beats beta too
	if !pvNode && !inCheck && w.nullOK && w.seeOK && excluded == position.NoMove && depth >= 5 && absInt(beta) < MateBound && eval > -Infinite {
		if s, ok := w.probCut(beta, depth, ply, eval, improving, ttMove); ok {
			return s
		}
	}
	// check extension: with SEE the parent extends a safe checking move
	// (safeCheck); otherwise every node in check is searched a ply deeper
	if inCheck && ply < 2*maxPly/3 && !w.seeOK {
		depth++
	} else if !inCheck && depth >= 4 && ttMove == position.NoMove && excluded == position.NoMove {
		depth-- // internal iterative reduction: no hint, search less
	}
	if statsOn {
		w.stats.Expanded[row]++
	}
	moves, lazy := w.nodeMoves(ply)
	sc := w.scoreBuf(ply, len(moves))
	// the TT move goes first and the others are scored only when it did
	// not cut the node (most cut nodes end with it)
	ttFirst := false
	if tb := ttMove.Base(); ttMove != position.NoMove {
		for j, m := range moves {
			if m.Base() == tb {
				moves[0], moves[j] = moves[j], moves[0]
				sc[0] = scoreTT
				ttFirst = true
				ttMove = m // with its production tag (the table keeps Base)
				break
			}
		}
	}
	if !ttFirst {
		w.scoreMoves(moves, sc, ttMove, ply)
	}
	us := p.SideToMove()
	best, bestMove := -Infinite, position.NoMove
	origAlpha := alpha
	legal := 0
	var quietsTried, capsTried [64]position.Move
	nq, nc := 0, 0
	// shallow-depth pruning of quiet moves (futility, late-move count):
	// not in PV nodes, not in check, not when a capture is compulsory, not
	// near mate scores, not for flag or check-counting races
	pruneOK := !pvNode && !inCheck && !forced && absInt(alpha) < MateBound && eval > -Infinite &&
		!w.ev.flag[0] && !w.ev.flag[1] && !w.v.CheckCounting
	prune := pruneOK && depth <= 3
	// quiet moves are pruned further from the leaves, by the depth they
	// would be searched to after the late-move reduction (plain rulesets:
	// under hooks a checking move cannot be told apart before it is made)
	pruneQ := prune
	pruneMC := false
	skipQuiets := false      // the rest are late quiet moves, cut to their checks
	checksFrom := len(moves) // from here on, the testable moves are known to check
	if w.plain {
		pruneQ = pruneOK && depth <= quietPruneDepth
		// late quiet moves are skipped at every depth (Stockfish's
		// move-count pruning)
		pruneMC = pruneOK && w.nonPawnCount(us) > 0
	}
	for i := 0; i < len(moves); i++ {
		if ttFirst && i == 1 {
			w.scoreMoves(moves[1:], sc[1:], position.NoMove, ply)
		}
		m := moves[0]
		if !ttFirst || i > 0 {
			m = pick(moves, sc, i)
		}
		if w.seeOK && sc[i] >= scoreCapture && sc[i] < scoreTT {
			m = w.demoteLosing(moves, sc, i)
		}
		if m == excluded {
			continue
		}
		// once the move count is reached every move still to come is a
		// later quiet one (captures, promotions, killers and the
		// countermove are ordered first) and only its checks are
		// searched: the list is cut to them before they are ordered
		if pruneMC && !skipQuiets && legal > lateMoveCount(depth, improving) && best > -MateBound && sc[i] < scoreLosingCapture &&
			!p.IsCapture(m) && !w.isPromotion(m) {
			skipQuiets = true
			n := i + 1
			checksFrom = n
			for j := i + 1; j < len(moves); j++ {
				q := moves[j]
				if !checkTestable(q) || w.givesCheck(q) {
					moves[n], sc[n] = q, sc[j]
					n++
				}
			}
			moves, sc = moves[:n], sc[:n]
		}
		// in plain rulesets a move other than the TT move is tested for
		// legality just before it is made: one pruned first is counted
		// as legal (Stockfish's move count; nothing is pruned before a
		// move has been searched, so a position without legal moves
		// still has legal == 0)
		deferLegal := w.plain && m != ttMove
		if !deferLegal && ((w.plain && !p.Legal(m)) || (lazy && !w.g.Legal(m))) {
			continue
		}
		legal++
		// singular extension: the TT move is searched one ply deeper when
		// every other move falls clearly short of its stored score (a
		// reduced search without it fails low); when even that search
		// beats beta, two moves refute this node and it is cut (multi-cut)
		ext := 0
		if depth >= 7 && m == ttMove && ply > 0 && excluded == position.NoMove && ttBound != boundUpper &&
			ttDepth >= depth-3 && absInt(ttScore) < MateBound && w.plain {
			sBeta := ttScore - 2*depth
			// the test searches this ply again: it reuses the ply's
			// move and score buffers, so this node's are kept aside
			saveM, saveS := append([]position.Move(nil), moves...), append([]int(nil), sc...)
			w.excluded[ply] = m
			s := w.search(sBeta-1, sBeta, depth/2, ply)
			w.excluded[ply] = position.NoMove
			copy(moves, saveM)
			copy(sc, saveS)
			if w.stopped {
				return 0
			}
			if s < sBeta {
				ext = 1
			} else if sBeta >= beta {
				return sBeta
			}
			w.pvLen[ply] = ply
		}
		capture := p.IsCapture(m)
		quiet := !capture && !w.isPromotion(m)
		gain := 0 // a capture's victim, endgame value (read by the reduction below)
		if capture && depth >= 3 {
			gain = w.ev.Eg[w.victim(m)]
		}
		// a capture that loses more than 80 cp per ply of depth in the
		// exchange is not searched (the best move is kept; Stockfish
		// prunes so at every depth)
		if pruneOK && !quiet && legal > 1 && best > -MateBound && w.seeOK && !w.isPromotion(m) &&
			w.ev.Mg[p.PieceOn(m.From()).Type()] > w.ev.Mg[w.victim(m)] && !w.seeGE(m, -80*depth) {
			continue
		}
		// near the leaves, a quiet move that does not check is not searched
		// when it puts its piece en prise, or when its history is bad
		// (plain rulesets: under hooks that lost in piece-hp self-play);
		// lmrDepth is the depth it would get after its late-move reduction
		preTest := checkTestable(m)
		checks := preTest && i >= checksFrom // tested when the list was cut
		lmrDepth := depth
		if pruneQ && quiet && w.plain {
			lmrDepth = max(0, depth-1-lmrTable[min(depth, 63)][min(legal, 63)])
		}
		if pruneQ && quiet && legal > 1 && best > -MateBound &&
			((w.plain && lmrDepth < 4 && sc[i] < -histPrune*max(1, lmrDepth)) ||
				(w.seeOK && sc[i] < scoreRefutation && m.Kind() == position.Normal && !w.seeGE(m, -max(80, 15*lmrDepth*lmrDepth)))) &&
			!checks && !w.givesCheck(m) {
			continue
		}
		// late and futile quiet moves are skipped unless they check: an
		// ordinary move is tested before it is made (givesCheck), others
		// after
		pruneLate := false
		if (pruneQ || pruneMC) && quiet && legal > 1 && sc[i] < scoreRefutation && best > -MateBound {
			lateMove := legal > lateMoveCount(depth, improving)
			futile := pruneQ && lmrDepth < 6 && eval+100+100*max(1, lmrDepth) <= alpha
			pruneLate = lateMove || futile
		}
		if pruneLate && preTest && !checks && !w.givesCheck(m) {
			continue
		}
		if deferLegal && !p.Legal(m) {
			legal--
			continue
		}
		w.g.Do(m)
		same := p.SideToMove() == us
		if pruneLate && !preTest && !w.opponentInCheck() {
			w.g.Undo()
			continue
		}
		if statsOn {
			w.countMove(row, pvNode, quiet)
		}
		if ext == 0 && ply < 2*maxPly/3 && w.safeCheck(m, same) {
			ext = 1
		}
		newDepth := depth - 1 + ext
		var s int
		if legal == 1 {
			w.cut[ply+1] = !pvNode && !cutNode
			s = w.child(same, alpha, beta, newDepth, ply)
		} else {
			// late-move reduction: a quiet move that does not check; a
			// capture or promotion when it comes after the late-move
			// count, at a node expected to fail high, or when even its
			// victim does not lift the static score to alpha (Stockfish
			// 11's rule; in capablanca it took 40 % off the tree to
			// depth 13)
			r := 0
			if depth >= 3 && !inCheck && ((quiet && !w.opponentInCheck()) ||
				(!quiet && (legal > lateMoveCount(depth, improving) || cutNode || eval+gain <= alpha))) {
				r = lmrTable[min(depth, 63)][min(legal, 63)]
				if pvNode {
					r--
				}
				if !quiet {
					if depth < 8 && legal > 2 {
						r++
					}
				} else {
					if sc[i] >= scoreRefutation {
						r-- // killer or countermove
					}
					if sc[i] < 0 {
						r++ // a move with a bad history
					}
					if sc[i] < scoreRefutation {
						r -= max(-2, min(2, sc[i]/6000)) // history steers the reduction
					}
					if !improving && !pvNode {
						r++
					}
					if cutNode {
						r += 2 // expected to fail high: the late moves matter little
					}
				}
				r = max(0, min(r, newDepth-1))
			}
			w.cut[ply+1] = r > 0 || !cutNode
			s = w.child(same, alpha, alpha+1, newDepth-r, ply)
			if s > alpha && r > 0 && !w.stopped {
				w.cut[ply+1] = !cutNode
				s = w.child(same, alpha, alpha+1, newDepth, ply)
			}
			if s > alpha && s < beta && !w.stopped {
				w.cut[ply+1] = false
				s = w.child(same, alpha, beta, newDepth, ply)
			}
		}
		w.g.Undo()
		if w.stopped {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				w.updatePV(ply, m)
				if s >= beta {
					if statsOn {
						w.countCut(row, legal == 1)
					}
					capBonus := int32(min(depth*depth, 400))
					if capture {
						w.updateCapHist(m, capBonus)
					}
					for _, q := range capsTried[:nc] {
						w.updateCapHist(q, -capBonus)
					}
					if quiet {
						if w.killers[ply][0].Base() != m.Base() {
							w.killers[ply][1] = w.killers[ply][0]
							w.killers[ply][0] = m
						}
						if prev := p.State().Move; prev != position.NoMove && w.counterMoves != nil {
							w.counterMoves[prev.From()][prev.To()] = m
						}
						bonus := statBonus(depth)
						addHistory(&w.history[us][m.From()][m.To()], bonus)
						for _, q := range quietsTried[:nq] {
							addHistory(&w.history[us][q.From()][q.To()], -bonus)
						}
						if r1, r2 := w.contRows(); r1 >= 0 || r2 >= 0 {
							k := w.ch.index(p.PieceOn(m.From()), m.To())
							w.ch.update(r1, k, bonus)
							w.ch.update(r2, k, bonus)
							for _, q := range quietsTried[:nq] {
								kq := w.ch.index(p.PieceOn(q.From()), q.To())
								w.ch.update(r1, kq, -bonus)
								w.ch.update(r2, kq, -bonus)
							}
						}
					}
					break
				}
			}
		}
		if quiet && nq < len(quietsTried) {
			quietsTried[nq] = m
			nq++
		} else if capture && nc < len(capsTried) {
			capsTried[nc] = m
			nc++
		}
	}
	if legal == 0 {
		if excluded != position.NoMove {
			return alpha // only the excluded move: not a terminal position
		}
		return w.terminal(ply)
	}
	if excluded != position.NoMove {
		return best
	}
	b := boundUpper
	if best >= beta {
		b = boundLower
	} else if best > origAlpha {
		b = boundExact
	}
	// the correction learns from quiet outcomes whose bound says which
	// side of the static score the true score lies on
	if corr != nil && absInt(best) < MateBound && (bestMove == position.NoMove || (!p.IsCapture(bestMove) && !w.isPromotion(bestMove))) &&
		!(b == boundLower && best <= eval) && !(b == boundUpper && best >= eval) {
		updateCorr(corr, best-eval, depth)
	}
	w.tt.store(key, bestMove, toTT(best, ply), raw, depth, b)
	return best
}

// scoreBuf returns the ply's move-score buffer with length n.
func (w *worker) scoreBuf(ply, n int) []int {
	if cap(w.scores[ply]) < n {
		w.scores[ply] = make([]int, n, n+32)
	}
	return w.scores[ply][:n]
}

// histPrune is the history score per ply of depth below which a quiet move
// is not searched near the leaves.
const histPrune = 4000

// statBonus is the quiet-history and continuation-history change for a
// quiet move that cut a node at remaining depth d (the other quiet moves
// tried there lose as much): Stockfish 11's stat_bonus, 19d²+155d−154,
// with d capped at 15 (20 at depth 1, 482 at 3, 6,446 from 15 on),
// applied by addHistory to both tables. With d² (at most 400) 99 % of
// the late quiet moves' scores in the search benchmark stayed within
// ±1,000 and none reached histPrune or the reduction's steering (one ply
// per 6,000); with this bonus a quarter are below −1,000 and 3 % beyond
// ±3,800.
func statBonus(d int) int32 {
	d = min(d, 15)
	return int32(19*d*d + 155*d - 154)
}

// addHistory moves a quiet- or continuation-history entry by bonus
// (negative for a move that did not cut) and pulls it towards zero by
// |bonus|/8192 of its value, so it never leaves ±8,192 when
// |bonus| ≤ 8,192.
func addHistory(h *int32, bonus int32) {
	*h += bonus - *h*max(bonus, -bonus)/8192
}

// qsRecaptureDepth is the quiescence ply from which only recaptures are
// searched.
const qsRecaptureDepth = 5

// rootLMRDepth is the first iteration whose late quiet root moves are
// reduced: the shallow iterations stay full width at the root, so a
// sacrifice whose point lies behind a quiet check (a mate in 2 or 3) is
// seen there and kept as the first move. Reduced at once, such a move
// met the opponent's null move, whose reduced search ends in quiescence
// before the check, and was never searched at full depth again.
const rootLMRDepth = 6

// lateMoveCount is the number of moves after which the quiet moves of a
// node with the remaining depth are not searched (Stockfish 11's
// futility_move_count): half as many when the static evaluation is not
// improving.
func lateMoveCount(depth int, improving bool) int {
	n := 5 + depth*depth
	if !improving {
		n /= 2
	}
	return n - 1
}

// quietPruneDepth is the deepest remaining depth at which quiet moves are
// pruned (late-move count, futility, SEE and history by reduced depth).
const quietPruneDepth = 7

// probCut tries the captures that win at least beta+margin-eval by SEE
// with a reduced search against the raised bound; it reports the score
// and true when one of them holds it.
func (w *worker) probCut(beta, depth, ply, eval int, improving bool, ttMove position.Move) (int, bool) {
	p := w.p
	rBeta := beta + 190
	if improving {
		rBeta -= 45
	}
	moves := p.PseudoLegalNoisy(w.buf[ply][:0])
	w.buf[ply] = moves
	sc := w.scoreBuf(ply, len(moves))
	w.scoreMoves(moves, sc, ttMove, ply)
	us := p.SideToMove()
	tried := 0
	for i := range moves {
		if tried >= 3 {
			break
		}
		m := pick(moves, sc, i)
		if !p.IsCapture(m) || w.isPromotion(m) || !w.seeGE(m, rBeta-eval) || !p.Legal(m) {
			continue
		}
		tried++
		w.nodes++
		if statsOn {
			w.stats.ProbCut++
		}
		w.g.Do(m)
		same := p.SideToMove() == us
		var s int
		if same {
			s = w.qsearch(rBeta-1, rBeta, ply+1, 0)
		} else {
			s = -w.qsearch(-rBeta, -rBeta+1, ply+1, 0)
		}
		if s >= rBeta && !w.stopped {
			w.cut[ply+1] = !w.cut[ply]
			s = w.child(same, rBeta-1, rBeta, depth-4, ply)
		}
		w.g.Undo()
		if w.stopped {
			return 0, true
		}
		if s >= rBeta {
			return s, true
		}
	}
	return 0, false
}

// qsearch resolves captures, promotions and the ruleset's other noisy
// moves (moves into the flag region; checks when one more check wins
// under check counting). In check, every move is searched.
func (w *worker) qsearch(alpha, beta, ply, qd int) int {
	w.pvLen[ply] = ply
	if w.checkStop() {
		return 0
	}
	w.nodes++
	if statsOn {
		w.stats.QNodes[statRow(qd)]++
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	p, ev := w.p, w.ev
	if ply >= maxPly {
		return ev.Evaluate(w.g)
	}
	if s, ok := w.drawByRule(ply); ok {
		return s
	}
	var moves []position.Move
	generated, inCheck := false, false
	if w.plain {
		if _, over := p.ImmediateEnd(); over {
			return w.terminal(ply)
		}
	} else {
		if r, over := w.g.Ended(); over {
			return scoreOf(r, p.SideToMove(), ply)
		}
		// Under house rules every legal move goes through the pipeline:
		// the full list only where it is needed (in check, compulsory
		// capture, check counting); otherwise stand pat first and then
		// test just the noisy moves (a stalemate is not looked for here,
		// as in plain quiescence).
		inCheck = w.inCheck()
		if w.v.MustCapture || w.v.CheckCounting || inCheck {
			moves = w.genMoves(ply)
			generated = true
			if len(moves) == 0 {
				return w.terminal(ply)
			}
		}
	}
	if qd >= w.qMax {
		return ev.Evaluate(w.g) // the capture tree has no end in sight
	}
	key := w.key()
	ttMove, ttEval := position.NoMove, -Infinite
	if te, hit := w.tt.probe(key); hit {
		ttMove, ttEval = te.move, int(te.eval)
		if beta-alpha == 1 {
			s := fromTT(int(te.score), ply)
			if te.bound == boundExact || (te.bound == boundLower && s >= beta) || (te.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}
	origAlpha := alpha
	bestMove := position.NoMove
	if w.plain {
		inCheck = w.inCheck()
	}
	us := p.SideToMove()
	stand, raw := -Infinite, -Infinite // static evaluation: corrected, as computed
	best := -Infinite
	// Under compulsory capture a side with a capture may not stand pat.
	forced := w.v.MustCapture && (!w.plain || p.HasLegalCapture())
	if forced && !w.plain {
		forced = false
		for _, m := range moves {
			if p.IsCapture(m) {
				forced = true
				break
			}
		}
	}
	if !inCheck && !forced {
		if ttEval > -Infinite {
			raw = ttEval
		} else if q, ok := ev.Quick(p); ok && w.plain && q-lazyMargin >= beta {
			return q - lazyMargin // far above beta on material alone
		} else {
			raw = ev.Evaluate(w.g)
		}
		stand = corrected(raw, *w.corrEntry())
		if stand >= beta {
			if ttEval == -Infinite {
				w.tt.store(key, position.NoMove, toTT(stand, ply), raw, 0, boundLower)
			}
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	if w.plain {
		// generated after the stand-pat cut-off
		if !inCheck && !forced && !ev.flag[us] && !w.v.CheckCounting {
			// only captures and promotions are searched here
			w.buf[ply] = p.PseudoLegalNoisy(w.buf[ply][:0])
			moves = w.buf[ply]
		} else {
			moves = w.genMoves(ply)
		}
	} else if !generated {
		w.buf[ply] = w.g.LegalMovesWhere(w.noisyFn, w.buf[ply][:0])
		moves = w.buf[ply]
	}
	checksWin := w.v.CheckCounting && p.State().ChecksRemaining[us] <= 1
	// keep the noisy moves only (in check or under compulsory capture:
	// every move)
	all := inCheck || forced || checksWin
	// deep in quiescence only recaptures on the last move's square are
	// searched (plain rulesets, Stockfish's rule): capture chains across
	// the board multiply with the number of pieces
	recapture := geom.NoSquare
	if qd >= qsRecaptureDepth && w.plain && !all {
		if recapture = w.prevTo(); recapture == geom.NoSquare {
			return best
		}
	}
	n := 0
	for _, m := range moves {
		keep := all || p.IsCapture(m) || w.isPromotion(m)
		if recapture != geom.NoSquare && m.To() != recapture {
			keep = false
		}
		if !keep && ev.flag[us] {
			pt := p.PieceOn(m.From()).Type()
			keep = (ev.flagPiece[us] == position.AllPieces || ev.flagPiece[us] == pt) && ev.flagDist[us][m.To()] == 0
		}
		if keep {
			moves[n] = m
			n++
		}
	}
	moves = moves[:n]
	sc := w.scoreBuf(ply, len(moves))
	w.scoreMoves(moves, sc, ttMove, ply)
	legal := 0
	delta := ev.materialSign > 0 && ev.hpSlot < 0 && !inCheck && !forced
	see := delta && w.plain && !w.v.BlastOnCapture
	for i := range moves {
		m := pick(moves, sc, i)
		capture := p.IsCapture(m)
		promo := w.isPromotion(m)
		// (the pruning tests come before the legality test: they apply
		// only out of check, where the count of legal moves is not used)
		if delta && capture && !promo {
			victim := ev.Mg[w.victim(m)]
			if stand+victim+200 < alpha {
				continue
			}
			// a capture that loses material in the exchange is skipped
			if see && ev.Mg[p.PieceOn(m.From()).Type()] > victim && !w.seeGE(m, 0) {
				continue
			}
		}
		if w.plain && !p.Legal(m) {
			continue
		}
		legal++
		w.g.Do(m)
		if checksWin && !inCheck && !forced && !capture && !promo {
			chk := false
			if w.plain {
				chk = p.Checkers().Any()
			} else {
				chk = w.g.InCheck(p.SideToMove())
			}
			if !chk {
				w.g.Undo()
				continue
			}
		}
		var s int
		if p.SideToMove() == us {
			s = w.qsearch(alpha, beta, ply+1, qd+1)
		} else {
			s = -w.qsearch(-beta, -alpha, ply+1, qd+1)
		}
		w.g.Undo()
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				bestMove = m
				w.updatePV(ply, m)
				if s >= beta {
					break
				}
			}
		}
	}
	if (inCheck || forced) && legal == 0 {
		return w.terminal(ply)
	}
	if best > -Infinite {
		b := boundUpper
		if best >= beta {
			b = boundLower
		} else if best > origAlpha {
			b = boundExact
		}
		w.tt.store(key, bestMove, toTT(best, ply), raw, 0, b)
	}
	if best == -Infinite {
		// no noisy move and in check with every move pruned: static score
		return ev.Evaluate(w.g)
	}
	return best
}
