package plugins

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// iniRows returns the corpus rows of an ini variant of Fairy-Stockfish's
// variants.ini (source=ini).
func iniRows(t *testing.T, variant string) []oracleRow {
	t.Helper()
	f, err := os.Open("../../corpus/testdata/perft/corpus-core.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []oracleRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 || c[0] != variant || c[2] != "false" {
			continue
		}
		d, _ := strconv.Atoi(c[4])
		n, _ := strconv.ParseUint(c[5], 10, 64)
		rows = append(rows, oracleRow{c[3], d, n})
	}
	if len(rows) == 0 {
		t.Fatalf("no rows for %s", variant)
	}
	return rows
}

// The maharaja is a Go-coded piece; the game is Fairy-Stockfish's
// maharajah (its variants.ini: an amazon, extinction pseudo-royal).
func TestMaharajaChess(t *testing.T) {
	// from e1: the rank 7, the file 7, the diagonals 4 + 3, the knight's
	// c2, d3, f3, g2
	if got := legal(t, "maharajaChess", "k7/8/8/8/8/8/8/4M3 w - - 0 1"); len(strings.Fields(got)) != 7+7+4+3+4 {
		t.Errorf("%d moves: %s", len(strings.Fields(got)), got)
	}
	// the maharaja may not stand attacked: the rook on d8 and the knight
	// on g3 keep it off the d-file and e2, e4, f1, f5, h1, h5
	got := legal(t, "maharajaChess", "k2r4/8/8/8/8/6n1/8/4M3 w - - 0 1")
	for _, m := range []string{"e1d1", "e1d2", "e1e2", "e1e4", "e1f1", "e1h1"} {
		if strings.Contains(got, m) {
			t.Errorf("%s into attack: %s", m, got)
		}
	}
	if !strings.Contains(got, "e1g3") {
		t.Errorf("no capture of the knight: %s", got)
	}
	rows := iniRows(t, "maharajah")
	if testing.Short() {
		rows = rows[:1]
	}
	for _, r := range rows {
		if got := perft(t, "maharajaChess", r.fen, r.depth); got != r.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish's maharajah: %d", r.fen, r.depth, got, r.nodes)
		}
	}
}
