package position

import "houserules/geom"

// givesCheckFast decides, without making the move, whether m made by Do
// would leave the opponent's king attacked: whether the state after Do
// would have Checkers (setCheckInfo: the attackers of the opponent's king
// by AttackersTo). It computes what Do changes on the board — the squares
// it empties (the origin, the destination, an en-passant capture's square,
// castling's king and rook squares) and the squares it fills with a piece
// of the side to move (the destination with the moved, promoted, demoted
// or dropped type; castling's king and rook destinations) — and runs
// AttackersTo's search on the board after the move: the piece that moves
// checks directly, a piece whose line went through an emptied square
// checks by discovery, a hopper finds its screen, all with the occupancy
// after the move.
//
// ok is false, and the caller must make the move (Do, Checkers, Undo),
// when it does not model the move: in variants whose Do changes more of
// the board (gating, walls and the duck, flipping enclosed pieces, blasts,
// petrification) or whose attacks depend on more than the occupancy and
// the pieces' squares (janggi cannons, which may not jump one another);
// for moves of kinds it does not know (actions); for a capture of a king
// or a move onto one; when the opponent has more than one king; and
// for a move the side to move cannot make from its square (no piece of
// its own on the origin, an occupied drop square, a demotion without its
// unpromoted piece). An opponent without a king is never in check (ok).
func (p *Position) givesCheckFast(m Move) (check, ok bool) {
	if !p.c.fastCheck {
		return false, false
	}
	us := p.side
	them := us.Other()
	switch p.count[them][King] {
	case 0:
		return false, true // setCheckInfo: no king, no checkers
	case 1:
	default:
		return false, false
	}
	ksq := p.byType[King].And(p.byColor[them]).First()
	from, to := m.From(), m.To()
	var vacated, placed, placed2 geom.Set // placed: type t1, placed2: type t2
	t1, t2 := NoPieceType, NoPieceType
	switch kind := m.Kind(); kind {
	case Normal, EnPassant, Promotion, PiecePromotion, PieceDemotion:
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != us {
			return false, false
		}
		vacated.Add(from)
		vacated.Add(to)
		t1 = pc.Type()
		switch kind {
		case EnPassant:
			vacated.Add(p.captureSquare(to))
		case Promotion:
			t1 = m.PromotionType()
		case PiecePromotion:
			t1 = p.V.PromotedPieceType[t1]
		case PieceDemotion:
			u := p.meta[from].Unpromoted
			if u == NoPiece || u.Color() != us {
				return false, false
			}
			t1 = u.Type()
		}
		if t1 == NoPieceType {
			return false, false
		}
		placed.Add(to)
	case Castling:
		king, rook := p.board[from], p.board[to]
		if king == NoPiece || rook == NoPiece || king.Color() != us || rook.Color() != us {
			return false, false
		}
		kto, rto := p.castlingTargets(us, to > from)
		vacated.Add(from)
		vacated.Add(to)
		t1, t2 = king.Type(), rook.Type()
		placed.Add(kto)
		placed2.Add(rto)
	case Drop:
		if p.board[to] != NoPiece {
			return false, false
		}
		t1 = m.DroppedType()
		placed.Add(to)
	case Pass:
		// Do changes no square
	default:
		return false, false
	}
	if vacated.Has(ksq) || placed.Has(ksq) || placed2.Has(ksq) {
		return false, false
	}
	fill := placed.Or(placed2)
	occ := p.occ.AndNot(vacated).Or(fill)
	own := p.byColor[us].AndNot(vacated).Or(fill)
	if p.c.revAny[us][ksq].And(own).Empty() {
		return false, true // no piece of ours stands where any type could attack the king from
	}
	rall := p.c.revAll[us]
	for i, pt := range p.c.typeList {
		// our pieces of type pt after the move
		typed := p.byType[pt].AndNot(vacated)
		if pt == t1 {
			typed = typed.Or(placed)
		}
		if pt == t2 {
			typed = typed.Or(placed2)
		}
		cand := rall[i*geom.SquareNB+int(ksq)].And(own).And(typed)
		if cand.Empty() {
			continue
		}
		t := p.c.tables[us][pt]
		if !t.asymmetric {
			if !t.slider || p.c.tables[them][pt].capture[ksq].hits(occ, cand).Any() {
				return true, true
			}
			continue
		}
		for cand.Any() {
			if t.capture[cand.Pop()].targets(occ).Has(ksq) {
				return true, true
			}
		}
	}
	return false, true
}

// GivesCheckFast is givesCheckFast for callers that make the move anyway
// when the fast path cannot tell (SAN's check suffix) and for tests: check is whether m, made, leaves
// the opponent's king attacked (the Checkers of the state after Do); ok
// is false when the fast path does not model m or the variant, and check
// is then meaningless (use GivesCheck, which falls back to Do and Undo).
func (p *Position) GivesCheckFast(m Move) (check, ok bool) { return p.givesCheckFast(m) }
