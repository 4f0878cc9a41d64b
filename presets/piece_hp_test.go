package presets

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// Scenario 1: a rook captures a 2-HP pawn: the pawn drops to 1 HP and is
// pushed to the first empty adjacent square clockwise from N.
func TestPieceHP_Scenario1(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	if pieceAt(t, g, "d5") != "R" || pieceAt(t, g, "d6") != "p" || hp(t, g, "d6") != 1 {
		t.Errorf("d5=%s d6=%s hp=%d; FEN %s", pieceAt(t, g, "d5"), pieceAt(t, g, "d6"), hp(t, g, "d6"), g.FEN())
	}
}

// Scenario 2: a 1-HP pawn is captured for good.
func TestPieceHP_Scenario2(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=1}")
	play(t, g, "d1d5")
	if pieceAt(t, g, "d5") != "R" || g.Pos.Occupied().Count() != 3 {
		t.Errorf("pawn not removed: %s", g.FEN())
	}
}

// Scenario 3: a 2-HP knight with every adjacent square occupied is removed.
// (A queen's line to the target always leaves one adjacent square empty,
// so a white knight makes the capture here: same rule.)
func TestPieceHP_Scenario3(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/2ppp3/2pnp3/1Nppp3/8/8/4K3 w - - 0 1")
	play(t, g, "b4d5")
	if pieceAt(t, g, "d5") != "N" || g.Pos.Count(1, 2) != 0 {
		t.Errorf("knight not removed: %s", g.FEN())
	}
}

// Edge: en passant damages the pawn on its own square and pushes it from there.
func TestPieceHP_EnPassant(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
	play(t, g, "e5d6")
	// d5 was emptied: the pawn (1 HP left) is pushed from d5 to the first
	// empty square clockwise from N: d6 holds the white pawn, so NE = e6.
	if pieceAt(t, g, "d6") != "P" || pieceAt(t, g, "e6") != "p" || hp(t, g, "e6") != 1 {
		t.Errorf("after exd6 e.p.: %s", g.FEN())
	}
}

// RULINGS: piece-hp — a king with 2+ HP may stand attacked; with 1 HP the
// usual check rules hold.
func TestPieceHP_CheckOnlyAtOneHP(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
	if hasMove(g, "e1e2") || hasMove(g, "e1d1") {
		t.Errorf("1-HP king may step into attack: %v", legal(g))
	}
	g = newGame(t, "piece-hp", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 {Hp:e1=2}")
	if !hasMove(g, "e1e2") {
		t.Errorf("2-HP king may stand attacked: %v", legal(g))
	}
}

// RULINGS: piece-hp — check exists only for a 1-HP royal, so a 2-HP king
// castles while attacked and across attacked squares as it may stand
// attacked anywhere; a 1-HP king castles by the usual rules.
func TestPieceHP_CastlingByCheckAtOneHP(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/r3K2R w K - 0 1 {Hp:e1=2}", true},  // attacked on e1
		{"4kr2/8/8/8/8/8/8/4K2R w K - 0 1 {Hp:e1=2}", true},  // f1 attacked
		{"4k3/8/8/8/8/8/8/r3K2R w K - 0 1 {Hp:e1=1}", false}, // in check
		{"4kr2/8/8/8/8/8/8/4K2R w K - 0 1 {Hp:e1=1}", false}, // through check
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 {Hp:e1=1}", true},
	} {
		if got := hasMove(newGame(t, "piece-hp", c.fen), "e1g1"); got != c.want {
			t.Errorf("%s: castling e1g1 legal %v, want %v", c.fen, got, c.want)
		}
	}
}

// The variant's own royals stay royal under house rules: coregal's queen
// (pseudo-royal) may not be left attacked, under piece-hp only at 1 HP
// (RULINGS: check exists only for a royal with 1 HP).
func TestPieceHP_PseudoRoyalQueen(t *testing.T) {
	v, err := variants.Get("coregal")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "4k3/8/8/8/8/8/8/r3KQ2 w - - 0 1" // the rook attacks the king and, behind it, the queen
	for _, c := range []struct{ presets, facts, result, moves string }{
		{"bishops-ignore-color", "", "0-1 checkmate", ""},
		{"piece-hp", " {Hp:f1=1}", "0-1 checkmate", ""},
		{"piece-hp", " {Hp:f1=2}", "", "e1d2 e1e2 e1f2"},
	} {
		g := newVariantGame(t, v, c.presets, fen+c.facts)
		r, over := g.Result()
		if got := r.Score + " " + r.Reason; over != (c.result != "") || (over && got != c.result) {
			t.Errorf("%s%s: result %q (over %v), want %q", c.presets, c.facts, got, over, c.result)
		}
		if got := joined(legal(g)); !over && got != c.moves {
			t.Errorf("%s%s: moves %s, want %s", c.presets, c.facts, got, c.moves)
		}
	}
}

func TestPieceHP_FactsRoundTrip(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	fen := g.FEN()
	if want := "4k3/8/3p4/3R4/8/8/8/4K3 b - - 0 1 {Hp:d6=1}"; fen != want {
		t.Fatalf("FEN %s, want %s", fen, want)
	}
	h := newGame(t, "piece-hp", fen)
	if h.FEN() != fen {
		t.Errorf("round trip: %s", h.FEN())
	}
}

// A FEN may not give a piece 0 or fewer hit points, nor name a square twice.
func TestPieceHP_EdgeBadFacts(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=0}", "Hp of d5 is 0: must be 1 to 99"},
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=-3}", "Hp of d5 is -3"},
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=1,d5=2}", "Hp of d5 is given twice"},
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d4=1}", "no piece on d4"},
	} {
		specs, _ := rules.ParseSpecs("piece-hp")
		rs, err := rules.Compile(position.NewVariant(), specs)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rules.NewGame(rs, c.fen, false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.fen, err, c.want)
		}
	}
	specs, _ := rules.ParseSpecs("piece-hp:foo=bar")
	if _, err := rules.Compile(position.NewVariant(), specs); err == nil || !strings.Contains(err.Error(), `preset piece-hp has no option "foo"`) {
		t.Errorf("unknown option: %v", err)
	}
}

// The damage is recorded as the preset.hp-damage resolution of the move
// (moves --explain shows it after the generating production); a quiet move
// sets off nothing.
func TestPieceHP_EffectRecorded(t *testing.T) {
	g := newGame(t, "piece-hp", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	var names []string
	for _, e := range g.Effects() {
		names = append(names, position.ProductionName(e))
	}
	if strings.Join(names, " ") != "preset.hp-damage" {
		t.Errorf("effects %v, want [preset.hp-damage]", names)
	}
	play(t, g, "e8e7")
	if len(g.Effects()) != 0 {
		t.Errorf("a quiet move recorded effects %v", g.Effects())
	}
}

// Hit points are refused where wall squares change (duck chess,
// petrification): the damaging capture replaces the move and places no wall.
// Walls that never move (gustav3's) are fine.
func TestPieceHPRefusedWithMovingWalls(t *testing.T) {
	for _, name := range []string{"duck", "petrified", "amazons"} {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		_, err = rules.Compile(v, []rules.Spec{{ID: "piece-hp"}})
		if want := "not supported yet in a variant whose wall squares change (" + name; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
	v, _ := variants.Get("gustav3")
	if _, err := rules.Compile(v, []rules.Spec{{ID: "piece-hp"}}); err != nil {
		t.Errorf("gustav3: %v", err)
	}
}
