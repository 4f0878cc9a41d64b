package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// racingKingsPlugin: Racing Kings (Fairy-Stockfish's racingkings, whose
// key the catalogue has): both armies start on the first two ranks, no
// move may give check (seed 001's move filter), and the first king to
// reach the eighth rank wins — but when White's king gets there first,
// Black may answer: a black king that can reach the eighth rank with its
// move plays on, and reaching it draws.
func init() {
	variants.Register("racingKingsPlugin", variants.Config{
		Label:      "Racing Kings",
		Group:      "Alternate Rules",
		Rows:       8,
		Cols:       8,
		FEN:        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
		NoCastling: true,
		MoveFilter: noChecks,
		WinCondition: func(g *rules.Game) (rules.Result, bool) {
			w, b := onEighth(g, position.White), onEighth(g, position.Black)
			switch {
			case w && b:
				return rules.Result{Score: "1/2-1/2", Reason: "both kings reached the goal"}, true
			case b:
				return winFor(position.Black, "king reached the goal"), true
			case w && (g.Pos.SideToMove() == position.White || !blackCanReach(g)):
				return winFor(position.White, "king reached the goal"), true
			}
			return rules.Result{}, false
		},
		Title:       "Racing Kings (plugin)",
		Description: "Race your king to the eighth rank. No move may give check. If White arrives first, Black may still arrive on its next move for a draw.",
		Rule:        "Board: 8×8 · No checks · Win: King on the 8th rank",
	})
}

// noChecks drops the moves that give check.
func noChecks(g *rules.Game, moves []position.Move) []position.Move {
	out := moves[:0]
	for _, m := range moves {
		if !givesCheck(g, m) {
			out = append(out, m)
		}
	}
	return out
}

func onEighth(g *rules.Game, c position.Color) bool {
	k, ok := kingOf(g, c)
	return ok && k.Rank() == g.Pos.V.MaxRank
}

// blackCanReach reports whether Black, to move, has a legal king move to
// the eighth rank (one that gives no check).
func blackCanReach(g *rules.Game) bool {
	k, ok := kingOf(g, position.Black)
	if !ok {
		return false
	}
	for _, m := range g.Pos.PseudoLegal(nil) {
		if m.From() == k && m.To().Rank() == g.Pos.V.MaxRank && g.Legal(m) && !givesCheck(g, m) {
			return true
		}
	}
	return false
}
