package position

import "houserules/geom"

// PseudoLegal appends the pseudo-legal moves of the side to move to list
// and returns it: every move the pieces' movement allows, before the
// legality filter (royal safety, compulsory capture, …). It follows the
// base rules of Fairy-Stockfish's move generator: Betza movement, pawn
// pushes and double steps, promotions, en passant, castling and passing.
func (p *Position) PseudoLegal(list []Move) []Move {
	return p.pseudoLegal(list, nil)
}

// PseudoLegalNoisy appends a subset of PseudoLegal that holds at least
// every capture, en-passant capture and promotion (pawn or piece) of the
// side to move: quiet moves of ordinary pieces, quiet pawn pushes that do
// not promote, castling and passing are left out. Pieces with promotion
// or demotion rules list all their moves. It serves the quiescence search,
// which filters the list by IsCapture and the move kind itself.
func (p *Position) PseudoLegalNoisy(list []Move) []Move {
	p.noisy = true
	list = p.pseudoLegal(list, nil)
	p.noisy = false
	return list
}

// pseudoLegal is PseudoLegal; with count != nil, the moves of unpinned
// ordinary pieces (no promotion, no en passant) are counted into *count
// instead of listed (pins must be computed and the side not in check).
func (p *Position) pseudoLegal(list []Move, count *int) []Move {
	v := p.V
	us := p.side
	them := us.Other()
	notOurs := p.c.board.Mask.AndNot(p.byColor[us].Or(p.st.Walls))
	if p.noisy {
		notOurs = p.byColor[them]
	}
	start := len(list)
	gating := p.c.seirawanGating && p.gatingPossible()
	gateLater := gating && p.gateLater
	if gating && !gateLater {
		count = nil // moves from gates are listed, to add their gating forms
	}
	// gateCount: moves counted from a gate count once more per type that
	// may be gated there (their gating forms are legal when they are)
	gateCount := gateLater && count != nil
	// pathCount: legality by king paths (compilePaths): moves from or to
	// a danger square are listed, the others counted (genPathCounted)
	pathCount := count != nil && p.c.pathLegal
	if p.c.types.Has(Pawn) && p.count[us][Pawn] > 0 {
		pc := count
		if (gateCount && p.PiecesOf(us, Pawn).And(p.gates[us]).Any()) || pathCount {
			pc = nil // listed: CountLegal counts their gating forms, or tests them
		}
		list = p.genPawnMoves(list, pc)
		if p.c.sittuyin {
			list = p.genSittuyinPromotions(list)
		}
	}
	for _, pt := range p.c.pieceList {
		if p.count[us][pt] == 0 {
			continue
		}
		bb := p.PiecesOf(us, pt)
		for bb.Any() {
			from := bb.Pop()
			if gateCount && p.gates[us].Has(from) {
				before := *count
				list = p.genPieceMoves(list, pt, from, notOurs, count)
				*count += (*count - before) * p.gi.count(p, from)
				continue
			}
			if pathCount {
				list = p.genPathCounted(list, pt, from, notOurs, count)
				continue
			}
			list = p.genPieceMoves(list, pt, from, notOurs, count)
		}
	}
	if p.c.drops && (p.handN[us] > 0 || p.c.freeDrops) && !p.noisy {
		dc := count
		if !p.c.simpleDrops || pathCount {
			dc = nil // a drop may give a hopper its screen
		}
		list = p.genDrops(list, dc)
	}
	hasKing := p.count[us][King] > 0
	if p.noisy {
		if hasKing {
			ksq := p.PiecesOf(us, King).First()
			for b := p.Attacks(us, King, ksq, p.occ).And(notOurs); b.Any(); {
				list = append(list, NewMove(ksq, b.Pop(), Normal, 0).WithProduction(ProdKingMove))
			}
		}
		if gating && !gateLater {
			list = p.addGatings(list, start, false)
		}
		if p.c.walling && !p.wallLater {
			list = p.addWallForms(list, start, true)
		}
		return list
	}
	if p.c.cambodian {
		list = p.genCambodian(list)
	}
	if !hasKing && p.st.Castling&p.rightsOf(us) != 0 {
		from := p.castlingKingSquare[us]
		list = p.genCastling(list, us, from)
	}
	pass := v.Pass[us] || v.PassOnStalemate[us] // Legal allows the latter only without another move
	if pass && !hasKing && p.byColor[us].Any() {
		s := p.byColor[us].First()
		list = append(list, NewMove(s, s, Pass, 0).WithProduction(ProdPass))
	}
	if hasKing {
		ksq := p.PiecesOf(us, King).First()
		var b geom.Set
		if p.c.tables[us][King].sameQC {
			b = p.Attacks(us, King, ksq, p.occ).And(notOurs)
		} else {
			b = p.Attacks(us, King, ksq, p.occ).And(p.occ).Or(p.quietTargets(us, King, ksq, p.occ).AndNot(p.occ)).And(notOurs)
		}
		for b.Any() {
			list = append(list, NewMove(ksq, b.Pop(), Normal, 0).WithProduction(ProdKingMove))
		}
		if pass {
			list = append(list, NewMove(ksq, ksq, Pass, 0).WithProduction(ProdPass))
		}
		if p.st.Checkers.Empty() && p.st.Castling&p.rightsOf(us) != 0 {
			list = p.genCastling(list, us, ksq)
		}
	}
	if gating && !gateLater {
		list = p.addGatings(list, start, false)
	}
	if p.c.walling && !p.wallLater {
		list = p.addWallForms(list, start, false)
	}
	return list
}

// CastlingMoves appends the side to move's castling moves whose path is
// empty, whether or not its king is in check: for rulesets whose presets
// decide what check is (PseudoLegal leaves castling out in check, as the
// base rules want).
func (p *Position) CastlingMoves(list []Move) []Move {
	us := p.side
	if p.st.Castling&p.rightsOf(us) == 0 {
		return list
	}
	from := p.castlingKingSquare[us]
	if k := p.PiecesOf(us, King); k.Any() {
		from = k.First()
	}
	return p.genCastling(list, us, from)
}

func (p *Position) rightsOf(c Color) CastlingRights {
	if c == White {
		return WhiteOO | WhiteOOO
	}
	return BlackOO | BlackOOO
}

func (p *Position) genCastling(list []Move, us Color, from geom.Square) []Move {
	oo, ooo := WhiteOO, WhiteOOO
	if us == Black {
		oo, ooo = BlackOO, BlackOOO
	}
	for _, cr := range [2]CastlingRights{oo, ooo} {
		if p.st.Castling&cr != 0 && p.castlingPath[cr].And(p.occ).Empty() {
			list = append(list, NewMove(from, p.castlingRookSquare[cr], Castling, 0).WithProduction(ProdCastling))
		}
	}
	return list
}

func (p *Position) promotionAllowed(us Color, pt PieceType) bool {
	lim := p.V.PromotionLimit[pt]
	return lim == 0 || lim > p.count[us][pt]
}

// addPromotions adds the pawn-style promotions (and a shogi-style pawn
// promotion) for a pawn reaching to.
func (p *Position) addPromotions(list []Move, from, to geom.Square) []Move {
	v := p.V
	us := p.side
	for _, pt := range p.c.promoTypes(v, us) {
		if p.promotionAllowed(us, pt) {
			list = append(list, NewMove(from, to, Promotion, pt).WithProduction(ProdPromotion))
		}
	}
	if ppt := v.PromotedPieceType[Pawn]; ppt != NoPieceType && !(v.PiecePromotionOnCapture && !p.occ.Has(to)) {
		list = append(list, NewMove(from, to, PiecePromotion, 0).WithProduction(ProdPiecePromotion))
	}
	return list
}

func (c *compiled) promoTypes(v *Variant, us Color) []PieceType {
	return c.promoList[us]
}

func (p *Position) genPawnMoves(list []Move, count *int) []Move {
	v := p.V
	us := p.side
	them := us.Other()
	b := p.c.board
	push := p.c.pawnPush[us]
	zone := v.PromotionRegion[us]
	if v.SittuyinPromotion {
		zone = geom.Set{}
	}
	movable := p.c.mobility[us][Pawn].AndNot(p.occ)
	capturable := p.c.mobility[us][Pawn].And(p.byColor[them])
	pawns := p.PiecesOf(us, Pawn)
	noisy := p.noisy
	emit := func(list []Move, from, to geom.Square, prod uint16) []Move {
		if noisy && prod != ProdPawnCapture && !zone.Has(to) && v.PromotedPieceType[Pawn] == NoPieceType {
			return list // a quiet push
		}
		if zone.Has(to) {
			list = p.addPromotions(list, from, to)
			if v.MandatoryPawnPromotion {
				return list
			}
		}
		return append(list, NewMove(from, to, Normal, 0).WithProduction(prod))
	}
	pw := pawns
	if count != nil && b.Topology == geom.Plain {
		// Count the moves of unpinned pawns by whole sets; promotions
		// are listed.
		free := pawns.AndNot(p.pinned)
		d := geom.MaxFiles * push
		cnt := func(targets geom.Set, delta int, prod uint16) {
			*count += targets.AndNot(zone).Count()
			for z := targets.And(zone); z.Any(); {
				to := z.Pop()
				list = emit(list, geom.Square(int(to)-delta), to, prod)
			}
		}
		one := free.Shift(d).And(movable)
		cnt(one, d, ProdPawnSinglePush)
		if dsr := free.And(v.DoubleStepRegion[us]); dsr.Any() {
			cnt(dsr.Shift(d).And(movable).Shift(d).And(movable), 2*d, ProdPawnDoublePush)
		}
		if tsr := free.And(v.TripleStepRegion[us]); tsr.Any() {
			cnt(tsr.Shift(d).And(movable).Shift(d).And(movable).Shift(d).And(movable), 3*d, ProdPawnDoublePush)
		}
		cnt(free.AndNot(geom.FileSet(geom.MaxFiles-1)).Shift(d+1).And(capturable), d+1, ProdPawnCapture)
		cnt(free.AndNot(geom.FileSet(0)).Shift(d-1).And(capturable), d-1, ProdPawnCapture)
		pw = pawns.And(p.pinned)
	}
	for pw.Any() {
		from := pw.Pop()
		// pushes
		if to, ok := b.Step(from, 0, push); ok && movable.Has(to) {
			list = emit(list, from, to, ProdPawnSinglePush)
			if v.DoubleStepRegion[us].Has(from) || v.TripleStepRegion[us].Has(from) {
				if to2, ok := b.Step(to, 0, push); ok && movable.Has(to2) {
					if v.DoubleStepRegion[us].Has(from) {
						list = emit(list, from, to2, ProdPawnDoublePush)
					}
					if v.TripleStepRegion[us].Has(from) {
						if to3, ok := b.Step(to2, 0, push); ok && movable.Has(to3) {
							list = emit(list, from, to3, ProdPawnDoublePush)
						}
					}
				}
			}
		}
		// captures
		caps := p.pawnAttacksFrom(us, from)
		for c := caps.And(capturable); c.Any(); {
			list = emit(list, from, c.Pop(), ProdPawnCapture)
		}
	}
	// en passant
	for ep := p.st.EP.AndNot(p.occ); ep.Any(); {
		to := ep.Pop()
		for a := p.pawnAttacksFrom(them, to).And(pawns); a.Any(); {
			list = append(list, NewMove(a.Pop(), to, EnPassant, 0).WithProduction(ProdEnPassant))
		}
	}
	return list
}

func (p *Position) genPieceMoves(list []Move, pt PieceType, from geom.Square, notOurs geom.Set, count *int) []Move {
	us := p.side
	t := p.c.tables[us][pt]
	if count != nil && p.c.plainSameQC[us][pt] {
		// counted: the commonest case first
		var b geom.Set
		if p.c.reachStable[us][pt] {
			b = p.reachOf(pt, from).And(notOurs)
		} else {
			b = t.capture[from].targets(p.occ).And(p.c.mobility[us][pt]).And(notOurs)
		}
		if p.pinned.Has(from) {
			b = b.And(p.pinLine(from))
		}
		*count += b.Count()
		return list
	}
	v := p.V
	attacks := p.Attacks(us, pt, from, p.occ)
	quiets := attacks
	bAll := attacks
	if !t.sameQC {
		quiets = p.quietTargets(us, pt, from, p.occ)
		bAll = attacks.And(p.occ).Or(quiets.AndNot(p.occ))
	}
	if p.noisy && !p.c.plainMover[us][pt] {
		notOurs = p.c.board.Mask.AndNot(p.byColor[us].Or(p.st.Walls))
	}
	b1 := bAll.And(notOurs)
	if p.c.plainMover[us][pt] {
		if count != nil {
			if p.pinned.Has(from) {
				b1 = b1.And(p.pinLine(from))
			}
			*count += b1.Count()
			return list
		}
		prod := Move(pieceProduction(pt)) << 48
		for b1.Any() {
			list = append(list, NewMove(from, b1.Pop(), Normal, 0)|prod)
		}
		return list
	}
	zone := v.PromotionRegion[us]
	var b2, b3, pawnProm, eps geom.Set
	if promPt := v.PromotedPieceType[pt]; promPt != NoPieceType && p.promotionAllowed(us, promPt) {
		b2 = b1
	}
	if v.PieceDemotion && p.promoted.Has(from) && p.meta[from].Unpromoted != NoPiece {
		b3 = b1
	}
	if v.PromotionPawnTypes[us].Has(pt) {
		pawnProm = bAll.AndNot(p.byColor[us].Or(p.st.Walls)).And(zone)
	}
	if v.EnPassantTypes[us].Has(pt) {
		eps = attacks.AndNot(quiets).And(p.st.EP).AndNot(p.occ)
	}
	if count != nil && b2.Empty() && b3.Empty() && pawnProm.Empty() && eps.Empty() {
		if p.pinned.Has(from) {
			b1 = b1.And(p.pinLine(from))
		}
		*count += b1.Count()
		return list
	}
	if pawnProm.Any() && v.MandatoryPawnPromotion {
		b1 = b1.AndNot(pawnProm)
	}
	if b2.Any() || b3.Any() {
		if v.MandatoryPiecePromotion {
			var keep geom.Set
			if !zone.Has(from) {
				keep = geom.All.AndNot(zone)
			}
			if v.PiecePromotionOnCapture {
				keep = keep.Or(geom.All.AndNot(p.occ))
			}
			b1 = b1.And(keep)
		}
		if v.PiecePromotionOnCapture {
			b2 = b2.And(p.occ)
			b3 = b3.And(p.occ)
		}
		if !zone.Has(from) {
			b2 = b2.And(zone)
			b3 = b3.And(zone)
		}
	}
	prod := Move(pieceProduction(pt)) << 48
	for b1.Any() {
		list = append(list, NewMove(from, b1.Pop(), Normal, 0)|prod)
	}
	for b2.Any() {
		list = append(list, NewMove(from, b2.Pop(), PiecePromotion, 0).WithProduction(ProdPiecePromotion))
	}
	for b3.Any() {
		list = append(list, NewMove(from, b3.Pop(), PieceDemotion, 0).WithProduction(ProdPieceDemotion))
	}
	if pawnProm.Any() {
		for _, ppt := range p.c.promoTypes(v, us) {
			if p.promotionAllowed(us, ppt) {
				for pp := pawnProm; pp.Any(); {
					list = append(list, NewMove(from, pp.Pop(), Promotion, ppt).WithProduction(ProdPromotion))
				}
			}
		}
	}
	for eps.Any() {
		list = append(list, NewMove(from, eps.Pop(), EnPassant, 0).WithProduction(ProdEnPassant))
	}
	return list
}

// pinLine returns the squares a pinned piece on s may move to.
func (p *Position) pinLine(s geom.Square) geom.Set {
	line := geom.All
	for i := 0; i < p.npins; i++ {
		if p.pinSq[i] == s {
			line = line.And(p.pinRay[i])
		}
	}
	return line
}
