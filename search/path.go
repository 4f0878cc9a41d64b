// How the search meets the rules: the plain path (the variant's own
// rules) and the hooked path (house rules through the move pipeline),
// chosen once when the worker is made.

package search

import (
	"houserules/position"
)

// rulesPath is what differs in how the search reads the rules between a
// plain ruleset and a hooked one (house rules). newWorker gives the worker
// one of the two (plainPath, hookedPath) and the searches never ask which:
//
//   - plain: moves are generated pseudo-legal and tested for legality one
//     by one, late (Stockfish's way); checks, the hash key and the game's
//     immediate end are the position's own.
//   - hooked: every move passes the rules package's pipeline (its legal
//     list, or its candidates with a per-move legality test); checks and
//     game ends are the game's, and the key tells apart the plies already
//     played in a multi-ply turn.
//
// Which search heuristics apply (null move, SEE, singular extension,
// history pruning …) is decided at the same time, as the worker's switches
// (see newWorker).
type rulesPath interface {
	// key is the node's hash key.
	key(w *worker) uint64
	// endedAtOnce reports whether the game ended with the last move
	// (main search; the hooked path leaves that to the move list).
	endedAtOnce(w *worker) bool
	// opponentInCheck reports, right after a move, whether the side now
	// to move is in check (hooked: false, which only lets a checking move
	// be reduced or pruned like a quiet one).
	opponentInCheck(w *worker) bool
	// checked reports, right after a move, whether the side now to move
	// is in check, asked of the rules (quiescence under check counting).
	checked(w *worker) bool
	// checkAndCapture reports whether the side to move is in check and
	// whether it must capture (main search: it cannot stand on its static
	// score), in one call.
	checkAndCapture(w *worker) (inCheck, mustCapture bool)
	// nodeMoves lists the moves of an interior node in w.buf[ply] and how
	// their legality is still to be tested.
	nodeMoves(w *worker, ply int) ([]position.Move, legality)
	// legal tests one move of a list whose legality is still open.
	legal(w *worker, m position.Move) bool
	// qsEnter starts a quiescence node: a score and true when the game
	// has ended there; else the node's key, whether the side to move is
	// in check and whether it must capture (it may not stand pat), and
	// the node's full move list when it is needed before standing pat.
	// (One call for all: quiescence nodes are most of the tree.)
	qsEnter(w *worker, ply int) (qsNode, int, bool)
	// qsMoves lists the moves a quiescence node looks at (before the
	// noisy ones are kept), after the stand-pat cut-off.
	qsMoves(w *worker, ply int, q qsNode, all bool) []position.Move
}

// legality says how far a move list's moves are known to be legal.
type legality uint8

const (
	legalAll      legality = iota // every move is legal
	legalEach                     // each move is tested before it is searched
	legalDeferred                 // pseudo-legal: the TT move is tested first, the others just before they are made
)

// qsNode is what a quiescence node learnt on entry.
type qsNode struct {
	key     uint64
	inCheck bool
	forced  bool
	// moves is the node's full list when qsEnter generated it, else nil
	moves     []position.Move
	generated bool
	lz        legality // of the moves searched
}

// plainPath: the variant's own rules, nothing hooked.
type plainPath struct{}

func (*plainPath) key(w *worker) uint64                  { return w.p.Key() }
func (*plainPath) opponentInCheck(w *worker) bool        { return w.p.Checkers().Any() }
func (*plainPath) checked(w *worker) bool                { return w.p.Checkers().Any() }
func (*plainPath) legal(w *worker, m position.Move) bool { return w.p.Legal(m) }

func (*plainPath) checkAndCapture(w *worker) (bool, bool) {
	return w.p.InCheck(), w.v.MustCapture && w.p.HasLegalCapture()
}

func (*plainPath) endedAtOnce(w *worker) bool {
	_, over := w.p.ImmediateEnd()
	return over
}

// allMoves lists the pseudo-legal moves in w.buf[ply].
func (*plainPath) allMoves(w *worker, ply int) []position.Move {
	w.buf[ply] = w.p.PseudoLegal(w.buf[ply][:0])
	return w.buf[ply]
}

func (pp *plainPath) nodeMoves(w *worker, ply int) ([]position.Move, legality) {
	return pp.allMoves(w, ply), legalDeferred
}

func (*plainPath) qsEnter(w *worker, ply int) (qsNode, int, bool) {
	if _, over := w.p.ImmediateEnd(); over {
		return qsNode{}, w.terminal(ply), true
	}
	return qsNode{key: w.p.Key(), inCheck: w.p.InCheck(), forced: w.v.MustCapture && w.p.HasLegalCapture(), lz: legalEach}, 0, false
}

// qsMoves: generated after the stand-pat cut-off; out of check and without
// a reason to look at quiet moves only captures and promotions.
func (pp *plainPath) qsMoves(w *worker, ply int, q qsNode, all bool) []position.Move {
	if !all && !w.ev.flag[w.p.SideToMove()] && !w.v.CheckCounting {
		w.buf[ply] = w.p.PseudoLegalNoisy(w.buf[ply][:0])
		return w.buf[ply]
	}
	return pp.allMoves(w, ply)
}

// hookedPath: house rules, every move through the pipeline.
type hookedPath struct{}

func (*hookedPath) key(w *worker) uint64 {
	return w.p.Key() ^ pliesMix[w.g.PliesThisTurn()&15]
}

func (*hookedPath) endedAtOnce(w *worker) bool            { return false }
func (*hookedPath) opponentInCheck(w *worker) bool        { return false }
func (*hookedPath) checked(w *worker) bool                { return w.g.InCheck(w.p.SideToMove()) }
func (*hookedPath) legal(w *worker, m position.Move) bool { return w.g.Legal(m) }

func (hp *hookedPath) checkAndCapture(w *worker) (bool, bool) {
	return hp.inCheck(w), w.v.MustCapture
}

// inCheck: the game asks the rules (only where checks or a royal king
// exist).
func (*hookedPath) inCheck(w *worker) bool {
	if !w.v.Checking && !w.ev.royal {
		return false
	}
	return w.g.InCheck(w.p.SideToMove())
}

// allMoves lists the legal moves (the pipeline's) in w.buf[ply].
func (*hookedPath) allMoves(w *worker, ply int) []position.Move {
	w.buf[ply] = append(w.buf[ply][:0], w.g.LegalMoves()...)
	return w.buf[ply]
}

// nodeMoves: the pipeline's candidates where legality is a per-move test,
// else the legal list.
func (hp *hookedPath) nodeMoves(w *worker, ply int) ([]position.Move, legality) {
	if c, ok := w.g.Candidates(w.buf[ply][:0]); ok {
		w.buf[ply] = c
		return c, legalEach
	}
	return hp.allMoves(w, ply), legalAll
}

// qsEnter: every legal move goes through the pipeline, so the full list
// is made only where it is needed (in check, compulsory capture, check
// counting); otherwise the node stands pat first and then tests just the
// noisy moves (a stalemate is not looked for here, as in plain
// quiescence).
func (hp *hookedPath) qsEnter(w *worker, ply int) (qsNode, int, bool) {
	if r, over := w.g.Ended(); over {
		return qsNode{}, scoreOf(r, w.p.SideToMove(), ply), true
	}
	q := qsNode{inCheck: hp.inCheck(w), lz: legalAll}
	if w.v.MustCapture || w.v.CheckCounting || q.inCheck {
		q.moves = hp.allMoves(w, ply)
		q.generated = true
		if len(q.moves) == 0 {
			return q, w.terminal(ply), true
		}
	}
	q.key = hp.key(w)
	q.forced = hp.forced(w, q.moves)
	return q, 0, false
}

// forced: a side that must capture and has a capture in its list.
func (*hookedPath) forced(w *worker, moves []position.Move) bool {
	if !w.v.MustCapture {
		return false
	}
	for _, m := range moves {
		if w.p.IsCapture(m) {
			return true
		}
	}
	return false
}

func (*hookedPath) qsMoves(w *worker, ply int, q qsNode, all bool) []position.Move {
	if q.generated {
		return q.moves
	}
	w.buf[ply] = w.g.LegalMovesWhere(w.noisyFn, w.buf[ply][:0])
	return w.buf[ply]
}
