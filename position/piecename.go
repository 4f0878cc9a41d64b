package position

import (
	"strings"

	"houserules/geom"
)

// pieceOn names a piece on a square in a FEN error as the user typed it
// (issue 45): "black piece 'p' (pawn) on c1", "white piece '+P' (gold)
// on e7", "black piece 'h' on a8". The letter is the piece's FEN letter as the FEN fen
// gives it (a synonym stays a synonym: xiangqi's elephant typed E), with
// '+' and the letter of the unpromoted piece for a shogi-style promoted
// one; the name in brackets is the type's human name (HumanName), left
// out for a custom piece, which has none. It is formatted only for an
// error.
type pieceOn struct {
	p   *Position
	sq  geom.Square
	fen string
}

func (n pieceOn) String() string {
	colour := "white"
	if n.p.board[n.sq].Color() == Black {
		colour = "black"
	}
	return colour + " piece " + n.p.pieceLabel(n.sq, n.fen) + " on " + n.sq.String()
}

// pieceLabel is the piece on sq as a FEN error names it: its quoted FEN
// letter as typed in fen ('+' and the unpromoted letter for a shogi-style
// promoted piece) and its human name in brackets where it has one:
// 'p' (pawn).
func (p *Position) pieceLabel(sq geom.Square, fen string) string {
	pc := p.board[sq]
	letter := typedPiece(fen, sq, p.c.board)
	if letter == "" {
		letter = string(p.pieceChar(pc))
		if up := p.meta[sq].Unpromoted; up != NoPiece {
			letter = "+" + string(p.pieceChar(up))
		}
	}
	return p.typeLabel(letter, pc.Type())
}

// typedPiece returns the piece on sq as the board field of fen writes it
// ("P", "+p", a letter synonym; a '~' mark left out), "" when the field
// does not say (no FEN, a malformed rank).
func typedPiece(fen string, sq geom.Square, b *geom.Board) string {
	board, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	board, _, _ = strings.Cut(board, "[")
	ranks := strings.Split(board, "/")
	ri := b.Ranks - 1 - sq.Rank()
	if len(ranks) < b.Ranks || ri < 0 || ri >= len(ranks) {
		return ""
	}
	rs, f := ranks[ri], 0
	for i := 0; i < len(rs); i++ {
		ch := rs[i]
		switch {
		case ch >= '0' && ch <= '9':
			n := int(ch - '0')
			if i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9' {
				n = n*10 + int(rs[i+1]-'0')
				i++
			}
			f += n
		case ch == '~':
		case ch == '+' && i+1 < len(rs):
			if f == sq.File() {
				return rs[i : i+2]
			}
			i++
			f++
		default:
			if f == sq.File() {
				return string(ch)
			}
			f++
		}
		if f > sq.File() {
			return ""
		}
	}
	return ""
}

// pieceLetterLabel is a piece of colour c and type pt named by its FEN
// letter and human name, as pieceLabel names a piece on the board.
func (p *Position) pieceLetterLabel(c Color, pt PieceType) string {
	return p.typeLabel(string(p.pieceChar(MakePiece(c, pt))), pt)
}

func (p *Position) typeLabel(letter string, pt PieceType) string {
	s := "'" + letter + "'"
	if name := p.V.HumanName(pt); name != "" {
		s += " (" + name + ")"
	}
	return s
}

// HumanName is the name of piece type pt in words for messages: its
// variants.ini name (Fairy-Stockfish's) split into lower-case words
// (shogiPawn is "shogi pawn", janggiCannon "janggi cannon"), a commoner
// written K (atomic's, spartan's kings) "king", the fers and the wazir
// of a palace game (xiangqi's advisor 仕/士, janggi's guard, as the web
// page draws them) "advisor"; "" for a custom piece (customPiece1…, a
// custom royal), whose internal name is no name a player knows: it is
// named by its letter alone.
func (v *Variant) HumanName(pt PieceType) string {
	if pt.IsCustom() || pt == CustomRoyal || pt == NoPieceType || int(pt) >= PieceTypeNB {
		return ""
	}
	if pt == Commoner && v.PieceChar[pt] == 'K' {
		return "king"
	}
	if (pt == Fers || pt == Wazir) && v.palaceGame() {
		return "advisor"
	}
	name := BuiltinPieces[pt].Name
	var sb strings.Builder
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if ch >= 'A' && ch <= 'Z' {
			sb.WriteByte(' ')
			ch += 'a' - 'A'
		}
		sb.WriteByte(ch)
	}
	return sb.String()
}

// palaceGame reports whether v is played as xiangqi or janggi are: their
// variantTemplate, or a king kept in a part of the board (a palace).
func (v *Variant) palaceGame() bool {
	switch strings.ToLower(v.Template) {
	case "xiangqi", "janggi":
		return true
	}
	if !v.Compiled() {
		return false
	}
	b := v.Board()
	r := v.MobilityRegion[White][King].And(b.Mask)
	return r.Any() && r.Count() < b.Mask.Count()
}
