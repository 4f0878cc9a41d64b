package rules

import (
	"fmt"
	"strings"

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
	s := sanMove(p, m, legal)
	if p.V.Walling() && m.Kind() != position.Action {
		s += "," + wallText(m)
	}
	return s
}

// wallText is the wall square of m in a walling variant's move text: a1,
// Fairy-Stockfish's empty gating square, when m places none.
func wallText(m position.Move) string {
	if w := m.Wall(); w != geom.NoSquare {
		return w.String()
	}
	return geom.Sq(0, 0).String()
}

// sanMove is sanBody without the wall square.
func sanMove(p *position.Position, m position.Move, legal []position.Move) string {
	var sb strings.Builder
	from, to := m.From(), m.To()
	switch m.Kind() {
	case position.Action:
		return p.UCI(m) // an action has one text form
	case position.Castling:
		if to > from {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
		if gated := gatedType(m); gated != position.NoPieceType {
			sb.WriteByte('/')
			sb.WriteString(pieceLetter(p, gated))
			sb.WriteString(m.Aux().String())
		}
		return sb.String()
	case position.Pass:
		if m.Wall() != geom.NoSquare {
			return pieceName(p, from) + to.String()
		}
		return "pass"
	case position.Drop:
		inHand := m.PromotionType()
		if m.DroppedType() != inHand {
			sb.WriteByte('+')
		}
		sb.WriteString(pieceLetter(p, inHand))
		sb.WriteByte('@')
		sb.WriteString(to.String())
		return sb.String()
	}
	pt := p.PieceOn(from).Type()
	isPawn := pt == position.Pawn
	capture := p.IsCapture(m)
	if isPawn {
		// a capture always names its file; when another pawn on
		// that file also captures there, the whole square; a sittuyin
		// promotion that moves names its whole square (d5e4=F), as
		// Fairy-Stockfish's SAN does
		d := disambiguation(p, m, legal)
		switch {
		case m.Kind() == position.Promotion && p.V.SittuyinPromotion && from != to:
			sb.WriteString(from.String())
		case !capture:
			sb.WriteString(d)
		case d != "" && d[0] < 'a':
			sb.WriteString(from.String())
		default:
			sb.WriteByte(byte('a' + from.File()))
		}
	} else {
		sb.WriteString(designator(p, from))
		sb.WriteString(disambiguation(p, m, legal))
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(to.String())
	switch m.Kind() {
	case position.Promotion:
		sb.WriteByte('=')
		sb.WriteString(pieceLetter(p, m.PromotionType()))
	case position.PiecePromotion:
		sb.WriteByte('+')
	case position.PieceDemotion:
		sb.WriteByte('-')
	case position.Normal:
		if canPiecePromote(m, legal) {
			sb.WriteByte('=') // promotion declined
		}
	}
	if gated := gatedType(m); gated != position.NoPieceType {
		sb.WriteByte('/')
		sb.WriteString(pieceLetter(p, gated))
	}
	return sb.String()
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
	return string(upper(p.PieceChar(position.MakePiece(position.White, pt))))
}

// designator names the piece on s in SAN: its upper-case letter, or "+"
// and the letter it had before a shogi-style promotion (its FEN form).
func designator(p *position.Position, s geom.Square) string {
	if up := p.MetaOn(s).Unpromoted; up != position.NoPiece {
		return "+" + pieceLetter(p, up.Type())
	}
	return pieceLetter(p, p.PieceOn(s).Type())
}

// pieceName is the piece on s as SAN names it: none for a pawn, else its
// designator.
func pieceName(p *position.Position, s geom.Square) string {
	if p.PieceOn(s).Type() == position.Pawn {
		return ""
	}
	return designator(p, s)
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

// disambiguation returns the shortest origin text (file, rank or square)
// that tells m apart from the other moves in legal of a piece named alike
// (sameDesignator), of the same kind and gating the same type, to the
// same square; "" when there is none.
func disambiguation(p *position.Position, m position.Move, legal []position.Move) string {
	from, to := m.From(), m.To()
	var others []position.Move
	for _, o := range legal {
		if o.From() != from && o.To() == to && o.Kind() == m.Kind() && o.AuxType() == m.AuxType() && o.Wall() == m.Wall() &&
			sameDesignator(p, o.From(), from) {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		return ""
	}
	sameFile, sameRank := false, false
	for _, o := range others {
		if o.From().File() == from.File() {
			sameFile = true
		}
		if o.From().Rank() == from.Rank() {
			sameRank = true
		}
	}
	switch {
	case !sameFile:
		return string(rune('a' + from.File()))
	case !sameRank:
		return fmt.Sprint(from.Rank() + 1)
	}
	return from.String()
}
