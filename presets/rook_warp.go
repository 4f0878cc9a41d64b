package presets

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// RookWarp is the rook-warp preset (seed RULES.md, "Rook Warp"): a rook
// whose slide reaches the board edge may continue across it, re-entering
// the same rank or file from the opposite edge.
//
// RULINGS: rook-warp — in each of its four directions, if the rook's ray
// reaches the board edge with every square on the way empty (no square at
// all when the rook stands on that edge), the rook may warp: it re-enters
// the same line from the opposite edge and lands on that edge square if it
// is empty or holds an enemy (a capture). A friendly piece there (or the
// rook itself) means no warp. A warp destination equal to an ordinary
// destination is listed once, as the ordinary move (Game dedupes
// identical from→to moves, the base move first).
//
// Warp moves are ordinary from→to moves, so the base make-move clears the
// castling rights of the square the rook leaves (a warped rook cannot
// castle) and Game.Attackers counts warp captures as attacks. On a board
// whose files wrap (a cylinder or torus variant) the rook's ordinary ray
// already crosses that edge, so there is no warp along a wrapping axis.
type RookWarp struct{}

var prodRookWarp = position.RegisterProduction("preset.rook-warp-slide")

func init() { rules.Register(RookWarp{}) }

// Info declares the preset.
func (RookWarp) Info() rules.Info {
	return rules.Info{
		ID: "rook-warp", Name: "Rook Warp", Category: "Board Geometry", Mode: rules.Hybrid,
		Description:  "A rook whose slide reaches the board edge over empty squares may warp to the square on the opposite edge of the same line (empty or enemy).",
		Incompatible: []string{"wrap-board"},
		Adds:         []string{"preset.rook-warp-slide"},
		Overrides:    []string{"fide.rook-move"},
	}
}

// Setup registers the warp generator.
func (RookWarp) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(rookWarp{})
	return nil
}

type rookWarp struct{}

// rookDirs are the rook's four directions (file step, rank step).
var rookDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// ExtraMoves adds the warp moves of colour c's rooks (c need not be the
// side to move: Game.Attackers asks for the opponent's).
func (rookWarp) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	rooks := p.PiecesOf(c, position.Rook)
	if rooks.Empty() {
		return list
	}
	b := p.V.Board()
	region := p.V.MobilityRegion[c][position.Rook]
	occ := p.Occupied()
	for rooks.Any() {
		from := rooks.Pop()
		for _, d := range rookDirs {
			if (d[0] != 0 && b.Topology != geom.Plain) || (d[1] != 0 && b.Topology == geom.Torus) {
				continue // this axis wraps already
			}
			// walk to the edge; every square on the way must be empty
			f, r := from.File(), from.Rank()
			clear := true
			for {
				nf, nr := f+d[0], r+d[1]
				if nf < 0 || nr < 0 || nf >= b.Files || nr >= b.Ranks {
					break
				}
				f, r = nf, nr
				if occ.Has(geom.Sq(f, r)) {
					clear = false
					break
				}
			}
			if !clear {
				continue
			}
			// re-enter from the opposite edge of the same line
			switch {
			case d[0] > 0:
				f = 0
			case d[0] < 0:
				f = b.Files - 1
			case d[1] > 0:
				r = 0
			default:
				r = b.Ranks - 1
			}
			to := geom.Sq(f, r)
			if to == from || !region.Empty() && !region.Has(to) {
				continue
			}
			if pc := p.PieceOn(to); pc != position.NoPiece && pc.Color() == c {
				continue
			}
			list = append(list, position.NewMove(from, to, position.Normal, 0).WithProduction(prodRookWarp))
		}
	}
	return list
}
