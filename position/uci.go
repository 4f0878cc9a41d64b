package position

import (
	"fmt"
	"strings"

	"houserules/geom"
)

// UCI returns the move in Fairy-Stockfish's UCI notation: e2e4, e7e8q,
// e1g1 (castling; e1h1 in Chess960 or when the king's target is
// ambiguous with a normal king move), g7g8+ (shogi-style promotion),
// P@e4 (drop), a pass as the king "moving" to its own square, and an
// action as d4d4:explode-file (see RegisterAction). A gating move adds
// the gated type's lower-case letter: b1c3h, e1g1e (castling, gating on
// the king's square); gating on the castling rook's square swaps the
// squares, h1e1h (Fairy-Stockfish's UCI::move). In a walling variant
// every move ends in "," and the moved piece's destination and wall
// square, as Fairy-Stockfish writes them: e2e4,e4d5 (duck), a1a1,a1a3 (a
// wall placed without moving, wallOrMove); a move that places no wall
// names a1, Fairy-Stockfish's empty gating square: b1c3,c3a1.
func (p *Position) UCI(m Move) string {
	var buf [24]byte
	return string(p.AppendUCI(buf[:0], m))
}

// AppendUCI appends the UCI text of m (UCI) to b: a caller naming many
// moves (the server, each legal move of a position) writes them into one
// buffer rather than a string each.
func (p *Position) AppendUCI(b []byte, m Move) []byte {
	from, to := m.From(), m.To()
	gating := m.IsGating()
	switch {
	case gating && m.Aux() == to:
		from, to = to, from
	case m.Kind() == Drop:
		if m.DroppedType() != m.PromotionType() {
			b = append(b, '+') // dropped as its promoted type
		}
		b = append(b, p.pieceChar(MakePiece(White, m.PromotionType())), '@')
		return append(b, to.String()...)
	case m.Kind() == Castling:
		if !p.chess960 {
			kto, _ := p.castlingTargets(p.side, to > from)
			// ambiguous with a normal king move to kto: keep king-takes-rook
			if !p.isPseudoNormal(from, kto) {
				to = kto
			}
		}
	}
	b = append(b, from.String()...)
	b = append(b, to.String()...)
	switch m.Kind() {
	case Promotion:
		b = append(b, lower(p.V.PieceChar[m.PromotionType()]))
	case PiecePromotion:
		b = append(b, '+')
	case PieceDemotion:
		b = append(b, '-')
	case Action:
		b = append(b, ':')
		b = append(b, ActionName(m.Param())...)
	}
	if gating {
		b = append(b, lower(p.V.PieceChar[m.AuxType()]))
		if m.Aux() != from {
			b = append(b, m.Aux().String()...)
		}
	}
	if p.c.walling {
		w := m.Wall()
		if w == geom.NoSquare {
			w = geom.Sq(0, 0)
		}
		b = append(b, ',')
		b = append(b, to.String()...)
		b = append(b, w.String()...)
	}
	return b
}

// isPseudoNormal reports whether a normal move from→to is pseudo-legal.
func (p *Position) isPseudoNormal(from, to geom.Square) bool {
	var buf [256]Move
	for _, m := range p.PseudoLegal(buf[:0]) {
		if m.Kind() == Normal && m.From() == from && m.To() == to {
			return true
		}
	}
	return false
}

// UCIEqual reports whether the received move text s names the move whose
// UCI text is uci: equal, or equal but for the case of the last character
// (a promotion letter: some GUIs send e7e8Q, and Stockfish and
// Fairy-Stockfish lower-case it before matching).
func UCIEqual(uci, s string) bool {
	if uci == s {
		return true
	}
	n := len(uci)
	return n > 0 && len(s) == n && uci[:n-1] == s[:n-1] && strings.EqualFold(uci[n-1:], s[n-1:])
}

// LegalByUCI returns the legal move whose UCI text is s (UCIEqual), found
// without listing the legal moves: the first pseudo-legal move of that
// text that is legal, which is the one ParseMove's scan of LegalMoves
// finds where LegalMoves is the pseudo-legal moves filtered one by one,
// in order. It answers false, leaving it to ParseMove, where the legal
// list is more than that (gating forms added after, walls chosen after,
// a pass kept for stalemate, compulsory capture, a game already ended),
// and when no move matches (the other castling form, an error to word).
// An instance that applies a move another one stored parses it here: the
// legality of the other moves was most of that.
func (p *Position) LegalByUCI(s string) (Move, bool) {
	if p.c.gateByBase || p.c.walling || p.V.MustCapture || p.V.PassOnStalemate[p.side] {
		return NoMove, false
	}
	if _, over := p.ImmediateEnd(); over {
		return NoMove, false
	}
	var buf [256]Move
	for _, m := range p.PseudoLegal(buf[:0]) {
		if UCIMayName(m, s) && UCIEqual(p.UCI(m), s) && p.legalBase(m) {
			return m, true
		}
	}
	return NoMove, false
}

// UCIMayName reports whether the move text s may name m, by its origin
// alone: a cheap test before m's UCI text is built (UCI), true for every
// s that UCIEqual finds equal to it. Every move's UCI text but a drop's
// and a gating move's begins with its origin square's name.
func UCIMayName(m Move, s string) bool {
	return m.Kind() == Drop || m.IsGating() || strings.HasPrefix(s, m.From().String())
}

// ParseMove finds the legal move whose UCI text is s (see UCIEqual for the
// promotion letter's case). Both castling forms (king to its target, king
// takes rook) are accepted. It returns an error naming the text when no
// legal move matches.
func (p *Position) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if m, ok := p.LegalByUCI(s); ok {
		return m, nil
	}
	var buf [256]Move
	moves := p.LegalMoves(buf[:0])
	for _, m := range moves {
		if UCIMayName(m, s) && UCIEqual(p.UCI(m), s) {
			return m, nil
		}
	}
	for _, m := range moves {
		if m.Kind() == Castling && p.KingTakesRook(m) == s {
			return m, nil
		}
	}
	return NoMove, fmt.Errorf("illegal move %q in %s", s, p.FEN())
}

// KingTakesRook is castling move m in king-takes-rook form (e1h1, and a
// gating letter after it when the gate is the king's square: e1h1e), the
// form Fairy-Stockfish writes in Chess960, accepted in either mode.
func (p *Position) KingTakesRook(m Move) string {
	s := m.From().String() + m.To().String()
	if m.IsGating() && m.Aux() == m.From() {
		s += string(lower(p.V.PieceChar[m.AuxType()]))
	}
	return s
}
