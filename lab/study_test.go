package lab

import (
	"reflect"
	"strings"
	"testing"

	_ "houserules/presets"
)

func TestParseRulesets(t *testing.T) {
	got, err := ParseRulesets(" piece-hp; piece-hp,king-heals ;wrap-board;-")
	want := []string{"piece-hp", "piece-hp,king-heals", "wrap-board", "-"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
	for in, msg := range map[string]string{
		"":                "no ruleset",
		"piece-hp;;":      `ruleset 3 ("-") is ruleset 2 again`,
		"a:b;x":           `ruleset 1 ("a:b"): presets item 1 ("a:b"): option "b" is not key=value`,
		"wrap-board;-;-":  `ruleset 3 ("-") is ruleset 2 again`,
		"piece-hp; ,king": `ruleset 2 (",king"): presets item 1 (""): empty preset ID`,
	} {
		if _, err := ParseRulesets(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseRulesets(%q) = %v, want %q", in, err, msg)
		}
	}
}

func TestStudyCheck(t *testing.T) {
	s := Study{Variant: "chess", Rulesets: []string{"piece-hp", "no-such-rule"}, Games: 4, Level: 20, Nodes: 100, MaxPlies: 100, Openings: 2}
	if err := s.Check(); err == nil || !strings.HasPrefix(err.Error(), `ruleset 2 ("no-such-rule"): `) {
		t.Errorf("Check = %v, want the unknown preset in ruleset 2", err)
	}
	s.Rulesets = []string{"piece-hp"}
	s.Games = 3
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "must be even") {
		t.Errorf("Check = %v, want odd games refused", err)
	}
	s.Games = 4
	if err := s.Check(); err != nil {
		t.Errorf("Check = %v", err)
	}
}

// TestPlayPairReplays: a pair under a node budget replays move for move
// (a retried job plays the same games), colours are swapped (game 2's
// White is game 1's Black: both are the same AI, so the opening plies are
// the same book moves), and pairs differ from each other.
func TestPlayPairReplays(t *testing.T) {
	s := &Study{ID: 7, Variant: "chess", Rulesets: []string{"-", "wrap-board"}, Games: 4, Level: 20, Nodes: 60, MaxPlies: 40, Openings: 4, Seed: 11}
	a, err := PlayPair(s, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PlayPair(s, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Errorf("game %d differs on replay:\n%+v\n%+v", i, a[i], b[i])
		}
		if a[i].Opening != 4 || a[i].Plies != len(a[i].Moves) || a[i].Ruleset != 1 || a[i].Pair != 0 || a[i].Index != i {
			t.Errorf("game %d: %+v", i, a[i])
		}
	}
	if !reflect.DeepEqual(a[0].Moves[:4], a[1].Moves[:4]) {
		t.Errorf("the pair's openings differ: %v / %v", a[0].Moves[:4], a[1].Moves[:4])
	}
	c, err := PlayPair(s, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(c[0].Moves, a[0].Moves) {
		t.Errorf("pairs 0 and 1 played the same game")
	}
	if _, err := PlayPair(s, 2, 0); err == nil || err.Error() != "lab: no pair 0 of ruleset 2 in study 7" {
		t.Errorf("PlayPair(2, 0) = %v", err)
	}
}

// TestReplayGame: a played pair replays under its ruleset, on a board
// with a shuffled back rank too (chess960: the stored start FEN), and a
// move that is not legal is refused with its ply.
func TestReplayGame(t *testing.T) {
	for _, variant := range []string{"chess", "fischerandom"} {
		s := &Study{ID: 3, Variant: variant, Rulesets: []string{"wrap-board"}, Games: 2, Level: 20, Nodes: 40, MaxPlies: 30, Openings: 2, Seed: 9}
		pair, err := PlayPair(s, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range pair {
			r, err := ReplayGame(s, &pair[i])
			if err != nil {
				t.Fatalf("%s game %d: %v", variant, i, err)
			}
			if len(r.SAN) != pair[i].Plies || len(r.FENAfter) != pair[i].Plies || r.Presets != "wrap-board" || r.StartFEN == "" {
				t.Errorf("%s game %d: %+v", variant, i, r)
			}
			if (variant == "chess") != (pair[i].StartFEN == "") {
				t.Errorf("%s game %d: start FEN %q", variant, i, pair[i].StartFEN)
			}
		}
	}
	s := &Study{ID: 3, Variant: "chess", Rulesets: []string{"-"}, Games: 2}
	_, err := ReplayGame(s, &Game{JobID: 4, Index: 1, Moves: []string{"e2e4", "e2e4"}})
	if err == nil || !strings.HasPrefix(err.Error(), "lab: game 4/1 ply 2 (e2e4) does not replay") {
		t.Errorf("ReplayGame = %v", err)
	}
}
