package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

var prodBlast = position.RegisterProduction("plugin.atomic-blast")

// atomicChess: Atomic chess (Fairy-Stockfish's atomic, whose key the
// catalogue has), on the chess base with hooks: a capture (en passant
// included) is an explosion (seed 001's beforeMove example) that removes
// the captured piece, the capturer and every piece but a pawn next to the
// destination square, kings included. A move may not blow up one's own
// king (so a king never captures); blowing up the opponent's king wins at
// once, even out of check. Kings do not attack, and a king next to the
// opponent's king is not in check.
func init() {
	variants.Register("atomicChess", variants.Config{
		Label: "Atomic Chess",
		Group: "Tactical",
		Rows:  8,
		Cols:  8,
		BeforeMove: func(g *rules.Game, m position.Move) rules.Verdict {
			if g.Pos.IsCapture(m) {
				return rules.Replace
			}
			return rules.Proceed
		},
		ReplaceMove: func(g *rules.Game, m position.Move) {
			victim := m.To()
			if m.Kind() == position.EnPassant {
				victim = geom.Sq(m.To().File(), m.From().Rank())
			}
			g.CapturePiece(m, victim, prodBlast)
			g.RemovePiece(m.From(), prodBlast)
			for _, s := range blast(g, m.To()) {
				g.RemovePiece(s, prodBlast)
			}
		},
		WinCondition: func(g *rules.Game) (rules.Result, bool) {
			us := g.Pos.SideToMove()
			if _, ok := kingOf(g, us); !ok {
				return winFor(us.Other(), "explosion"), true
			}
			return rules.Result{}, false
		},
		Hooks: func(b *rules.Builder) error {
			b.Hook(atomicRules{})
			return nil
		},
		Title:       "Atomic Chess (plugin)",
		Description: "Every capture is an explosion: the captured piece, the capturing piece and all pieces except pawns next to the capture square are removed. Blow up the opponent's king to win; never your own.",
		Rule:        "Board: 8×8 · Captures explode · Win: Checkmate or exploding the king",
	})
}

// blast returns the capture square and its neighbours that hold a piece
// other than a pawn (the capture square's piece whatever it is).
func blast(g *rules.Game, to geom.Square) []geom.Square {
	p := g.Pos
	out := []geom.Square{to}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := to.File()+df, to.Rank()+dr
			if (df == 0 && dr == 0) || !onBoard(p.V, f, r) {
				continue
			}
			if pc := p.PieceOn(geom.Sq(f, r)); pc != position.NoPiece && pc.Type() != position.Pawn {
				out = append(out, geom.Sq(f, r))
			}
		}
	}
	return out
}

// atomicRules: no capture may blow up the mover's king (a filter before
// the legality test); kings do not attack; a king next to the opponent's
// king is not attacked; a side whose king is gone attacks nothing (its
// opponent's move that blew it up is legal even out of check).
type atomicRules struct{}

func (atomicRules) AllowMove(g *rules.Game, m position.Move) bool {
	if !g.Pos.IsCapture(m) {
		return true
	}
	k, ok := kingOf(g, g.Pos.SideToMove())
	if !ok {
		return true
	}
	return k != m.From() && !adjacent(k, m.To())
}

func (atomicRules) Attackers(g *rules.Game, s geom.Square, c position.Color, base geom.Set) geom.Set {
	k, ok := kingOf(g, c)
	if !ok {
		return geom.Set{}
	}
	base.Del(k)
	if pc := g.Pos.PieceOn(s); pc != position.NoPiece && pc.Type() == kingType(g.Pos.V) && pc.Color() != c && adjacent(k, s) {
		return geom.Set{}
	}
	return base
}

func adjacent(a, b geom.Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}
