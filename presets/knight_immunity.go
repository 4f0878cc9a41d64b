package presets

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// KnightImmunity is the knight-immunity preset (seed RULES.md,
// "Bishop-Proof Knights"): a bishop may never capture a knight.
//
// Mechanism: a FilterMoves hook drops every move that would put a bishop
// on a square holding an enemy knight: bishop moves (other presets' extra
// bishop moves included) and pawn promotions to a bishop (or shogi-style
// promotions into a bishop) that capture a knight. The bishop's ray still
// stops at the knight (RULINGS: knight-immunity — for move generation the
// ray stops at an enemy knight without capturing it). For attack
// detection an Attackers hook lets a bishop's ray pass through knights of
// either colour (RULINGS: knight-immunity — a knight does not shield a
// king from a bishop, and a bishop still threatens the knight's square).
// Queens and other diagonal movers are not restricted.
type KnightImmunity struct{}

func init() { rules.Register(KnightImmunity{}) }

// Info declares the preset.
func (KnightImmunity) Info() rules.Info {
	return rules.Info{
		ID: "knight-immunity", Name: "Bishop-Proof Knights", Category: "Piece Ability", Mode: rules.Override,
		Description: "A bishop may never capture a knight; for check detection a bishop's ray passes through knights.",
		Overrides:   []string{"fide.bishop-capture"},
	}
}

// Setup registers the hooks.
func (KnightImmunity) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(knightImmunity{})
	return nil
}

type knightImmunity struct{}

// AllowMove drops a bishop's capture of a knight.
func (knightImmunity) AllowMove(g *rules.Game, m position.Move) bool {
	p := g.Pos
	target := p.PieceOn(m.To())
	if target == position.NoPiece || target.Type() != position.Knight {
		return true
	}
	mover := p.PieceOn(m.From())
	if mover == position.NoPiece || target.Color() == mover.Color() {
		return true
	}
	lands := mover.Type()
	switch m.Kind() {
	case position.Normal:
	case position.Promotion:
		lands = m.PromotionType()
	case position.PiecePromotion:
		lands = p.V.PromotedPieceType[mover.Type()]
	default: // castling, drops, passes, en passant (target empty)
		return true
	}
	return lands != position.Bishop
}

// Attackers adds the bishops of colour c whose rays reach s when every
// knight is treated as an empty square.
func (knightImmunity) Attackers(g *rules.Game, s geom.Square, c position.Color, base geom.Set) geom.Set {
	p := g.Pos
	bishops := p.PiecesOf(c, position.Bishop)
	knights := p.PiecesOf(position.White, position.Knight).Or(p.PiecesOf(position.Black, position.Knight))
	if bishops.Empty() || knights.Empty() {
		return base
	}
	occ := p.Occupied().AndNot(knights)
	for cand := bishops.AndNot(base); cand.Any(); {
		x := cand.Pop()
		if p.Attacks(c, position.Bishop, x, occ).Has(s) {
			base.Add(x)
		}
	}
	return base
}
