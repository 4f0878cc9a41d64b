package plugins

import (
	"strings"
	"testing"

	"houserules/variants"
)

func TestRifleChess(t *testing.T) {
	// The capturer stays: 1.e4 d5 2.exd5 leaves the pawn on e4 and d5 empty.
	g := play(t, "rifleChess", "", "e2e4 d7d5 e4d5")
	if got, want := board(g), "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"; got != want {
		t.Errorf("after exd5 %s, want %s", got, want)
	}
	// En passant is ordinary: the pawn moves to the target square.
	g = play(t, "rifleChess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6")
	if got, want := board(g), "4k3/8/3P4/8/8/8/8/4K3"; got != want {
		t.Errorf("after exd6 e.p. %s, want %s", got, want)
	}
	// A pawn shooting onto the last rank stays a pawn, listed once.
	got := legal(t, "rifleChess", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1")
	if strings.Count(got, "e7d8") != 1 {
		t.Errorf("moves %s", got)
	}
	g = play(t, "rifleChess", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q")
	if got, want := board(g), "4k3/4P3/8/8/8/8/8/4K3"; got != want {
		t.Errorf("after exd8 %s, want %s", got, want)
	}
	// The shot keeps the shooter on its square: the king on e1 shoots the
	// rook on d2 and stays; d1, e2 and f2 are attacked by the rook.
	got = legal(t, "rifleChess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
	if got != "e1d2 e1f1" {
		t.Errorf("king moves %s, want e1d2 e1f1 (d1, e2, f2 attacked by the rook)", got)
	}
	// Perft 3 equals chess's (the first capture is the third ply's move);
	// at depth 4 the rule changes the counts.
	if n := perft(t, "rifleChess", "", 3); n != 8902 {
		t.Errorf("perft 3 = %d, want 8902", n)
	}
}

// TestRifleWithPieceHP: presets stack on the plugin's hooks: under
// piece-hp the shot is a capture that deals damage, so the pawn on d5
// loses a hit point and is pushed aside, and the shooter stays on e4.
func TestRifleWithPieceHP(t *testing.T) {
	res, err := variants.Resolve(variants.Request{Variant: "rifleChess", Presets: "piece-hp"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("")
	if err != nil {
		t.Fatal(err)
	}
	playMoves(t, "rifleChess+piece-hp", g, "e2e4 d7d5 e4d5")
	b := board(g)
	if !strings.HasPrefix(strings.Split(b, "/")[4], "4P") {
		t.Errorf("the shooter left e4: %s", g.FEN())
	}
	if strings.Count(b, "p") != 8 {
		t.Errorf("the damaged pawn was removed: %s", g.FEN())
	}
}

// TestIniSectionExtendsHookPlugin: an ini section that extends a plugin
// with hooks keeps them (here on a section of a section): exd5 leaves the
// shooter on e4 as rifleChess does, not on d5 as the tables alone would.
func TestIniSectionExtendsHookPlugin(t *testing.T) {
	ini := "[myRifle:rifleChess]\n[myRifle2:myRifle]\nenPassantRegion = -\n"
	for _, name := range []string{"myRifle", "myRifle2"} {
		res, err := variants.Resolve(variants.Request{Variant: name, INI: ini, ININame: "mine.ini"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := res.NewGame("")
		if err != nil {
			t.Fatal(err)
		}
		playMoves(t, name, g, "e2e4 d7d5 e4d5")
		if got, want := board(g), "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"; got != want {
			t.Errorf("%s: after exd5 %s, want %s", name, got, want)
		}
	}
}

// TestRifleShotToLastRankWithoutQueen: where the promotion pieces hold no
// queen (an ini section over rifleChess with promotionPieceTypes = n), the
// pawn still shoots onto the last rank, once, and stays a pawn; it had no
// such move at all (only the queen's promotion was kept).
func TestRifleShotToLastRankWithoutQueen(t *testing.T) {
	ini := "[knightRifle:rifleChess]\npromotionPieceTypes = n\n"
	res, err := variants.Resolve(variants.Request{Variant: "knightRifle", INI: ini, ININame: "mine.ini"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := sorted(strings.Join(g.UCIList(g.LegalMoves()), " ")); got != "e1e2 e1f1 e1f2 e7d8n" {
		t.Fatalf("legal moves %s, want the shot e7d8n once", got)
	}
	m, _ := g.ParseMove("e7d8n")
	g.Do(m)
	if got := board(g); got != "4k3/4P3/8/8/8/8/8/4K3" {
		t.Errorf("after the shot %s", g.FEN())
	}
	// rifleChess itself keeps e7d8q alone
	if got := legal(t, "rifleChess", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"); !strings.Contains(got, "e7d8q") || strings.Contains(got, "e7d8n") || strings.Contains(got, "e7d8r") {
		t.Errorf("rifleChess: %s", got)
	}
}
