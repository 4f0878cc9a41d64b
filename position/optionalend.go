package position

// OptionalEnd reports whether the game ends by one of the rules that apply
// once a move has been made and the side to move has a move: the n-move
// rule, n-fold repetition (RepetitionEnd, with its perpetual-check and
// other repetition rules), the counting rules and sittuyin's stalemate by
// optional promotion. It follows Fairy-Stockfish's
// Position::is_optional_game_end, in its order; ply is the distance from a
// search root, as for RepetitionEnd (0 outside search).
//
// This is the one place where the game's draw and repetition rules are
// decided: the rules package's game result and the search both ask it, so a
// rule added here (or in RepetitionEnd) reaches both.
//
// A draw by the n-move rule or repetition is decided by materialCounting
// where the variant counts material (CountMaterial), as Fairy-Stockfish
// counts material on every drawn end.
//
// In check, the n-move and counting rules wait for a legal move (a
// checkmate given on the last move stands), as in Fairy-Stockfish.
func (p *Position) OptionalEnd(ply int) (End, bool) {
	v := p.V
	st := p.st
	if v.NMoveRule > 0 && st.Rule50 > 2*v.NMoveRule-1 && (st.Checkers.Empty() || p.hasLegalMove()) {
		if e, over := p.NMoveEnd(); over {
			return e, true
		}
	}
	if e, over := p.RepetitionEnd(ply); over {
		return e, true
	}
	if v.CountingRule != NoCounting && st.CountingLimit != 0 && st.CountingPly > st.CountingLimit &&
		(st.Checkers.Empty() || p.hasLegalMove()) {
		return End{ValueDraw, "counting rule"}, true
	}
	if v.SittuyinPromotion && p.SittuyinPromotionDraw() {
		return End{ValueDraw, "stalemate (only promotions left)"}, true
	}
	return End{}, false
}

// hasLegalMove reports whether the side to move has a legal move.
func (p *Position) hasLegalMove() bool {
	var buf [256]Move
	return len(p.LegalMoves(buf[:0])) > 0
}
