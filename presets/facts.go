package presets

import (
	"houserules/position"
	"houserules/rules"
)

// HasMovedFact is the name of the per-piece "has moved" fact (1 once the
// piece has made a move of any kind, seed RULES.md).
const HasMovedFact = "HasMoved"

// declareHasMoved declares the HasMoved fact and installs the hook that
// sets it on every piece that moves (the mover; the rook when castling).
// Presets that read HasMoved call it; declaring it twice is harmless.
func declareHasMoved(b *rules.Builder) (int, error) {
	slot, err := b.Fact(HasMovedFact, nil)
	if err != nil {
		return 0, err
	}
	b.Hook(hasMovedMarker{slot})
	return slot, nil
}

type hasMovedMarker struct{ slot int }

// AfterMove marks the moved piece (and the castling rook).
func (h hasMovedMarker) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	p := g.Pos
	if m.Kind() == position.Castling {
		v := p.V
		rank := m.From().Rank()
		kf, rf := v.CastlingQueensideFile, v.CastlingQueensideFile+1
		if m.To() > m.From() {
			kf, rf = v.CastlingKingsideFile, v.CastlingKingsideFile-1
		}
		for _, f := range []int{kf, rf} {
			s := sqAt(f, rank)
			if p.PieceOn(s) != position.NoPiece && p.Fact(s, h.slot) == 0 {
				p.SetFact(s, h.slot, 1)
			}
		}
		return
	}
	if m.Kind() == position.Pass || m.Kind() == position.Drop {
		return
	}
	if to := m.To(); p.PieceOn(to) != position.NoPiece && p.PieceOn(to).Color() == info.Mover && p.Fact(to, h.slot) == 0 {
		p.SetFact(to, h.slot, 1)
	}
}

// freshMeta returns the meta of a piece a preset creates during the game
// (fission): a new ID, every fact at its initial value, HasMoved = 1
// (RULINGS: queen-splits — new pieces have moved and have no castling
// rights).
func freshMeta(g *rules.Game, pc position.Piece) position.Meta {
	m := position.Meta{ID: g.Pos.NewPieceID()}
	for i, f := range g.R.Facts {
		switch {
		case f.Name == HasMovedFact:
			m = g.Pos.MetaWithFact(m, i, 1)
		case f.Initial != nil:
			m = g.Pos.MetaWithFact(m, i, f.Initial(pc))
		}
	}
	return m
}

// AfterMoveStage: bookkeeping, after every board change.
func (h hasMovedMarker) AfterMoveStage() rules.Stage { return rules.StageBookkeeping }
