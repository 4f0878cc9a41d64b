package variants

import (
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"houserules/position"
)

func TestCatalogueChessIsTheDefaults(t *testing.T) {
	v, err := Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	if want := position.NewVariant(); !reflect.DeepEqual(v, want) {
		t.Errorf("catalogue chess differs from position.NewVariant():\n%+v\n%+v", v, want)
	}
	// Get returns a copy.
	v.MaxRank = 3
	if w, _ := Get("chess"); w.MaxRank != 7 {
		t.Errorf("Get shares its variant")
	}
}

func TestNamesAndGet(t *testing.T) {
	names := Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("Names not sorted")
	}
	loaded := map[string]bool{}
	for _, n := range names {
		loaded[n] = true
		if v, err := Get(n); err != nil || v.Name != n {
			t.Errorf("Get(%q): %v", n, err)
		}
	}
	if !loaded["chess"] {
		t.Errorf("chess not in Names: %v", names)
	}
	failed := 0
	for _, s := range Catalogue() {
		if s.Err != nil {
			failed++
			if loaded[s.Name] {
				t.Errorf("%s failed but is listed", s.Name)
			}
			if _, err := Get(s.Name); err == nil || !strings.Contains(err.Error(), s.Name) {
				t.Errorf("Get(%q) of a failed section: %v", s.Name, err)
			}
		} else if !loaded[s.Name] {
			t.Errorf("%s loads but is not listed", s.Name)
		}
	}
	t.Logf("catalogue: %d variants load, %d do not", len(names), failed)
	if _, err := Get("no-such-variant"); err == nil || err.Error() != `unknown variant "no-such-variant": not in the built-in catalogue` {
		t.Errorf("Get of an unknown name: %v", err)
	}
}

// A catalogue resolves parents across files and in any order.
func TestCatalogueDependencyOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"cat/a.ini": {Data: []byte("[grandchild:child]\nchess960 = true\n[loop1:loop2]\n[loop2:loop1]\n[dropper:base]\ncastling = maybe\n[dropchild:dropper]\n")},
		"cat/b.ini": {Data: []byte("[child:base]\nmaxRank = 10\nstartFen = 8/8/8/8/8/8/8/8/8/8 w - - 0 1\n[dup]\n")},
		"cat/c.ini": {Data: []byte("[base]\nking = k\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n[dup]\n[orphan:nowhere]\n")},
		"cat/x.txt": {Data: []byte("[ignored]\n")},
	}
	c := buildCatalogue(fsys, "cat")
	get := func(name string) *Section { return c.sections[name] }
	if s := get("grandchild"); s == nil || s.Err != nil || !s.Variant.Chess960 || s.Variant.MaxRank != 9 || s.Variant.PieceChar[position.King] != 'K' {
		t.Errorf("grandchild: %+v", s)
	}
	if s := get("loop1"); s == nil || s.Err == nil || !strings.Contains(s.Err.Error(), "inherits from itself") {
		t.Errorf("loop1: %+v", s)
	}
	if s := get("dropchild"); s == nil || !errors.Is(s.Err, ErrInvalidValue) || !strings.Contains(s.Err.Error(), `parent variant "dropper" failed: invalid value "maybe" for castling: expected bool: true or false (cat/a.ini:6)`) {
		t.Errorf("dropchild: %+v", s)
	}
	if s := get("orphan"); s == nil || !strings.Contains(s.Err.Error(), `unknown parent variant "nowhere" (cat/c.ini:5)`) {
		t.Errorf("orphan: %+v", s)
	}
	if get("ignored") != nil {
		t.Errorf("a .txt file was read")
	}
	var dups []string
	for _, s := range c.order {
		if errors.Is(s.Err, ErrDuplicate) {
			dups = append(dups, s.Err.Error())
		}
	}
	if len(dups) != 1 || dups[0] != `variant "dup" is already defined at cat/b.ini:4 (cat/c.ini:4)` {
		t.Errorf("duplicates: %q", dups)
	}
}

// A user file may inherit from the catalogue.
func TestInheritFromCatalogue(t *testing.T) {
	f := load(t, "[mine:chess]\nmaxFile = 10\nstartFen = rnbqkbnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1\n")
	v, err := f.Lookup("mine")
	if err != nil {
		t.Fatal(err)
	}
	if v.MaxFile != 9 || v.PieceChar[position.Queen] != 'Q' || v.PromotionPieceTypes[0] != position.SetOf(position.Queen, position.Rook, position.Bishop, position.Knight) {
		t.Errorf("mine: %+v", v)
	}
}
