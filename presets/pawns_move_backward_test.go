package presets

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

// Scenario 1: a pawn on e4 with e3 empty may step back to e3.
func TestPawnsMoveBackward_Scenario1(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e3 e4e5" {
		t.Errorf("pawn moves %q, want e4e3 e4e5", got)
	}
	if p := production(g, "e4e3"); p != "preset.pawn-backward-push" {
		t.Errorf("e4e3 production %q", p)
	}
	play(t, g, "e4e3")
	if pieceAt(t, g, "e3") != "P" || pieceAt(t, g, "e4") != "." {
		t.Errorf("after e4e3: %s", g.FEN())
	}
}

// Scenario 2: no backward captures: an enemy on d3 cannot be taken from e4.
func TestPawnsMoveBackward_Scenario2(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/4P3/3p4/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e3 e4e5" {
		t.Errorf("pawn moves %q, want e4e3 e4e5 (no e4d3)", got)
	}
	// Nor straight back onto an enemy piece.
	g = newGame(t, "pawns-move-backward", "4k3/8/8/8/4P3/4p3/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e5" {
		t.Errorf("pawn moves %q, want e4e5 (no e4e3 capture)", got)
	}
}

// Scenario 3: a friendly piece on e3 blocks the step.
func TestPawnsMoveBackward_Scenario3(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/4P3/4N3/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e5" {
		t.Errorf("pawn moves %q, want e4e5", got)
	}
}

// Edge: a backward step never creates an en-passant target (here black
// pawns stand beside both squares involved).
func TestPawnsMoveBackward_EdgeNoEnPassant(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/4P3/3p1p2/8/8/4K3 w - - 0 1")
	play(t, g, "e5e4")
	if ep := fenField(g, 3); ep != "-" || g.Pos.EPSquares().Any() {
		t.Errorf("ep field %q after a backward step: %s", ep, g.FEN())
	}
	if got := joined(movesFrom(g, "d4")) + " " + joined(movesFrom(g, "f4")); got != "d4d3 d4d5 f4f3 f4f5" {
		t.Errorf("black pawn moves %q, want d4d3 d4d5 f4f3 f4f5 (no e.p.)", got)
	}
}

// Edge: a pawn that stepped back onto its home rank has moved (HasMoved)
// and may not double-step; it may still single-step.
func TestPawnsMoveBackward_EdgeHomeRankNoDoubleStep(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1")
	play(t, g, "e3e2", "e8d8")
	if got := joined(movesFrom(g, "e2")); got != "e2e3" {
		t.Errorf("pawn moves %q, want only e2e3 (no double step)", got)
	}
	if got := g.FEN(); got != "3k4/8/8/8/8/8/4P3/4K3 w - - 1 2 {HasMoved:e2=1,d8=1}" {
		t.Errorf("FEN %s", got)
	}
	// An unmoved pawn on the same square keeps its double step.
	g = newGame(t, "pawns-move-backward", "4k3/8/8/8/8/8/4P3/3K4 w - - 0 1")
	if got := joined(movesFrom(g, "e2")); got != "e2e1 e2e3 e2e4" {
		t.Errorf("unmoved pawn moves %q, want e2e1 e2e3 e2e4", got)
	}
}

// Edge (RULINGS: pawns-move-backward): the backward step is a pawn move and
// resets the fifty-move counter.
func TestPawnsMoveBackward_EdgeFiftyMoveReset(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/4P3/8/8/4K3 w - - 37 60")
	play(t, g, "e4e3")
	if hm := fenField(g, 4); hm != "0" || g.Pos.State().Rule50 != 0 {
		t.Errorf("halfmove clock %q after a backward step: %s", hm, g.FEN())
	}
	g.Undo()
	if hm := fenField(g, 4); hm != "37" {
		t.Errorf("undo: halfmove clock %q", hm)
	}
	// A king move still counts.
	play(t, g, "e1d1")
	if hm := fenField(g, 4); hm != "38" {
		t.Errorf("halfmove clock %q after a king move", hm)
	}
}

// Edge (RULINGS: pawns-move-backward): a pawn may step back onto its own
// first rank and stays a pawn there; from there it only single-steps.
func TestPawnsMoveBackward_EdgeOwnFirstRank(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/8/8/8/4P3/3K4 w - - 0 1")
	play(t, g, "e2e1")
	if pieceAt(t, g, "e1") != "P" {
		t.Fatalf("after e2e1: %s", g.FEN())
	}
	play(t, g, "e8d8")
	if got := joined(movesFrom(g, "e1")); got != "e1e2" {
		t.Errorf("pawn moves %q on the first rank, want e1e2", got)
	}
}

// Description: a pawn that has moved backward still promotes when it
// reaches the last rank.
func TestPawnsMoveBackward_EdgeStillPromotes(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1")
	play(t, g, "e7e6", "a8b8", "e6e7", "b8a8")
	if got := joined(movesFrom(g, "e7")); got != "e7e6 e7e8b e7e8n e7e8q e7e8r" {
		t.Errorf("pawn moves %q", got)
	}
	play(t, g, "e7e8q")
	if pieceAt(t, g, "e8") != "Q" {
		t.Errorf("no promotion: %s", g.FEN())
	}
}

// Black pawns step back towards the 8th rank.
func TestPawnsMoveBackward_Black(t *testing.T) {
	g := newGame(t, "pawns-move-backward", "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1")
	if got := joined(movesFrom(g, "e5")); got != "e5e4 e5e6" {
		t.Errorf("black pawn moves %q, want e5e4 e5e6", got)
	}
}

// Capablanca (10×8): the rule works on the wider board.
func TestPawnsMoveBackward_Capablanca(t *testing.T) {
	g := catalogueGame(t, "capablanca", "pawns-move-backward", "5k4/10/10/10/8P1/10/10/5K4 w - - 0 1")
	if got := joined(movesFrom(g, "i4")); got != "i4i3 i4i5" {
		t.Errorf("pawn moves %q, want i4i3 i4i5", got)
	}
}

// The preset cannot be combined with double-pawn-sprint.
func TestPawnsMoveBackward_IncompatibleWithSprint(t *testing.T) {
	specs, _ := rules.ParseSpecs("pawns-move-backward,double-pawn-sprint")
	_, err := rules.Compile(position.NewVariant(), specs)
	if err == nil || !strings.Contains(err.Error(), "incompatible") {
		t.Errorf("pawns-move-backward + double-pawn-sprint: %v", err)
	}
}
