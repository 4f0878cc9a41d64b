package rules_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestResultUsesRulesetMoves: under house rules checkmate and stalemate are
// decided by the ruleset's own legal moves, not the base rules' (positions
// where the base rules see mate but the presets leave moves: a king with
// HP to spare, an exploding rook's capture, a damaged piece's retreat).
func TestResultUsesRulesetMoves(t *testing.T) {
	cases := []struct{ variant, presets, fen, moves string }{
		{"chess", "piece-hp,king-heals", "3pkb2/3Pnp2/2B5/8/8/8/8/4K3 b - - 0 1 {Hp:e8=3}",
			"e7c6 e7c8 e7d5 e7f5 e7g6 e7g8 e8d7 f7f5 f7f6 f8g7 f8h6"},
		{"chess", "explosive-rook", "5bnQ/5B1r/2q3pk/5pPp/p4P1P/8/1r1N4/4KR2 b - - 0 40", "h7h8"},
		{"chess", "piece-hp,poisoned-squares", "rnb1kb1r/3n1ppP/p5p1/P1p2K2/pP5q/2N2P2/R1PP2BP/2BQ2NR w - - 0 20 {Hp:a5=1,h7=1}", "f5e4 f5e5"},
	}
	for _, c := range cases {
		rs := rulestest.Compile(t, c.variant, c.presets)
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		got := g.UCIList(g.LegalMoves())
		slices.Sort(got)
		if strings.Join(got, " ") != c.moves {
			t.Errorf("%s + %s: legal moves %v, want %s", c.variant, c.presets, got, c.moves)
		}
		if r, over := g.Result(); over {
			t.Errorf("%s + %s, %s: Result %v with %d legal moves, want the game to go on", c.variant, c.presets, c.fen, r, len(got))
		}
	}
}

// TestResultMateIffNoMoves: along random games under house rules, Result
// reports checkmate or stalemate exactly when the ruleset has no legal move
// (and no preset or immediate end came first).
func TestResultMateIffNoMoves(t *testing.T) {
	cases := []struct{ variant, presets string }{
		{"chess", "piece-hp"}, {"chess", "piece-hp,king-heals"}, {"chess", "explosive-rook"},
		{"chess", "piece-hp,king-heals,poisoned-squares"}, {"chess", "pawns-move-backward,piece-hp,king-heals"},
		{"chess", "wrap-board"}, {"chess", "queen-splits,knights-leap-twice"},
	}
	rng := rand.New(rand.NewSource(11))
	ends := 0
	for _, c := range cases {
		rs := rulestest.Compile(t, c.variant, c.presets)
		for game := 0; game < 20; game++ {
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200; ply++ {
				legal := g.LegalMoves()
				r, over := g.Result()
				_, ended := g.Ended()
				mateLike := over && (r.Reason == "checkmate" || r.Reason == "stalemate")
				if !ended && mateLike != (len(legal) == 0) {
					t.Fatalf("%s + %s, %s: Result %v %v with %d legal moves", c.variant, c.presets, g.FEN(), r, over, len(legal))
				}
				if over {
					ends++
					break
				}
				g.Do(legal[rng.Intn(len(legal))])
			}
		}
	}
	if ends == 0 {
		t.Fatal("no game ended: the test saw no result")
	}
}

// TestCheckUnderHouseRules: SAN's + and # and Game.Checkers follow the
// ruleset's in-check test and legal moves: with piece-hp and king-heals a
// bishop taking d7 next to a king with 3 HP gives no check (the base rules
// would write Bxd7+); with 1 HP the same capture mates (the damaged pawn is
// knocked back to d8 and blocks the king's flight); without house rules it
// is the base rules' check.
func TestCheckUnderHouseRules(t *testing.T) {
	const fen = "4kb2/3pnp2/2B5/3P4/8/8/8/3K4 w - - 0 1"
	for _, c := range []struct{ presets, facts, san, checkers string }{
		{"piece-hp,king-heals", " {Hp:e8=3}", "Bxd7", ""},
		{"piece-hp", " {Hp:e8=1}", "Bxd7#", "d7"},
		{"", "", "Bxd7+", "d7"},
	} {
		g, err := rules.NewGame(rulestest.Compile(t, "chess", c.presets), fen+c.facts, false)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove("c6d7")
		if err != nil {
			t.Fatal(err)
		}
		if got := g.SAN(m); got != c.san {
			t.Errorf("%q: SAN %q, want %q", c.presets, got, c.san)
		}
		legal, sans := g.LegalSANs()
		if i := slices.Index(legal, m); i < 0 || sans[i] != c.san {
			t.Errorf("%q: LegalSANs gives %v for c6d7, want %q", c.presets, sans, c.san)
		}
		g.Do(m)
		var got []string
		for b := g.Checkers(); b.Any(); {
			got = append(got, b.Pop().String())
		}
		if strings.Join(got, " ") != c.checkers || g.InCheck(g.Pos.SideToMove()) != (c.checkers != "") {
			t.Errorf("%q: checkers %v, InCheck %v; want %q", c.presets, got, g.InCheck(g.Pos.SideToMove()), c.checkers)
		}
	}
}

// TestParseMoveSaysWhy: an illegal move's error names the move and the
// position, and why when it can tell (a promotion without its piece, no
// piece of the side to move on the origin, the king's safety, a piece
// that does not go there).
func TestParseMoveSaysWhy(t *testing.T) {
	g, err := rules.NewGame(rulestest.Compile(t, "chess", ""), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ move, want string }{
		{"a7a8", `illegal move "a7a8" in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: a promotion names its piece: a7a8n, a7a8b, a7a8r, a7a8q`},
		{"b2b4", `illegal move "b2b4" in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: no piece of the side to move on b2`},
		{"e8d8", `illegal move "e8d8" in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: no piece of the side to move on e8`},
		{"e1e3", `illegal move "e1e3" in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: the piece on e1 cannot move to e3`},
	} {
		if _, err := g.ParseMove(c.move); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.move, err, c.want)
		}
	}
	// moves of the base rules that the king's safety forbids
	for _, c := range []struct{ fen, move, why string }{
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "it would leave the king in check"},
		{"4k3/8/8/8/8/8/4r3/3NK3 w - - 0 1", "d1c3", "it does not get the king out of check"},
		{"4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "e1f1", "it does not get the king out of check"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1", "the king would castle out of, through or into check"},
	} {
		g, err := rules.NewGame(rulestest.Compile(t, "chess", ""), c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.ParseMove(c.move); err == nil || !strings.HasSuffix(err.Error(), ": "+c.why) {
			t.Errorf("%s %s: %v, want %q", c.fen, c.move, err, c.why)
		}
	}
}

// TestParseMoveHintsNotMisleading: no hint where the text is not exactly
// two squares (partial text, SAN) and no promotion hint for an ordinary
// move whose text extends the typed one (a9a1 / a9a10 on a 10-rank board).
func TestParseMoveHintsNotMisleading(t *testing.T) {
	for _, c := range []struct{ variant, fen, move, want string }{
		{"grand", "10/R9/10/10/10/P9/10/10/10/1k7K w - - 0 1", "a9a1", `illegal move "a9a1" in 10/R9/10/10/10/P9/10/10/10/1k7K w - - 0 1: the piece on a9 cannot move to a1`},
		{"chess", "", "e2e", `illegal move "e2e" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`},
		{"chess", "n3k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q", `illegal move "a8=Q" in n3k3/P7/8/8/8/8/8/4K3 w - - 0 1`},
	} {
		g, err := rules.NewGame(rulestest.Compile(t, c.variant, ""), c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.ParseMove(c.move); err == nil || err.Error() != c.want {
			t.Errorf("%s %s: %v, want %s", c.variant, c.move, err, c.want)
		}
	}
}

// TestNewGameHookedCheckNotToMove: under house rules a position whose side
// not to move is in check by the presets' own rules is refused, as the base
// rules refuse it (piece-hp: a 1-Hp king in check; a 2-Hp king may stand
// attacked).
func TestNewGameHookedCheckNotToMove(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "piece-hp")
	if _, err := rules.NewGame(rs, "4k3/8/8/8/4R3/8/8/5K2 w - - 0 1", false); err == nil || err.Error() != "side to move: black is in check but white is to move" {
		t.Errorf("1-Hp king in check, White to move: %v", err)
	}
	if _, err := rules.NewGame(rs, "4k3/8/8/8/4R3/8/8/5K2 w - - 0 1 {Hp:e8=2}", false); err != nil {
		t.Errorf("2-Hp king attacked, White to move: %v", err)
	}
}
