// Package search is the AI of houserules: an iterative-deepening
// alpha-beta (principal variation search) that plays any ruleset — a
// catalogue variant with house rules stacked on top — through the rules
// package's own move pipeline and game-result rules.
//
// It has a transposition table keyed by the position's Zobrist key
// (pockets included), quiescence over captures, promotions and the
// ruleset's other noisy moves (and checking drops at its first ply),
// move ordering (TT move, MVV-LVA, killers, history; drops by their own
// history), check extensions where check exists, mate scores, multi-ply
// turns (the side to move need not alternate), time management and skill
// levels.
//
//	e := search.NewEngine(16)
//	res := e.Search(ctx, game, search.Limits{Depth: 6}, nil)
//	fmt.Println(game.Pos.UCI(res.Move))
//
// Where things are (Stockfish's search.cpp / movepick.cpp / evaluate.cpp
// split):
//
//   - search.go: the API (Engine, Limits, Info, Result); worker.go: one
//     search's state and the switches chosen for the ruleset; path.go: the
//     plain and the hooked way of reading the rules, chosen once.
//   - root.go: iterative deepening, aspiration windows, MultiPV, skill
//     levels, reports; timeman.go: the time for a move, stop polling.
//   - node.go: the node search (principal variation search) step by step;
//     prune.go: its pruning, extension and reduction steps, one function
//     each; qsearch.go: quiescence.
//   - movepick.go: move generation and the move picker's stages;
//     history.go, conthist.go, corrhist.go: the history tables; see.go:
//     static exchange evaluation; check.go: checks; dropcheck.go: the
//     checking drops quiescence searches; scores.go: mate, result and
//     draw scores (game ends are the position's own: ImmediateEnd,
//     OptionalEnd, the rules' Result); tt.go: the transposition table.
//   - eval.go, evalinit.go: the Evaluator and how it is built for a
//     ruleset; evaluate.go: Evaluate as named terms; kingdanger.go,
//     checkparts.go, mopup.go, psqt.go, weights.go: its larger terms and
//     weights; evalhand.go: the pockets (pieces in hand, drop threats,
//     what capturesToHand changes); connect.go: the open lines of
//     connect-n games; fsfvalues.go: Fairy-Stockfish's values of the
//     xiangqi and janggi piece types; treestats*.go: tree-shape counts
//     (build tag searchstats).
package search

import (
	"math/rand"
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
	// dropHist is the quiet history of drops, by side, dropped type and
	// square
	dropHist *dropHistory
	// ch is the continuation history of ruleset rs (its size depends on
	// the board and the piece types)
	ch *contHist
	// counters is the countermove table, kept between searches
	counters *[geom.SquareNB][geom.SquareNB]position.Move
	// capHist is the capture history: how a capture (attacker type,
	// target square, victim type) fared
	capHist *[position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16
	// wallHist is the history of wall squares (walling variants)
	wallHist *wallHistory
	// wallOrderOff turns the wall ordering of walling variants (wall
	// history, blocking bonus, walling move count, duck's quiet SEE
	// pruning) off:
	// the tests measure what it gains
	wallOrderOff bool
	// corr is the correction history of the static evaluation
	corr *corrHist
}

// NewEngine returns an engine with a hash table of hashMB megabytes.
func NewEngine(hashMB int) *Engine {
	return &Engine{Skill: 20, MultiPV: 1, tt: NewTT(hashMB),
		rng: rand.New(rand.NewSource(time.Now().UnixNano())), hist: new([2][geom.SquareNB][geom.SquareNB]int32),
		dropHist: new(dropHistory),
		counters: new([geom.SquareNB][geom.SquareNB]position.Move),
		capHist:  new([position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16), corr: new(corrHist), wallHist: new(wallHistory)}
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
	*e.dropHist = dropHistory{}
	if e.ch != nil {
		e.ch.clear()
	}
	*e.counters = [geom.SquareNB][geom.SquareNB]position.Move{}
	*e.capHist = [position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16{}
	*e.corr = corrHist{}
	*e.wallHist = wallHistory{}
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
