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

// drawByRule ends a node by the game's own draw and repetition rules: the
// n-move rule, n-fold repetition with every rule the variant adds to it
// (perpetual check …), the counting rules — whatever
// Position.OptionalEnd decides, so that a rule added there reaches the
// search unchanged. The one search policy on top: where a repetition is a
// draw (nFoldValue), any repetition within the window counts at once, also
// of a position from before the root (Stockfish's old rule: a line that
// repeats cannot be better than the draw the opponent can claim). That is
// OptionalEnd with a distance from the root beyond every earlier position;
// the rules that need the full n-fold count (perpetual check and the like)
// still get it, since OptionalEnd grants the early count only to a plain
// repetition.
func (w *worker) drawByRule(ply int) (int, bool) {
	rp := ply
	if w.v.NFoldValue == position.ValueDraw {
		rp = anyRepetition
	}
	if e, over := w.p.OptionalEnd(rp); over {
		return valueScore(e.Value, ply), true
	}
	return 0, false
}

// anyRepetition is the distance from the root past every earlier position
// (see drawByRule).
const anyRepetition = 1 << 30
