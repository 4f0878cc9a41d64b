package presets

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// KnightsLeapTwice is the knights-leap-twice preset (seed RULES.md,
// "Double-Leap Knights"): a knight may make two knight leaps in one move
// through an empty intermediate square, capturing only on the landing
// square and never ending where it started; the single leap stays. A
// destination reachable both by one leap and by two is one move (RULINGS:
// knights-leap-twice; the base single leap comes first and the game lists
// a from→to once), and so is a destination reached through several
// intermediate squares.
//
// The leaps are the variant's knight leaps (topology and mobility region
// included). The double leap is one atomic move: its legality is judged on
// the final position only (the knight does not have to be free to stand
// on the intermediate square, e.g. when it is pinned).
//
// Check detection (RULINGS: knights-leap-twice): the game's attack test
// includes the extra moves of the attacking colour, so every two-leap
// destination through an empty square is attacked by the knight.
type KnightsLeapTwice struct{}

var prodKnightDoubleLeap = position.RegisterProduction("preset.knight-double-leap")

func init() { rules.Register(KnightsLeapTwice{}) }

// Info declares the preset.
func (KnightsLeapTwice) Info() rules.Info {
	return rules.Info{
		ID: "knights-leap-twice", Name: "Double-Leap Knights", Category: "Movement Modifier", Mode: rules.Hybrid,
		Description: "A knight may make two knight leaps in one move through an empty intermediate square.",
		Adds:        []string{"preset.knight-double-leap"},
		Overrides:   []string{"fide.knight-move"},
	}
}

// Setup registers the double leap.
func (KnightsLeapTwice) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(knightsLeapTwice{})
	return nil
}

type knightsLeapTwice struct{}

// ExtraMoves adds the double leaps of colour c's knights (c may be the
// side not to move: the game asks for attacks).
func (knightsLeapTwice) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	occ := p.Occupied()
	for kn := p.PiecesOf(c, position.Knight); kn.Any(); {
		from := kn.Pop()
		rest := occ // the knight has left its square
		rest.Del(from)
		var dest geom.Set
		for mids := p.Attacks(c, position.Knight, from, occ).AndNot(occ); mids.Any(); {
			dest = dest.Or(p.Attacks(c, position.Knight, mids.Pop(), rest))
		}
		// no landing on an own piece or back on the start square
		for dest = dest.AndNot(p.Pieces(c)); dest.Any(); {
			list = append(list, position.NewMove(from, dest.Pop(), position.Normal, 0).WithProduction(prodKnightDoubleLeap))
		}
	}
	return list
}
