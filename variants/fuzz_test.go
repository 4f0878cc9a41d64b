package variants

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary text to Load: it must never panic, every section
// must have either a variant or an error, and every error must carry a
// file:line place.
func FuzzLoad(f *testing.F) {
	seeds := []string{
		"",
		"[a]\n",
		"[a:chess]\nmaxRank = 10\nmaxFile = j\n",
		"[a:chess]\ncustomPiece1 = a:mWcF\nking = k:KNF\npawn = -\n",
		"[x]\npromotionRegionWhite = *8 a7 b*\nflagRegion = -\n[y:x]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
		"[a:chess]\npieceValueMg = p:100 q:-3\npromotedPieceType = p:q r:-\npromotionLimit = q:1\n",
		"[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN+R[] b KQkq - 3+3 0 1\n",
		"[a:b:c]\n[:]\n[\n[]]\n=x\n =\nk=\n",
		"[x:chess]\ncustomPiece1 = k:N\ncustomPiece2 = k:B\n[y:chess]\ncustomPiece3 = n:B\nking = g\ncustomPiece1 = g:W\n",
		"[a:chess]\r\ncastlingWins = KQkq\r\ncountingRule = cambodian\r\ntopology = torus\r\n",
	}
	// Every section of the real files, one seed each (small inputs fuzz faster).
	for _, name := range []string{"shaolinking.ini", "fairy-stockfish-variants.ini"} {
		if data, err := os.ReadFile(filepath.Join(testdata, name)); err == nil {
			for i, sec := range strings.Split(string(data), "\n[") {
				if i > 0 {
					sec = "[" + sec
				}
				seeds = append(seeds, sec)
			}
		}
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		file, err := Load("fuzz.ini", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range file.Sections {
			if (s.Variant == nil) == (s.Err == nil) {
				t.Fatalf("section %q: variant %v, error %v", s.Name, s.Variant != nil, s.Err)
			}
			if s.Err != nil && !strings.Contains(s.Err.Error(), "(fuzz.ini:") && !strings.Contains(s.Err.Error(), "(catalogue/") {
				t.Fatalf("section %q: error without a place: %v", s.Name, s.Err)
			}
			if s.Variant != nil && (s.Variant.MaxFile > 11 || s.Variant.MaxRank > 11) {
				t.Fatalf("section %q: board %dx%d", s.Name, s.Variant.MaxFile+1, s.Variant.MaxRank+1)
			}
			if _, err := file.Lookup(s.Name); (err == nil) != (s.Err == nil) && s.Err == nil {
				t.Fatalf("Lookup(%q) disagrees: %v", s.Name, err)
			}
		}
	})
}
