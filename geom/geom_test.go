package geom

import "testing"

func TestSquareNames(t *testing.T) {
	for _, c := range []struct {
		s    Square
		name string
	}{{Sq(0, 0), "a1"}, {Sq(4, 3), "e4"}, {Sq(9, 9), "j10"}, {Sq(11, 11), "l12"}} {
		if c.s.String() != c.name {
			t.Errorf("%d = %s, want %s", c.s, c.s, c.name)
		}
		got, err := ParseSquare(c.name, 12, 12)
		if err != nil || got != c.s {
			t.Errorf("ParseSquare(%s) = %v, %v", c.name, got, err)
		}
	}
	for _, bad := range []string{"", "e", "e0", "i1", "a9", "a10x", "E4"} {
		if _, err := ParseSquare(bad, 8, 8); err == nil {
			t.Errorf("ParseSquare(%q) accepted on 8x8", bad)
		}
	}
}

func TestSetOps(t *testing.T) {
	var s Set
	for _, sq := range []Square{0, 63, 64, 127, 128, 143} {
		s.Add(sq)
	}
	if s.Count() != 6 || !s.Has(143) || s.Has(1) || s.First() != 0 {
		t.Fatalf("set %v", s.Squares())
	}
	got := s.Squares()
	want := []Square{0, 63, 64, 127, 128, 143}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Squares = %v", got)
		}
	}
	s.Del(63)
	if s.Has(63) || s.Count() != 5 {
		t.Error("Del")
	}
}

func TestTopology(t *testing.T) {
	plain, _ := NewBoard(8, 8, Plain)
	cyl, _ := NewBoard(8, 8, Cylinder)
	tor, _ := NewBoard(8, 8, Torus)
	a1 := Sq(0, 0)
	if _, ok := plain.Step(a1, -1, 0); ok {
		t.Error("plain board wraps")
	}
	if s, ok := cyl.Step(a1, -1, 0); !ok || s != Sq(7, 0) {
		t.Errorf("cylinder a1-1 = %v %v, want h1", s, ok)
	}
	if _, ok := cyl.Step(a1, 0, -1); ok {
		t.Error("cylinder wraps ranks")
	}
	if s, ok := tor.Step(a1, -1, -1); !ok || s != Sq(7, 7) {
		t.Errorf("torus a1-(1,1) = %v %v, want h8", s, ok)
	}
	if _, err := NewBoard(13, 8, Plain); err == nil {
		t.Error("13 files accepted")
	}
	if b, _ := NewBoard(10, 1, Plain); b.Mask.Count() != 10 {
		t.Error("one-rank board size")
	}
}

func TestShift(t *testing.T) {
	var s Set
	for _, sq := range []Square{0, 11, 60, 63, 64, 100, 127, 131, 143} {
		s.Add(sq)
	}
	for _, n := range []int{1, 12, 13, 11, 24, 36, 63, -1, -12, -13, -11, -24, -63, 70, -70} {
		got := s.Shift(n)
		var want Set
		for _, sq := range s.Squares() {
			if x := int(sq) + n; x >= 0 && x < SquareNB {
				want.Add(Square(x))
			}
		}
		if got != want {
			t.Errorf("Shift(%d) = %v, want %v", n, got.Squares(), want.Squares())
		}
	}
}

func TestFirstLast(t *testing.T) {
	cases := []struct {
		sq          []Square
		first, last Square
	}{
		{nil, NoSquare, NoSquare},
		{[]Square{0}, 0, 0},
		{[]Square{5, 63}, 5, 63},
		{[]Square{64, 127}, 64, 127},
		{[]Square{3, 70, 143}, 3, 143},
		{[]Square{128}, 128, 128},
	}
	for _, c := range cases {
		var s Set
		for _, x := range c.sq {
			s.Add(x)
		}
		if s.First() != c.first || s.Last() != c.last {
			t.Errorf("%v: First %d Last %d, want %d %d", c.sq, s.First(), s.Last(), c.first, c.last)
		}
	}
}

// TestUpToFrom checks the prefix and suffix sets the sliders' fast path
// cuts rays with: UpTo(s) is squares 0..s, From(s) is s..SquareNB-1.
func TestUpToFrom(t *testing.T) {
	for _, s := range []Square{0, 5, 63, 64, 127, 128, SquareNB - 1} {
		u, f := UpTo(s), From(s)
		if u.Count() != int(s)+1 || u.Last() != s || u.First() != 0 {
			t.Errorf("UpTo(%d) = %v", s, u.Squares())
		}
		if f.Count() != SquareNB-int(s) || f.First() != s || f.Last() != SquareNB-1 {
			t.Errorf("From(%d) = %v", s, f.Squares())
		}
		if u.And(f) != Bit(s) || u.Or(f) != All {
			t.Errorf("UpTo(%d) and From(%d) overlap in more than s or miss squares", s, s)
		}
	}
}
