package position

import "houserules/geom"

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
// The value is from the side to move's point of view. With
// chasingRule = axf, a side whose every move of the cycle chased (see
// chase.go) loses, both chasing is a draw; with moveRepetitionIllegal
// (janggi), a side that moved the same piece back and forth so that the
// position repeats loses at once; a drawn repetition goes to material
// counting when the variant has it.
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
	chasing := p.c.chasing
	var chaseThem, chaseUs geom.Set
	if chasing {
		chaseThem = undoMoveBoard(p.chaseAt(now).chased, back(1).Move).And(p.chaseAt(now - 2).chased)
		chaseUs = undoMoveBoard(p.chaseAt(now-1).chased, back(2).Move).And(p.chaseAt(now - 3).chased)
	}
	moveRep := p.moveRepetitionStart()
	count := 0
	for i := 4; i <= end; i += 2 {
		if moveRep > 0 {
			var won bool
			if moveRep, won = p.moveRepetitionStep(moveRep, i, end); won {
				return End{ValueWin, "move repetition"}, true
			}
		}
		if chasing && i != st.PliesFromNull {
			chaseThem = undoMoveBoard(chaseThem, back(i-1).Move).And(p.chaseAt(now - i).chased)
		}
		stp := back(i)
		perpetualThem = perpetualThem && stp.Checkers.Any()
		if stp.Key == st.Key {
			count++
			need := v.NFoldRule
			if ply > i && moveRep == 0 && chaseUs.Empty() && chaseThem.Empty() && !perpetualUs && !perpetualThem {
				need = 2
			}
			if count+1 >= need {
				return p.repetitionValue(perpetualUs, perpetualThem, chaseUs.Any(), chaseThem.Any()), true
			}
		}
		if i+1 <= end {
			perpetualUs = perpetualUs && back(i+1).Checkers.Any()
			if chasing {
				chaseUs = undoMoveBoard(chaseUs, back(i).Move).And(p.chaseAt(now - i - 1).chased)
			}
		}
	}
	return End{}, false
}

// moveRepetitionStart is Fairy-Stockfish's start of the janggi move
// repetition count (moveRepetitionIllegal): the last move was an ordinary
// move, neither side stood in check before its last two moves, the moved
// piece's type can reach the side to move's palace (the king's region),
// and the mover's previous move was this move reversed (2) or a pass (1);
// 0 when the rule does not apply.
func (p *Position) moveRepetitionStart() int {
	v := p.V
	st := p.st
	now := p.Ply()
	if !v.MoveRepetitionIllegal || now < 4 || st.Move.Kind() != Normal || p.count[p.side][King] == 0 {
		return 0
	}
	back := func(i int) *State { return &p.stack[now-i] }
	if back(1).Checkers.Any() || back(3).Checkers.Any() {
		return 0
	}
	moved := p.board[st.Move.To()].Type()
	if p.c.mobility[p.side.Other()][moved].And(p.c.mobility[p.side][King]).Empty() {
		return 0
	}
	switch prev := back(2).Move; {
	case isReverse(prev, st.Move):
		return 2
	case prev.Kind() == Pass:
		return 1
	}
	return 0
}

// moveRepetitionStep advances the janggi move repetition count at
// distance i (see RepetitionEnd); won reports that the side to move has
// won by it.
func (p *Position) moveRepetitionStep(rep, i, end int) (next int, won bool) {
	now := p.Ply()
	back := func(k int) *State { return &p.stack[now-k] }
	stp := back(i - 2)
	switch {
	case i+1 <= end && back(i+1).Checkers.Any():
		return 0, false
	case rep < 4:
		ref := stp.Move
		if rep == 1 {
			ref = p.st.Move
		}
		if isReverse(back(i).Move, ref) {
			return rep + 1, false
		}
		return 0, false
	}
	if back(i).Captured == NoPiece && stp.Move.From() == back(i).Move.To() {
		return rep, true
	}
	return 0, false
}

// isReverse reports whether a is b reversed as an ordinary move (b's
// destination to its origin; Fairy-Stockfish's reverse_move).
func isReverse(a, b Move) bool {
	return a.Kind() == Normal && a.From() == b.To() && a.To() == b.From()
}

// repetitionValue is the result of a repetition by the perpetual-check
// flags and nFoldValue (see RepetitionEnd).
func (p *Position) repetitionValue(perpetualUs, perpetualThem, chaseUs, chaseThem bool) End {
	v := p.V
	switch {
	case perpetualUs && perpetualThem:
		return End{ValueDraw, "perpetual check by both sides"}
	case perpetualThem:
		return End{ValueWin, "perpetual check"}
	case perpetualUs:
		return End{ValueLoss, "perpetual check"}
	case chaseUs && chaseThem:
		return End{ValueDraw, "perpetual chase by both sides"}
	case chaseThem:
		return End{ValueWin, "perpetual chase"}
	case chaseUs:
		return End{ValueLoss, "perpetual chase"}
	}
	val := v.NFoldValue
	if v.NFoldValueAbsolute && p.side == Black {
		val = val.Neg()
	}
	if val == ValueDraw && v.MaterialCounting != NoMaterialCounting {
		return p.CountMaterial(End{ValueDraw, "repetition"})
	}
	return End{val, "repetition"}
}

// NMoveEnd applies the n-move rule (nMoveRule): after 2·nMoveRule plies
// without a capture or pawn move the game ends, by material counting when
// the variant has it, else drawn. Under the chasing rule the plies of
// checks beyond ten by either side do not count (Fairy-Stockfish's
// is_optional_game_end). The caller checks that a side in check has a
// legal move.
func (p *Position) NMoveEnd() (End, bool) {
	v := p.V
	st := p.st
	if v.NMoveRule <= 0 || st.Rule50 <= 2*v.NMoveRule-1 {
		return End{}, false
	}
	offset := 0
	if p.c.chasing && st.PliesFromNull >= 20 {
		now := p.Ply()
		end := min(st.Rule50, st.PliesFromNull, now-1)
		checkThem, checkUs := 0, 0
		for i := 0; i < end; i += 2 {
			if p.stack[now-i].Checkers.Any() {
				checkThem++
			}
			if p.stack[now-i-1].Checkers.Any() {
				checkUs++
			}
		}
		offset = 2 * max(max(checkThem, checkUs)-10, 0)
	}
	if st.Rule50-offset <= 2*v.NMoveRule-1 {
		return End{}, false
	}
	return p.CountMaterial(End{ValueDraw, "n-move rule"}), true
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
