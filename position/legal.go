package position

import "houserules/geom"

// GivesCheck reports whether m, made, leaves the opponent's king attacked
// (by the base rules: the Checkers of the position after Do). It decides
// from the attack tables without making the move where givesCheckFast
// models the move and the variant, else it makes and unmakes the move.
func (p *Position) GivesCheck(m Move) bool { return p.givesCheck(m) }

// givesCheck reports whether m, made, leaves the opponent's king attacked:
// givesCheckFast's answer when it has one, else Do, Checkers, Undo.
func (p *Position) givesCheck(m Move) bool {
	if check, ok := p.givesCheckFast(m); ok {
		return check
	}
	p.Do(m)
	c := p.st.Checkers.Any()
	p.Undo()
	return c
}

// HasLegalCapture reports whether the side to move has a legal capture
// (cached per position; used by compulsory capture).
func (p *Position) HasLegalCapture() bool {
	if p.st.legalCapture >= 0 {
		return p.st.legalCapture == 1
	}
	var buf [256]Move
	res := int8(0)
	for _, m := range p.PseudoLegal(buf[:0]) {
		if p.IsCapture(m) && p.legalBase(m) {
			res = 1
			break
		}
	}
	p.st.legalCapture = res
	return res == 1
}

// Legal reports whether pseudo-legal move m is legal: it does not leave a
// royal piece attacked (with the royalty rules of the variant), respects
// compulsory capture and the no-checking rule, and castling does not pass
// through attacked squares. The tests and their order follow
// Fairy-Stockfish's Position::legal.
func (p *Position) Legal(m Move) bool {
	if p.V.MustCapture && !p.IsCapture(m) && p.HasLegalCapture() {
		return false
	}
	return p.legalBase(m)
}

// legalBase is Legal without the compulsory-capture rule.
func (p *Position) legalBase(m Move) bool {
	v := p.V
	if p.c.checkRules && (!v.Checking || (v.SittuyinPromotion && m.Kind() == Promotion)) && p.givesCheck(m) {
		return false
	}
	if p.c.drops {
		if v.MustDrop && !p.mustDropAllows(m) {
			return false
		}
		if m.Kind() == Drop {
			return p.legalDrop(m)
		}
	}
	if v.ImmobilityIllegal && m.Kind() == Normal && p.c.tables[p.side][p.board[m.From()].Type()].quiet[m.To()].all.And(p.c.board.Mask).Empty() {
		return false
	}
	if v.PassOnStalemate[p.side] && m.Kind() == Pass && p.st.Checkers.Empty() {
		var buf [256]Move
		for _, o := range p.PseudoLegal(buf[:0]) {
			if o.Kind() != Pass && p.Legal(o) {
				return false
			}
		}
	}
	return p.legalRoyal(m)
}

// legalRoyal holds the royalty part of Legal: the pin test first, then
// the king-path test (compilePaths), then the general tests. It is one
// function: a call to a separate slow part cost plain chess perft about
// 4% (king moves and castling all take it).
func (p *Position) legalRoyal(m Move) bool {
	us := p.side
	from, to := m.From(), m.To()
	kind := m.Kind()
	st := p.st

	if p.c.pinLegal && st.Checkers.Empty() && p.count[us][King] == 1 && kind <= PieceDemotion && p.board[from].Type() != King {
		if p.pinSerial != p.serial {
			p.computePins()
		}
		if !p.pinned.Has(from) {
			return true
		}
		for i := 0; i < p.npins; i++ {
			if p.pinSq[i] == from && !p.pinRay[i].Has(to) {
				return false
			}
		}
		return true
	}

	if p.c.pathLegal && st.Checkers.Empty() && !st.Bikjang && p.count[us][King] == 1 && kind <= PieceDemotion &&
		p.board[from].Type() != King {
		if vac, fill := p.kingDanger(p.PiecesOf(us, King).First()); !vac.Has(from) && !fill.Has(to) {
			return true // see compilePaths
		}
	}
	v := p.V
	them := us.Other()

	if v.ExtinctionPseudoRoyal && !p.legalPseudoRoyal(m) {
		return false
	}

	if p.IsCapture(m) && v.MutuallyImmuneTypes.Has(p.board[from].Type()) && p.board[from].Type() == p.board[to].Type() {
		return false
	}

	hasKing := p.count[us][King] > 0
	if kind == EnPassant && hasKing {
		ksq := p.PiecesOf(us, King).First()
		capsq := p.captureSquare(to)
		occ := p.occ
		occ.Del(from)
		occ.Del(capsq)
		occ.Add(to)
		return p.AttackersTo(ksq, occ, them).And(occ).Empty()
	}

	if kind == Castling {
		kingSide := to > from
		kto, rto := p.castlingTargets(us, kingSide)
		if castlingGateBlocked(m, kto, rto) {
			return false
		}
		if p.board[from].Type() != King {
			return true
		}
		step := -1
		if kto < from {
			step = 1
		}
		for s := kto; s != from; s = geom.Square(int(s) + step) {
			if p.AttackersTo(s, p.occ, them).Any() {
				return false
			}
			if p.c.flyingGeneral && v.FlyingGeneral {
				occ := p.occ
				occ.Del(from)
				if p.facingKing(s, occ, them, geom.NoSquare) {
					return false
				}
			}
		}
		occ := p.occ
		occ.Del(to)
		return p.AttackersTo(kto, occ, them).Empty()
	}

	occ := p.occ
	if kind != Drop {
		occ.Del(from)
	}
	occ.Add(to)

	if p.c.flyingGeneral {
		// Fairy-Stockfish's flying general and bikjang rules: in bikjang
		// a pass is legal even in check
		if st.Bikjang && kind == Pass {
			return true
		}
		if p.flyingGeneralIllegal(m, occ) {
			return false
		}
	}

	if kind == Drop {
		if m.DroppedType() == King {
			return p.AttackersTo(to, occ, them).Empty()
		}
		if !hasKing {
			return true
		}
		if p.c.types.Has(JanggiCannon) {
			return p.janggiKingSafe(m, p.PiecesOf(us, King).First(), occ)
		}
		return p.AttackersTo(p.PiecesOf(us, King).First(), occ, them).Empty()
	}

	if v.MakpongRule && st.Checkers.Any() && p.board[from].Type() == King {
		c := st.Checkers
		c.Toggle(to)
		if c.Any() {
			return false
		}
	}
	if p.board[from].Type() == King {
		return p.AttackersTo(to, occ, them).Empty()
	}
	if !hasKing {
		return true
	}
	ksq := p.PiecesOf(us, King).First()
	if p.c.types.Has(JanggiCannon) {
		return p.janggiKingSafe(m, ksq, occ)
	}
	a := p.AttackersTo(ksq, occ, them)
	a.Del(to)
	return a.Empty()
}

// legalPseudoRoyal is legalRoyal's test of pseudo-royal pieces
// (extinctionPseudoRoyal: atomic, duck-like variants; Fairy-Stockfish's
// legal for extinction pseudo-royals): after m no pseudo-royal piece of the
// side to move is blown up or left attacked (blasts, petrification, gated
// and wall squares, castling through attacked squares, dupleCheck).
func (p *Position) legalPseudoRoyal(m Move) bool {
	us := p.side
	them := us.Other()
	from, to := m.From(), m.To()
	kind := m.Kind()
	st := p.st
	v := p.V
	kingRing := &p.c.kingRing
	kto := to
	occ := p.occ
	occ.Del(from)
	if v.WallingRule == DuckWalling {
		occ = occ.AndNot(st.Walls) // the duck leaves its square
	}
	if m.IsGating() || (p.c.walling && m.Wall() != geom.NoSquare) {
		occ.Add(m.Aux())
	}
	theirs := st.PseudoRoyals.And(p.byColor[them])
	if kind == Castling {
		kingSide := to > from
		var rto geom.Square
		kto, rto = p.castlingTargets(us, kingSide)
		if st.PseudoRoyals.Has(from) {
			step := 1
			if kto < from {
				step = -1
			}
			for s := from; ; s = geom.Square(int(s) + step) {
				if (from != kto && s == kto) || (from == kto && s != from) {
					break
				}
				if !(v.BlastOnCapture && kingRing[s].And(theirs).Any()) && p.AttackersTo(s, occ, them).Any() {
					return false
				}
			}
		}
		occ.Toggle(to)
		occ.Toggle(rto)
	}
	occ.Add(kto)
	if kind == EnPassant {
		occ.Del(p.captureSquare(kto))
	}
	capture := p.IsCapture(m)
	if capture && v.BlastOnCapture {
		ring := kingRing[kto].And(p.byColor[White].Or(p.byColor[Black]).AndNot(p.byType[Pawn]))
		ring.Add(kto)
		occ = occ.AndNot(ring)
	}
	if capture && v.PetrifyOnCaptureTypes.Has(p.board[from].Type()) && st.PseudoRoyals.Has(from) {
		return false // a pseudo-royal piece may not turn into a wall
	}
	ours := st.PseudoRoyals.And(p.byColor[us])
	if kind == Drop && v.ExtinctionPieceTypes.Has(m.DroppedType()) {
		ours.Add(to)
	}
	if from != to && ours.Has(from) {
		ours.Del(from)
		ours.Add(kto)
	}
	if kind == Promotion && v.ExtinctionPieceTypes.Has(m.PromotionType()) {
		if p.count[us][m.PromotionType()] > v.ExtinctionPieceCount {
			ours = ours.AndNot(p.PiecesOf(us, m.PromotionType()))
		} else {
			ours.Add(kto)
		}
	}
	if ours.AndNot(occ).Any() {
		return false // self-explosion
	}
	cand := occ
	cand.Del(kto)
	for _, pt := range p.c.petrifyRoyal {
		cand = cand.AndNot(p.PiecesOf(them, pt)) // they would petrify capturing
	}
	if theirs.AndNot(occ).Empty() {
		for o := ours; o.Any(); {
			sr := o.Pop()
			if !(v.BlastOnCapture && kingRing[sr].And(theirs).Any()) && p.AttackersTo(sr, occ, them).And(cand).Any() {
				return false
			}
		}
	}
	if v.DupleCheck {
		pc := st.PseudoRoyalCand.And(p.byColor[us])
		if from != to && pc.Has(from) {
			pc.Del(from)
			pc.Add(kto)
		}
		if kind == Promotion && v.ExtinctionPieceTypes.Has(m.PromotionType()) {
			pc.Add(kto)
		}
		all := pc.Any()
		for all && pc.Any() {
			sr := pc.Pop()
			if !(!(v.BlastOnCapture && kingRing[sr].And(theirs).Any()) && p.AttackersTo(sr, occ, them).And(cand).Any()) {
				all = false
			}
		}
		if all {
			return false
		}
	}
	return true
}

// janggiKingSafe is the last test of legalRoyal where janggi cannons play:
// the cannons are those after the move (a cannon that moves stands on its
// destination, a captured one is gone), as Fairy-Stockfish's legal passes
// them to attackers_to.
func (p *Position) janggiKingSafe(m Move, ksq geom.Square, occ geom.Set) bool {
	from, to := m.From(), m.To()
	jc := p.byType[JanggiCannon]
	var toggle geom.Set
	switch {
	case m.Kind() == Drop:
		if m.DroppedType() == JanggiCannon {
			toggle.Add(to)
		}
	case p.board[from].Type() == JanggiCannon:
		toggle.Add(from)
		toggle.Add(to) // a janggi cannon never captures one
	case jc.Has(to):
		toggle.Add(to)
	}
	p.jcToggle = toggle
	a := p.AttackersTo(ksq, occ, p.side.Other())
	p.jcToggle = geom.Set{}
	a.Del(to)
	return a.Empty()
}

// LegalMoves appends the legal moves to list. It returns no move when the
// game has ended by an immediate rule (extinction, flag, check count,
// connection …), as Fairy-Stockfish does.
func (p *Position) LegalMoves(list []Move) []Move {
	if _, over := p.ImmediateEnd(); over {
		return list
	}
	return p.legalMoves(list, true)
}

// HasLegalMove reports whether LegalMoves would list a move, without
// testing the legality of the pseudo-legal moves after the first legal
// one (a mate test: SAN's '#'). Where the legal list is more than the
// pseudo-legal moves filtered one by one (gating forms added after, walls
// chosen after, a pass kept for stalemate) it asks LegalMoves; compulsory
// capture only ever keeps a list that has a move non-empty.
func (p *Position) HasLegalMove() bool {
	var buf [256]Move
	if p.c.gateByBase || p.c.walling || p.V.PassOnStalemate[p.side] {
		return len(p.LegalMoves(buf[:0])) > 0
	}
	if _, over := p.ImmediateEnd(); over {
		return false
	}
	for _, m := range p.PseudoLegal(buf[:0]) {
		if p.legalBase(m) {
			return true
		}
	}
	return false
}

// legalMoves is LegalMoves; with walls false, a walling variant's legal
// moves are listed without their walls (base moves, for countWallForms)
// when the wall cannot decide legality.
func (p *Position) legalMoves(list []Move, walls bool) []Move {
	start := len(list)
	gateLater := p.c.gateByBase && p.gatingPossible()
	wallLater := p.c.walling && !p.c.wallLegal
	p.gateLater = gateLater
	p.wallLater = wallLater
	list = p.PseudoLegal(list)
	p.gateLater = false
	p.wallLater = false
	out := list[:start]
	captures := false
	// passOnStalemate: the pass is kept only when no other move is legal
	// (legalBase would generate the moves again to find out)
	stalePass := p.V.PassOnStalemate[p.side] && p.st.Checkers.Empty()
	pass := NoMove
	for _, m := range list[start:] {
		if stalePass && m.Kind() == Pass {
			pass = m
			continue
		}
		if p.legalBase(m) {
			out = append(out, m)
			if p.V.MustCapture && !captures && p.IsCapture(m) {
				captures = true
			}
		}
	}
	if pass != NoMove && len(out) == start && p.legalRoyal(pass) {
		out = append(out, pass)
	}
	if gateLater {
		// the gating forms of the legal moves, in PseudoLegal's order
		out = p.addGatings(out, start, true)
	}
	if captures {
		// compulsory capture: a quiet move is illegal when a capture is legal
		keep := out[:start]
		for _, m := range out[start:] {
			if p.IsCapture(m) {
				keep = append(keep, m)
			}
		}
		out = keep
	}
	if wallLater && walls {
		pm, ok := p.wallPass()
		out = p.addWallForms(out, start, ok && p.legalBase(pm))
	}
	return out
}

// computePins finds the side to move's pieces that are the only piece
// between their king and an enemy slider aiming at it, with the squares
// they may still move to (the line up to and including the slider).
func (p *Position) computePins() {
	p.pinSerial = p.serial
	p.pinned = geom.Set{}
	p.npins = 0
	us := p.side
	them := us.Other()
	ksq := p.PiecesOf(us, King).First()
	var sliders geom.Set
	for _, pt := range p.c.sliders {
		sliders = sliders.Or(p.byType[pt])
	}
	if p.c.sliderReach[us][ksq].And(sliders).And(p.byColor[them]).Empty() {
		return // no enemy slider on the king's lines, even through pieces
	}
	for _, pt := range p.c.sliders {
		enemy := MakePiece(them, pt)
		if p.count[them][pt] == 0 {
			continue
		}
		enemies := p.PiecesOf(them, pt)
		mt := &p.c.tables[us][pt].capture[ksq]
		if mt.all.And(enemies).Empty() {
			continue // none on the king's lines, even through pieces
		}
		rays := mt.rays
		for ri := range rays {
			r := &rays[ri]
			if r.mask.And(enemies).Empty() {
				continue
			}
			blocker := geom.NoSquare
			for i, s := range r.sq {
				if !p.occ.Has(s) {
					continue
				}
				if blocker == geom.NoSquare {
					if p.byColor[us].Has(s) {
						blocker = s
						continue
					}
					break
				}
				if p.board[s] == enemy && p.npins < len(p.pinSq) {
					var line geom.Set
					for _, x := range r.sq[:i+1] {
						line.Add(x)
					}
					p.pinned.Add(blocker)
					p.pinSq[p.npins] = blocker
					p.pinRay[p.npins] = line
					p.npins++
				}
				break
			}
		}
	}
}

// CountLegal returns the number of legal moves (len(LegalMoves)), counting
// the moves of unpinned ordinary pieces without listing them when the
// variant allows it (perft's leaf nodes). While the side to move may gate
// (gateByBase), a counted move from a gate counts once more per type that
// may be gated there, and a listed legal move adds its legal gating forms
// (gatingForms).
func (p *Position) CountLegal() int {
	v := p.V
	us := p.side
	if p.c.walling && !p.c.wallLegal {
		if _, over := p.ImmediateEnd(); over {
			return 0
		}
		var buf [256]Move
		return p.countWallForms(p.legalMoves(buf[:0], false))
	}
	if p.c.pseudoIsLegal {
		return p.countPseudo()
	}
	gating := p.c.seirawanGating && p.gatingPossible()
	if !p.c.countLeaves || p.st.Checkers.Any() || v.PassOnStalemate[us] || p.count[us][King] != 1 ||
		(gating && !p.c.gateByBase) || (p.c.pathLegal && (gating || p.st.Bikjang)) {
		var buf [256]Move
		return len(p.LegalMoves(buf[:0]))
	}
	if _, over := p.ImmediateEnd(); over {
		return 0
	}
	if p.c.pathLegal {
		// no pins: genPathCounted lists what the king paths concern
		p.pinned, p.npins, p.pinSerial = geom.Set{}, 0, p.serial
		p.kingDanger(p.PiecesOf(us, King).First())
	} else if p.pinSerial != p.serial {
		p.computePins()
	}
	n := 0
	if gating {
		p.setGateInfo(us)
	}
	if p.leafBuf == nil {
		p.leafBuf = make([]Move, 0, 256)
	}
	p.gateLater = gating
	list := p.pseudoLegal(p.leafBuf[:0], &n)
	p.gateLater = false
	p.leafBuf = list[:0] // keeps a grown buffer
	if gating {
		for _, m := range list {
			if p.Legal(m) {
				n += 1 + p.gatingForms(m, &p.gi)
			}
		}
		return n
	}
	for _, m := range list {
		if p.Legal(m) {
			n++
		}
	}
	return n
}
