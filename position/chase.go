package position

import "houserules/geom"

// The Asian Xiangqi Federation's chasing rule (chasingRule = axf), after
// Fairy-Stockfish's Position::chased and is_optional_game_end: a move
// "chases" an enemy piece when it newly attacks it and the piece is not
// truly protected; a side that chases with every move of a repetition
// cycle loses it (see RepetitionEnd). Each state records the pieces the
// move leading to it chased (State.Chased), with the blockers of both
// kings that the next state compares against.

// chaseInfo is the chase record of one state: chased, the side to
// move's pieces that the move leading to it chased; blockers[c], the
// pieces between c's king and an enemy slider, hopper or lame leaper
// aiming at it.
type chaseInfo struct {
	chased   geom.Set
	blockers [2]geom.Set
}

// chaseAt returns the chase record of stack[i].
func (p *Position) chaseAt(i int) *chaseInfo { return &p.chaseLog[i] }

// setChased fills the current state's chase record (setCheckInfo, for
// chasing variants).
func (p *Position) setChased() {
	n := len(p.stack)
	for len(p.chaseLog) < n {
		p.chaseLog = append(p.chaseLog, chaseInfo{})
	}
	ci := &p.chaseLog[n-1]
	for c := White; c <= Black; c++ {
		ci.blockers[c] = p.blockersFor(c)
	}
	ci.chased = geom.Set{}
	ci.chased = p.chased()
}

// blockersFor returns the pieces (of either colour) that stand alone
// between colour c's king and an enemy slider or lame leaper that would
// attack it without them, or that are one of the two pieces between it
// and an enemy hopper (Fairy-Stockfish's slider_blockers).
func (p *Position) blockersFor(c Color) geom.Set {
	var b geom.Set
	if p.count[c][King] == 0 {
		return b
	}
	them := c.Other()
	for _, kp := range p.c.kingPaths[c][p.PiecesOf(c, King).First()] {
		if kp.flying || p.board[kp.from] != MakePiece(them, kp.pt) {
			continue
		}
		between := kp.path.And(p.occ)
		if n := between.Count(); (n == 1 && !kp.hop) || (n == 2 && kp.hop) {
			b = b.Or(between)
		}
	}
	return b
}

// unpromotedSoldiersAndKing is c's king and its soldiers that have not
// crossed the river: pieces a chase never counts.
func (p *Position) unpromotedSoldiersAndKing(c Color) geom.Set {
	b := p.PiecesOf(c, King)
	for s := p.PiecesOf(c, Soldier); s.Any(); {
		x := s.Pop()
		if relRank(c, x, p.V.MaxRank) < p.V.SoldierPromotionRank {
			b.Add(x)
		}
	}
	return b
}

// neighbours returns the squares one step from s orthogonally (diag
// false) or diagonally.
func (p *Position) neighbours(s geom.Square, diag bool) geom.Set {
	var b geom.Set
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if diag {
			d = [2]int{d[0] + d[1], d[1] - d[0]}
		}
		if to, ok := p.c.board.Step(s, d[0], d[1]); ok {
			b.Add(to)
		}
	}
	return b
}

// chased is Fairy-Stockfish's Position::chased: the side to move's pieces
// that the last move chased (attacked anew, directly or by discovery,
// without their being protected; a horse or cannon chases only chariots,
// an elephant or advisor chariots, cannons and horses).
func (p *Position) chased() geom.Set {
	st := p.st
	var b geom.Set
	if st.PliesFromNull == 0 || st.Move == NoMove || st.Move.Kind() == Pass || p.count[p.side][King] == 0 ||
		p.count[p.side.Other()][King] == 0 {
		return b
	}
	us, them := p.side, p.side.Other()
	ksq, theirK := p.PiecesOf(us, King).First(), p.PiecesOf(them, King).First()
	fg := p.V.FlyingGeneral
	cur := p.chaseAt(len(p.stack) - 1)
	pins := cur.blockers[us]
	if fg {
		kingFile := geom.FileSet(theirK.File()).And(p.byColor[us])
		if kingFile.Has(ksq) && kingFile.AndNot(p.byType[King]).Count() <= 1 {
			pins = pins.Or(kingFile.AndNot(p.byType[King]))
		}
	}
	exclude := p.unpromotedSoldiersAndKing(us)
	add := func(from geom.Square, pt PieceType, attacks geom.Set) {
		if attacks.AndNot(b).Empty() {
			return
		}
		attacks = attacks.AndNot(exclude)
		if pt == Horse || pt == Cannon {
			b = b.Or(attacks.And(p.PiecesOf(us, Rook)))
		}
		if pt == Elephant || pt == Fers {
			b = b.Or(attacks.And(p.PiecesOf(us, Rook).Or(p.PiecesOf(us, Cannon)).Or(p.PiecesOf(us, Horse))))
		}
		if pt == Horse && p.neighbours(from, true).And(p.occ).Any() {
			// an impaired horse: only mutual attacks do not count
			for h := attacks.And(p.PiecesOf(us, Horse)); h.Any(); {
				if s := h.Pop(); p.Attacks(us, Horse, s, p.occ).Has(from) {
					attacks.Del(s)
				}
			}
		} else {
			attacks = attacks.AndNot(p.PiecesOf(us, pt).AndNot(pins))
		}
		occ := p.occ
		occ.Del(from)
		for attacks.Any() {
			s := attacks.Pop()
			roots := p.AttackersTo(s, occ, us).AndNot(pins)
			if roots.Empty() || (fg && roots == p.PiecesOf(us, King) &&
				p.c.rookRay.capture[theirK].targets(occ).Has(s)) {
				b.Add(s)
			}
		}
	}
	m := st.Move
	from, to := m.From(), m.To()
	if m.Kind() == Drop {
		from = geom.NoSquare
	}
	// direct attacks (of the mover, when it is on its target square: a
	// house rule may have removed it there, e.g. poisoned squares)
	if pc := p.board[to]; pc != NoPiece && pc.Color() == them && pc.Type() != King && pc.Type() != Soldier {
		moved := pc.Type()
		direct := p.Attacks(them, moved, to, p.occ).And(p.byColor[us])
		if (moved == Rook || moved == Cannon) && from != geom.NoSquare {
			if from.File() == to.File() {
				direct = direct.AndNot(geom.FileSet(to.File()))
			} else if from.Rank() == to.Rank() {
				direct = direct.AndNot(geom.RankSet(to.Rank()))
			}
		}
		add(to, moved, direct)
	}
	// discovered attacks
	if from != geom.NoSquare {
		rookLines := p.c.rookRay.capture[from].all
		cand := p.neighbours(from, false).And(p.PiecesOf(them, Horse)).
			Or(p.neighbours(from, true).And(p.PiecesOf(them, Elephant))).
			Or(rookLines.And(p.PiecesOf(them, Cannon).Or(p.PiecesOf(them, Rook)))).
			Or(p.c.rookRay.capture[to].all.And(p.PiecesOf(them, Cannon)))
		before := p.occ
		before.Toggle(from)
		if st.Captured == NoPiece {
			before.Toggle(to)
		}
		for cand.Any() {
			s := cand.Pop()
			pt := p.board[s].Type()
			t := &p.c.tables[them][pt].capture[s]
			disc := p.byColor[us].And(t.targets(p.occ)).AndNot(t.targets(before))
			add(s, pt, disc)
		}
	}
	// fake roots (a protector newly pinned) and discovered checks
	if len(p.stack) < 2 {
		return b
	}
	prev := p.chaseAt(len(p.stack) - 2)
	newBlockers := cur.blockers[us].AndNot(prev.blockers[us])
	for np := newBlockers.And(p.byColor[us]); np.Any(); {
		s := np.Pop()
		pt := p.board[s].Type()
		reach := p.c.tables[us][pt].capture[s].targets(p.occ)
		if pt == Soldier {
			// Fairy-Stockfish's attacks_bb: the soldier's full move
			// (fsW), whether or not it has crossed the river
			fwd := 1
			if us == Black {
				fwd = -1
			}
			reach = p.neighbours(s, false)
			if back, ok := p.c.board.Step(s, 0, -fwd); ok {
				reach.Del(back)
			}
		}
		fake := p.byColor[us].AndNot(exclude).And(reach)
		for fake.Any() {
			s2 := fake.Pop()
			if p.AttackersTo(s2, p.occ, them).AndNot(cur.blockers[them]).Any() {
				b.Add(s2)
			}
		}
	}
	kingReach := p.Attacks(us, King, ksq, p.occ)
	for nd := newBlockers.And(p.byColor[them]); nd.Any(); {
		s := nd.Pop()
		disc := p.Attacks(them, p.board[s].Type(), s, p.occ).And(p.byColor[us])
		b = b.Or(disc.AndNot(kingReach))
		for d := disc.And(kingReach); d.Any(); {
			s2 := d.Pop()
			occ := p.occ
			occ.Del(s)
			occ.Del(ksq)
			a := p.AttackersTo(s2, occ, them)
			a.Del(s)
			if a.Any() {
				b.Add(s2)
			}
		}
	}
	return b
}

// undoMoveBoard moves a chased piece's square back along m (Fairy-
// Stockfish's undo_move_board): a piece chased on m's destination stood on
// its origin before m.
func undoMoveBoard(b geom.Set, m Move) geom.Set {
	if m == NoMove || m.Kind() == Drop || m.Kind() == Pass || !b.Has(m.To()) {
		return b
	}
	b.Del(m.To())
	b.Add(m.From())
	return b
}

// Chased returns the side to move's pieces that the last move chased
// (chasingRule variants; empty otherwise), as Fairy-Stockfish's `d`
// prints them.
func (p *Position) Chased() geom.Set {
	if !p.c.chasing {
		return geom.Set{}
	}
	return p.chaseAt(len(p.stack) - 1).chased
}

// SetChaseRecords turns the chase records (chasingRule variants: what
// each move chased, read only by RepetitionEnd and Chased) on or off and
// returns the previous setting. Perft, which never reads them, turns them
// off while it runs; the records of the states it returns to stay valid.
func (p *Position) SetChaseRecords(on bool) (was bool) {
	was = !p.noChase
	p.noChase = !on
	return was
}
