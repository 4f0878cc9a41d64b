package presets

import (
	"houserules/position"
	"houserules/rules"
)

// PawnsMoveBackward is the pawns-move-backward preset (seed RULES.md,
// "Backward-Marching Pawns"): a pawn may also step one square straight
// backward to an empty square, never capturing. RULINGS: pawns-move-backward
// — the step is a pawn move (it resets the fifty-move counter), sets
// HasMoved, never creates an en-passant target and may end on the pawn's own
// first rank (where it does not promote). A pawn that stepped back to its
// home rank has moved and so loses its double step.
type PawnsMoveBackward struct{}

var prodPawnBackward = position.RegisterProduction("preset.pawn-backward-push")

func init() { rules.Register(PawnsMoveBackward{}) }

// Info declares the preset.
func (PawnsMoveBackward) Info() rules.Info {
	return rules.Info{
		ID: "pawns-move-backward", Name: "Backward-Marching Pawns", Category: "Movement Modifier", Mode: rules.Additive,
		Description:  "Pawns may also move one square straight backward to an empty square (no capture, no en passant).",
		Incompatible: []string{"double-pawn-sprint"},
		Adds:         []string{"preset.pawn-backward-push"},
	}
}

// Setup declares HasMoved and registers the backward step.
func (PawnsMoveBackward) Setup(b *rules.Builder, opts rules.Options) error {
	slot, err := declareHasMoved(b)
	if err != nil {
		return err
	}
	b.Hook(pawnsMoveBackward{moved: slot})
	return nil
}

type pawnsMoveBackward struct{ moved int }

// ExtraMoves adds the backward steps of colour c's pawns. A step never
// promotes: the square behind a pawn is not in its promotion region in any
// variant where the rule makes sense.
func (pawnsMoveBackward) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	b := p.V.Board()
	back := -pawnDir(c)
	for pw := p.PiecesOf(c, position.Pawn); pw.Any(); {
		from := pw.Pop()
		if to, ok := b.Step(from, 0, back); ok && p.PieceOn(to) == position.NoPiece && pawnMayStand(p.V, c, to) {
			list = append(list, position.NewMove(from, to, position.Normal, 0).WithProduction(prodPawnBackward))
		}
	}
	return list
}

// AllowMove drops the double (and triple) steps of a pawn that has already
// moved: one that stepped back onto its home rank keeps no sprint
// privilege (seed edge case: HasMoved is asserted on the first move of any
// kind).
func (h pawnsMoveBackward) AllowMove(g *rules.Game, m position.Move) bool {
	p := g.Pos
	from, to := m.From(), m.To()
	if k := m.Kind(); k != position.Normal && k != position.Promotion && k != position.PiecePromotion {
		return true
	}
	if p.PieceOn(from).Type() != position.Pawn || from.File() != to.File() {
		return true
	}
	if d := to.Rank() - from.Rank(); d >= -1 && d <= 1 {
		return true
	}
	return p.Fact(from, h.moved) == 0
}

// AfterMove resets the fifty-move counter after a backward step: the base
// make-move counts a pawn move as irreversible only forward (RULINGS:
// pawns-move-backward — it resets the counter like any pawn move).
func (pawnsMoveBackward) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if m.Kind() != position.Normal || info.Piece.Type() != position.Pawn {
		return
	}
	if to, ok := g.Pos.V.Board().Step(m.From(), 0, -pawnDir(info.Mover)); ok && to == m.To() {
		g.Pos.State().Rule50 = 0
	}
}
