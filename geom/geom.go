// Package geom holds board geometry: square numbering, square sets and
// board topologies. Every board up to 12 files × 12 ranks uses the same
// numbering (stride 12), so square names and region sets do not depend on the
// size of the board they are used with.
package geom

import (
	"fmt"
	"math/bits"
)

// MaxFiles and MaxRanks bound every board (seed 001: boards up to 12×12).
const (
	MaxFiles  = 12
	MaxRanks  = 12
	SquareNB  = MaxFiles * MaxRanks
	NoSquare  = Square(255)
	fileShift = MaxFiles
)

// Square is a square index: rank*12 + file, a1 = 0, b1 = 1, a2 = 12.
type Square uint8

// Sq builds a square from a 0-based file and rank.
func Sq(file, rank int) Square { return Square(rank*fileShift + file) }

// File returns the 0-based file (a = 0).
func (s Square) File() int { return int(s) % fileShift }

// Rank returns the 0-based rank (rank 1 = 0).
func (s Square) Rank() int { return int(s) / fileShift }

// String returns the square name, e.g. "e4", "l12"; "-" for NoSquare.
func (s Square) String() string {
	return squareNames[s]
}

// squareNames holds every Square's name (a table: the server names
// thousands of squares a second in its states).
var squareNames = func() (n [256]string) {
	for i := range n {
		s := Square(i)
		n[i] = fmt.Sprintf("%c%d", 'a'+s.File(), s.Rank()+1)
	}
	n[NoSquare] = "-"
	return n
}()

// ParseSquare parses a square name such as "e4" or "j10" for a board of the
// given size. It returns an error naming the text when it is not a square
// of that board.
func ParseSquare(txt string, files, ranks int) (Square, error) {
	if len(txt) < 2 || len(txt) > 3 || txt[0] < 'a' || int(txt[0]-'a') >= files {
		return NoSquare, fmt.Errorf("bad square %q", txt)
	}
	r := 0
	for _, c := range txt[1:] {
		if c < '0' || c > '9' {
			return NoSquare, fmt.Errorf("bad square %q", txt)
		}
		r = r*10 + int(c-'0')
	}
	if r < 1 || r > ranks {
		return NoSquare, fmt.Errorf("bad square %q: rank out of board", txt)
	}
	return Sq(int(txt[0]-'a'), r-1), nil
}

// Set is a set of squares (a 144-bit bitboard): squares 0-63 in A, 64-127
// in B, 128-143 in C. (A struct, not an array, so the compiler keeps sets
// in registers.)
type Set struct{ A, B, C uint64 }

// word returns the word holding s and the bit of s in it.
func (b *Set) word(s Square) *uint64 {
	switch {
	case s < 64:
		return &b.A
	case s < 128:
		return &b.B
	}
	return &b.C
}

// Bit returns the one-square set {s}.
func Bit(s Square) Set {
	var b Set
	*b.word(s) = 1 << (s & 63)
	return b
}

// Has reports whether s is in the set.
func (b Set) Has(s Square) bool {
	w := b.A
	if s >= 64 {
		w = b.B
	}
	if s >= 128 {
		w = b.C
	}
	return w>>(s&63)&1 != 0
}

// Add puts s into the set.
func (b *Set) Add(s Square) { *b.word(s) |= 1 << (s & 63) }

// Del removes s from the set.
func (b *Set) Del(s Square) { *b.word(s) &^= 1 << (s & 63) }

// Toggle flips s.
func (b *Set) Toggle(s Square) { *b.word(s) ^= 1 << (s & 63) }

// Or returns the union.
func (b Set) Or(o Set) Set { return Set{b.A | o.A, b.B | o.B, b.C | o.C} }

// And returns the intersection.
func (b Set) And(o Set) Set { return Set{b.A & o.A, b.B & o.B, b.C & o.C} }

// AndNot returns b minus o.
func (b Set) AndNot(o Set) Set { return Set{b.A &^ o.A, b.B &^ o.B, b.C &^ o.C} }

// Xor returns the symmetric difference.
func (b Set) Xor(o Set) Set { return Set{b.A ^ o.A, b.B ^ o.B, b.C ^ o.C} }

// Empty reports whether the set has no square.
func (b Set) Empty() bool { return b.A|b.B|b.C == 0 }

// Any reports whether the set has a square.
func (b Set) Any() bool { return b.A|b.B|b.C != 0 }

// Count returns the number of squares.
func (b Set) Count() int {
	return bits.OnesCount64(b.A) + bits.OnesCount64(b.B) + bits.OnesCount64(b.C)
}

// More reports whether the set has more than one square.
func (b Set) More() bool { return b.Count() > 1 }

// First returns the lowest square, NoSquare if empty.
func (b Set) First() Square {
	switch {
	case b.A != 0:
		return Square(bits.TrailingZeros64(b.A))
	case b.B != 0:
		return Square(64 + bits.TrailingZeros64(b.B))
	case b.C != 0:
		return Square(128 + bits.TrailingZeros64(b.C))
	}
	return NoSquare
}

// Last returns the highest square, NoSquare if empty.
func (b Set) Last() Square {
	switch {
	case b.C != 0:
		return Square(128 + 63 - bits.LeadingZeros64(b.C))
	case b.B != 0:
		return Square(64 + 63 - bits.LeadingZeros64(b.B))
	case b.A != 0:
		return Square(63 - bits.LeadingZeros64(b.A))
	}
	return NoSquare
}

// Pop removes and returns the lowest square.
func (b *Set) Pop() Square {
	switch {
	case b.A != 0:
		s := Square(bits.TrailingZeros64(b.A))
		b.A &= b.A - 1
		return s
	case b.B != 0:
		s := Square(64 + bits.TrailingZeros64(b.B))
		b.B &= b.B - 1
		return s
	case b.C != 0:
		s := Square(128 + bits.TrailingZeros64(b.C))
		b.C &= b.C - 1
		return s
	}
	return NoSquare
}

// Squares lists the squares in increasing order.
func (b Set) Squares() []Square {
	var out []Square
	for b.Any() {
		out = append(out, b.Pop())
	}
	return out
}

// FileSet is every square of 0-based file f (all 12 ranks).
func FileSet(f int) Set { return fileSets[f] }

var fileSets = func() (fs [MaxFiles]Set) {
	for f := range fs {
		for r := 0; r < MaxRanks; r++ {
			fs[f].Add(Sq(f, r))
		}
	}
	return
}()

// RankSet is every square of 0-based rank r (all 12 files).
func RankSet(r int) Set {
	var s Set
	for f := 0; f < MaxFiles; f++ {
		s.Add(Sq(f, r))
	}
	return s
}

// UpTo returns the squares numbered s or lower (s < SquareNB): with a mask
// whose squares run upwards from a piece, mask ∩ UpTo(first blocker) is
// what the piece reaches along it.
func UpTo(s Square) Set { return upTo[s] }

// From returns the squares numbered s or higher (s < SquareNB), the
// counterpart of UpTo for masks that run downwards.
func From(s Square) Set { return from[s] }

var upTo, from = func() (u, f [SquareNB]Set) {
	var acc Set
	for i := 0; i < SquareNB; i++ {
		acc.Add(Square(i))
		u[i] = acc
	}
	acc = Set{}
	for i := SquareNB - 1; i >= 0; i-- {
		acc.Add(Square(i))
		f[i] = acc
	}
	return
}()

// All is every square of the 12×12 frame.
var All = func() Set {
	var s Set
	for i := 0; i < SquareNB; i++ {
		s.Add(Square(i))
	}
	return s
}()

// Topology says which board edges wrap.
type Topology uint8

const (
	// Plain boards have hard edges.
	Plain Topology = iota
	// Cylinder boards wrap files (a is next to the last file).
	Cylinder
	// Torus boards wrap files and ranks.
	Torus
)

// String names the topology as used in variant files.
func (t Topology) String() string {
	switch t {
	case Cylinder:
		return "cylinder"
	case Torus:
		return "torus"
	}
	return "plain"
}

// Board is the shape of one board.
type Board struct {
	Files, Ranks int
	Topology     Topology
	Mask         Set // the squares on the board
}

// NewBoard returns a board of the given size; it errors when the size is
// outside 1..12 in either dimension.
func NewBoard(files, ranks int, topo Topology) (*Board, error) {
	if files < 1 || files > MaxFiles || ranks < 1 || ranks > MaxRanks {
		return nil, fmt.Errorf("board %dx%d is outside 1..12 × 1..12", files, ranks)
	}
	b := &Board{Files: files, Ranks: ranks, Topology: topo}
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			b.Mask.Add(Sq(f, r))
		}
	}
	return b, nil
}

// Step returns the square reached from s by (df, dr) on this board, with
// wrapping applied by the topology, and false if it leaves the board.
func (b *Board) Step(s Square, df, dr int) (Square, bool) {
	f, r := s.File()+df, s.Rank()+dr
	if b.Topology != Plain {
		f = ((f % b.Files) + b.Files) % b.Files
	}
	if b.Topology == Torus {
		r = ((r % b.Ranks) + b.Ranks) % b.Ranks
	}
	if f < 0 || f >= b.Files || r < 0 || r >= b.Ranks {
		return NoSquare, false
	}
	return Sq(f, r), true
}

// Contains reports whether s is on the board.
func (b *Board) Contains(s Square) bool { return s != NoSquare && b.Mask.Has(s) }

// Shift moves every square of the set by n squares (n > 0 towards higher
// squares; one rank is 12). Squares pushed past either end are dropped;
// callers mask file wrap-around themselves.
func (b Set) Shift(n int) Set {
	switch {
	case n > 0 && n < 64:
		u := uint(n)
		return Set{b.A << u, b.B<<u | b.A>>(64-u), (b.C<<u | b.B>>(64-u)) & (1<<(SquareNB-128) - 1)}
	case n < 0 && n > -64:
		u := uint(-n)
		return Set{b.A>>u | b.B<<(64-u), b.B>>u | b.C<<(64-u), b.C >> u}
	case n == 0:
		return b
	}
	var out Set
	for b.Any() {
		s := int(b.Pop()) + n
		if s >= 0 && s < SquareNB {
			out.Add(Square(s))
		}
	}
	return out
}
