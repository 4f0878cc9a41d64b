package presets

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

// Scenario 1: the king starts with 1 HP and heals to 2 after a turn out of check.
func TestKingHeals_Scenario1(t *testing.T) {
	g := newGame(t, "piece-hp,king-heals", "")
	if hp(t, g, "e1") != 1 {
		t.Fatalf("king starts with %d HP", hp(t, g, "e1"))
	}
	play(t, g, "e2e4")
	if hp(t, g, "e1") != 2 {
		t.Errorf("after e4: king HP %d, want 2", hp(t, g, "e1"))
	}
}

// Scenario 2: the heal caps at 3.
func TestKingHeals_Scenario2(t *testing.T) {
	g := newGame(t, "piece-hp,king-heals", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 {Hp:e1=3}")
	play(t, g, "e2e3")
	if hp(t, g, "e1") != 3 {
		t.Errorf("king HP %d, want 3", hp(t, g, "e1"))
	}
}

// Scenario 3: a 2-HP king is "captured": it drops to 1 HP, the game goes on,
// and it heals again after White's next turn out of check.
func TestKingHeals_Scenario3(t *testing.T) {
	g := newGame(t, "piece-hp,king-heals", "4k3/8/8/8/8/8/8/r3K3 b - - 0 1 {Hp:e1=2}")
	play(t, g, "a1e1")
	// the king (1 HP) is pushed N to e2
	if pieceAt(t, g, "e2") != "K" || hp(t, g, "e2") != 1 {
		t.Fatalf("after Rxe1: %s", g.FEN())
	}
	if _, over := g.Result(); over {
		t.Fatalf("game ended: %s", g.FEN())
	}
	play(t, g, "e2d3") // out of the rook's reach
	if hp(t, g, "d3") != 2 {
		t.Errorf("king HP %d after a turn out of check, want 2 (%s)", hp(t, g, "d3"), g.FEN())
	}
}

// Edge: a king that ends its turn attacked does not heal.
func TestKingHeals_NoHealInCheck(t *testing.T) {
	// White moves the king next to... a 2-HP king may stand attacked.
	g := newGame(t, "piece-hp,king-heals", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 {Hp:e1=2}")
	play(t, g, "e1e2")
	if hp(t, g, "e2") != 2 {
		t.Errorf("attacked king healed to %d", hp(t, g, "e2"))
	}
}

// A king cannot be set up with more HP than it heals to.
func TestKingHeals_EdgeHPCap(t *testing.T) {
	specs, _ := rules.ParseSpecs("piece-hp,king-heals")
	rs, err := rules.Compile(position.NewVariant(), specs)
	if err != nil {
		t.Fatal(err)
	}
	_, err = rules.NewGame(rs, "k7/8/8/8/8/8/8/4K3 w - - 0 1 {Hp:e1=5}", false)
	if err == nil || !strings.Contains(err.Error(), "Hp of the king on e1 is 5: a king heals to 3 at most") {
		t.Errorf("HP 5 king accepted: %v", err)
	}
}
