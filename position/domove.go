package position

import "houserules/geom"

// IsCapture reports whether m captures (castling is encoded king-takes-rook
// and is not a capture).
func (p *Position) IsCapture(m Move) bool {
	k := m.Kind()
	if k == EnPassant {
		return true
	}
	return k != Castling && k != Pass && k != Drop && m.From() != m.To() && p.board[m.To()] != NoPiece
}

// captureSquare returns the square of the piece an en-passant capture to
// `to` removes: a piece standing on an en-passant square (custom
// en passant), else the opponent's piece nearest to `to` beyond it on its
// file — the pawn that passed `to`, one square behind after a double step
// and one or two after a triple step (Fairy-Stockfish's
// Position::capture_square).
func (p *Position) captureSquare(to geom.Square) geom.Square {
	custom := p.st.EP.And(p.occ)
	if custom.Any() {
		if p.side == White {
			return custom.First()
		}
		var last geom.Square
		for custom.Any() {
			last = custom.Pop()
		}
		return last
	}
	back := -p.c.pawnPush[p.side]
	first, ok := p.c.board.Step(to, 0, back)
	them := p.byColor[p.side.Other()]
	for s, n := first, 1; ok && n < p.c.board.Ranks; n++ {
		if them.Has(s) {
			return s
		}
		s, ok = p.c.board.Step(s, 0, back)
	}
	return first
}

// pushPly pushes the state for Undo and counts the ply of move m (Do and
// DoCustom alike): side key, ply, fifty-move and counting-rule counters.
func (p *Position) pushPly(m Move) *State {
	prevLen := len(p.log)
	p.stack = append(p.stack, *p.st)
	p.st = &p.stack[len(p.stack)-1]
	st := p.st
	st.logLen = prevLen
	st.handLen = len(p.handLog)
	st.arenaLen = uint32(len(p.arena))
	st.Move = m
	st.Key ^= zobristSide
	p.serial++
	p.gamePly++
	st.Rule50++
	st.PliesFromNull++
	if st.CountingLimit != 0 {
		st.CountingPly++
	}
	return st
}

// Do makes move m (which must be legal or at least pseudo-legal) and pushes
// the previous state for Undo.
func (p *Position) Do(m Move) {
	v := p.V
	st := p.pushPly(m)
	st.ToHand = NoPiece
	us := p.side
	them := us.Other()
	from, to := m.From(), m.To()
	kind := m.Kind()
	pc := p.board[from]
	captured := NoPiece
	capsq := to
	if kind == EnPassant {
		capsq = p.captureSquare(to)
		captured = p.board[capsq]
	} else if kind != Castling && kind != Pass && from != to {
		captured = p.board[to]
	}
	st.Captured = captured
	st.Pass = kind == Pass
	if kind == Drop {
		p.doDrop(m, us)
		return
	}

	if kind == Castling {
		kingSide := to > from
		kto, rto := p.castlingTargets(us, kingSide)
		rook := p.board[to]
		km, rm := p.meta[from], p.meta[to]
		p.set(from, NoPiece, false, Meta{})
		p.set(to, NoPiece, false, Meta{})
		p.set(kto, pc, false, km)
		p.set(rto, rook, false, rm)
	}
	if captured != NoPiece {
		st.CapturedMeta = p.meta[capsq]
		st.CaptureSquare = capsq
		if v.CapturesToHand {
			st.ToHand = p.pocketCapture(capsq)
		}
		p.set(capsq, NoPiece, false, Meta{})
		st.Rule50 = 0
	}
	if kind != Castling && kind != Pass {
		if kind == PiecePromotion && !v.PieceDemotion {
			st.Rule50 = 0
		}
		if kind == Promotion || (v.NMoveRuleTypes[us].Has(pc.Type()) && !p.c.tables[us][pc.Type()].quiet[to].all.Has(from)) {
			st.Rule50 = 0
		}
	}
	p.clearEP()
	// castling rights
	if kind != Pass && st.Castling != 0 && (p.castlingMask[from]|p.castlingMask[to]) != 0 {
		st.Key ^= zobristCastling[st.Castling]
		st.Castling &^= p.castlingMask[from] | p.castlingMask[to]
		if v.OppositeCastling && kind == Castling {
			if to > from {
				st.Castling &^= p.sideRight(them, true)
			} else {
				st.Castling &^= p.sideRight(them, false)
			}
		}
		st.Key ^= zobristCastling[st.Castling]
	}
	if kind != Castling && kind != Pass {
		promoted, meta := p.promoted.Has(from), p.meta[from]
		p.set(from, NoPiece, false, Meta{})
		switch kind {
		case Promotion:
			meta.Unpromoted = NoPiece
			p.set(to, MakePiece(us, m.PromotionType()), true, meta)
		case PiecePromotion:
			meta.Unpromoted = pc
			p.set(to, MakePiece(us, v.PromotedPieceType[pc.Type()]), true, meta)
		case PieceDemotion:
			unprom := meta.Unpromoted
			meta.Unpromoted = NoPiece
			p.set(to, unprom, false, meta)
		default:
			p.set(to, pc, promoted, meta)
		}
		if kind == Normal || kind == EnPassant {
			if pc.Type() == Pawn {
				p.pawnDoubleStepEP(us, from, to)
			} else if t := p.c.tables[us][pc.Type()]; t.hasInitial && t.initial[from].all.Has(to) && !t.quiet[from].all.Has(to) {
				ep := lineBetween(p.c.board, from, to)
				ep.Add(to)
				ep = ep.And(v.EnPassantRegion[them])
				st.EP = ep
				for e := ep; e.Any(); {
					st.Key ^= zobristEP[e.Pop().File()]
				}
			}
		}
	}
	if p.c.gating {
		gto := to
		if kind == Castling {
			gto, _ = p.castlingTargets(us, to > from)
		}
		p.doGating(m, us, pc, from, gto)
	}
	// blast, petrification
	if captured != NoPiece && (v.BlastOnCapture || v.PetrifyOnCaptureTypes != 0) {
		var immune geom.Set
		for _, pt := range p.c.blastImmune {
			immune = immune.Or(p.byType[pt])
		}
		var blast geom.Set
		if v.BlastOnCapture {
			blast = p.c.kingRing[to].And(p.byColor[White].Or(p.byColor[Black]).AndNot(p.byType[Pawn]))
			blast.Add(to)
			blast = blast.And(p.occ.AndNot(immune))
		} else if v.PetrifyOnCaptureTypes.Has(pc.Type()) {
			blast = geom.Bit(to)
		}
		for blast.Any() {
			bsq := blast.Pop()
			bpc := p.board[bsq]
			if m := p.castlingMask[bsq]; m != 0 && st.Castling&m != 0 {
				st.Key ^= zobristCastling[st.Castling]
				st.Castling &^= m
				st.Key ^= zobristCastling[st.Castling]
			}
			if v.CapturesToHand { // blasted pieces go to the other side's pocket too
				p.pocketCapture(bsq)
			}
			p.set(bsq, NoPiece, false, Meta{})
			if p.c.wallsChange && p.petrifies(bsq, to, bpc) {
				p.addWall(bsq)
			}
		}
	}
	if p.c.flip && kind != Pass {
		p.flipEnclosed(us, m)
	}
	if p.c.walling {
		p.doWall(m)
	}
	p.endPly(us, captured, kind)
}

// endPly closes a ply made by Do (or a drop): the move passes to the
// other side, check information, the check counter (n-check) and the
// counting rules follow.
func (p *Position) endPly(us Color, captured Piece, kind MoveKind) {
	st := p.st
	them := us.Other()
	p.side = them
	st.Side = them
	p.setCheckInfo()
	if p.V.CheckCounting && st.Checkers.Any() {
		st.Key ^= zobristChecks[us][st.ChecksRemaining[us]&15]
		st.ChecksRemaining[us]--
		st.Key ^= zobristChecks[us][st.ChecksRemaining[us]&15]
	}
	if p.V.CountingRule != NoCounting {
		p.updateCounting(captured, kind)
	}
}

// clearEP removes the en-passant squares, with their keys.
func (p *Position) clearEP() {
	st := p.st
	for e := st.EP; e.Any(); {
		st.Key ^= zobristEP[e.Pop().File()]
	}
	st.EP = geom.Set{}
}

func (p *Position) sideRight(c Color, kingSide bool) CastlingRights {
	cr := WhiteOOO
	if kingSide {
		cr = WhiteOO
	}
	if c == Black {
		cr <<= 2
	}
	return cr
}

// pawnDoubleStepEP sets the en-passant squares after a pawn's double or
// triple step.
func (p *Position) pawnDoubleStepEP(us Color, from, to geom.Square) {
	them := us.Other()
	d := to.Rank() - from.Rank()
	if to.File() != from.File() || (d != 2 && d != -2 && d != 3 && d != -3) {
		return
	}
	st := p.st
	push := p.c.pawnPush[us]
	b := p.c.board
	check := func(s geom.Square) {
		if p.V.EnPassantRegion[them].Has(s) && s != st.Move.Wall() &&
			(p.pawnAttacksFrom(us, s).And(p.PiecesOf(them, Pawn)).Any() || p.c.epNonPawn[them]) {
			st.EP.Add(s)
			st.Key ^= zobristEP[to.File()]
		}
	}
	if s, ok := b.Step(to, 0, -push); ok {
		check(s)
	}
	if d == 3 || d == -3 {
		if s, ok := b.Step(to, 0, -2*push); ok {
			check(s)
		}
	}
}

// lineBetween returns the squares strictly between a and b on a rank,
// file or diagonal (empty otherwise).
func lineBetween(bd *geom.Board, a, b geom.Square) geom.Set {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	var s geom.Set
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return s
	}
	sf, sr := sign(df), sign(dr)
	f, r := a.File()+sf, a.Rank()+sr
	for f != b.File() || r != b.Rank() {
		s.Add(geom.Sq(f, r))
		f += sf
		r += sr
	}
	return s
}

// Undo takes back the last move made with Do.
func (p *Position) Undo() {
	p.serial++
	st := p.st
	if p.c.wallsChange {
		p.undoWalls(st, &p.stack[len(p.stack)-2])
	}
	for i := len(p.log) - 1; i >= st.logLen; i-- {
		c := p.log[i]
		p.place(c.sq, c.pc, c.promoted, c.meta) // the key comes back with the state
	}
	p.log = p.log[:st.logLen]
	if len(p.handLog) != st.handLen {
		p.undoHand(st.handLen)
	}
	if st.arenaLen != uint32(len(p.arena)) {
		p.arena = p.arena[:st.arenaLen]
	}
	kept := st.Side == p.stack[len(p.stack)-2].Side // a multi-ply turn's ply (SetSideToMove)
	p.stack = p.stack[:len(p.stack)-1]
	p.st = &p.stack[len(p.stack)-1]
	p.side = p.st.Side
	if !kept {
		p.gamePly--
	}
}

// DoNull passes the turn without moving (for search).
func (p *Position) DoNull() {
	prevLen := len(p.log)
	p.stack = append(p.stack, *p.st)
	p.st = &p.stack[len(p.stack)-1]
	p.st.logLen = prevLen
	p.st.handLen = len(p.handLog)
	p.st.arenaLen = uint32(len(p.arena))
	p.st.Key ^= zobristSide
	p.clearEP()
	p.st.Rule50++
	p.st.PliesFromNull = 0
	p.st.Move = NoMove
	p.serial++
	p.side = p.side.Other()
	p.st.Side = p.side
	p.gamePly++
	p.setCheckInfo()
}

func (p *Position) updateCounting(captured Piece, kind MoveKind) {
	st := p.st
	rule := p.V.CountingRule
	stm := p.side
	all := func() int { return p.occ.Count() }
	if rule != AseanCounting && captured.Type() == Pawn && captured != NoPiece && p.CountAll(stm.Other()) == 1 &&
		p.byType[Pawn].Empty() && p.countLimit(stm.Other()) != 0 {
		st.CountingLimit = 2 * p.countLimit(stm.Other())
		st.CountingPly = 2*all() - 1
	}
	if (st.CountingLimit == 0 || ((captured != NoPiece || kind == Promotion) && p.CountAll(stm) == 1)) && p.countLimit(stm) != 0 {
		st.CountingLimit = 2 * p.countLimit(stm)
		if rule == AseanCounting || p.CountAll(stm) > 1 {
			st.CountingPly = 0
		} else {
			st.CountingPly = 2 * all()
		}
	}
}

// countLimit is the counting limit in moves for the side c counting
// (makruk, cambodian and ASEAN counting rules).
func (p *Position) countLimit(c Color) int {
	o := c.Other()
	pawns := p.byType[Pawn].Any()
	switch p.V.CountingRule {
	case MakrukCounting:
		if pawns || p.CountAll(o) == 1 {
			return 0
		}
		if p.CountAll(c) > 1 {
			return 64
		}
		switch {
		case p.count[o][Rook] > 1:
			return 8
		case p.count[o][Rook] == 1:
			return 16
		case p.count[o][Silver] > 1:
			return 22
		case p.count[o][Knight] > 1:
			return 32
		case p.count[o][Silver] == 1:
			return 44
		}
		return 64
	case CambodianCounting:
		if p.CountAll(c) > 3 || p.CountAll(o) == 1 {
			return 0
		}
		if p.CountAll(c) > 1 {
			return 63
		}
		if pawns {
			return 0
		}
		switch {
		case p.count[o][Rook] > 1:
			return 7
		case p.count[o][Rook] == 1:
			return 15
		case p.count[o][Silver] > 1:
			return 21
		case p.count[o][Knight] > 1:
			return 31
		case p.count[o][Silver] == 1:
			return 43
		}
		return 63
	case AseanCounting:
		if pawns || p.CountAll(c) > 1 {
			return 0
		}
		switch {
		case p.count[o][Rook] > 0:
			return 16
		case p.count[o][Silver] > 0:
			return 44
		case p.count[o][Knight] > 0:
			return 64
		}
	}
	return 0
}
