// Package corpus checks the rules core against the Fairy-Stockfish oracle
// data in testdata/perft (see its README): for every row the variant, FEN
// and depth must give exactly the oracle's node count, and our FEN of the
// position must equal the oracle's.
//
// Rows whose source is "ini" are sections of Fairy-Stockfish's variants.ini
// (all.ini), which is not in this repository: they run when the shared
// oracle data is beside the checkout (../shared/testdata/variants/all.ini)
// and are reported as skipped, with their count, when it is not.
package corpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// perftData holds the oracle's perft vectors (copied into the repository).
const perftData = "testdata/perft"

// allIni is the variants.ini the corpus's "ini" rows were computed with:
// Fairy-Stockfish's GPL text, so it stays in the shared oracle data.
const allIni = "../../shared/testdata/variants/all.ini"

type row struct {
	line     int
	variant  string
	source   string
	chess960 bool
	fen      string
	depth    int
	nodes    uint64
	divide   []string
}

// readTSV calls add with the line number and the columns of every line of
// the file testdata/perft/name after the header that has at least cols
// columns.
func readTSV(t testing.TB, name string, cols int, add func(line int, c []string)) {
	f, err := os.Open(filepath.Join(perftData, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	n := 0
	for sc.Scan() {
		n++
		c := strings.Split(sc.Text(), "\t")
		if n == 1 || len(c) < cols {
			continue
		}
		add(n, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// readRows reads corpus-core.tsv or corpus-extended.tsv.
func readRows(t testing.TB, name string) []row {
	var rows []row
	readTSV(t, name, 6, func(n int, c []string) {
		r := row{line: n, variant: c[0], source: c[1], chess960: c[2] == "true", fen: c[3]}
		r.depth, _ = strconv.Atoi(c[4])
		r.nodes, _ = strconv.ParseUint(c[5], 10, 64)
		if len(c) > 6 {
			r.divide = strings.Fields(c[6])
		}
		rows = append(rows, r)
	})
	return rows
}

var (
	allOnce sync.Once
	allFile *variants.File
	allErr  error
)

// haveAllIni reports whether all.ini is present, i.e. whether the "ini"
// rows can run.
func haveAllIni() bool {
	_, err := os.Stat(allIni)
	return err == nil
}

// loadAllIni loads all.ini once.
func loadAllIni(t testing.TB) *variants.File {
	allOnce.Do(func() { allFile, allErr = variants.LoadFile(allIni) })
	if allErr != nil {
		t.Fatalf("load all.ini: %v", allErr)
	}
	return allFile
}

// splitIni separates the rows that can run from the "ini" rows that cannot
// because all.ini is absent; t's log says how many of each.
func splitIni(t *testing.T, name string, rows []row) (run []row, skipped int) {
	t.Helper()
	ini := haveAllIni()
	var nb, ni int
	for _, r := range rows {
		switch {
		case r.source != "ini":
			nb++
		case !ini:
			skipped++
			continue
		default:
			ni++
		}
		run = append(run, r)
	}
	t.Logf("%s: %d builtin rows and %d variants.ini rows to run", name, nb, ni)
	return run, skipped
}

// reportSkipped shows the "ini" rows left out as one skipped subtest, with
// their count and the reason.
func reportSkipped(t *testing.T, skipped int) {
	if skipped == 0 {
		return
	}
	t.Run("variants.ini", func(t *testing.T) {
		t.Skipf("skipped %d variants.ini rows: ../shared/testdata/variants/all.ini not present beside the checkout", skipped)
	})
}

func variantFor(t testing.TB, r row) *position.Variant {
	var v *position.Variant
	var err error
	if r.source == "ini" {
		// a copy: the file's variants are shared by the parallel rows, and
		// position.New compiles an uncompiled one (a data race under -race)
		if v, err = loadAllIni(t).Lookup(r.variant); err == nil {
			v = v.Clone()
		}
	} else {
		v, err = variants.Get(r.variant)
	}
	if err != nil {
		t.Fatalf("variant %s (%s): %v", r.variant, r.source, err)
	}
	return v
}

// divideDiff explains a mismatch: the moves we generate and the oracle's.
func divideDiff(p *position.Position, want []string) string {
	var got []string
	for _, m := range p.LegalMoves(nil) {
		got = append(got, p.UCI(m))
	}
	sort.Strings(got)
	gs, ws := map[string]bool{}, map[string]bool{}
	for _, g := range got {
		gs[g] = true
	}
	for _, w := range want {
		ws[w] = true
	}
	var extra, missing []string
	for _, g := range got {
		if !ws[g] {
			extra = append(extra, g)
		}
	}
	for _, w := range want {
		if !gs[w] {
			missing = append(missing, w)
		}
	}
	return fmt.Sprintf("depth-1: ours %d, oracle %d; extra %v; missing %v", len(got), len(want), extra, missing)
}

func runRows(t *testing.T, rows []row, maxNodes uint64) {
	if raceEnabled {
		// perft is single-goroutine: under -race only the rows of at most
		// 50,000 nodes (1,141 of 1,648, a seventh of the nodes)
		maxNodes = min(maxNodes, 50000)
	}
	for _, r := range rows {
		r := r
		if r.nodes > maxNodes {
			continue
		}
		t.Run(fmt.Sprintf("%s/line%d", r.variant, r.line), func(t *testing.T) {
			t.Parallel()
			v := variantFor(t, r)
			p, err := position.New(v, r.fen, r.chess960)
			if err != nil {
				t.Fatalf("FEN %q: %v", r.fen, err)
			}
			if got := p.FEN(); got != r.fen && r.fen != "startpos" {
				t.Errorf("FEN out\n got  %s\n want %s", got, r.fen)
			}
			if got := rules.Perft(p, r.depth); got != r.nodes {
				msg := ""
				if r.divide != nil {
					msg = divideDiff(p, r.divide)
				}
				t.Errorf("perft(%d) of %q = %d, oracle %d\n%s", r.depth, r.fen, got, r.nodes, msg)
			}
		})
	}
}

// TestCorpusCore runs every row of corpus-core.tsv (the "ini" rows only
// when all.ini is present).
func TestCorpusCore(t *testing.T) {
	rows, skipped := splitIni(t, "corpus-core.tsv", readRows(t, "corpus-core.tsv"))
	reportSkipped(t, skipped)
	runRows(t, rows, 1<<62)
}

// readSuite reads fsf-suite.tsv.
func readSuite(t testing.TB) []row {
	var rows []row
	readTSV(t, "fsf-suite.tsv", 5, func(n int, c []string) {
		r := row{line: n, variant: c[0], source: "builtin", chess960: c[1] == "true", fen: c[2]}
		r.depth, _ = strconv.Atoi(c[3])
		r.nodes, _ = strconv.ParseUint(c[4], 10, 64)
		rows = append(rows, r)
	})
	return rows
}

// TestFSFSuite runs the perft vectors of Fairy-Stockfish's own test script
// for every variant in the rules core's scope, up to 3M nodes per row (the
// deeper rows run in BenchmarkFSFSuiteChess). Variants that need features
// of later issues (drops, gating, walls, xiangqi rules …) are skipped with
// the reason the catalogue gives.
func TestFSFSuite(t *testing.T) {
	for _, r := range readSuite(t) {
		r := r
		if r.nodes > 3_000_000 {
			continue
		}
		t.Run(fmt.Sprintf("%s/line%d", r.variant, r.line), func(t *testing.T) {
			t.Parallel()
			v, err := variants.Get(r.variant)
			if err != nil {
				if strings.Contains(err.Error(), "not supported yet") {
					t.Skipf("%s: %v", r.variant, err)
				}
				t.Fatalf("variant %s: %v", r.variant, err)
			}
			p, err := position.New(v, r.fen, r.chess960)
			if err != nil {
				t.Fatalf("FEN %q: %v", r.fen, err)
			}
			if got := rules.Perft(p, r.depth); got != r.nodes {
				t.Errorf("perft(%d) of %q = %d, oracle %d", r.depth, r.fen, got, r.nodes)
			}
			// plain chess takes the 64-bit fast path: check the generic
			// core on the same rows too.
			if v.StandardChess() && !r.chess960 {
				if got := rules.PerftGeneric(p, r.depth); got != r.nodes {
					t.Errorf("generic perft(%d) of %q = %d, oracle %d", r.depth, r.fen, got, r.nodes)
				}
			}
		})
	}
}

// BenchmarkFSFSuiteChess runs the chess rows of the suite at full depth.
func BenchmarkFSFSuiteChess(b *testing.B) {
	rows := readSuite(b)
	v, err := variants.Get("chess")
	if err != nil {
		b.Fatal(err)
	}
	var total uint64
	for i := 0; i < b.N; i++ {
		for _, r := range rows {
			if r.variant != "chess" || r.chess960 {
				continue
			}
			p, err := position.New(v, r.fen, false)
			if err != nil {
				b.Fatal(err)
			}
			if got := rules.Perft(p, r.depth); got != r.nodes {
				b.Fatalf("perft(%d) of %q = %d, oracle %d", r.depth, r.fen, got, r.nodes)
			}
			total += r.nodes
		}
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "nodes/s")
}

// TestCorpusExtended runs the rows of corpus-extended.tsv whose variant
// loads: a variant we accept must be right; the others must be refused
// with "not supported yet" (pockets, gating, walls … come in later issues).
// The "ini" rows only run when all.ini is present.
func TestCorpusExtended(t *testing.T) {
	rows, skipped := splitIni(t, "corpus-extended.tsv", readRows(t, "corpus-extended.tsv"))
	reportSkipped(t, skipped)
	var run []row
	refused := 0
	for _, r := range rows {
		var err error
		if r.source == "ini" {
			_, err = loadAllIni(t).Lookup(r.variant)
		} else {
			_, err = variants.Get(r.variant)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "not supported yet") {
				t.Errorf("%s: refused without a 'not supported yet' reason: %v", r.variant, err)
			}
			refused++
			continue
		}
		run = append(run, r)
	}
	t.Logf("corpus-extended.tsv: %d rows of variants we accept run, %d rows refused as not supported yet", len(run), refused)
	runRows(t, run, 1<<62)
}
