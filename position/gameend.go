package position

import "houserules/geom"

// End is a game result: Value from the side to move's point of view and
// the rule that produced it ("extinction", "flag region reached", "check count", …).
type End struct {
	Value  Value
	Reason string
}

// countWithHand is c's number of pieces of type pt (AllPieces: of every
// type) on the board and in its pocket: what extinction counts
// (Fairy-Stockfish's count_with_hand), so that a side whose last pieces
// are in hand has not lost them (antihouse, koedem's kings in hand).
func (p *Position) countWithHand(c Color, pt PieceType) int {
	if pt == AllPieces {
		return p.CountAll(c) + p.handN[c]
	}
	return p.count[c][pt] + int(p.hand[c][pt])
}

func (p *Position) piecesOfType(c Color, pt PieceType) geom.Set {
	if pt == AllPieces {
		return p.byColor[c]
	}
	return p.PiecesOf(c, pt)
}

// FlagReached reports whether colour c has reached its flag region
// (capture-the-flag variants such as king of the hill or racing kings).
func (p *Position) FlagReached(c Color) bool {
	v := p.V
	if v.FlagRegion[c].Empty() {
		return false
	}
	in := v.FlagRegion[c].And(p.piecesOfType(c, v.FlagPiece[c]))
	if in.Empty() {
		return false
	}
	ok := in.Count() >= v.FlagPieceCount ||
		(v.FlagPieceBlockedWin && v.FlagRegion[c].And(p.c.board.Mask).AndNot(p.occ).Empty())
	if ok && v.FlagPieceSafe && (!v.FlagMove || c == p.side.Other()) {
		if in.Count() == v.FlagPieceCount {
			for s := in; s.Any(); {
				if p.Attacked(s.Pop(), c.Other()) {
					return false
				}
			}
		}
	}
	return ok
}

// ImmediateEnd reports whether the game is over by a rule that ends it at
// once, before any move is generated: extinction, capture the flag, castling
// wins, n-check, connection, repeated passing, full board. The tests and
// their order follow Fairy-Stockfish's is_immediate_game_end.
func (p *Position) ImmediateEnd() (End, bool) {
	v := p.V
	us := p.side
	them := us.Other()
	st := p.st
	if v.ExtinctionValue != ValueNone && (!v.ExtinctionPseudoRoyal || v.BlastOnCapture) {
		for _, c := range [2]Color{them, us} {
			for _, pt := range p.c.extinctionTypes {
				if !p.c.types.Has(pt) && pt != AllPieces {
					// counts of absent types are zero
				}
				claim := 0
				if v.ExtinctionClaim && c == us {
					claim = 1
				}
				if p.countWithHand(c, pt) <= v.ExtinctionPieceCount && p.countWithHand(c.Other(), pt) >= v.ExtinctionOpponentPieceCount+claim {
					val := v.ExtinctionValue
					if c != us {
						val = val.Neg()
					}
					return End{val, "extinction"}, true
				}
			}
		}
	}
	if (v.FlagMove || v.FlagPieceSafe) && p.FlagReached(us) {
		val := ValueWin
		if ((v.FlagMove && us == White && v.FlagPiece[them] == King) || (v.FlagPieceSafe && !v.FlagMove)) && p.FlagReached(them) {
			val = ValueDraw
		}
		return End{val, "flag region reached"}, true
	}
	if (!v.FlagMove || v.FlagPieceSafe || v.FlagPiece[us] == King) && p.FlagReached(them) {
		end := true
		if v.FlagMove && v.FlagPiece[us] == King && us == Black && st.Checkers.Empty() && p.count[us][King] > 0 {
			ksq := p.PiecesOf(us, King).First()
			if v.FlagRegion[us].And(p.Attacks(us, King, ksq, p.occ)).Any() {
				var buf [256]Move
				for _, m := range p.PseudoLegal(buf[:0]) {
					if p.board[m.From()].Type() == King && m.Kind() != Castling && v.FlagRegion[us].Has(m.To()) && p.Legal(m) {
						end = false
						break
					}
				}
			}
		}
		if end {
			return End{ValueLoss, "flag region reached"}, true
		}
	}
	if v.CastlingWins != 0 {
		if st.PliesFromNull > 0 && st.Move.Kind() == Castling {
			var just CastlingRights
			if st.Move.From() < st.Move.To() {
				just = p.sideRight(them, true)
			} else {
				just = p.sideRight(them, false)
			}
			if v.CastlingWins&just != 0 {
				return End{ValueLoss, "castling"}, true
			}
		}
		for _, c := range [2]Color{them, us} {
			r := p.rightsOf(c) & v.CastlingWins
			if r != 0 && st.Castling&r == 0 {
				val := ValueWin
				if c == us {
					val = ValueLoss
				}
				return End{val, "castling rights lost"}, true
			}
		}
	}
	if v.CheckCounting && st.ChecksRemaining[them] == 0 {
		return End{ValueLoss, "check count"}, true
	}
	if v.ConnectN > 0 || v.ConnectNxN > 0 || v.CollinearN > 0 || v.ConnectRegion1[them].Any() {
		if p.connected(them) {
			return End{v.ConnectValue.Neg(), "connection"}, true
		}
	}
	// bikjang (janggi: the kings faced each other and the other side
	// passed), repeated passing, full board: material counting or a draw
	if st.PliesFromNull > 0 && len(p.stack) >= 2 {
		prev := &p.stack[len(p.stack)-2]
		if st.Bikjang && prev.Bikjang {
			return p.CountMaterial(End{ValueDraw, "bikjang"}), true
		}
		if st.Pass && prev.Pass && !v.WallOrMove {
			return p.CountMaterial(End{ValueDraw, "double pass"}), true
		}
	}
	if v.AdjudicateFullBoard && p.c.board.Mask.AndNot(p.occ).Empty() {
		return p.CountMaterial(End{ValueDraw, "full board"}), true
	}
	return End{}, false
}

// CountMaterial applies materialCounting to a drawn end e (double pass,
// full board, stalemate, n-move rule, repetition): the material decides
// instead (Fairy-Stockfish's material_counting_result). Other ends, and
// every end without materialCounting, are returned as they are.
func (p *Position) CountMaterial(e End) End {
	if e.Value != ValueDraw || p.V.MaterialCounting == NoMaterialCounting {
		return e
	}
	e.Value = p.materialCountingValue()
	e.Reason += ", material counting"
	return e
}

// materialCountingValue is the result by materialCounting for the side to
// move: janggi (weighted points, black gets the half point of komi),
// unweighted (more pieces on the board wins, equal draws), or a draw
// going to white (whitedrawodds) or black (blackdrawodds).
func (p *Position) materialCountingValue() Value {
	w := func(pt PieceType, n int) int { return n * (p.count[White][pt] - p.count[Black][pt]) }
	val := ValueDraw
	switch p.V.MaterialCounting {
	case JanggiMaterial:
		if w(Rook, 13)+w(JanggiCannon, 7)+w(Horse, 5)+w(JanggiElephant, 3)+w(Wazir, 3)+w(Soldier, 2)-1 > 0 {
			val = ValueWin
		} else {
			val = ValueLoss
		}
	case UnweightedMaterial:
		switch d := p.CountAll(White) - p.CountAll(Black); {
		case d > 0:
			val = ValueWin
		case d < 0:
			val = ValueLoss
		}
	case WhiteDrawOdds:
		val = ValueWin
	case BlackDrawOdds:
		val = ValueLoss
	}
	if p.side == Black {
		val = val.Neg()
	}
	return val
}

func (p *Position) connectDirs() [][2]int {
	v := p.V
	var d [][2]int
	if v.ConnectHorizontal {
		d = append(d, [2]int{1, 0})
	}
	if v.ConnectVertical {
		d = append(d, [2]int{0, 1})
	}
	if v.ConnectDiagonal {
		d = append(d, [2]int{1, 1}, [2]int{1, -1})
	}
	return d
}

// shiftSet moves every square of b by (df, dr), dropping squares that leave
// the 12×12 frame.
func shiftSet(b geom.Set, df, dr int) geom.Set {
	var out geom.Set
	for b.Any() {
		s := b.Pop()
		f, r := s.File()+df, s.Rank()+dr
		if f >= 0 && f < geom.MaxFiles && r >= 0 && r < geom.MaxRanks {
			out.Add(geom.Sq(f, r))
		}
	}
	return out
}

// connected applies the connect rules (connectN, connection of two regions,
// connectNxN, collinearN) to colour c's pieces.
func (p *Position) connected(c Color) bool {
	v := p.V
	var pcs geom.Set
	for _, pt := range p.c.connectTypes {
		pcs = pcs.Or(p.byType[pt])
	}
	pcs = pcs.And(p.byColor[c])
	dirs := p.connectDirs()
	if v.ConnectN > 0 {
		for _, d := range dirs {
			b := pcs
			for i := 1; i < v.ConnectN && b.Any(); i++ {
				b = b.And(shiftSet(b, d[0], d[1]))
			}
			if b.Any() {
				return true
			}
		}
	}
	if v.ConnectRegion1[c].And(pcs).Any() && v.ConnectRegion2[c].And(pcs).Any() {
		target := v.ConnectRegion2[c]
		cur := v.ConnectRegion1[c].And(pcs)
		for {
			var nb geom.Set
			for _, d := range dirs {
				nb = nb.Or(shiftSet(cur.Or(nb), d[0], d[1]).And(pcs))
			}
			if nb.And(target).Any() {
				return true
			}
			if nb.AndNot(cur).Empty() {
				break
			}
			cur = cur.Or(nb)
		}
	}
	if v.ConnectNxN > 0 {
		b := pcs
		for i := 1; i < v.ConnectNxN && b.Any(); i++ {
			b = b.And(shiftSet(b, 0, -1)).And(shiftSet(b, 1, 0)).And(shiftSet(b, 1, -1))
		}
		if b.Any() {
			return true
		}
	}
	if v.CollinearN > 0 {
		for _, d := range dirs {
			b := pcs
			for b.Any() {
				s := b.Pop()
				total := 1
				for _, sg := range [2]int{-1, 1} {
					f, r := s.File(), s.Rank()
					for {
						f += sg * d[0]
						r += sg * d[1]
						if f < 0 || f >= geom.MaxFiles || r < 0 || r >= geom.MaxRanks {
							break
						}
						x := geom.Sq(f, r)
						if b.Has(x) {
							total++
							b.Del(x)
						}
					}
				}
				if total >= v.CollinearN {
					return true
				}
			}
		}
	}
	return false
}
