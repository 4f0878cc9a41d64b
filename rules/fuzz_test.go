package rules_test

import (
	"slices"
	"strings"
	"testing"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/rules/rulestest"
	"houserules/variants"
)

// FuzzParseSpecs: the --presets parser and the ruleset compiler never
// panic; what they refuse comes with a message, and what they accept
// compiles to a ruleset with a start position.
func FuzzParseSpecs(f *testing.F) {
	for _, s := range []string{"piece-hp", "piece-hp,king-heals", "piece-hp:hp=3", "wrap-board,rook-warp", "king-heals:scope=white",
		"explosive-rook,capture-to-win", ",", "::", "piece-hp:=", "queen-splits:scope=black,piece-hp"} {
		f.Add(s)
	}
	v, err := variants.Get("chess")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		specs, err := rules.ParseSpecs(s)
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		rs, err := rules.Compile(v, specs)
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: empty compile error", s)
			}
			return
		}
		if _, err := rules.NewGame(rs, "", false); err != nil {
			t.Logf("%q: compiles but has no start position: %v", s, err)
		}
	})
}

// FuzzParseMove: a move text (UCI or SAN) is either refused with a message
// or names one of the legal moves, in plain chess and under house rules
// (where SAN is matched through Game.SAN).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e4", "Nf3", "O-O", "exd5", "e7e8q", "e8=Q+", "Qxf7#", "a1a1", "", "Zz9", "P@e4", "Nbd2", "cd3"} {
		f.Add(s)
	}
	// a middlegame with castling, captures, en passant and promotion chances
	const fen = "r3k2r/1P3ppp/8/3pP3/8/8/5PPP/R3K2R w KQkq d6 0 20"
	var games []*rules.Game
	for _, c := range []struct{ presets, fen string }{
		{"", fen},
		{"knights-leap-twice,pawn-diagonal-no-capture", "r3k2r/1P3ppp/8/3pP1N1/8/8/2P2PPP/RN2K2R w KQkq d6 0 20"},
	} {
		g, err := rules.NewGame(rulestest.Compile(f, "chess", c.presets), c.fen, false)
		if err != nil {
			f.Fatal(err)
		}
		games = append(games, g)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range games {
			m, err := g.ParseMove(s)
			if err != nil {
				if strings.TrimSpace(err.Error()) == "" {
					t.Fatalf("%q: empty error", s)
				}
				continue
			}
			if !slices.Contains(g.LegalMoves(), m) {
				t.Fatalf("%q parsed to %s, which is not legal", s, g.Pos.UCI(m))
			}
		}
	})
}
