package plugins

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"houserules/rules"
)

func TestChess960Plugin(t *testing.T) {
	// Fairy-Stockfish's fischerandom rows (played as Chess960)
	f, err := os.Open("../../corpus/testdata/perft/corpus-core.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 || c[0] != "fischerandom" || c[2] != "true" {
			continue
		}
		rows++
		d, _ := strconv.Atoi(c[4])
		n, _ := strconv.ParseUint(c[5], 10, 64)
		if got := perft(t, "chess960Plugin", c[3], d); got != n {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish's fischerandom: %d", c[3], d, got, n)
		}
	}
	if rows == 0 {
		t.Fatal("no fischerandom rows")
	}
	// Init shuffles the back rank: different seeds, different starts, each
	// a legal Chess960 position
	rs := resolve(t, "chess960Plugin").Ruleset
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		fen := rs.StartFEN("", false, rand.New(rand.NewPCG(seed, seed)))
		back := strings.Split(strings.Fields(fen)[0], "/")[7]
		if len(back) != 8 || strings.Count(back, "B") != 2 || strings.Count(back, "R") != 2 {
			t.Fatalf("start %s", fen)
		}
		if b1, b2 := strings.Index(back, "B"), strings.LastIndex(back, "B"); (b1+b2)%2 == 0 {
			t.Errorf("bishops on one colour: %s", fen)
		}
		if k, r1, r2 := strings.Index(back, "K"), strings.Index(back, "R"), strings.LastIndex(back, "R"); k < r1 || k > r2 {
			t.Errorf("king not between the rooks: %s", fen)
		}
		g, err := rules.NewGame(rs, fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(g.LegalMoves()); n < 16 {
			t.Errorf("%s: %d moves", fen, n)
		}
		seen[back] = true
	}
	if len(seen) < 10 {
		t.Errorf("%d different starts in 20", len(seen))
	}
}
