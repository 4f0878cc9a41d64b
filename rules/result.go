package rules

import (
	"houserules/position"
)

// Result is the outcome of a finished game.
type Result struct {
	// Score is "1-0", "0-1" or "1/2-1/2".
	Score string
	// Reason names the rule: checkmate, stalemate, extinction, flag, …
	Reason string
}

func (r Result) String() string { return r.Score + " " + r.Reason }

func score(p *position.Position, v position.Value) string {
	switch v {
	case position.ValueDraw:
		return "1/2-1/2"
	case position.ValueWin:
		if p.SideToMove() == position.White {
			return "1-0"
		}
		return "0-1"
	default:
		if p.SideToMove() == position.White {
			return "0-1"
		}
		return "1-0"
	}
}

// GameResult returns the result of the game in position p, or false while
// the game goes on. It applies, in Fairy-Stockfish's order, the immediate
// rules (extinction, flag, n-check, connection …), then the rules for a
// side without legal moves (checkmate value, stalemate value, pseudo-royal
// mate, shatar mate rule, shogi pawn drop mate), then the n-move rule,
// n-fold repetition (with perpetual check, Position.RepetitionEnd) and the
// counting rules. Repetition looks at the moves made on p since its setup.
func GameResult(p *position.Position) (Result, bool) { return gameResult(p, -1) }

// gameResult is GameResult with the number of p's legal moves given
// (LegalMoves' answer; -1: unknown, then whether there is one is found
// here, Position.HasLegalMove, when the rules ask). Only whether legal is
// 0 is read.
func gameResult(p *position.Position, legal int) (Result, bool) {
	if e, over := p.ImmediateEnd(); over {
		return Result{score(p, e.Value), e.Reason}, true
	}
	v := p.V
	if legal < 0 {
		// only whether there is one: the first legal move found is enough
		legal = 0
		if p.HasLegalMove() {
			legal = 1
		}
	}
	if legal == 0 {
		if p.Checkers().Any() {
			val, reason := checkmateValue(p)
			return Result{score(p, val), reason}, true
		}
		if v.ExtinctionPseudoRoyal && p.CheckedPseudoRoyals(p.SideToMove()).Any() {
			return Result{score(p, v.CheckmateValue), "checkmate"}, true
		}
		val := v.StalemateValue
		if v.StalematePieceCount {
			c := p.CountAll(p.SideToMove()) - p.CountAll(p.SideToMove().Other())
			switch {
			case c == 0:
				val = position.ValueDraw
			case c > 0:
				val = val.Neg()
			}
		}
		e := p.CountMaterial(position.End{Value: val, Reason: "stalemate"})
		return Result{score(p, e.Value), e.Reason}, true
	}
	return drawRules(p)
}

// drawRules returns the result of the move-count, repetition and counting
// rules of p's variant (Position.OptionalEnd, which the search asks too), or
// false while none applies.
func drawRules(p *position.Position) (Result, bool) {
	if e, over := p.OptionalEnd(0); over {
		return Result{score(p, e.Value), e.Reason}, true
	}
	return Result{}, false
}

func checkmateValue(p *position.Position) (position.Value, string) {
	v := p.V
	if v.ShogiPawnDropMateIllegal && p.ShogiPawnDropCheck() {
		// Fairy-Stockfish's checkmate_value: a mate by a shogi pawn drop
		// (uchifuzume) is lost by the side that dropped the pawn
		return position.ValueWin, "pawn drop mate"
	}
	if v.ShatarMateRule {
		c := p.Checkers()
		if c.AndNot(p.PiecesOf(position.White, position.Knight).Or(p.PiecesOf(position.Black, position.Knight))).Empty() {
			return position.ValueWin, "knight mate (shatar)"
		}
		for i := p.Ply(); i >= 0; i -= 2 {
			s := p.StateAt(i)
			if s.Checkers.Empty() {
				break
			}
			if s.Shak {
				return v.CheckmateValue, "checkmate"
			}
			if s.PliesFromNull < 2 {
				break
			}
		}
		return position.ValueDraw, "niol (shatar)"
	}
	return v.CheckmateValue, "checkmate"
}
