package uci

import (
	"strings"
	"testing"

	_ "houserules/variants/plugins" // the variant plugins register themselves
)

// TestUCIPlugins: the plugins are in the UCI_Variant combo, selectable by
// key (without regard to case, as every variant name), and counted and
// played like any variant. Perft counts: the oracle's (Fairy-Stockfish's
// torpedo, startpos, depth 4, corpus/testdata/perft/corpus-core.tsv) and
// the cylinder's 392 (counted by hand in variants/plugins).
func TestUCIPlugins(t *testing.T) {
	s := newSession(t)
	out := s.send("uci")
	for _, k := range []string{"torpedoChess", "cylinderChess", "noCastling", "capablancaChess"} {
		if !strings.Contains(out, " var "+k+" ") && !strings.Contains(out, " var "+k+"\n") {
			t.Errorf("UCI_Variant combo lacks %s", k)
		}
	}
	for _, tc := range []struct {
		variant string
		depth   string
		nodes   string
	}{{"torpedoChess", "4", "209719"}, {"CYLINDERCHESS", "2", "392"}} {
		s.send("setoption name UCI_Variant value "+tc.variant, "position startpos")
		if got := lastLine(s.send("go perft " + tc.depth)); got != "Nodes searched: "+tc.nodes {
			t.Errorf("%s perft %s: %q, want %s", tc.variant, tc.depth, got, tc.nodes)
		}
	}
	// plugins with hooks: atomic (= Fairy-Stockfish's atomic, startpos
	// perft 4), rifle and a Marseillais game between the two plies of
	// Black's turn, where the engine answers with Black's second ply
	s.send("setoption name UCI_Variant value atomicChess", "position startpos")
	if got := lastLine(s.send("go perft 4")); got != "Nodes searched: 197326" {
		t.Errorf("atomicChess perft 4: %q", got)
	}
	s.send("setoption name UCI_Variant value rifleChess", "position startpos moves e2e4 d7d5 e4d5")
	if m := bestmove(t, s.send("go depth 2")); m == "" || m == "(none)" {
		t.Errorf("no best move in rifleChess")
	}
	s.send("setoption name UCI_Variant value marseillaisChess", "position startpos moves e2e4 e7e5")
	if m := bestmove(t, s.send("go depth 2")); len(m) < 4 || m[1] < '5' {
		t.Errorf("marseillaisChess: best move %q, want a second black ply", m)
	}
	s.send("setoption name UCI_Variant value toroidalChess", "position startpos moves b2a8")
	if m := bestmove(t, s.send("go depth 2")); m == "" || m == "(none)" {
		t.Errorf("no best move in toroidalChess")
	}
}
