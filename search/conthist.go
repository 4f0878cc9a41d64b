package search

import (
	"houserules/geom"
	"houserules/position"
)

// contHist is the continuation history (Stockfish's continuationHistory):
// how a quiet move fared after an earlier move, both named by the piece
// that moved (colour and type) and its target square. Row: the earlier
// move (the opponent's reply one ply back, or the side's own move two
// plies back); column: the quiet move being scored. Values move by the
// same gravity as the main history and stay within ±8192.
//
// The table is sized per ruleset: (colours × types × board squares)²
// entries, with the types folded so that one side stays under
// contMaxDim (3.3 MB for capablanca, 1.2 MB for chess).
type contHist struct {
	dim   int                  // rows = columns
	nSq   int                  // board squares
	piece [128]int16           // position.Piece (type | colour<<6) → colour*types + type index, -1 when unused
	sq    [geom.SquareNB]int16 // square → compact board index
	tab   []int16              // dim*dim entries
}

// contMaxDim bounds a side of the table (13 MB at most).
const contMaxDim = 2560

// newContHist builds the table for variant v with piece types types.
func newContHist(v *position.Variant, types []position.PieceType) *contHist {
	files, ranks := v.MaxFile+1, v.MaxRank+1
	nSq := files * ranks
	nT := max(1, min(len(types), contMaxDim/(2*nSq))) // type slots per colour
	c := &contHist{dim: 2 * nT * nSq, nSq: nSq}
	for i := range c.piece {
		c.piece[i] = -1
	}
	for i, pt := range types {
		for col := 0; col < 2; col++ {
			pc := position.MakePiece(position.Color(col), pt)
			c.piece[pc] = int16(col*nT + i%nT)
		}
	}
	for s := range c.sq {
		f, r := geom.Square(s).File(), geom.Square(s).Rank()
		if f < files && r < ranks {
			c.sq[s] = int16(r*files + f)
		}
	}
	c.tab = make([]int16, c.dim*c.dim)
	return c
}

// index returns the row or column of piece pc arriving on s, or -1.
func (c *contHist) index(pc position.Piece, s geom.Square) int {
	if pc == position.NoPiece || s == geom.NoSquare {
		return -1
	}
	k := c.piece[pc]
	if k < 0 {
		return -1
	}
	return int(k)*c.nSq + int(c.sq[s])
}

// clear zeroes the table.
func (c *contHist) clear() { clear(c.tab) }

// decay divides every entry by 4 (between searches).
func (c *contHist) decay() {
	for i := range c.tab {
		c.tab[i] /= 4
	}
}

// at returns the entry for row r (an index, or -1 for none) and column k.
func (c *contHist) at(r, k int) int {
	if r < 0 || k < 0 {
		return 0
	}
	return int(c.tab[r*c.dim+k])
}

// update moves the entry (r, k) by bonus with the quiet history's
// gravity towards 0 (addHistory), kept within ±8,192.
func (c *contHist) update(r, k int, bonus int32) {
	if r < 0 || k < 0 {
		return
	}
	h := &c.tab[r*c.dim+k]
	v := int32(*h)
	addHistory(&v, bonus)
	*h = int16(max(-8192, min(8192, v)))
}
