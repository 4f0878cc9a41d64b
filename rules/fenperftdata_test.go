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
			n, s := checkPerftTable(t, name, ini)
			checked, skipped = checked+n, skipped+s
		}
	}
	if checked == 0 {
		t.Skip("no perft tables found")
	}
	t.Logf("%d positions accepted, %d rows left out", checked, skipped)
}

// checkPerftTable reads every row of one table with position.New.
func checkPerftTable(t *testing.T, name string, ini *variants.File) (checked, skipped int) {
	f, err := os.Open(name)
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
		if get("source") == "ini" {
			if ini == nil {
				skipped++
				continue
			}
			v, err = ini.Lookup(get("variant"))
		} else {
			v, err = variants.Get(get("variant"))
		}
		if err != nil {
			skipped++ // not supported yet (the corpus tests say which)
			continue
		}
		if _, err := position.New(v, get("fen"), get("chess960") == "true"); err != nil {
			t.Errorf("%s:%d %s: %v", filepath.Base(name), line, get("variant"), err)
		}
		checked++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return checked, skipped
}
