package presets

import (
	"fmt"

	"houserules/position"
	"houserules/rules"
)

// KingHeals is the king-heals preset (seed RULES.md, "Regenerating King"):
// at the end of a player's turn, if that player's king is not attacked, it
// regains 1 HP, up to 3. RULINGS: king-heals — poison resolves first.
type KingHeals struct{}

func init() { rules.Register(KingHeals{}) }

// MaxKingHP is the most hit points a king can heal to.
const MaxKingHP = 3

// Info declares the preset.
func (KingHeals) Info() rules.Info {
	return rules.Info{
		ID: "king-heals", Name: "Regenerating King", Category: "Piece Ability", Mode: rules.Hybrid,
		Description: "At the end of its side's turn a king that is not attacked heals 1 HP (max 3).",
		Requires:    []string{"piece-hp"},
		Adds:        []string{"preset.king-heal"},
		Overrides:   []string{"fide.king-capture-illegal"},
	}
}

// Setup registers the end-of-turn heal.
func (KingHeals) Setup(b *rules.Builder, opts rules.Options) error {
	slot, err := b.Fact(HPFact, initialHP)
	if err != nil {
		return err
	}
	b.Hook(&kingHeals{slot: slot})
	return nil
}

type kingHeals struct{ slot int }

// prodKingHeal names the heal among a move's resolutions.
var prodKingHeal = position.RegisterProduction("preset.king-heal")

// EndTurnStage: healing, after poison (RULINGS: poison resolves first).
func (h *kingHeals) EndTurnStage() rules.Stage { return rules.StageTurnEndHeal }

// EndTurn heals the mover's kings that are not attacked.
func (h *kingHeals) EndTurn(g *rules.Game, mover position.Color) {
	p := g.Pos
	for k := p.PiecesOf(mover, position.King); k.Any(); {
		s := k.Pop()
		hp := p.Fact(s, h.slot)
		if hp < MaxKingHP && g.Attackers(s, mover.Other()).Empty() {
			g.Record(rules.Event{Kind: rules.EventDamage, Prod: prodKingHeal, Square: s, Piece: p.PieceOn(s), ID: p.IDOn(s), Amount: -1, Value: hp + 1, Color: mover})
			p.SetFact(s, h.slot, hp+1)
		}
	}
}

// ValidateFacts refuses a king set up with more HP than it can heal to.
func (h *kingHeals) ValidateFacts(g *rules.Game) error {
	p := g.Pos
	for _, c := range [2]position.Color{position.White, position.Black} {
		for k := p.PiecesOf(c, position.King); k.Any(); {
			s := k.Pop()
			if hp := p.Fact(s, h.slot); hp > MaxKingHP {
				return fmt.Errorf("Hp of the king on %s is %d: a king heals to %d at most", s, hp, MaxKingHP)
			}
		}
	}
	return nil
}
