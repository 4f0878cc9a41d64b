package search

import "houserules/position"

// Bound says what a stored score is: exact, a lower bound (fail high) or
// an upper bound (fail low).
type bound uint8

const (
	boundNone bound = iota
	boundUpper
	boundLower
	boundExact
)

type ttEntry struct {
	key   uint64
	move  position.Move
	score int16
	eval  int16
	depth int8
	bound bound
	gen   uint8
}

// TT is the transposition table, keyed by the position's full Zobrist key
// (pieces, facts, side to move, castling, en passant, counters the key
// covers) mixed with the plies already played in a multi-ply turn.
type TT struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

const ttEntrySize = 24 // bytes, with padding

// NewTT returns a table of about mb megabytes (at least 1).
func NewTT(mb int) *TT {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*2*ttEntrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{entries: make([]ttEntry, n), mask: (n - 1) &^ 1}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch ages the entries of earlier searches.
func (t *TT) newSearch() { t.gen++ }

// The table is made of buckets of two entries.
func (t *TT) probe(key uint64) (*ttEntry, bool) {
	i := key & t.mask
	if e := &t.entries[i]; e.key == key && e.bound != boundNone {
		return e, true
	}
	e := &t.entries[i+1]
	return e, e.key == key && e.bound != boundNone
}

func (t *TT) store(key uint64, move position.Move, score, eval, depth int, b bound) {
	i := key & t.mask
	e0, e1 := &t.entries[i], &t.entries[i+1]
	var e *ttEntry
	switch {
	case e0.key == key:
		e = e0
	case e1.key == key:
		e = e1
	default:
		// replace an entry of an earlier search first, then the shallower
		worth := func(x *ttEntry) int {
			if x.gen != t.gen || x.bound == boundNone {
				return int(x.depth) - 64
			}
			return int(x.depth)
		}
		e = e0
		if worth(e1) < worth(e0) {
			e = e1
		}
	}
	if e.key == key && move == position.NoMove {
		move = e.move
	}
	if e.key == key && b != boundExact && depth < int(e.depth)-3 && e.gen == t.gen {
		return // keep a much deeper result of this search
	}
	*e = ttEntry{key: key, move: move, score: int16(max(-32767, min(score, 32767))), eval: int16(max(-32767, min(eval, 32767))),
		depth: int8(max(-1, min(depth, 127))), bound: b, gen: t.gen}
}

// Hashfull returns the permille of used entries of this search (sampled).
func (t *TT) Hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		if t.entries[i].bound != boundNone && t.entries[i].gen == t.gen {
			used++
		}
	}
	return used * 1000 / n
}
