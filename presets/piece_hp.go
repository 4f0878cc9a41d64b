package presets

import (
	"fmt"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// PieceHP is the piece-hp preset (seed RULES.md, "Hit Points"): every piece
// has hit points (kings 1, others 2). A capture deals 1 damage: at 0 the
// piece is removed, else it is pushed to the first empty adjacent square
// clockwise from N (removed when there is none). RULINGS: piece-hp — only a
// royal with 1 HP can be in check; a royal with 2+ HP may stand attacked.
type PieceHP struct{}

// HPFact is the name of the hit-points fact.
const HPFact = "Hp"

var prodHPDamage = position.RegisterProduction("preset.hp-damage")

func init() { rules.Register(PieceHP{}) }

// Info declares the preset.
func (PieceHP) Info() rules.Info {
	return rules.Info{
		ID: "piece-hp", Name: "Hit Points", Category: "Persistent State", Mode: rules.Override,
		Description:  "Pieces have hit points (king 1, others 2); a capture deals 1 damage and pushes a surviving piece aside.",
		Incompatible: []string{"explosive-rook"},
		Adds:         []string{"preset.hp-damage"},
		Overrides:    []string{"fide.capture", "fide.check-detection"},
	}
}

// Setup declares the Hp fact and the hooks.
func (PieceHP) Setup(b *rules.Builder, opts rules.Options) error {
	if v := b.Variant; v.WallingRule != position.NoWalling || v.PetrifyOnCaptureTypes != 0 || (v.BlastOnCapture && v.PetrifyBlastPieces) {
		// a damaging capture replaces the move (DoCustom), which places no
		// wall and has been seen to leave the occupancy inconsistent with
		// moving walls: refused until that is built (session note, issue 43)
		return fmt.Errorf("not supported yet in a variant whose wall squares change (%s: wallingRule or petrification)", v.Name)
	}
	slot, err := b.Fact(HPFact, initialHP)
	if err != nil {
		return err
	}
	b.Hook(&pieceHP{slot: slot})
	return nil
}

func initialHP(pc position.Piece) int16 {
	if pc.Type() == position.King {
		return 1
	}
	return 2
}

type pieceHP struct{ slot int }

// AfterMove turns the capture into damage.
func (h *pieceHP) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if info.Captured == position.NoPiece {
		return
	}
	p := g.Pos
	meta := info.CapturedMeta
	left := p.MetaFact(meta, h.slot) - 1
	meta = p.MetaWithFact(meta, h.slot, left)
	g.Record(rules.Event{Kind: rules.EventDamage, Prod: prodHPDamage, Square: info.CaptureSquare, Piece: info.Captured,
		ID: meta.ID, Amount: 1, Value: left, Color: info.Captured.Color()})
	if left <= 0 {
		return // the capture stands: the piece is gone
	}
	if to, ok := firstEmptyAdjacent(p, info.CaptureSquare); ok {
		g.Place(to, info.Captured, meta, prodHPDamage)
	}
}

// Royals: only royals (kings, the variant's pseudo-royal pieces) with
// 1 HP must not be left attacked.
func (h *pieceHP) Royals(g *rules.Game, c position.Color) (geom.Set, bool) {
	var r geom.Set
	for k := g.Pos.RoyalsOf(c); k.Any(); {
		s := k.Pop()
		if g.Pos.Fact(s, h.slot) <= 1 {
			r.Add(s)
		}
	}
	return r, true
}

// Result: a side whose last king was destroyed (pushed with nowhere to go,
// or poisoned) has lost.
func (h *pieceHP) Result(g *rules.Game) (rules.Result, bool) {
	return kingLost(g)
}

// kingLost ends the game when a side that started with kings has none.
func kingLost(g *rules.Game) (rules.Result, bool) {
	p := g.Pos
	if !p.V.PieceTypes().Has(position.King) {
		return rules.Result{}, false
	}
	for _, c := range [2]position.Color{p.SideToMove(), p.SideToMove().Other()} {
		if g.HadKing(c) && p.Count(c, position.King) == 0 {
			if c == position.White {
				return rules.Result{Score: "0-1", Reason: "king destroyed"}, true
			}
			return rules.Result{Score: "1-0", Reason: "king destroyed"}, true
		}
	}
	return rules.Result{}, false
}

// AfterMoveStage: capture resolution: damage and push.
func (h *pieceHP) AfterMoveStage() rules.Stage { return rules.StageDamage }

// View shows every piece's hit points as a badge.
func (h *pieceHP) View(g *rules.Game, seat rules.Seat, v *rules.View) {
	p := g.Pos
	for occ := p.Occupied(); occ.Any(); {
		s := occ.Pop()
		hp, max := int(p.Fact(s, h.slot)), int(initialHP(p.PieceOn(s)))
		v.Badges = append(v.Badges, rules.Badge{Square: s, Kind: "hp", Value: hp, Max: max,
			Text: fmt.Sprint(hp), Title: fmt.Sprintf("%d HP of %d", hp, max)})
	}
	v.Legend = append(v.Legend, rules.LegendItem{Kind: "hp", Text: "♥ badges: hit points of each piece (red: damaged)."})
}

// MaxHP bounds the hit points a FEN may give a piece.
const MaxHP = 99

// ValidateFacts refuses pieces set up with 0 or fewer (or absurdly many) HP.
func (h *pieceHP) ValidateFacts(g *rules.Game) error {
	p := g.Pos
	for occ := p.Occupied(); occ.Any(); {
		s := occ.Pop()
		if hp := p.Fact(s, h.slot); hp < 1 || hp > MaxHP {
			return fmt.Errorf("Hp of %s is %d: must be 1 to %d", s, hp, MaxHP)
		}
	}
	return nil
}
