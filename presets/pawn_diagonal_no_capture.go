package presets

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// PawnDiagonalNoCapture is the pawn-diagonal-no-capture preset (seed
// RULES.md, "Slanting Pawns"): a pawn may also move one square diagonally
// forward to an empty square without capturing; diagonal captures are
// unchanged. A quiet diagonal move into the promotion region promotes (one
// move per promotion type of the variant) and never creates an en-passant
// target (make-move sets one only after a straight multi-square step).
//
// On a square that is the side to move's en-passant target the diagonal
// move is the en-passant capture, as in FIDE; no quiet move to it is added
// (both would be written e5d6).
type PawnDiagonalNoCapture struct{}

var prodPawnDiagonalQuiet = position.RegisterProduction("preset.pawn-diagonal-quiet")

func init() { rules.Register(PawnDiagonalNoCapture{}) }

// Info declares the preset.
func (PawnDiagonalNoCapture) Info() rules.Info {
	return rules.Info{
		ID: "pawn-diagonal-no-capture", Name: "Slanting Pawns", Category: "Movement Modifier", Mode: rules.Additive,
		Description: "Pawns may also move one square diagonally forward to an empty square without capturing.",
		Adds:        []string{"preset.pawn-diagonal-quiet"},
	}
}

// Setup registers the quiet diagonal moves.
func (PawnDiagonalNoCapture) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(pawnDiagonalNoCapture{})
	return nil
}

type pawnDiagonalNoCapture struct{}

// ExtraMoves adds the quiet diagonal moves of colour c's pawns.
func (pawnDiagonalNoCapture) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	b := p.V.Board()
	dir := pawnDir(c)
	var ep geom.Set // the en-passant targets belong to the side to move
	if c == p.SideToMove() {
		ep = p.EPSquares()
	}
	for pw := p.PiecesOf(c, position.Pawn); pw.Any(); {
		from := pw.Pop()
		for _, df := range [2]int{-1, 1} {
			to, ok := b.Step(from, df, dir)
			if !ok || p.PieceOn(to) != position.NoPiece || ep.Has(to) || !pawnMayStand(p.V, c, to) {
				continue
			}
			list = appendPawnMove(p, c, list, from, to, prodPawnDiagonalQuiet)
		}
	}
	return list
}
