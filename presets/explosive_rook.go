package presets

import (
	"houserules/position"
	"houserules/rules"
)

// ExplosiveRook is the explosive-rook preset (seed RULES.md, "Detonating
// Rook"): a rook that captures also removes every other piece, of either
// colour, on the capture square's rank or file within 2 squares; the rook
// survives. RULINGS: explosive-rook — kings are removed too; a side whose
// last king is removed loses, the mover first; legality is judged on the
// board after the blast.
type ExplosiveRook struct{}

func init() { rules.Register(ExplosiveRook{}) }

// Info declares the preset.
func (ExplosiveRook) Info() rules.Info {
	return rules.Info{
		ID: "explosive-rook", Name: "Detonating Rook", Category: "Piece Ability", Mode: rules.Override,
		Description:  "A capturing rook removes every piece within 2 squares of the capture square on its rank and file.",
		Incompatible: []string{"piece-hp"},
		Adds:         []string{"preset.rook-detonation"},
		Overrides:    []string{"fide.capture"},
	}
}

// Setup registers the detonation.
func (ExplosiveRook) Setup(b *rules.Builder, opts rules.Options) error {
	b.Hook(explosiveRook{})
	return nil
}

type explosiveRook struct{}

// prodDetonation names the detonation among a move's resolutions
// (moves --explain, Game.Effects).
var prodDetonation = position.RegisterProduction("preset.rook-detonation")

var blastSteps = [8][2]int{{0, 1}, {0, 2}, {0, -1}, {0, -2}, {1, 0}, {2, 0}, {-1, 0}, {-2, 0}}

// AfterMove detonates around the square of a rook's capture.
func (explosiveRook) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if info.Captured == position.NoPiece || info.Piece.Type() != position.Rook {
		return
	}
	p := g.Pos
	b := p.V.Board()
	to := m.To()
	g.Record(rules.Event{Kind: rules.EventEffect, Prod: prodDetonation, Square: to, Piece: p.PieceOn(to), ID: p.IDOn(to), Color: info.Mover})
	for _, d := range blastSteps {
		// rank and file distance, no wrapping (the blast is a distance)
		f, r := to.File()+d[0], to.Rank()+d[1]
		if f < 0 || r < 0 || f >= b.Files || r >= b.Ranks {
			continue
		}
		if s, ok := b.Step(to, d[0], d[1]); ok && p.PieceOn(s) != position.NoPiece {
			g.RemovePiece(s, prodDetonation)
		}
	}
}

// Result: the side whose last king was blown up loses, the mover first.
func (explosiveRook) Result(g *rules.Game) (rules.Result, bool) {
	p := g.Pos
	if !p.V.PieceTypes().Has(position.King) {
		return rules.Result{}, false
	}
	mover := p.SideToMove().Other()
	for _, c := range [2]position.Color{mover, mover.Other()} {
		if g.HadKing(c) && p.Count(c, position.King) == 0 {
			if c == position.White {
				return rules.Result{Score: "0-1", Reason: "king detonated"}, true
			}
			return rules.Result{Score: "1-0", Reason: "king detonated"}, true
		}
	}
	return rules.Result{}, false
}

// ResultStage: self-loss, before capture-to-win (RULINGS: the mover whose own last
// royal is blown up loses, whatever else the blast did), whatever order
// the presets are listed in.
func (explosiveRook) ResultStage() rules.Stage { return rules.StageSelfLoss }

// AfterMoveStage: capture resolution: the detonation.
func (explosiveRook) AfterMoveStage() rules.Stage { return rules.StageDamage }
