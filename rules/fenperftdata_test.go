package rules_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// perftDataDirs hold the oracle perft tables: the corpus's copy and the
// shared oracle data beside the checkout (the same files; either may be
// absent).
var perftDataDirs = []string{"../corpus/testdata/perft", "../../shared/testdata/perft"}

// allIniPath is the variants.ini of the tables' "ini" rows (shared data).
const allIniPath = "../../shared/testdata/variants/all.ini"

// TestFENPerftDataAccepted (issue 45): every position of the oracle perft
// tables (corpus-core, corpus-extended, fsf-suite: positions of real games
// and Fairy-Stockfish's test positions), whatever its depth, is accepted
// by position.New, the strict reader, in its Chess960 mode where the row
// says so: the refusals of impossible positions (placement, material, en
// passant, empty-square counts) must refuse none of them. Rows of
// variants that are not supported yet, and "ini" rows when all.ini is
// absent, are left out.
func TestFENPerftDataAccepted(t *testing.T) {
	var ini *variants.File
	if _, err := os.Stat(allIniPath); err == nil {
		f, err := variants.LoadFile(allIniPath)
		if err != nil {
			t.Fatal(err)
		}
		ini = f
	}
	checked, skipped := 0, 0
	for _, dir := range perftDataDirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.tsv"))
		for _, name := range files {
			n, s := walkPerftRows(t, name, ini, func(string, *position.Position, int) {})
			checked, skipped = checked+n, skipped+s
		}
	}
	if checked == 0 {
		t.Skip("no perft tables found")
	}
	t.Logf("%d positions accepted, %d rows left out", checked, skipped)
}

// walkPerftRows reads every row of a perft table with position.New, the
// strict reader (an error for a row it refuses), and calls fn with the
// position of each row read; it returns the rows read and the rows left
// out (a variant not supported yet, an "ini" row without all.ini).
func walkPerftRows(t *testing.T, file string, ini *variants.File, fn func(name string, p *position.Position, line int)) (n, skipped int) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var header []string
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if line == 1 {
			header = cols
			continue
		}
		get := func(key string) string {
			for i, h := range header {
				if h == key && i < len(cols) {
					return cols[i]
				}
			}
			return ""
		}
		var v *position.Variant
		name := get("variant")
		if get("source") == "ini" {
			if ini == nil {
				skipped++
				continue
			}
			v, err = ini.Lookup(name)
			name = "ini:" + name
		} else {
			v, err = variants.Get(name)
		}
		if err != nil {
			skipped++ // not supported yet (the corpus tests say which)
			continue
		}
		p, err := position.New(v, get("fen"), get("chess960") == "true")
		if err != nil {
			t.Errorf("%s:%d %s: %v", filepath.Base(file), line, name, err)
			continue
		}
		fn(name, p, line)
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return n, skipped
}

// catalogueStarts calls fn with the start position of every catalogue
// variant that has one (the others are logged).
func catalogueStarts(t *testing.T, fn func(name string, p *position.Position)) {
	t.Helper()
	for _, name := range variants.Names() {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, err := position.New(v, "", false)
		if err != nil {
			t.Logf("%s: no start position: %v", name, err)
			continue
		}
		fn(name, p)
	}
}
