package uci

import (
	"strings"
	"testing"
)

// FuzzUCILines: no input line stops the engine or breaks the session; after
// any lines (and a stop) it still answers isready. Lines that only cost
// time or memory (perft, Hash, VariantPath) are left out.
func FuzzUCILines(f *testing.F) {
	for _, s := range []string{
		"position startpos moves e2e4 e7e5\ngo depth 2",
		"setoption name UCI_Variant value capablanca\nposition startpos\ngo nodes 500",
		"setoption name HouseRules value piece-hp\ngo depth 1",
		"position fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo depth 3",
		"go searchmoves e2e4 zz depth 1",
		"go wtime 0 btime 0",
		"position startpos e2e4\nd",
		"setoption name Skill Level value 3\ngo movetime 5",
		"ucinewgame\nisready\nstop\nponderhit",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		lower := strings.ToLower(input)
		if strings.Contains(lower, "perft") || strings.Contains(lower, "hash") || strings.Contains(lower, "variantpath") ||
			strings.Contains(lower, "infinite") || strings.Contains(lower, "ponder") || strings.Contains(lower, "xboard") {
			return
		}
		out := &syncBuf{}
		e := New(out)
		for _, l := range strings.Split(input, "\n") {
			f := strings.Fields(l)
			if len(f) > 0 && f[0] == "go" {
				// keep each search short
				l += " nodes 2000"
			}
			if !e.Handle(l) {
				return // quit
			}
		}
		e.Handle("stop")
		e.Wait()
		out.take()
		e.Handle("isready")
		if got := out.take(); !strings.Contains(got, "readyok") {
			t.Fatalf("after %q: isready answered %q", input, got)
		}
	})
}
