package rules

import (
	"strconv"

	"houserules/geom"
	"houserules/position"
)

// sanBody is a move's SAN without the check or mate suffix. The forms
// beyond the PGN standard follow Fairy-Stockfish's SAN (apiutil.h
// move_to_san) and its UCI text, so that a move has one form in UCI, SAN,
// PGN and the web API:
//
//   - a drop is the letter of the piece in hand, "@" and the square, the
//     pawn included (P@e4, N@f3, as Fairy-Stockfish and lichess write it;
//     python-chess's "@e4" is read too); a drop as the promoted type
//     (dropPromoted) is "+" and the letter in hand (+P@c3), as in UCI;
//   - a piece that stands promoted the shogi way (its FEN form is +P) is
//     named so: +Pxd5, +Rb7;
//   - a shogi-style promotion ends in "+" (Sc4+), a demotion in "-", and a
//     move that could promote that way but does not in "=" (Sc4=), as
//     Fairy-Stockfish's shogi SAN writes them; the check mark follows
//     (Sc4++ promotes and checks);
//   - a sittuyin promotion that moves names its origin square (d5e4=F; in
//     place it is d5=F);
//   - a gating move ends in "/" and the letter of the piece gated (Nc3/H);
//     castling names the gating square too (O-O/He1, O-O/Hh1), as
//     Fairy-Stockfish does since the piece may enter on the king's or the
//     rook's square;
//   - in a walling variant every move ends in "," and its wall square
//     (e4,d5 in duck chess; a1, Fairy-Stockfish's empty gating square,
//     for a move that places none, as in its UCI text), and a wall
//     placed without moving (wallOrMove) names the piece and square of
//     Fairy-Stockfish's pass: Ra1,a3.
func sanBody(p *position.Position, m position.Move, legal []position.Move) string {
	var buf [32]byte
	return string(appendSANBody(buf[:0], p, m, legal, nil))
}

// appendSANBody appends sanBody's text to b; the facts of the list sl
// (nil: none known) spare it scans of legal.
func appendSANBody(b []byte, p *position.Position, m position.Move, legal []position.Move, sl *sanList) []byte {
	b = appendSANMove(b, p, m, legal, sl)
	if p.V.Walling() && m.Kind() != position.Action {
		b = append(b, ',')
		b = append(b, wallText(m)...)
	}
	return b
}

// wallText is the wall square of m in a walling variant's move text: a1,
// Fairy-Stockfish's empty gating square, when m places none.
func wallText(m position.Move) string {
	if w := m.Wall(); w != geom.NoSquare {
		return w.String()
	}
	return geom.Sq(0, 0).String()
}

// sanList is what the SANs of the moves of one legal list share, found
// in one pass over it (init) rather than in a scan of the whole list for
// each move: the moves of the list to each target square, chained by
// index (the only ones disambiguation and canPiecePromote look at), and
// whether any move promotes the shogi way (else no move declines to).
// The answers are those of the scans.
type sanList struct {
	legal           []position.Move
	first           [256]int16 // per target square: 1 + the index of its first move in legal, 0 for none
	next            [256]int16 // per move of legal: 1 + the index of the next one to the same square, 0 for none
	piecePromotions bool       // a move of the list is a PiecePromotion
}

// init makes sl the facts of legal; false (sl unusable) for a list too
// long for its chains.
func (sl *sanList) init(legal []position.Move) bool {
	if len(legal) > len(sl.next) {
		return false
	}
	sl.legal = legal
	for i := len(legal) - 1; i >= 0; i-- {
		m := legal[i]
		sl.next[i] = sl.first[m.To()]
		sl.first[m.To()] = int16(i + 1)
		if m.Kind() == position.PiecePromotion {
			sl.piecePromotions = true
		}
	}
	return true
}

// sameTarget returns the moves of legal that go to square to: those of
// sl's list (chained) when sl is not nil, else those of legal scanned,
// appended to buf.
func sameTarget(buf []position.Move, legal []position.Move, to geom.Square, sl *sanList) []position.Move {
	if sl != nil {
		for j := sl.first[to]; j != 0; j = sl.next[j-1] {
			buf = append(buf, sl.legal[j-1])
		}
		return buf
	}
	for _, o := range legal {
		if o.To() == to {
			buf = append(buf, o)
		}
	}
	return buf
}

// appendSANMove appends sanBody's text without the wall square to b; m
// is one of legal when sl is not nil (sl: legal's facts).
func appendSANMove(b []byte, p *position.Position, m position.Move, legal []position.Move, sl *sanList) []byte {
	from, to := m.From(), m.To()
	switch m.Kind() {
	case position.Action:
		return append(b, p.UCI(m)...) // an action has one text form
	case position.Castling:
		if to > from {
			b = append(b, "O-O"...)
		} else {
			b = append(b, "O-O-O"...)
		}
		if gated := gatedType(m); gated != position.NoPieceType {
			b = append(b, '/', pieceChar(p, gated))
			b = append(b, m.Aux().String()...)
		}
		return b
	case position.Pass:
		if m.Wall() != geom.NoSquare {
			if p.PieceOn(from).Type() != position.Pawn {
				b = appendDesignator(b, p, from)
			}
			return append(b, to.String()...)
		}
		return append(b, "pass"...)
	case position.Drop:
		inHand := m.PromotionType()
		if m.DroppedType() != inHand {
			b = append(b, '+')
		}
		b = append(b, pieceChar(p, inHand), '@')
		return append(b, to.String()...)
	}
	pt := p.PieceOn(from).Type()
	capture := p.IsCapture(m)
	var buf [32]position.Move
	rivals := sameTarget(buf[:0], legal, to, sl) // the moves to the same square, m among them
	d := disambiguation(p, m, rivals)
	if pt == position.Pawn {
		// a capture always names its file; when another pawn on
		// that file also captures there, the whole square; a sittuyin
		// promotion that moves names its whole square (d5e4=F), as
		// Fairy-Stockfish's SAN does
		switch {
		case m.Kind() == position.Promotion && p.V.SittuyinPromotion && from != to:
			b = append(b, from.String()...)
		case !capture:
			b = appendOrigin(b, from, d)
		case d == rankOrigin:
			b = append(b, from.String()...)
		default:
			b = append(b, byte('a'+from.File()))
		}
	} else {
		b = appendDesignator(b, p, from)
		b = appendOrigin(b, from, d)
	}
	if capture {
		b = append(b, 'x')
	}
	b = append(b, to.String()...)
	switch m.Kind() {
	case position.Promotion:
		b = append(b, '=', pieceChar(p, m.PromotionType()))
	case position.PiecePromotion:
		b = append(b, '+')
	case position.PieceDemotion:
		b = append(b, '-')
	case position.Normal:
		if (sl == nil || sl.piecePromotions) && canPiecePromote(m, rivals) {
			b = append(b, '=') // promotion declined
		}
	}
	if gated := gatedType(m); gated != position.NoPieceType {
		b = append(b, '/', pieceChar(p, gated))
	}
	return b
}

// gatedType is the type a gating move brings onto the board (its AuxType,
// Fairy-Stockfish's gating_type), NoPieceType for a move that gates
// nothing; drops and walls use AuxType for other things.
func gatedType(m position.Move) position.PieceType {
	switch m.Kind() {
	case position.Drop, position.Wall, position.Action:
		return position.NoPieceType
	}
	return m.AuxType()
}

// canPiecePromote reports whether legal holds the shogi-style promotion
// of the same piece to the same square as m.
func canPiecePromote(m position.Move, legal []position.Move) bool {
	for _, o := range legal {
		if o.Kind() == position.PiecePromotion && o.From() == m.From() && o.To() == m.To() {
			return true
		}
	}
	return false
}

// pieceLetter is the upper-case FEN letter of type pt.
func pieceLetter(p *position.Position, pt position.PieceType) string {
	return string(pieceChar(p, pt))
}

// pieceChar is pieceLetter's byte.
func pieceChar(p *position.Position, pt position.PieceType) byte {
	return upper(p.PieceChar(position.MakePiece(position.White, pt)))
}

// appendDesignator appends the SAN name of the piece on s to b: its
// upper-case letter, or "+" and the letter it had before a shogi-style
// promotion (its FEN form).
func appendDesignator(b []byte, p *position.Position, s geom.Square) []byte {
	if up := p.MetaOn(s).Unpromoted; up != position.NoPiece {
		return append(b, '+', pieceChar(p, up.Type()))
	}
	return append(b, pieceChar(p, p.PieceOn(s).Type()))
}

// sameDesignator reports whether the pieces on a and b are named alike in
// SAN (same type, same unpromoted form).
func sameDesignator(p *position.Position, a, b geom.Square) bool {
	return p.PieceOn(a).Type() == p.PieceOn(b).Type() && p.MetaOn(a).Unpromoted == p.MetaOn(b).Unpromoted
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// origin is the part of a move's origin square SAN names to tell it
// apart from another (disambiguation).
type origin uint8

const (
	noOrigin     origin = iota // none needed
	fileOrigin                 // its file: Nbd2
	rankOrigin                 // its rank: R1a3
	squareOrigin               // the whole square: Qh4e1
)

// disambiguation returns the shortest origin part (file, rank or
// square) that tells m apart from the other moves in legal of a piece
// named alike (sameDesignator), of the same kind and gating the same
// type, to the same square; noOrigin when there is none.
func disambiguation(p *position.Position, m position.Move, legal []position.Move) origin {
	from, to := m.From(), m.To()
	others, sameFile, sameRank := false, false, false
	for _, o := range legal {
		if o.From() != from && o.To() == to && o.Kind() == m.Kind() && o.AuxType() == m.AuxType() && o.Wall() == m.Wall() &&
			sameDesignator(p, o.From(), from) {
			others = true
			if o.From().File() == from.File() {
				sameFile = true
			}
			if o.From().Rank() == from.Rank() {
				sameRank = true
			}
		}
	}
	switch {
	case !others:
		return noOrigin
	case !sameFile:
		return fileOrigin
	case !sameRank:
		return rankOrigin
	}
	return squareOrigin
}

// appendOrigin appends origin part d of square from to b.
func appendOrigin(b []byte, from geom.Square, d origin) []byte {
	switch d {
	case fileOrigin:
		return append(b, byte('a'+from.File()))
	case rankOrigin:
		return strconv.AppendInt(b, int64(from.Rank()+1), 10)
	case squareOrigin:
		return append(b, from.String()...)
	}
	return b
}
