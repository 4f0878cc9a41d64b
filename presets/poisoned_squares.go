package presets

import (
	"sort"
	"strings"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// PoisonedSquares is the poisoned-squares preset (seed RULES.md, "Poisoned
// Centre"): at the end of a player's turn each of that player's pieces
// standing on a poisoned square loses 1 HP; a piece at 0 HP is removed.
// RULINGS: poisoned-squares — only the pieces of the side whose turn ended
// take damage. RULINGS: king-heals — poison resolves before the heal. A
// king killed by poison is gone and its side has lost (piece-hp's result
// rule); stepping a 1-HP king onto poison is therefore a legal, losing move.
//
// The poisoned squares are the centre of the board: the middle file (odd
// width) or two middle files (even width), crossed with the middle rank
// or two middle ranks. On 8×8 that is d4 d5 e4 e5 as the seed names them;
// on 10×8 (capablanca) e4 e5 f4 f5; on 9×9 only e5; on 9×10 e5 e6.
type PoisonedSquares struct{}

func init() { rules.Register(PoisonedSquares{}) }

// Info declares the preset.
func (PoisonedSquares) Info() rules.Info {
	return rules.Info{
		ID: "poisoned-squares", Name: "Poisoned Centre", Category: "Persistent State", Mode: rules.Additive,
		Description: "A piece that ends its owner's turn on a central square (d4 d5 e4 e5 on 8×8) loses 1 HP; at 0 HP it is removed.",
		Requires:    []string{"piece-hp"},
		Adds:        []string{"preset.poison-damage"},
	}
}

// Setup finds the centre squares and registers the end-of-turn poison.
func (PoisonedSquares) Setup(b *rules.Builder, opts rules.Options) error {
	slot, err := b.Fact(HPFact, initialHP)
	if err != nil {
		return err
	}
	b.Hook(&poison{slot: slot, squares: centreSquares(b.Variant.MaxFile+1, b.Variant.MaxRank+1)})
	return nil
}

// centreSquares returns the central block of a files×ranks board: the one
// or two middle files crossed with the one or two middle ranks.
func centreSquares(files, ranks int) geom.Set {
	var s geom.Set
	for f := (files - 1) / 2; f <= files/2; f++ {
		for r := (ranks - 1) / 2; r <= ranks/2; r++ {
			s.Add(geom.Sq(f, r))
		}
	}
	return s
}

// prodPoison names the poison damage among a move's resolutions.
var prodPoison = position.RegisterProduction("preset.poison-damage")

type poison struct {
	slot    int
	squares geom.Set
}

// View marks the poisoned squares.
func (h *poison) View(g *rules.Game, seat rules.Seat, v *rules.View) {
	var names []string
	for s := h.squares; s.Any(); {
		sq := s.Pop()
		names = append(names, sq.String())
		v.Marks = append(v.Marks, rules.Mark{Square: sq, Kind: "poisoned", Title: "poisoned square"})
	}
	sort.Strings(names)
	v.Legend = append(v.Legend, rules.LegendItem{Kind: "poisoned",
		Text: "Green dashed squares (" + strings.Join(names, " ") + ") are poisoned: a piece ending its owner's turn there loses 1 HP."})
}

// EndTurnStage: damage, before king-heals.
func (h *poison) EndTurnStage() rules.Stage { return rules.StageTurnEndDamage }

// EndTurn damages the mover's pieces on poisoned squares.
func (h *poison) EndTurn(g *rules.Game, mover position.Color) {
	p := g.Pos
	on := p.Pieces(mover).And(h.squares)
	for on.Any() {
		s := on.Pop()
		hp := p.Fact(s, h.slot) - 1
		g.Record(rules.Event{Kind: rules.EventDamage, Prod: prodPoison, Square: s, Piece: p.PieceOn(s), ID: p.IDOn(s), Amount: 1, Value: hp, Color: mover})
		if hp <= 0 {
			g.RemovePiece(s, prodPoison)
			continue
		}
		p.SetFact(s, h.slot, hp)
	}
}
