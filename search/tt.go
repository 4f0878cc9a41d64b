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
	score int32
	eval  int32
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

const ttEntrySize = 40 // bytes, roughly, with padding

// NewTT returns a table of about mb megabytes (at least 1).
func NewTT(mb int) *TT {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*2*ttEntrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{entries: make([]ttEntry, n), mask: n - 1}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch ages the entries of earlier searches.
func (t *TT) newSearch() { t.gen++ }

func (t *TT) probe(key uint64) (*ttEntry, bool) {
	e := &t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *TT) store(key uint64, move position.Move, score, eval, depth int, b bound) {
	e := &t.entries[key&t.mask]
	if e.key == key || e.gen != t.gen || depth >= int(e.depth)-2 || b == boundExact {
		if move == position.NoMove && e.key == key {
			move = e.move
		}
		*e = ttEntry{key: key, move: move, score: int32(score), eval: int32(eval), depth: int8(max(-1, min(depth, 127))), bound: b, gen: t.gen}
	}
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
