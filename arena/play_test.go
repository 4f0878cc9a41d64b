package arena

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestPlayScript: SAN and UCI input, a bad move, undo, fen, quit.
func TestPlayScript(t *testing.T) {
	in := strings.NewReader("e4\nxyz\nmoves\nundo\ng1f3\nfen\nquit\n")
	var out bytes.Buffer
	err := Play(in, &out, PlayConfig{Ruleset: rulestest.Compile(t, "chess", ""), Level: 3, Human: position.White, MoveTime: 50 * time.Millisecond, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{
		"you play white, the AI plays at level 3",
		`"xyz" is not a legal move here`,
		"Ba6 Bb5 Bc4 Bd3 Be2 Ke2 Na3 Nc3 Ne2 Nf3 Nh3 Qe2 Qf3 Qg4 Qh5", // part of the sorted legal moves after e4 and a reply
		"bye",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in:\n%s", want, s)
		}
	}
	if strings.Count(s, "\nAI plays ") != 2 {
		t.Errorf("the AI should have answered e4 and Nf3 (after the undo):\n%s", s)
	}
	// after undo and 1.Nf3 the FEN shows the knight on f3 and the pawn back on e2
	lines := strings.Split(s, "\n")
	var fen string
	for _, l := range lines {
		if i := strings.Index(l, "your move (white): "); i >= 0 && strings.Count(l, "/") == 7 {
			fen = strings.TrimPrefix(l[i:], "your move (white): ")
		}
	}
	if !strings.Contains(fen, "5N2/PPPPPPPP/RNBQKB1R w") {
		t.Errorf("fen after undo and Nf3: %q\n%s", fen, s)
	}
}

// TestPlayAsBlackCapablanca: the AI opens, the board has ten files, the
// game goes on with a move typed by the person.
func TestPlayAsBlackCapablanca(t *testing.T) {
	in := strings.NewReader("moves\n")
	var out bytes.Buffer
	if err := Play(in, &out, PlayConfig{Ruleset: rulestest.Compile(t, "capablanca", ""), Level: 0, Human: position.Black, MoveTime: 30 * time.Millisecond, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.Contains(s, "AI plays ") || !strings.Contains(s, "  j   i   h   g   f   e   d   c   b   a") {
		t.Errorf("black's view of capablanca:\n%s", s)
	}
}

// TestParseHumanMoveUnderPresets: SAN works for rulesets with hooks too.
func TestParseHumanMoveUnderPresets(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "piece-hp")
	g, err := rules.NewGame(rs, "", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e4", "d5", "exd5"} {
		m, err := ParseHumanMove(g, mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		g.Do(m)
	}
	// the d5 pawn had 2 HP: it survives, pushed aside; the white pawn stands on d5
	if pc := g.Pos.PieceOn(sq(t, "d5")); pc == position.NoPiece || pc.Color() != position.White {
		t.Errorf("after exd5 under piece-hp: %s", g.FEN())
	}
	if _, err := ParseHumanMove(g, "Qxd8"); err == nil {
		t.Errorf("Qxd8 accepted in %s", g.FEN())
	}
}

func sq(t *testing.T, name string) geom.Square {
	t.Helper()
	s, err := geom.ParseSquare(name, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestParseHumanMoveLoose: besides UCI and SAN, a person may write the
// origin in full or in part (Ng1f3, Nb1d2), a dash (e2-e4) or a
// promotion without = (e7e8Q); a move that fits two legal moves is
// refused with both named.
func TestParseHumanMoveLoose(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	cases := []struct{ fen, text, want string }{
		{"", "e2-e4", "e2e4"},
		{"", "Ng1f3", "g1f3"},
		{"", "Ng1-f3", "g1f3"},
		{"", "Pe4", "e2e4"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nb1d2", "b1d2"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nfd2", "f1d2"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "ambiguous: Nbd2, Nfd2"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8Q", "e7e8q"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "not a legal move"},
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "Kc8", "e8c8"},
		{"", "Nd2", "not a legal move"},
	}
	for _, c := range cases {
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseHumanMove(g, c.text)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = g.Pos.UCI(m)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s in %q: %s, want %s", c.text, c.fen, got, c.want)
		}
	}
}

// TestIllegalMoveSaysWhy: play's message for an illegal move gives the
// reason when the rules can tell it (uci's TestPositionIllegalMoveSaysWhy
// checks the position command's).
func TestIllegalMoveSaysWhy(t *testing.T) {
	g, err := rules.NewGame(rulestest.Compile(t, "chess", ""), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		"a7a8": `"a7a8" is not a legal move here (a promotion names its piece: a7a8n, a7a8b, a7a8r, a7a8q)`,
		"b2b4": `"b2b4" is not a legal move here (no piece of the side to move on b2)`,
		"e1e3": `"e1e3" is not a legal move here (the piece on e1 cannot move to e3)`,
	} {
		if _, err := ParseHumanMove(g, text); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", text, err, want)
		}
	}
}
