package presets

import (
	"houserules/geom"
	"houserules/rules"
)

// WrapBoard is the wrap-board preset (seed RULES.md, "Cylindrical Board"):
// the board is a vertical cylinder, the first and last files are adjacent
// (a and h on 8×8, a and j on 10×8); ranks do not wrap.
//
// Mechanism: Setup sets the variant's topology to a cylinder before it is
// compiled, so every move table wraps the files: leapers, riders, the
// king, pawn captures and en passant (the en-passant capture uses the
// pawn's compiled capture table), and check detection, which reverses the
// same tables. RULINGS: wrap-board — rays stop before they would re-enter
// the mover's own square. Castling is unchanged: its king and rook
// targets are fixed squares (chess960 included). A variant that already
// wraps (torus) keeps its topology.
type WrapBoard struct{}

func init() { rules.Register(WrapBoard{}) }

// Info declares the preset.
func (WrapBoard) Info() rules.Info {
	return rules.Info{
		ID: "wrap-board", Name: "Cylindrical Board", Category: "Board Geometry", Mode: rules.Override,
		Description:  "The board is a vertical cylinder: the first and last files are adjacent for every piece; ranks do not wrap.",
		Incompatible: []string{"rook-warp"},
		Overrides: []string{"fide.rook-move", "fide.bishop-move", "fide.queen-move", "fide.king-move",
			"fide.knight-move", "fide.pawn-capture", "fide.check-detection"},
	}
}

// Setup makes the board a cylinder.
func (WrapBoard) Setup(b *rules.Builder, opts rules.Options) error {
	if b.Variant.Topology == geom.Plain {
		b.Variant.Topology = geom.Cylinder
	}
	return nil
}
