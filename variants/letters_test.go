package variants

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"houserules/position"
)

// Two pieces with one letter: Fairy-Stockfish's add_piece silently drops the
// piece that had the letter; the loader reports it, except for the idiom of
// replacing a non-royal piece of the parent.
func TestLetterClashes(t *testing.T) {
	cases := []struct {
		name, text string
		want       string // the whole error
	}{
		{"two custom pieces", "[a]\ncustomPiece1 = a:N\ncustomPiece2 = a:B\n",
			"customPiece2: the letter a is already used by customPiece1 on line 2 (test.ini:3)"},
		{"two custom pieces, upper and lower case", "[a:chess]\ncustomPiece1 = a:N\ncustomPiece2 = A:B\n",
			"customPiece2: the letter a is already used by customPiece1 on line 2 (test.ini:3)"},
		// Fairy-Stockfish's key order (customPiece1 before customPiece3) is
		// not the line order: the error is on the later line.
		{"later line first in key order", "[a:chess]\ncustomPiece3 = a:N\ncustomPiece1 = a:B\n",
			"customPiece1: the letter a is already used by customPiece3 on line 2 (test.ini:3)"},
		{"standard and custom piece of one section", "[a:chess]\nknight = -\nfers = m\ncustomPiece1 = m:B\n",
			"customPiece1: the letter m is already used by fers on line 3 (test.ini:4)"},
		{"custom piece takes the king's letter", "[x:chess]\ncustomPiece1 = k:N\n",
			"customPiece1: the letter k is already used by king (from the parent variant chess): " +
				"write king = - to remove the king, or give customPiece1 another letter (test.ini:2)"},
		{"standard piece takes the king's letter", "[x:chess]\n\ncommoner = k\n",
			"commoner: the letter k is already used by king (from the parent variant chess): " +
				"write king = - to remove the king, or give commoner another letter (test.ini:3)"},
		{"king inherited through the parent", "[p:makruk]\n[x:p]\ncustomPiece2 = k:B\n",
			"customPiece2: the letter k is already used by king (from the parent variant p): " +
				"write king = - to remove the king, or give customPiece2 another letter (test.ini:3)"},
		// The report's example: both problems, in line order.
		{"two custom pieces on the king's letter", "[x:chess]\ncustomPiece1 = k:N\ncustomPiece2 = k:B\n",
			"customPiece1: the letter k is already used by king (from the parent variant chess): " +
				"write king = - to remove the king, or give customPiece1 another letter (test.ini:2)\n" +
				"customPiece2: the letter k is already used by customPiece1 on line 2 (test.ini:3)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := load(t, c.text)
			s := f.Sections[len(f.Sections)-1]
			if s.Err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if s.Variant != nil {
				t.Errorf("a failed section has a variant")
			}
			if !errors.Is(s.Err, ErrInconsistent) {
				t.Errorf("error %q is not %v", s.Err, ErrInconsistent)
			}
			if s.Err.Error() != c.want {
				t.Errorf("error\n%v\nwant\n%s", s.Err, c.want)
			}
		})
	}
}

func TestLetterReuseThatStaysValid(t *testing.T) {
	c1, c2 := position.CustomPiece1, position.CustomPiece1+1
	cases := []struct {
		name, text string
		want       map[position.PieceType]byte // letters expected (0 = absent)
	}{
		// Replacing a piece of the parent, as Fairy-Stockfish's own
		// variants.ini does (allwayspawns, 1d-chess, dragon-chess…).
		{"custom piece replaces the parent's knight", "[a:chess]\ncustomPiece1 = n:B\n",
			map[position.PieceType]byte{position.Knight: 0, c1: 'N', position.King: 'K'}},
		{"standard piece replaces the parent's queen", "[a:chess]\narchbishop = q\n",
			map[position.PieceType]byte{position.Queen: 0, position.Archbishop: 'Q'}},
		// The king may go when the section says so, or move to another
		// letter (its key comes after the custom pieces in Fairy-Stockfish's
		// order).
		{"king removed", "[a:chess]\nking = -\ncustomPiece1 = k:N\ncastling = false\n" +
			"startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
			map[position.PieceType]byte{position.King: 0, c1: 'K'}},
		{"king re-lettered after", "[a:chess]\ncustomPiece1 = k:N\nking = g\n" +
			"startFen = rnbqgbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQGBNR w - - 0 1\n",
			map[position.PieceType]byte{position.King: 'G', c1: 'K'}},
		{"knight removed, letter reused", "[a:chess]\nknight = -\ncustomPiece1 = n:B\n",
			map[position.PieceType]byte{position.Knight: 0, c1: 'N'}},
		{"parent's custom piece re-lettered later in key order", "[p:chess]\ncustomPiece2 = a:B\n[a:p]\ncustomPiece1 = a:N\ncustomPiece2 = c:R\n",
			map[position.PieceType]byte{c1: 'A', c2: 'C'}},
		{"a letter given twice by one key", "[a:chess]\ncustomPiece1 = a:N\ncustomPiece1 = a:B\n",
			map[position.PieceType]byte{c1: 'A'}},
		{"the king keeps its letter", "[a:chess]\nking = k:KN\n",
			map[position.PieceType]byte{position.King: 'K'}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := load(t, c.text)
			s := f.Sections[len(f.Sections)-1]
			if s.Err != nil {
				t.Fatal(s.Err)
			}
			for pt, want := range c.want {
				if got := s.Variant.PieceChar[pt]; got != want {
					t.Errorf("PieceChar[%s] = %q, want %q", pt, got, want)
				}
			}
		})
	}
}

// No section of the real files nor of the catalogue has a letter clash.
// The shared files are checked in subtests, skipped when they are absent.
func TestNoLetterClashInRealFiles(t *testing.T) {
	noClash := func(t *testing.T, sections []*Section) {
		for _, s := range sections {
			if s.Err != nil && strings.Contains(s.Err.Error(), "is already used by") {
				t.Errorf("%s (%s): %v", s.Name, filepath.Base(s.File), s.Err)
			}
		}
	}
	t.Run("catalogue", func(t *testing.T) { noClash(t, loadedCatalogue().order) })
	for _, name := range []string{"all.ini", "fairy-stockfish-variants.ini", "shaolinking.ini"} {
		t.Run(name, func(t *testing.T) {
			f, err := LoadFile(needTestdata(t, name))
			if err != nil {
				t.Fatal(err)
			}
			noClash(t, f.Sections)
		})
	}
	// Sections that replace a piece of their parent with a custom piece of
	// the same letter still load.
	t.Run("replaced parent pieces", func(t *testing.T) {
		f, err := LoadFile(needTestdata(t, "fairy-stockfish-variants.ini"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"allwayspawns", "caught-in-a-snag", "1d-chess", "dragon-chess", "argess"} {
			if _, err := f.Lookup(name); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}
