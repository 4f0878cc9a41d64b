package position

// Sittuyin promotion (variants.ini's sittuyinPromotion): a pawn on a
// square of its promotion region — any pawn when it is the side's last
// one — may, instead of moving, turn into a promotion piece type (within
// its promotion limit: in sittuyin, only while the side has no fers) on
// its own square or on an empty square that type could move to from
// there. The promoted piece may not attack an enemy piece from where it
// stands, and the promotion may not give check (Fairy-Stockfish's
// generate_pawn_moves and Position::legal; Sittuyin rule 3.9).

// genSittuyinPromotions appends the side to move's sittuyin promotions
// (from == to for a promotion in place).
func (p *Position) genSittuyinPromotions(list []Move) []Move {
	v := p.V
	us := p.side
	them := us.Other()
	pawns := p.PiecesOf(us, Pawn)
	if p.count[us][Pawn] > 1 {
		pawns = pawns.And(v.PromotionRegion[us])
	}
	for pawns.Any() {
		from := pawns.Pop()
		occ := p.occ
		occ.Del(from)
		for _, pt := range p.c.promoList[us] {
			if !p.promotionAllowed(us, pt) {
				continue
			}
			b := p.Attacks(us, pt, from, p.occ).AndNot(p.occ)
			b.Add(from)
			for b.Any() {
				to := b.Pop()
				if p.Attacks(us, pt, to, occ).And(p.byColor[them]).Empty() {
					list = append(list, NewMove(from, to, Promotion, pt).WithProduction(ProdPromotion))
				}
			}
		}
	}
	return list
}

// SittuyinPromotionDraw reports sittuyin's stalemate by optional promotion
// (rule 3.9 c.7): the side to move, not in check, has only its king and
// one pawn left and every legal move it has is a promotion — the game is
// drawn (Fairy-Stockfish's Position::is_optional_game_end, after the
// counting rules).
func (p *Position) SittuyinPromotionDraw() bool {
	us := p.side
	if !p.V.SittuyinPromotion || p.byColor[us].Count() != 2 || p.count[us][Pawn] != 1 || p.st.Checkers.Any() {
		return false
	}
	var buf [64]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.Kind() != Promotion {
			return false
		}
	}
	return true
}
