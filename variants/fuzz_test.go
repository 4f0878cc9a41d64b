package variants

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary text to Load: it must never panic, every section
// must have either a variant or an error, and every error must carry a
// file:line place. An error of Load itself (a problem outside any section)
// is a syntax error whose every line names the file, and comes whenever
// there is no section.
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
		"[r:chess]\npieceDrops = true\nenclosingDrop = reversi\nenclosingDropStart = d4 e4 *5\nflipEnclosedPieces = quadwrangle\nfreeDrops = true\n",
		"[t:chess]\ndropOnTop = true\nenclosingDrop = anyside\nflipEnclosedPieces = bogus\nenclosingDropStart = z9\n",
		"[a:chess]\nking = -\ncommoner = k\nwallingRule = duck\nwallingRegionWhite = *1 *2\nwallOrMove = true\npetrifyOnCaptureTypes = nbrq\nstartFen = 8/8/8/3**3/8/8/8/8 w - - 0 1\n",
		// the xiangqi family's options and the kingType extension
		"[x:chess]\nkingType = wazir\ndiagonalLines = d1 f1 e2\nflyingGeneral = true\nsoldierPromotionRank = 6\n" +
			"chasingRule = axf\nbikjangRule = true\nmoveRepetitionIllegal = true\nsoldier = s\njanggiCannon = c\n",
		"[x:chess]\nkingType = customPiece1\nchasingRule = bad\nsoldierPromotionRank = 0\ndiagonalLines = z9\n",
		"[s:chess]\nletterSynonyms = knight:h bishop:e queen rook:r\n",
		// Problems outside any section, and encodings.
		"This is prose.\nIt has no sections at all.\n",
		"# comment\n; comment\n\n",
		"garbage not ini\n[a:chess]\nmaxRank = 8\n",
		"\xff\xfe[chess]\nmaxRank = 8\n",
		"\xfe\xff\x00[\x00a\x00]\x00\n",
		"[\x00a\x00]\x00\n\x00m\x00=\x001\x00\n",
		"\uFEFF[a:chess]\nchess960 = true\n",
		"\uFEFF",
		"# caf\xe9\n[a:chess]\n# caf\xe9\nmaxRank = 8\n[b:chess]\n",
		"[a\xff:chess\xfe]\n",
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
		if file == nil {
			t.Fatalf("no File: %v", err)
		}
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("file error is not a syntax error: %v", err)
			}
			for _, l := range strings.Split(err.Error(), "\n") {
				if !strings.HasSuffix(l, "(fuzz.ini)") && !strings.Contains(l, "(fuzz.ini:") {
					t.Fatalf("file error without a place: %q", l)
				}
			}
		} else if len(file.Sections) == 0 {
			t.Fatal("no section and no error")
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
