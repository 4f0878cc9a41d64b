package presets

import (
	"houserules/position"
	"houserules/rules"
)

// BishopsIgnoreColor is the bishops-ignore-color preset (seed RULES.md,
// "Colour-Blind Bishops"): besides its diagonal slides a bishop may step
// one square orthogonally (N, E, S, W) to an empty square or onto an enemy
// piece, which it captures (RULINGS: bishops-ignore-color). The step is an
// ordinary bishop move for the fifty-move rule (reset only by a capture)
// and, as a capture threat, it attacks the four squares next to it.
type BishopsIgnoreColor struct{}

var prodBishopOrthogonalStep = position.RegisterProduction("preset.bishop-orthogonal-step")

func init() { rules.Register(BishopsIgnoreColor{}) }

// Info declares the preset.
func (BishopsIgnoreColor) Info() rules.Info {
	return rules.Info{
		ID: "bishops-ignore-color", Name: "Colour-Blind Bishops", Category: "Movement Modifier", Mode: rules.Additive,
		Description: "A bishop may also step one square orthogonally to an empty or enemy-occupied square.",
		Adds:        []string{"preset.bishop-orthogonal-step"},
	}
}

// Setup registers the orthogonal step.
func (BishopsIgnoreColor) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(bishopsIgnoreColor{})
	return nil
}

type bishopsIgnoreColor struct{}

var orthogonalSteps = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// ExtraMoves adds the orthogonal steps of colour c's bishops.
func (bishopsIgnoreColor) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	b := p.V.Board()
	own := p.Pieces(c)
	region := p.V.MobilityRegion[c][position.Bishop]
	for bs := p.PiecesOf(c, position.Bishop); bs.Any(); {
		from := bs.Pop()
		for _, d := range orthogonalSteps {
			to, ok := b.Step(from, d[0], d[1])
			if !ok || own.Has(to) || (region.Any() && !region.Has(to)) {
				continue
			}
			list = append(list, position.NewMove(from, to, position.Normal, 0).WithProduction(prodBishopOrthogonalStep))
		}
	}
	return list
}
