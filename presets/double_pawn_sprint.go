package presets

import (
	"houserules/geom"
	"houserules/rules"
)

// DoublePawnSprint is the double-pawn-sprint preset (seed RULES.md,
// "Perpetual Sprint"): a pawn may advance two squares straight forward from
// any rank when both squares are empty; the skipped square becomes the
// en-passant target for one ply.
//
// The seed's override "removes the HasMoved = false guard" of the double
// push; the base rules express that guard as the variant's double-step
// region, so Setup widens the region to the whole board and the base
// generator and make-move do the rest: both squares must be empty, a
// sprint into the promotion region promotes (RULINGS: double-pawn-sprint),
// and make-move sets the en-passant square behind any straight two-rank
// pawn move (position.pawnDoubleStepEP, FIDE geometry — RULINGS:
// double-pawn-sprint: after e4-e6 the target is e5, taken from d6 or f6),
// as FIDE and Fairy-Stockfish do when an enemy pawn can take it. The moves
// keep the production fide.pawn-double-push, which this preset overrides.
type DoublePawnSprint struct{}

func init() { rules.Register(DoublePawnSprint{}) }

// Info declares the preset.
func (DoublePawnSprint) Info() rules.Info {
	return rules.Info{
		ID: "double-pawn-sprint", Name: "Perpetual Sprint", Category: "Movement Modifier", Mode: rules.Override,
		Description:  "A pawn may advance two empty squares straight forward from any rank; the skipped square is the en-passant target for one ply.",
		Incompatible: []string{"pawns-move-backward"},
		Overrides:    []string{"fide.pawn-double-push"},
	}
}

// Setup lets every pawn double-step wherever it stands.
func (DoublePawnSprint) Setup(b *rules.Builder, opts rules.Options) error {
	v := b.Variant
	v.DoubleStep = true
	v.DoubleStepRegion = [2]geom.Set{geom.All, geom.All}
	return nil
}
