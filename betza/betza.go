// Package betza parses Betza's funny notation into move atoms.
//
// The accepted language is the subset Fairy-Stockfish documents in its
// variants.ini header: leaper atoms W F D N A H L C J Z G K, rider atoms
// R B Q, repeated atoms (NN) and digit limits (R4), modalities m and c,
// hoppers p (cannon-like) and g (grasshopper), lame leapers n, initial
// moves i, directional modifiers f b l r v s h (doubled or combined, as
// fr, lf, fh), and the en-passant mark e. Directions are given for White;
// Black uses the point reflection of every direction.
package betza

import (
	"fmt"
	"sort"
	"strings"
)

// Kind is how an atom travels.
type Kind uint8

const (
	// Leap jumps straight to the target (Limit -1 = lame leaper: every
	// square on the path must be empty).
	Leap Kind = iota
	// Slide rides along the direction; Limit 0 = unlimited, n = at most n steps.
	Slide
	// Hop rides along the direction over exactly one hurdle. Limit 1 =
	// grasshopper (lands right behind the hurdle); Limit n > 1 = the target
	// is at most n steps from the start; 0 = unlimited.
	Hop
)

// Modality says whether an atom may move to an empty square or capture.
type Modality uint8

const (
	// Quiet moves go to empty squares.
	Quiet Modality = iota
	// Capture moves take an enemy piece.
	Capture
)

// Atom is one direction of one movement kind.
type Atom struct {
	DF, DR   int // file and rank delta for White (DR > 0 is forward)
	Kind     Kind
	Limit    int
	Modality Modality
	Initial  bool // only from the piece's initial (double-step) region
}

// Piece is the parsed movement of one piece type.
type Piece struct {
	Betza     string
	Atoms     []Atom
	EnPassant bool // the notation carries the e mark
}

// Error is a parse error naming the position and the character.
type Error struct {
	Betza  string
	Pos    int
	Char   byte
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("betza %q: character %q at position %d: %s", e.Betza, e.Char, e.Pos+1, e.Reason)
}

var leaperAtoms = map[byte][][2]int{
	'W': {{1, 0}}, 'F': {{1, 1}}, 'D': {{2, 0}}, 'N': {{2, 1}}, 'A': {{2, 2}},
	'H': {{3, 0}}, 'L': {{3, 1}}, 'C': {{3, 1}}, 'J': {{3, 2}}, 'Z': {{3, 2}},
	'G': {{3, 3}}, 'K': {{1, 0}, {1, 1}},
}

var riderAtoms = map[byte][][2]int{
	'R': {{1, 0}}, 'B': {{1, 1}}, 'Q': {{1, 0}, {1, 1}},
}

const verticals = "fbvh"
const horizontals = "rlsh"

type key struct {
	kind     Kind
	modality Modality
	initial  bool
	df, dr   int
}

// Parse parses a Betza string. An empty string is a piece that cannot move.
func Parse(s string) (*Piece, error) {
	p := &Piece{Betza: s}
	moves := map[key]int{}
	var mods []Modality
	var dirs []string
	hopper, lame, initial := false, false, false
	distance := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'm':
			mods = append(mods, Quiet)
		case c == 'c':
			mods = append(mods, Capture)
		case c == 'p' || c == 'g':
			hopper = true
			if c == 'g' {
				distance = 1
			}
		case c == 'n':
			lame = true
		case c == 'i':
			initial = true
		case c == 'e':
			p.EnPassant = true
		case strings.IndexByte(verticals, c) >= 0 || strings.IndexByte(horizontals, c) >= 0:
			if i+1 < len(s) {
				c2 := s[i+1]
				if c2 == c || (strings.IndexByte(verticals, c) >= 0 && strings.IndexByte(horizontals, c2) >= 0) ||
					(strings.IndexByte(horizontals, c) >= 0 && strings.IndexByte(verticals, c2) >= 0) {
					dirs = append(dirs, string([]byte{c, c2}))
					i++
					continue
				}
			}
			dirs = append(dirs, string([]byte{c, c}))
		case leaperAtoms[c] != nil || riderAtoms[c] != nil:
			atoms := riderAtoms[c]
			rider := atoms != nil
			if !rider {
				atoms = leaperAtoms[c]
			}
			if i+1 < len(s) && (isDigit(s[i+1]) || s[i+1] == c) {
				rider = true
				if isDigit(s[i+1]) {
					distance = int(s[i+1] - '0')
					if distance == 0 {
						return nil, &Error{s, i + 1, s[i+1], "a range must be 1 to 9"}
					}
				}
				i++
			}
			if !rider && lame {
				distance = -1
			}
			if len(mods) == 0 {
				mods = []Modality{Quiet, Capture}
			}
			kind := Leap
			if hopper {
				kind = Hop
			} else if rider {
				kind = Slide
			}
			for _, atom := range atoms {
				var ds []string
				for _, d := range dirs {
					if len(atoms) == 1 && atom[1] == 0 && d[0] != d[1] {
						ds = append(ds, string([]byte{d[0], d[0]}), string([]byte{d[1], d[1]}))
					} else {
						ds = append(ds, d)
					}
				}
				for _, m := range mods {
					if m == Capture && initial {
						continue // initial captures are not supported (as in Fairy-Stockfish)
					}
					for _, v := range expand(atom[0], atom[1], ds) {
						moves[key{kind, m, initial, v[1], v[0]}] = distance
					}
				}
			}
			mods, dirs = nil, nil
			hopper, lame, initial = false, false, false
			distance = 0
		case isDigit(c) && i > 0 && isDigit(s[i-1]):
			return nil, &Error{s, i, c, "a range is one digit, 1 to 9"}
		case isDigit(c):
			return nil, &Error{s, i, c, "a range digit must follow an atom"}
		default:
			return nil, &Error{s, i, c, "not a Betza atom or modifier this engine supports"}
		}
	}
	if len(mods) > 0 || len(dirs) > 0 || hopper || lame || initial {
		return nil, &Error{s, len(s) - 1, s[len(s)-1], "modifiers without an atom at the end"}
	}
	for k, lim := range moves {
		p.Atoms = append(p.Atoms, Atom{DF: k.df, DR: k.dr, Kind: k.kind, Limit: lim, Modality: k.modality, Initial: k.initial})
	}
	sort.Slice(p.Atoms, func(i, j int) bool {
		a, b := p.Atoms[i], p.Atoms[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Modality != b.Modality {
			return a.Modality < b.Modality
		}
		if a.Initial != b.Initial {
			return !a.Initial
		}
		if a.DR != b.DR {
			return a.DR < b.DR
		}
		return a.DF < b.DF
	})
	return p, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// expand returns the (dr, df) vectors selected by the direction modifiers
// for the atom (a forward, b sideways), following the conventions of
// Fairy-Stockfish's Betza reader.
func expand(a, b int, dirs []string) [][2]int {
	has := func(opts ...string) bool {
		if len(dirs) == 0 {
			return true
		}
		for _, d := range dirs {
			for _, o := range opts {
				if d == o {
					return true
				}
			}
		}
		return false
	}
	var out [][2]int
	if has("ff", "vv", "rf", "rv", "fh", "rh", "hr") {
		out = append(out, [2]int{a, b})
	}
	if has("bb", "vv", "lb", "lv", "bh", "lh", "hr") {
		out = append(out, [2]int{-a, -b})
	}
	if has("rr", "ss", "br", "bs", "bh", "rh", "hr") {
		out = append(out, [2]int{-b, a})
	}
	if has("ll", "ss", "fl", "fs", "fh", "lh", "hr") {
		out = append(out, [2]int{b, -a})
	}
	if has("rr", "ss", "fr", "fs", "fh", "rh", "hl") {
		out = append(out, [2]int{b, a})
	}
	if has("ll", "ss", "bl", "bs", "bh", "lh", "hl") {
		out = append(out, [2]int{-b, -a})
	}
	if has("bb", "vv", "rb", "rv", "bh", "rh", "hl") {
		out = append(out, [2]int{-a, b})
	}
	if has("ff", "vv", "lf", "lv", "fh", "lh", "hl") {
		out = append(out, [2]int{a, -b})
	}
	return out
}
