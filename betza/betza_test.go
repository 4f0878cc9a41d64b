package betza

import (
	"strings"
	"testing"
)

func dirs(p *Piece, kind Kind, mod Modality) map[[2]int]int {
	out := map[[2]int]int{}
	for _, a := range p.Atoms {
		if a.Kind == kind && a.Modality == mod && !a.Initial {
			out[[2]int{a.DF, a.DR}] = a.Limit
		}
	}
	return out
}

func TestKnight(t *testing.T) {
	p, err := Parse("N")
	if err != nil {
		t.Fatal(err)
	}
	got := dirs(p, Leap, Capture)
	want := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	if len(got) != 8 {
		t.Fatalf("knight has %d capture leaps, want 8: %v", len(got), got)
	}
	for _, w := range want {
		if _, ok := got[w]; !ok {
			t.Errorf("knight lacks %v", w)
		}
	}
}

func TestPawn(t *testing.T) {
	// fmWfceF: quiet one step forward, capture one step diagonally forward.
	p, err := Parse("fmWfceF")
	if err != nil {
		t.Fatal(err)
	}
	q := dirs(p, Leap, Quiet)
	c := dirs(p, Leap, Capture)
	if len(q) != 1 || q[[2]int{0, 1}] != 0 {
		t.Errorf("pawn quiet = %v, want {0,1}", q)
	}
	if len(c) != 2 || c[[2]int{1, 1}] != 0 || c[[2]int{-1, 1}] != 0 {
		t.Errorf("pawn capture = %v, want {±1,1}", c)
	}
	if !p.EnPassant {
		t.Error("pawn e mark not seen")
	}
}

func TestRidersAndHoppers(t *testing.T) {
	p, _ := Parse("mRcpR")
	if got := dirs(p, Slide, Quiet); len(got) != 4 {
		t.Errorf("cannon quiet slides = %v", got)
	}
	if got := dirs(p, Hop, Capture); len(got) != 4 || got[[2]int{0, 1}] != 0 {
		t.Errorf("cannon capture hops = %v", got)
	}
	g, _ := Parse("gQ")
	if got := dirs(g, Hop, Capture); len(got) != 8 || got[[2]int{1, 1}] != 1 {
		t.Errorf("grasshopper = %v, want 8 hops of limit 1", got)
	}
	r4, _ := Parse("R4")
	if got := dirs(r4, Slide, Quiet); got[[2]int{1, 0}] != 4 {
		t.Errorf("R4 = %v", got)
	}
	nn, _ := Parse("NN")
	if got := dirs(nn, Slide, Capture); len(got) != 8 {
		t.Errorf("nightrider = %v", got)
	}
}

func TestDirections(t *testing.T) {
	// fsW (xiangqi soldier after the river): forward and sideways.
	p, _ := Parse("fsW")
	got := dirs(p, Leap, Quiet)
	for _, w := range [][2]int{{0, 1}, {1, 0}, {-1, 0}} {
		if _, ok := got[w]; !ok {
			t.Errorf("fsW lacks %v: %v", w, got)
		}
	}
	if len(got) != 3 {
		t.Errorf("fsW = %v, want 3 directions", got)
	}
	// ffN: the two narrow forward knight moves.
	n, _ := Parse("ffN")
	if got := dirs(n, Leap, Quiet); len(got) != 2 || got[[2]int{1, 2}] != 0 || got[[2]int{-1, 2}] != 0 {
		t.Errorf("ffN = %v", got)
	}
	// lame horse
	h, _ := Parse("nN")
	if got := dirs(h, Leap, Quiet); got[[2]int{1, 2}] != -1 {
		t.Errorf("nN limit = %v, want -1 (lame)", got)
	}
	// initial double step
	i, _ := Parse("ifmnD")
	found := false
	for _, a := range i.Atoms {
		if a.Initial && a.DF == 0 && a.DR == 2 && a.Limit == -1 {
			found = true
		}
	}
	if !found {
		t.Errorf("ifmnD atoms = %+v", i.Atoms)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"X", `character 'X' at position 1`},
		{"fmWx", `character 'x' at position 4`},
		{"R0", "range must be 1 to 9"},
		{"3", "must follow an atom"},
		{"Nf", "modifiers without an atom"},
	} {
		_, err := Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want error containing %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"N", "fmWfceF", "mRcpR", "gQ", "ifmnD", "KifmnD", "lfrbB", "hlN", "mBpBmWpR2", "NN", "R4", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		for _, a := range p.Atoms {
			if a.DF == 0 && a.DR == 0 {
				t.Fatalf("null atom from %q", s)
			}
		}
	})
}
