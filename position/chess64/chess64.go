// Package chess64 is the fast path for standard chess (the default rules on
// an 8×8 board, no presets): 64-bit bitboards, fully legal move generation
// with pins and check masks, and perft with bulk counting at the leaves.
// rules.Perft uses it when a position is plain chess; the generic core in
// package position remains the reference (the corpus tests compare both).
package chess64

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Piece types.
const (
	pawn = iota
	knight
	bishop
	rook
	queen
	king
)

// Castling right bits.
const (
	wOO  = 1
	wOOO = 2
	bOO  = 4
	bOOO = 8
)

// Board is a chess position (square 0 = a1, 63 = h8).
type Board struct {
	pieces   [2][6]uint64
	occ      [2]uint64
	all      uint64
	side     int
	castling uint8
	ep       int8 // en-passant target square, -1 if none
}

var (
	knightAtt, kingAtt [64]uint64
	pawnAtt            [2][64]uint64
	rays               [8][64]uint64 // N, NE, E, SE, S, SW, W, NW
	between            [64][64]uint64
	line               [64][64]uint64
	castleMask         [64]uint8
)

var dirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func init() {
	for s := 0; s < 64; s++ {
		f, r := s%8, s/8
		add := func(b *uint64, df, dr int) {
			if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*b |= 1 << (nr*8 + nf)
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAtt[s], d[0], d[1])
		}
		for _, d := range dirs {
			add(&kingAtt[s], d[0], d[1])
		}
		add(&pawnAtt[0][s], 1, 1)
		add(&pawnAtt[0][s], -1, 1)
		add(&pawnAtt[1][s], 1, -1)
		add(&pawnAtt[1][s], -1, -1)
		for i, d := range dirs {
			for nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8; nf, nr = nf+d[0], nr+d[1] {
				rays[i][s] |= 1 << (nr*8 + nf)
			}
		}
	}
	for s := 0; s < 64; s++ {
		for i := range dirs {
			for b := rays[i][s]; b != 0; b &= b - 1 {
				t := bits.TrailingZeros64(b)
				between[s][t] = rays[i][s] &^ rays[i][t] &^ (1 << t)
				line[s][t] = rays[i][s] | rays[(i+4)%8][s] | 1<<s
			}
		}
	}
	castleMask[0] = wOOO
	castleMask[4] = wOO | wOOO
	castleMask[7] = wOO
	castleMask[56] = bOOO
	castleMask[60] = bOO | bOOO
	castleMask[63] = bOO
}

// rayAttacks returns the squares of ray direction i from s up to and
// including the first blocker.
func rayAttacks(i, s int, occ uint64) uint64 {
	r := rays[i][s]
	b := r & occ
	if b == 0 {
		return r
	}
	var t int
	if i < 4 && i != 3 || i == 7 { // N, NE, E, NW: increasing square index
		t = bits.TrailingZeros64(b)
	} else {
		t = 63 - bits.LeadingZeros64(b)
	}
	return r &^ rays[i][t]
}

func bishopAtt(s int, occ uint64) uint64 {
	return rayAttacks(1, s, occ) | rayAttacks(3, s, occ) | rayAttacks(5, s, occ) | rayAttacks(7, s, occ)
}

func rookAtt(s int, occ uint64) uint64 {
	return rayAttacks(0, s, occ) | rayAttacks(2, s, occ) | rayAttacks(4, s, occ) | rayAttacks(6, s, occ)
}

// attackers returns the pieces of colour c attacking s with occupancy occ.
func (b *Board) attackers(s, c int, occ uint64) uint64 {
	p := &b.pieces[c]
	return pawnAtt[c^1][s]&p[pawn] | knightAtt[s]&p[knight] | kingAtt[s]&p[king] |
		bishopAtt(s, occ)&(p[bishop]|p[queen]) | rookAtt(s, occ)&(p[rook]|p[queen])
}

// Parse reads a standard FEN (KQkq castling, e3 en passant). It errors on
// anything it cannot represent (the caller then uses the generic core).
func Parse(fen string) (*Board, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("chess64: short FEN")
	}
	b := &Board{ep: -1}
	r, file := 7, 0
	for _, ch := range f[0] {
		switch {
		case ch == '/':
			r--
			file = 0
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
		default:
			i := strings.IndexRune("PNBRQKpnbrqk", ch)
			if i < 0 || r < 0 || file > 7 {
				return nil, fmt.Errorf("chess64: bad board")
			}
			c := i / 6
			b.pieces[c][i%6] |= 1 << (r*8 + file)
			file++
		}
	}
	for c := 0; c < 2; c++ {
		for pt := 0; pt < 6; pt++ {
			b.occ[c] |= b.pieces[c][pt]
		}
		if bits.OnesCount64(b.pieces[c][king]) != 1 {
			return nil, fmt.Errorf("chess64: need one king per side")
		}
	}
	b.all = b.occ[0] | b.occ[1]
	if f[1] == "b" {
		b.side = 1
	}
	for _, ch := range f[2] {
		switch ch {
		case 'K':
			b.castling |= wOO
		case 'Q':
			b.castling |= wOOO
		case 'k':
			b.castling |= bOO
		case 'q':
			b.castling |= bOOO
		case '-':
		default:
			return nil, fmt.Errorf("chess64: castling %q", f[2])
		}
	}
	if f[3] != "-" {
		if len(f[3]) != 2 {
			return nil, fmt.Errorf("chess64: ep %q", f[3])
		}
		sq, err := strconv.Atoi(f[3][1:])
		if err != nil {
			return nil, err
		}
		b.ep = int8((sq-1)*8 + int(f[3][0]-'a'))
	}
	return b, nil
}

// move: from | to<<6 | flag<<12 | promo<<14
type move uint16

const (
	flagNormal = iota
	flagEP
	flagCastle
	flagPromo
)

func mk(from, to, flag, promo int) move { return move(from | to<<6 | flag<<12 | promo<<14) }

// genLegal appends the legal moves; with count it only counts the moves
// that need no list (returns the count as well).
func (b *Board) genLegal(list []move, countOnly bool) ([]move, int) {
	us, them := b.side, b.side^1
	own, opp := b.occ[us], b.occ[them]
	ksq := bits.TrailingZeros64(b.pieces[us][king])
	checkers := b.attackers(ksq, them, b.all)
	n := 0
	// king moves
	occNoK := b.all &^ (1 << ksq)
	for t := kingAtt[ksq] &^ own; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		if b.attackers(to, them, occNoK) == 0 {
			if countOnly {
				n++
			} else {
				list = append(list, mk(ksq, to, flagNormal, 0))
			}
		}
	}
	if bits.OnesCount64(checkers) > 1 {
		return list, n
	}
	target := ^own
	if checkers != 0 {
		c := bits.TrailingZeros64(checkers)
		target = between[ksq][c] | checkers
	}
	// pins
	var pinned uint64
	p := &b.pieces[them]
	snipers := (rookAtt(ksq, 0) & (p[rook] | p[queen])) | (bishopAtt(ksq, 0) & (p[bishop] | p[queen]))
	for s := snipers; s != 0; s &= s - 1 {
		sn := bits.TrailingZeros64(s)
		bt := between[ksq][sn] & b.all
		if bt != 0 && bt&(bt-1) == 0 && bt&own != 0 {
			pinned |= bt
		}
	}
	emit := func(from int, t uint64) {
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		if countOnly {
			n += bits.OnesCount64(t)
			return
		}
		for ; t != 0; t &= t - 1 {
			list = append(list, mk(from, bits.TrailingZeros64(t), flagNormal, 0))
		}
	}
	q := &b.pieces[us]
	for s := q[knight] &^ pinned; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		emit(from, knightAtt[from]&target)
	}
	for s := q[bishop] | q[queen]; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		emit(from, bishopAtt(from, b.all)&target)
	}
	for s := q[rook] | q[queen]; s != 0; s &= s - 1 {
		from := bits.TrailingZeros64(s)
		emit(from, rookAtt(from, b.all)&target)
	}
	// pawns
	up, rank8, rank3 := 8, uint64(0xFF)<<56, uint64(0xFF)<<16
	if us == 1 {
		up, rank8, rank3 = -8, 0xFF, uint64(0xFF)<<40
	}
	shift := func(x uint64, d int) uint64 {
		if d > 0 {
			return x << uint(d)
		}
		return x >> uint(-d)
	}
	const fileA, fileH = 0x0101010101010101, 0x8080808080808080
	for _, grp := range [2]uint64{q[pawn] &^ pinned, q[pawn] & pinned} {
		if grp == 0 {
			continue
		}
		pinnedGrp := grp&pinned != 0
		one := shift(grp, up) &^ b.all
		two := shift(one&rank3, up) &^ b.all & target
		one &= target
		capL := shift(grp&^fileA, up-1) & opp & target
		capR := shift(grp&^fileH, up+1) & opp & target
		type set struct {
			t     uint64
			delta int
		}
		for _, st := range [4]set{{one, up}, {two, 2 * up}, {capL, up - 1}, {capR, up + 1}} {
			for t := st.t; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				from := to - st.delta
				if pinnedGrp && line[ksq][from]&(1<<to) == 0 {
					continue
				}
				if (1<<to)&rank8 != 0 {
					if countOnly {
						n += 4
					} else {
						for pr := knight; pr <= queen; pr++ {
							list = append(list, mk(from, to, flagPromo, pr-1))
						}
					}
				} else if countOnly {
					n++
				} else {
					list = append(list, mk(from, to, flagNormal, 0))
				}
			}
		}
	}
	// en passant (tested by making it on the occupancy)
	if b.ep >= 0 {
		ep := int(b.ep)
		capSq := ep - up
		for s := pawnAtt[them][ep] & q[pawn]; s != 0; s &= s - 1 {
			from := bits.TrailingZeros64(s)
			occ := b.all&^(1<<from)&^(1<<capSq) | 1<<ep
			pp := &b.pieces[them]
			if bishopAtt(ksq, occ)&(pp[bishop]|pp[queen]) != 0 || rookAtt(ksq, occ)&(pp[rook]|pp[queen]) != 0 {
				continue
			}
			if checkers != 0 && checkers&(1<<capSq) == 0 && target&(1<<ep) == 0 {
				continue
			}
			if countOnly {
				n++
			} else {
				list = append(list, mk(from, ep, flagEP, 0))
			}
		}
	}
	// castling
	if checkers == 0 {
		type cs struct {
			right           uint8
			kto, rfrom, rto int
		}
		base := 0
		oo, ooo := uint8(wOO), uint8(wOOO)
		if us == 1 {
			base, oo, ooo = 56, bOO, bOOO
		}
		for _, c := range [2]cs{{oo, base + 6, base + 7, base + 5}, {ooo, base + 2, base, base + 3}} {
			if b.castling&c.right == 0 || ksq != base+4 || q[rook]&(1<<c.rfrom) == 0 {
				continue
			}
			if (between[ksq][c.rfrom])&b.all != 0 {
				continue
			}
			ok := true
			for s := ksq; ; {
				if s != ksq && b.attackers(s, them, b.all) != 0 {
					ok = false
					break
				}
				if s == c.kto {
					break
				}
				if c.kto > ksq {
					s++
				} else {
					s--
				}
			}
			if ok {
				if countOnly {
					n++
				} else {
					list = append(list, mk(ksq, c.kto, flagCastle, 0))
				}
			}
		}
	}
	return list, n
}

// do returns the position after m.
func (b *Board) do(m move) Board {
	nb := *b
	us, them := b.side, b.side^1
	from, to := int(m&63), int(m>>6&63)
	flag := int(m >> 12 & 3)
	fb, tb := uint64(1)<<from, uint64(1)<<to
	pt := 0
	for pt = 0; pt < 6; pt++ {
		if b.pieces[us][pt]&fb != 0 {
			break
		}
	}
	if b.occ[them]&tb != 0 {
		for c := 0; c < 6; c++ {
			nb.pieces[them][c] &^= tb
		}
		nb.occ[them] &^= tb
	}
	nb.pieces[us][pt] ^= fb | tb
	nb.occ[us] ^= fb | tb
	switch flag {
	case flagPromo:
		nb.pieces[us][pawn] &^= tb
		nb.pieces[us][int(m>>14)+1] |= tb
	case flagEP:
		capSq := to - 8
		if us == 1 {
			capSq = to + 8
		}
		nb.pieces[them][pawn] &^= 1 << capSq
		nb.occ[them] &^= 1 << capSq
	case flagCastle:
		rf, rt := to+1, to-1
		if to < from {
			rf, rt = to-2, to+1
		}
		nb.pieces[us][rook] ^= 1<<rf | 1<<rt
		nb.occ[us] ^= 1<<rf | 1<<rt
	}
	nb.all = nb.occ[0] | nb.occ[1]
	nb.ep = -1
	if pt == pawn && (to-from == 16 || from-to == 16) {
		ep := (from + to) / 2
		if pawnAtt[us][ep]&b.pieces[them][pawn] != 0 {
			nb.ep = int8(ep)
		}
	}
	nb.castling &^= castleMask[from] | castleMask[to]
	nb.side = them
	return nb
}

// Perft counts the leaf nodes to depth plies.
func (b *Board) Perft(depth int) uint64 { return perft(*b, depth) }

// perft takes the board by value: a child board made by do stays on the
// stack (through a pointer receiver the recursion moved each one to the
// heap, an allocation per interior node).
func perft(b Board, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		_, n := b.genLegal(nil, true)
		return uint64(n)
	}
	var buf [256]move
	list, _ := b.genLegal(buf[:0], false)
	var total uint64
	for _, m := range list {
		total += perft(b.do(m), depth-1)
	}
	return total
}
