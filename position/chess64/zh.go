package chess64

import (
	"fmt"
	"math/bits"
	"strings"
)

// ZH is a crazyhouse position on the 64-bit board: chess (Board) with a
// pocket per side and the marks of promoted pieces. A capture puts the
// captured piece into the captor's pocket, a promoted one as a pawn
// (unless loop: loop chess keeps it promoted); a pocket piece may be
// dropped on any empty square, a pawn not on the first or last rank, with
// check or mate (Fairy-Stockfish's crazyhouse and loop). rules.Perft uses
// it for those two variants exactly; the generic core remains the
// reference.
type ZH struct {
	b        Board
	hand     [2][5]uint8 // pawn … queen
	promoted uint64      // squares of promoted pieces (crazyhouse's ~)
	loop     bool
}

// ParseZH reads a crazyhouse FEN as houserules writes it: the pocket in
// brackets after the board ([QNPpp]) and ~ after a promoted piece. It
// errors on anything it cannot represent (the caller then uses the
// generic core).
func ParseZH(fen string, loop bool) (*ZH, error) {
	board, rest, ok := strings.Cut(fen, " ")
	if !ok {
		return nil, fmt.Errorf("chess64: short FEN")
	}
	i := strings.IndexByte(board, '[')
	if i < 0 || !strings.HasSuffix(board, "]") {
		return nil, fmt.Errorf("chess64: no pocket")
	}
	pocket := board[i+1 : len(board)-1]
	board = board[:i]
	z := &ZH{loop: loop}
	// strip the ~ marks, noting their squares
	var plain strings.Builder
	r, file := 7, 0
	for j := 0; j < len(board); j++ {
		ch := board[j]
		switch {
		case ch == '~':
			if file == 0 || r < 0 {
				return nil, fmt.Errorf("chess64: bad promoted mark")
			}
			z.promoted |= 1 << (r*8 + file - 1)
			continue
		case ch == '/':
			r--
			file = 0
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
		default:
			file++
		}
		plain.WriteByte(ch)
	}
	b, err := Parse(plain.String() + " " + rest)
	if err != nil {
		return nil, err
	}
	z.b = *b
	for _, ch := range pocket {
		k := strings.IndexRune("PNBRQpnbrq", ch)
		if k < 0 {
			return nil, fmt.Errorf("chess64: pocket %q", pocket)
		}
		z.hand[k/5][k%5]++
	}
	return z, nil
}

// drop is a drop of type pt on s: from == to (never so for a board move),
// the type in the flag and promotion bits.
func drop(pt, s int) move { return move(s | s<<6 | (pt&3)<<12 | (pt>>2)<<14) }

const rank1or8 = 0xFF | uint64(0xFF)<<56

// genDrops appends (or counts) the legal drops: none in double check,
// only onto the squares between the king and a slider that checks it,
// else onto every empty square; pawns not on the first or last rank. A
// drop never uncovers the dropping side's king.
func (z *ZH) genDrops(list []move, countOnly bool) ([]move, int) {
	b := &z.b
	us, them := b.side, b.side^1
	h := &z.hand[us]
	if h[pawn]|h[knight]|h[bishop]|h[rook]|h[queen] == 0 {
		return list, 0
	}
	target := ^b.all
	ksq := bits.TrailingZeros64(b.pieces[us][king])
	if checkers := b.attackers(ksq, them, b.all); checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return list, 0
		}
		target &= between[ksq][bits.TrailingZeros64(checkers)]
	}
	n := 0
	for pt := pawn; pt <= queen; pt++ {
		if h[pt] == 0 {
			continue
		}
		t := target
		if pt == pawn {
			t &^= rank1or8
		}
		if countOnly {
			n += bits.OnesCount64(t)
			continue
		}
		for ; t != 0; t &= t - 1 {
			list = append(list, drop(pt, bits.TrailingZeros64(t)))
		}
	}
	return list, n
}

// do returns the position after m: a drop, or a board move whose capture
// goes to the pocket and whose promoted mark moves with the piece.
func (z *ZH) do(m move) ZH {
	nz := *z
	us, them := z.b.side, z.b.side^1
	from, to := int(m&63), int(m>>6&63)
	tb := uint64(1) << to
	if from == to {
		pt := int(m>>12&3) | int(m>>14)<<2
		nz.hand[us][pt]--
		nz.b.pieces[us][pt] |= tb
		nz.b.occ[us] |= tb
		nz.b.all |= tb
		nz.b.ep = -1
		nz.b.side = them
		return nz
	}
	switch flag := int(m >> 12 & 3); {
	case z.b.occ[them]&tb != 0:
		pt := pawn // a promoted piece goes back as a pawn
		if z.promoted&tb == 0 || z.loop {
			for pt = pawn; pt < king && z.b.pieces[them][pt]&tb == 0; pt++ {
			}
		}
		nz.hand[us][pt]++
	case flag == flagEP:
		nz.hand[us][pawn]++
	}
	nz.b = z.b.do(m)
	if z.promoted != 0 {
		fb := uint64(1) << from
		nz.promoted &^= tb
		if z.promoted&fb != 0 {
			nz.promoted = nz.promoted&^fb | tb
		}
	}
	if int(m>>12&3) == flagPromo {
		nz.promoted |= tb
	}
	return nz
}

// Perft counts the leaf nodes to depth plies.
func (z *ZH) Perft(depth int) uint64 { return zhPerft(*z, depth) }

func zhPerft(z ZH, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		_, n := z.b.genLegal(nil, true)
		_, d := z.genDrops(nil, true)
		return uint64(n + d)
	}
	var buf [512]move // drops of five types onto forty squares and more
	list, _ := z.b.genLegal(buf[:0], false)
	list, _ = z.genDrops(list, false)
	var total uint64
	for _, m := range list {
		total += zhPerft(z.do(m), depth-1)
	}
	return total
}
