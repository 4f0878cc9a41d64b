package plugins

import (
	"bufio"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/variants"
)

// resolve resolves a plugin key as every front end does.
func resolve(t *testing.T, key string) *variants.Resolved {
	t.Helper()
	res, err := variants.Resolve(variants.Request{Variant: key})
	if err != nil {
		t.Fatalf("resolve %s: %v", key, err)
	}
	if res.Name != key {
		t.Fatalf("resolve %s found %s", key, res.Name)
	}
	return res
}

// perft counts the plugin's perft from fen ("" = its start position).
func perft(t *testing.T, key, fen string, depth int) uint64 {
	t.Helper()
	g, err := resolve(t, key).NewGame(fen)
	if err != nil {
		t.Fatalf("%s: fen %q: %v", key, fen, err)
	}
	return rules.PerftGame(g, depth)
}

// legal lists the legal moves of the plugin's position fen, sorted.
func legal(t *testing.T, key, fen string) string {
	t.Helper()
	g, err := resolve(t, key).NewGame(fen)
	if err != nil {
		t.Fatalf("%s: fen %q: %v", key, fen, err)
	}
	out := g.UCIList(g.LegalMoves())
	sort.Strings(out)
	return strings.Join(out, " ")
}

// oracleRow is a row of the oracle's perft corpus.
type oracleRow struct {
	fen   string
	depth int
	nodes uint64
}

// oracleRows returns the corpus rows (corpus/testdata/perft/corpus-*.tsv,
// produced by Fairy-Stockfish, see its README) of a Fairy-Stockfish
// built-in variant (source=builtin).
func oracleRows(t *testing.T, variant string) []oracleRow {
	t.Helper()
	var rows []oracleRow
	for _, name := range []string{"corpus-core.tsv", "corpus-extended.tsv"} {
		f, err := os.Open("../../corpus/testdata/perft/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if len(c) < 6 || c[0] != variant || c[1] != "builtin" || c[2] != "false" {
				continue
			}
			d, _ := strconv.Atoi(c[4])
			n, _ := strconv.ParseUint(c[5], 10, 64)
			rows = append(rows, oracleRow{c[3], d, n})
		}
		f.Close()
	}
	if len(rows) == 0 {
		t.Fatalf("no oracle rows for %s", variant)
	}
	return rows
}

// checkOracle compares the plugin's perft with the oracle's rows of the
// Fairy-Stockfish built-in variant that is the same game.
func checkOracle(t *testing.T, key, fsfVariant string) {
	t.Helper()
	for _, r := range oracleRows(t, fsfVariant) {
		if got := perft(t, key, r.fen, r.depth); got != r.nodes {
			t.Errorf("%s perft(%q, %d) = %d, Fairy-Stockfish's %s: %d", key, r.fen, r.depth, got, fsfVariant, r.nodes)
		}
	}
}

// sorted sorts a space-separated move list.
func sorted(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

// sameTables checks that a plugin's variant is the catalogue variant's, but
// for the name: its flags compiled to the same options.
func sameTables(t *testing.T, key, catalogue string) {
	t.Helper()
	want, err := variants.Get(catalogue)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := variants.LookupPlugin(key)
	got := p.Variant()
	got.Name = want.Name
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the variant differs from the catalogue's %s\n%s", key, catalogue, p.INI)
	}
}

func lookup(t *testing.T, key string) (*variants.Plugin, bool) {
	t.Helper()
	p, ok := variants.LookupPlugin(key)
	if !ok || p.Err != nil {
		t.Fatalf("plugin %s: %v", key, p)
	}
	return p, ok
}
