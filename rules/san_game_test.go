package rules_test

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestGameSANHouseRules: Game.SAN disambiguates among the moves the
// house rules make legal, and Game.ParseMove reads that SAN back.
// Cases from a QA pass where play and the match PGN wrote Nd2 for two
// different knights.
func TestGameSANHouseRules(t *testing.T) {
	for _, c := range []struct {
		presets, fen string
		sans         map[string]string // UCI → SAN
	}{
		// the g5 knight's double leap reaches d2 as the b1 knight does
		{"knights-leap-twice", "4k3/8/8/6N1/8/8/8/1N2K3 w - - 0 1",
			map[string]string{"b1d2": "Nbd2", "g5d2": "Ngd2", "b1c3": "Nbc3", "b1a3": "Na3"}},
		// pawns step diagonally without capturing: three pawns reach d3
		{"pawn-diagonal-no-capture", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			map[string]string{"c2d3": "cd3", "d2d3": "dd3", "e2d3": "ed3", "a2a3": "aa3", "b2a3": "ba3", "a2a4": "a4"}},
		// the attacked king has hit points left: f1d2 is legal though the
		// base rules would call the king in check
		{"piece-hp,king-heals", "4r2k/8/8/8/8/8/8/1N2KN2 w - - 0 1 {Hp:e1=3,h8=3}",
			map[string]string{"b1d2": "Nbd2", "f1d2": "Nfd2"}},
	} {
		g, err := rules.NewGame(rulestest.Compile(t, "chess", c.presets), c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		for uci, want := range c.sans {
			m, err := g.ParseMove(uci)
			if err != nil {
				t.Fatalf("%s %s: %v", c.presets, uci, err)
			}
			if got := g.SAN(m); got != want {
				t.Errorf("%s %s: SAN %q, want %q", c.presets, uci, got, want)
			}
			back, err := g.ParseMove(want)
			if err != nil || back != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.presets, want, back, err, uci)
			}
		}
		// every legal move has its own SAN
		_, sans := g.LegalSANs()
		seen := map[string]bool{}
		for _, s := range sans {
			if seen[s] {
				sort.Strings(sans)
				t.Errorf("%s: SAN %q names two moves: %s", c.presets, s, strings.Join(sans, " "))
			}
			seen[s] = true
		}
	}
}

// TestGameParseMoveErrorFEN: an illegal move under house rules with facts
// names the position by the game's FEN, facts field included, so that the
// position can be set up again from the message.
func TestGameParseMoveErrorFEN(t *testing.T) {
	fen := "4r2k/8/8/8/8/8/8/1N2KN2 w - - 0 1 {Hp:e1=3,h8=3}"
	g, err := rules.NewGame(rulestest.Compile(t, "chess", "piece-hp,king-heals"), fen, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"b1b3", "Qd4"} {
		_, err := g.ParseMove(mv)
		var ie *rules.IllegalMoveError
		if !errors.As(err, &ie) {
			t.Fatalf("%s: error %v, want an IllegalMoveError", mv, err)
		}
		if ie.FEN != fen {
			t.Errorf("%s: error names %q, want %q", mv, ie.FEN, fen)
		}
	}
}
