// Scores of ends: mate scores in the hash table, game results, draws by
// rule.

package search

import (
	"houserules/position"
	"houserules/rules"
)

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
// counts when repetition is a draw; under perpetualCheckIllegal the
// rules' Position.RepetitionEnd decides, as Fairy-Stockfish's search does).
func (w *worker) drawByRule(ply int) (int, bool) {
	p, v := w.p, w.v
	st := p.State()
	if v.NMoveRule > 0 && st.Rule50 > 2*v.NMoveRule-1 && st.Checkers.Empty() {
		if e, over := p.NMoveEnd(); over {
			return valueScore(e.Value, ply), true
		}
	}
	if v.CountingRule != position.NoCounting && st.CountingLimit != 0 && st.CountingPly > st.CountingLimit {
		return 0, true
	}
	if v.NFoldRule > 0 && (v.PerpetualCheckIllegal || v.ChasingRule != position.NoChasing || v.MoveRepetitionIllegal ||
		v.MaterialCounting != position.NoMaterialCounting) {
		// the rules' own test: a perpetual check needs the full n-fold
		// repetition, any other repetition after the root counts twice
		if e, over := p.RepetitionEnd(ply); over {
			return valueScore(e.Value, ply), true
		}
		return 0, false
	}
	if v.NFoldRule > 0 {
		// with captures to hand a drop resets rule50, yet positions repeat
		// across it (Fairy-Stockfish: the window is pliesFromNull)
		end := min(st.PliesFromNull, p.Ply())
		if !v.CapturesToHand {
			end = min(end, st.Rule50)
		}
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
