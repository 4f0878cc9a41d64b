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

// ttEntry is 16 bytes: the key's upper 32 bits (its lower bits chose the
// bucket), the move without its production tag (Move.Base, 48 bits),
// scores, depth, and the search generation (6 bits) with the bound (2).
type ttEntry struct {
	key      uint32
	moveLo   uint32
	moveHi   uint16
	score    int16
	eval     int16
	depth    int8
	genBound uint8
}

func (x *ttEntry) bound() bound { return bound(x.genBound & 3) }
func (x *ttEntry) gen() uint8   { return x.genBound >> 2 }
func (x *ttEntry) move() position.Move {
	return position.Move(x.moveLo) | position.Move(x.moveHi)<<32
}

// ttData is what a probe returns: the stored move (Base form: compare it
// with Move.Base), scores, depth and bound.
type ttData struct {
	move  position.Move
	score int16
	eval  int16
	depth int8
	bound bound
}

// TT is the transposition table, keyed by the position's full Zobrist key
// (pieces, facts, side to move, castling, en passant, counters the key
// covers) mixed with the plies already played in a multi-ply turn. A
// bucket is four entries, one 64-byte cache line.
type TT struct {
	entries []ttEntry
	mask    uint64
	gen     uint8 // 0..63
}

const (
	ttEntrySize = 16 // bytes
	ttBucket    = 4  // entries per bucket
)

// NewTT returns a table of about mb megabytes (at least 1).
func NewTT(mb int) *TT {
	if mb < 1 {
		mb = 1
	}
	n := uint64(ttBucket)
	for n*2*ttEntrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{entries: make([]ttEntry, n), mask: (n - 1) &^ (ttBucket - 1)}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch ages the entries of earlier searches.
func (t *TT) newSearch() { t.gen = (t.gen + 1) & 63 }

func (t *TT) probe(key uint64) (ttData, bool) {
	b := t.entries[key&t.mask:][:ttBucket]
	k := uint32(key >> 32)
	for i := range b {
		if e := &b[i]; e.key == k && e.bound() != boundNone {
			return ttData{move: e.move(), score: e.score, eval: e.eval, depth: e.depth, bound: e.bound()}, true
		}
	}
	return ttData{}, false
}

func (t *TT) store(key uint64, move position.Move, score, eval, depth int, b bound) {
	bk := t.entries[key&t.mask:][:ttBucket]
	k := uint32(key >> 32)
	var e *ttEntry
	for i := range bk {
		if bk[i].key == k && bk[i].bound() != boundNone {
			e = &bk[i]
			break
		}
	}
	same := e != nil
	if !same {
		// replace an empty entry or one of an earlier search first, then
		// the shallowest
		worth := func(x *ttEntry) int {
			if x.gen() != t.gen || x.bound() == boundNone {
				return int(x.depth) - 64
			}
			return int(x.depth)
		}
		e = &bk[0]
		for i := 1; i < len(bk); i++ {
			if worth(&bk[i]) < worth(e) {
				e = &bk[i]
			}
		}
	}
	mv := move.Base()
	if same && move == position.NoMove {
		mv = e.move()
	}
	if same && b != boundExact && depth < int(e.depth)-3 && e.gen() == t.gen {
		return // keep a much deeper result of this search
	}
	*e = ttEntry{key: k, moveLo: uint32(mv), moveHi: uint16(mv >> 32), score: int16(max(-32767, min(score, 32767))),
		eval: int16(max(-32767, min(eval, 32767))), depth: int8(max(-1, min(depth, 127))), genBound: t.gen<<2 | uint8(b)}
}

// Hashfull returns the permille of used entries of this search (sampled).
func (t *TT) Hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		if t.entries[i].bound() != boundNone && t.entries[i].gen() == t.gen {
			used++
		}
	}
	return used * 1000 / n
}
