package position

import (
	"fmt"

	"houserules/geom"
)

// The checks of a FEN's castling field that refuse rights no game of the
// variant gives (issue 45), called by parseCastling.

// check960Second refuses, in Chess960, a second right on the side of the
// king that already has one (w AB: two queenside rooks): a Chess960
// start has one rook on each side of its king. Fairy-Stockfish keeps the
// last letter's rook; New refuses the field.
func (p *Position) check960Second(c Color, letter byte, rsq geom.Square) error {
	if !p.chess960 {
		return nil
	}
	cr := p.sideRight(c, p.castlingKingSquare[c] < rsq)
	if p.st.Castling&cr != 0 && p.castlingRookSquare[cr] != rsq {
		return fmt.Errorf("%q but the %s rook on %s has that side's right already: a Chess960 start has one rook on each side of the king",
			letter, c, p.castlingRookSquare[cr])
	}
	return nil
}

// check960Rights refuses Chess960 castling rights that no start position
// gives (Fairy-Stockfish keeps them): the king starts between its two
// rooks, so a king with a right is not on an edge file; Black's army
// mirrors White's, so when both sides have rights their kings share a
// file, and so do the rooks of their rights on the same side.
func (p *Position) check960Rights() error {
	v := p.V
	var kingFile [2]int
	var rookFile [2][2]int // [colour][queenside, kingside]: the right's rook file, -1 none
	for c := White; c <= Black; c++ {
		kingFile[c] = -1
		for side := range 2 {
			rookFile[c][side] = -1
			if cr := p.sideRight(c, side == 1); p.st.Castling&cr != 0 {
				rookFile[c][side] = p.castlingRookSquare[cr].File()
				kingFile[c] = p.castlingKingSquare[c].File()
			}
		}
		if f := kingFile[c]; f == 0 || f == v.MaxFile {
			return fmt.Errorf("the %s king on %s has a castling right, but a Chess960 king starts between its two rooks, never on an edge file",
				c, p.castlingKingSquare[c])
		}
	}
	if kingFile[White] < 0 || kingFile[Black] < 0 {
		return nil
	}
	if kingFile[White] != kingFile[Black] {
		return fmt.Errorf("both sides have castling rights with the kings on %s and %s: a Chess960 start puts them on one file",
			p.castlingKingSquare[White], p.castlingKingSquare[Black])
	}
	for side, name := range [2]string{"queenside", "kingside"} {
		if w, b := rookFile[White][side], rookFile[Black][side]; w >= 0 && b >= 0 && w != b {
			return fmt.Errorf("the %s rights name rooks on the %c- and %c-files: a Chess960 start puts them on one file",
				name, 'a'+w, 'a'+b)
		}
	}
	return nil
}

// kingOffHome reports whether colour c's castling king stands off its
// start square outside Chess960 (no castling right is possible then).
func (p *Position) kingOffHome(c Color) bool {
	home := p.castlingHome(c)
	return !p.chess960 && home != geom.NoSquare && p.castlingKingSquare[c] != home
}

// checkCastlingRight refuses a castling letter whose king is off its
// start square outside Chess960 (R2K3R w KQ): Fairy-Stockfish keeps such a
// right and castles from where the king stands (d1c1, d1g1), a move no
// chess rules give; New refuses it (NewFSF reads it as FSF does). Letters
// that name no rook, or a side without its king on the castling rank, are
// dropped instead, as Fairy-Stockfish drops them.
func (p *Position) checkCastlingRight(c Color, letter byte) error {
	ksq := p.castlingKingSquare[c]
	if home := p.castlingHome(c); !p.chess960 && home != geom.NoSquare && ksq != home {
		return fmt.Errorf("%q but the %s king is on %s, not %s: a king off its square has no castling right (a Chess960 position needs Chess960 mode)",
			letter, c, ksq, home)
	}
	return nil
}

// checkCastlingRook refuses a castling letter whose rook is off its
// start square outside Chess960 (1R2K2R w KQ, or w BH: the b1 rook has
// moved): Fairy-Stockfish's Position::set keeps the right and castles
// e1c1 with the b1 rook; its validate_fen (pyffish) refuses the FEN ("the
// rook has moved"), as New does. The king is on its square (checked
// first), so the side of the right is known.
func (p *Position) checkCastlingRook(c Color, letter byte, rsq geom.Square) error {
	if p.chess960 {
		return nil
	}
	cr := WhiteOOO
	if rsq > p.castlingKingSquare[c] {
		cr = WhiteOO
	}
	if c == Black {
		cr <<= 2
	}
	p.castlingHome(c) // computes castleRookHome
	if home := p.c.castleRookHome[cr]; home != geom.NoSquare && rsq != home {
		return fmt.Errorf("%q but the %s rook is on %s, not %s: a rook off its square has no castling right (a Chess960 position needs Chess960 mode)",
			letter, c, rsq, home)
	}
	return nil
}

// castlingHome returns the square of colour c's castling king in the
// variant's start position (NoSquare when there is none on its castling
// rank, or more than one).
func (p *Position) castlingHome(c Color) geom.Square {
	cc := p.c
	cc.castleHomeOnce.Do(func() {
		cc.castleHome = [2]geom.Square{geom.NoSquare, geom.NoSquare}
		for i := range cc.castleRookHome {
			cc.castleRookHome[i] = geom.NoSquare
		}
		start, err := newPositionMode(p.V, p.V.StartFEN, p.chess960, false, true)
		if err != nil {
			return
		}
		for _, cr := range [...]CastlingRights{WhiteOO, WhiteOOO, BlackOO, BlackOOO} {
			if start.CanCastle(cr) {
				cc.castleRookHome[cr] = start.castlingRookSquare[cr]
			}
		}
		for col := White; col <= Black; col++ {
			kings := start.PiecesOf(col, p.V.CastlingKingPiece[col]).And(geom.RankSet(start.castlingRank(col)))
			if kings.Any() && !kings.More() {
				cc.castleHome[col] = kings.First()
			}
		}
	})
	return cc.castleHome[c]
}
