package position

// RepetitionEnd applies the n-fold repetition rule (nFoldRule, nFoldValue,
// nFoldValueAbsolute, perpetualCheckIllegal) to the moves made on p since
// its setup, following Fairy-Stockfish's Position::is_optional_game_end:
//
//   - The window is the plies since the last null move, and also since the
//     last irreversible move (rule50) unless captured pieces go to hand:
//     with capturesToHand a drop resets rule50 but a position can still
//     repeat across it (a piece captured and dropped back).
//   - The current position must have occurred nFoldRule times in all; ply
//     is the distance from a search root (0 outside search): an earlier
//     occurrence strictly after the root ends the game at its second
//     occurrence, unless a side checked perpetually.
//   - perpetualCheckIllegal: when every move of one side within the cycle
//     gave check (Fairy-Stockfish also counts the check standing at the
//     cycle's first occurrence for the side that moved last), that side
//     loses; when both sides checked perpetually it is a draw.
//   - Otherwise the result is nFoldValue for the side to move, negated for
//     Black when nFoldValueAbsolute (a value for White).
//
// The value is from the side to move's point of view. The chasing and
// move-repetition rules of xiangqi and janggi are not part of it.
func (p *Position) RepetitionEnd(ply int) (End, bool) {
	v := p.V
	if v.NFoldRule <= 0 {
		return End{}, false
	}
	st := p.st
	end := st.PliesFromNull
	if !v.CapturesToHand {
		end = min(end, st.Rule50)
	}
	now := p.Ply()
	end = min(end, now)
	if end < 4 {
		return End{}, false
	}
	back := func(i int) *State { return &p.stack[now-i] }
	perpetual := v.PerpetualCheckIllegal
	// them: the side that moved last (its checks stand at even distances);
	// us: the side to move (its checks stand at odd distances)
	perpetualThem := perpetual && st.Checkers.Any() && back(2).Checkers.Any()
	perpetualUs := perpetual && back(1).Checkers.Any() && back(3).Checkers.Any()
	count := 0
	for i := 4; i <= end; i += 2 {
		stp := back(i)
		perpetualThem = perpetualThem && stp.Checkers.Any()
		if stp.Key == st.Key {
			count++
			need := v.NFoldRule
			if ply > i && !perpetualUs && !perpetualThem {
				need = 2
			}
			if count+1 >= need {
				return p.CountMaterial(p.repetitionValue(perpetualUs, perpetualThem)), true
			}
		}
		if i+1 <= end {
			perpetualUs = perpetualUs && back(i+1).Checkers.Any()
		}
	}
	return End{}, false
}

// repetitionValue is the result of a repetition by the perpetual-check
// flags and nFoldValue (see RepetitionEnd).
func (p *Position) repetitionValue(perpetualUs, perpetualThem bool) End {
	v := p.V
	switch {
	case perpetualUs && perpetualThem:
		return End{ValueDraw, "perpetual check by both sides"}
	case perpetualThem:
		return End{ValueWin, "perpetual check"}
	case perpetualUs:
		return End{ValueLoss, "perpetual check"}
	}
	val := v.NFoldValue
	if v.NFoldValueAbsolute && p.side == Black {
		val = val.Neg()
	}
	return End{val, "repetition"}
}

// ShogiPawnDropCheck reports whether the check on the side to move comes
// from a shogi pawn just dropped: Fairy-Stockfish's checkmate_value test
// for shogiPawnDropMateIllegal (every checker is a shogi pawn, the last
// move captured nothing and changed the material on the board, i.e. was a
// drop or a promotion). A checkmate given this way loses for the side that
// gave it (the rule of shogi: uchifuzume).
func (p *Position) ShogiPawnDropCheck() bool {
	st := p.st
	if st.Checkers.Empty() || st.PliesFromNull == 0 || st.Captured != NoPiece {
		return false
	}
	switch st.Move.Kind() {
	case Drop, Promotion, PiecePromotion, PieceDemotion:
	default:
		return false
	}
	return st.Checkers.AndNot(p.byType[ShogiPawn]).Empty()
}
