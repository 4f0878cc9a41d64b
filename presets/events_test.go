package presets

import (
	"strings"
	"testing"

	"houserules/rules"
)

func eventList(g *rules.Game) string {
	var out []string
	for _, e := range g.Events() {
		out = append(out, e.String())
	}
	return strings.Join(out, "\n")
}

// TestEventsOfPresetMoves: the exact events of moves under presets: the
// physical move's, then each hook's at its stage, then the checks given.
func TestEventsOfPresetMoves(t *testing.T) {
	for _, c := range []struct{ name, presets, fen, move, want string }{
		{"piece-hp damage and push", "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", `
moved white-rook d1-d5 by fide.rook-move at move
capture black-pawn d5 (capturer on d5) by fide.capture at move
damage black-pawn d5 1 (1 left) by preset.hp-damage at damage
placed black-pawn d6 by preset.hp-damage at damage`},
		{"piece-hp: the last hit point", "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=1}", "d1d5", `
moved white-rook d1-d5 by fide.rook-move at move
capture black-pawn d5 (capturer on d5) by fide.capture at move
damage black-pawn d5 1 (0 left) by preset.hp-damage at damage`},
		{"queen-splits fission", "queen-splits", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4", `
moved white-queen d1-d4 by fide.queen-move at move
capture black-pawn d4 (capturer on d4) by fide.capture at move
removed white-queen d4 by preset.queen-fission at piece-spawn
placed white-rook d4 by preset.queen-fission at piece-spawn
placed white-bishop d5 by preset.queen-fission at piece-spawn`},
		{"explosive-rook detonation", "explosive-rook", "7k/8/8/3n4/R2p1B2/8/3P4/K7 w - - 0 1", "a4d4", `
moved white-rook a4-d4 by fide.rook-move at move
capture black-pawn d4 (capturer on d4) by fide.capture at move
effect d4 by preset.rook-detonation at damage
removed black-knight d5 by preset.rook-detonation at damage
removed white-pawn d2 by preset.rook-detonation at damage
removed white-bishop f4 by preset.rook-detonation at damage`},
		{"promotion", "piece-hp", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", `
moved white-pawn e7-e8 by fide.promotion at move
promotion e8 white-pawn=white-queen by fide.promotion at move`},
		{"castling", "piece-hp", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", `
moved white-king e1-g1 by fide.castling at move
moved white-rook h1-f1 by fide.castling at move`},
		{"check given and received", "piece-hp", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", `
moved white-rook a1-a8 by fide.rook-move at move
check-received black-king e8 by fide.check-detection at move
check-given white-rook a8 by fide.check-detection at move`},
		{"poison and heal at the end of the turn", "piece-hp,poisoned-squares,king-heals", "7k/8/8/8/8/8/3P4/K7 w - - 0 1 {Hp:a1=1}", "d2d4", `
moved white-pawn d2-d4 by fide.pawn-double-push at move
damage white-pawn d4 1 (1 left) by preset.poison-damage at turn-end-damage
damage white-king a1 -1 (2 left) by preset.king-heal at turn-end-heal`},
	} {
		g := newGame(t, c.presets, c.fen)
		play(t, g, c.move)
		fen := g.FEN()
		key := g.Pos.Key()
		if got := eventList(g); got != strings.TrimPrefix(c.want, "\n") {
			t.Errorf("%s: events\n%s\nwant\n%s", c.name, got, strings.TrimPrefix(c.want, "\n"))
		}
		if g.FEN() != fen || g.Pos.Key() != key {
			t.Errorf("%s: reading the events changed the game: %s → %s", c.name, fen, g.FEN())
		}
	}
}

// The snapshot before the move shows the board and facts of then; the
// game is unchanged afterwards, and undoing the move drops its events.
func TestEventsSnapshotAndUndo(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	var before string
	var hpBefore int16
	g.Before(func() {
		before = g.FEN()
		hpBefore = hp(t, g, "d5")
	})
	if before != "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {}" || hpBefore != 2 {
		t.Errorf("before: %s, Hp of d5 %d", before, hpBefore)
	}
	if got := g.FEN(); got != "4k3/8/3p4/3R4/8/8/8/4K3 b - - 0 1 {Hp:d6=1}" {
		t.Errorf("after: %s", got)
	}
	play(t, g, "e8e7")
	if got := eventList(g); got != "moved black-king e8-e7 by fide.king-move at move" {
		t.Errorf("events of e8e7: %s", got)
	}
	g.Undo()
	if n := len(g.Events()); n != 4 {
		t.Errorf("after Undo the events of d1d5 are back: %d events", n)
	}
	if e := g.Effects(); len(e) != 1 {
		t.Errorf("effects %v", e)
	}
}
