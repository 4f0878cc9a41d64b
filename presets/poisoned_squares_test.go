package presets

import (
	"sort"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

const hpPoison = "piece-hp,poisoned-squares"

// Scenario 1: a 2-HP rook that ends White's turn on e4 drops to 1 HP.
func TestPoisonedSquares_Scenario1(t *testing.T) {
	g := newGame(t, hpPoison, "3k4/8/8/8/8/8/8/4R1K1 w - - 0 1")
	play(t, g, "e1e4")
	if pieceAt(t, g, "e4") != "R" || hp(t, g, "e4") != 1 {
		t.Fatalf("rook on e4: %s", g.FEN())
	}
	if !strings.HasSuffix(g.FEN(), "{Hp:e4=1}") {
		t.Errorf("facts suffix: %s", g.FEN())
	}
}

// Scenario 2: a 1-HP knight that ends the turn on d5 dies there.
func TestPoisonedSquares_Scenario2(t *testing.T) {
	g := newGame(t, hpPoison, "4k3/8/8/8/8/2N5/8/6K1 w - - 0 1 {Hp:c3=1}")
	play(t, g, "c3d5")
	if pieceAt(t, g, "d5") != "." {
		t.Fatalf("the knight survived: %s", g.FEN())
	}
	g.Undo()
	if pieceAt(t, g, "c3") != "N" || hp(t, g, "c3") != 1 {
		t.Errorf("undo: %s", g.FEN())
	}
}

// Scenario 3: the rook leaves e4 for e8: no damage. A rook that passes
// over e4 is not poisoned either; one that stays on e4 is.
func TestPoisonedSquares_Scenario3(t *testing.T) {
	g := newGame(t, hpPoison, "k7/8/8/8/4R3/8/8/6K1 w - - 0 1")
	play(t, g, "e4e8")
	if hp(t, g, "e8") != 2 {
		t.Errorf("rook left e4 and took damage: %s", g.FEN())
	}
	through := newGame(t, hpPoison, "k7/8/8/8/8/8/8/4R1K1 w - - 0 1")
	play(t, through, "e1e7")
	if hp(t, through, "e7") != 2 {
		t.Errorf("rook passed e4 and e5 and took damage: %s", through.FEN())
	}
	stays := newGame(t, hpPoison, "k7/8/8/8/4R3/8/8/6K1 w - - 0 1")
	play(t, stays, "g1g2")
	if hp(t, stays, "e4") != 1 {
		t.Errorf("rook stayed on e4: %s", stays.FEN())
	}
}

// RULINGS: poisoned-squares — only the side whose turn ended is poisoned:
// Black's pieces on the centre are untouched when White's turn ends, and
// White's when Black's turn ends. Each occupant is hit once per own turn.
func TestPoisonedSquares_EdgeOncePerOwnTurn(t *testing.T) {
	g := newGame(t, hpPoison, "k7/8/8/3r4/4R3/8/8/6K1 w - - 0 1")
	play(t, g, "g1g2")
	if hp(t, g, "e4") != 1 || hp(t, g, "d5") != 2 {
		t.Fatalf("after White's turn: %s", g.FEN())
	}
	play(t, g, "a8b8")
	if hp(t, g, "e4") != 1 || hp(t, g, "d5") != 1 {
		t.Fatalf("after Black's turn: %s", g.FEN())
	}
	play(t, g, "g2g1")
	if pieceAt(t, g, "e4") != "." || hp(t, g, "d5") != 1 {
		t.Fatalf("after White's second turn the rook dies: %s", g.FEN())
	}
}

// Edge: the king is poisoned too. Under piece-hp alone a 1-HP king that
// steps on the centre dies and its side has lost.
func TestPoisonedSquares_EdgeKingDies(t *testing.T) {
	g := newGame(t, hpPoison, "k7/8/8/8/8/4K3/8/8 w - - 0 1")
	if !hasMove(g, "e3e4") {
		t.Fatalf("e3e4 missing: %v", legal(g))
	}
	play(t, g, "e3e4")
	if pieceAt(t, g, "e4") != "." {
		t.Fatalf("king survived: %s", g.FEN())
	}
	wantResult(t, g, true, rules.Result{Score: "0-1", Reason: "king destroyed"})
	if n := len(g.LegalMoves()); n != 0 {
		t.Errorf("%d moves after the game ended", n)
	}
}

// Edge: with king-heals, poison resolves first (RULINGS: king-heals): a king
// not in check on the centre loses 1 and heals 1 (net 0); one in check
// loses 1 and does not heal; a 1-HP king dies before it could heal.
func TestPoisonedSquares_EdgeWithKingHeals(t *testing.T) {
	const all = "piece-hp,king-heals,poisoned-squares"
	g := newGame(t, all, "k7/8/8/8/8/4K3/8/8 w - - 0 1 {Hp:e3=2}")
	play(t, g, "e3e4")
	if hp(t, g, "e4") != 2 {
		t.Errorf("not in check: king HP %d, want 2 (%s)", hp(t, g, "e4"), g.FEN())
	}

	c := newGame(t, all, "k3r3/8/8/8/8/3K4/8/8 w - - 0 1 {Hp:d3=3}")
	play(t, c, "d3e4") // onto e4, attacked by the rook e8
	if hp(t, c, "e4") != 2 {
		t.Errorf("in check: king HP %d, want 2 (%s)", hp(t, c, "e4"), c.FEN())
	}
	// A 2-HP king would end on e4 with 1 HP and attacked: that is
	// leaving a 1-HP royal in check (RULINGS: piece-hp), illegal.
	two := newGame(t, all, "k3r3/8/8/8/8/3K4/8/8 w - - 0 1 {Hp:d3=2}")
	if hasMove(two, "d3e4") || !hasMove(two, "d3d4") {
		t.Errorf("legal: %v", legal(two))
	}

	d := newGame(t, all, "k7/8/8/8/8/4K3/8/8 w - - 0 1")
	play(t, d, "e3e4")
	if pieceAt(t, d, "e4") != "." {
		t.Fatalf("a 1-HP king healed before the poison: %s", d.FEN())
	}
	wantResult(t, d, true, rules.Result{Score: "0-1", Reason: "king destroyed"})
}

// Edge: promotion grants no immunity. On a chess board no pawn promotes on
// a centre square, so the test uses chess with White's promotion zone on
// rank 5: d4-d5=Q makes a queen on d5, which is poisoned at once.
func TestPoisonedSquares_EdgePromotion(t *testing.T) {
	v := position.NewVariant()
	v.PromotionRegion[position.White] = geom.RankSet(4)
	g := newVariantGame(t, v, hpPoison, "k7/8/8/8/3P4/8/8/6K1 w - - 0 1")
	play(t, g, "d4d5q")
	if pieceAt(t, g, "d5") != "Q" || hp(t, g, "d5") != 1 {
		t.Fatalf("promoted queen: %s", g.FEN())
	}
}

// piece-hp is required; the error names both presets.
func TestPoisonedSquares_RequiresPieceHP(t *testing.T) {
	_, err := rules.Compile(position.NewVariant(), []rules.Spec{{ID: "poisoned-squares"}})
	if err == nil || !strings.Contains(err.Error(), "poisoned-squares") || !strings.Contains(err.Error(), "piece-hp") {
		t.Errorf("error %v", err)
	}
}

func squareNames(s geom.Set) string {
	var out []string
	for s.Any() {
		out = append(out, s.Pop().String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// The centre on other board sizes: the one or two middle files crossed with
// the one or two middle ranks.
func TestPoisonedSquares_Centre(t *testing.T) {
	for _, c := range []struct {
		files, ranks int
		want         string
	}{
		{8, 8, "d4 d5 e4 e5"},
		{10, 8, "e4 e5 f4 f5"},
		{9, 9, "e5"},
		{9, 10, "e5 e6"},
		{6, 6, "c3 c4 d3 d4"},
		{12, 12, "f6 f7 g6 g7"},
	} {
		if got := squareNames(centreSquares(c.files, c.ranks)); got != c.want {
			t.Errorf("%d×%d: %s, want %s", c.files, c.ranks, got, c.want)
		}
	}
}

// Capablanca (10×8): e4 e5 f4 f5 are poisoned, d4 is not.
func TestPoisonedSquares_Capablanca(t *testing.T) {
	v, err := variants.Get("capablanca")
	if err != nil {
		t.Fatal(err)
	}
	g := newVariantGame(t, v, hpPoison, "k9/10/10/10/10/10/10/3RR4K w - - 0 1")
	play(t, g, "e1e4")
	if hp(t, g, "e4") != 1 {
		t.Errorf("e4: %s", g.FEN())
	}
	f := newVariantGame(t, v, hpPoison, "k9/10/10/10/10/10/10/3RR4K w - - 0 1")
	play(t, f, "e1f1", "a8b8", "f1f5")
	if hp(t, f, "f5") != 1 {
		t.Errorf("f5: %s", f.FEN())
	}
	d := newVariantGame(t, v, hpPoison, "k9/10/10/10/10/10/10/3RR4K w - - 0 1")
	play(t, d, "d1d4")
	if hp(t, d, "d4") != 2 {
		t.Errorf("d4 is not poisoned on 10×8: %s", d.FEN())
	}
}

// TestPoisonedSquares_XiangqiChaseAfterDeath: in xiangqi (9×10: e5 and e6
// poisoned) a 1-HP soldier stepping onto e6 dies there, and the chase rule
// (Position.chased, run after every move) then finds no piece on the
// move's target: the move is legal, the soldier gone and Black moves on
// (this panicked before; a self-play game with king-heals found it).
func TestPoisonedSquares_XiangqiChaseAfterDeath(t *testing.T) {
	v, err := variants.Get("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "1Cb1kabn1/r1n5r/5apc1/p1p1p1C1p/9/3RP4/P1P1c1P1P/4B4/9/RN1AKABN1 w - - 0 8 {Hp:e1=3,e5=1,g8=1,c9=1,e10=3}"
	g := newVariantGame(t, v, hpPoison+",king-heals", fen)
	if n := len(g.LegalMoves()); n != 46 {
		t.Fatalf("%d legal moves, want 46", n)
	}
	play(t, g, "e5e6")
	if pc := pieceAt(t, g, "e6"); pc != "." {
		t.Fatalf("e6 holds %q after the 1-HP soldier stepped on poison: %s", pc, g.FEN())
	}
	if n := len(g.LegalMoves()); n == 0 {
		t.Fatalf("Black has no move: %s", g.FEN())
	}
}
