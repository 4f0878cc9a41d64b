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
	s.send("setoption name UCI_Variant value toroidalChess", "position startpos moves b2a8")
	if m := bestmove(t, s.send("go depth 2")); m == "" || m == "(none)" {
		t.Errorf("no best move in toroidalChess")
	}
}
