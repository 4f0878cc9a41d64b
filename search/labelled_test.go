package search

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readLabelled calls fn for each "variant<TAB>FEN<TAB>cp" line of the
// named file (bench/fsf-eval.sh writes them; cp for the side to move);
// lines of another shape or with a cp that is not an integer are skipped.
func readLabelled(t *testing.T, name string, fn func(variant, fen string, cp int)) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			continue
		}
		cp, err := strconv.Atoi(parts[2])
		if err != nil {
			continue
		}
		fn(parts[0], parts[1], cp)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
