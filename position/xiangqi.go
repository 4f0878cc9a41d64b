package position

import "houserules/geom"

// The rules of the xiangqi and janggi family that are not Betza movement:
// the soldier's promotion rank, janggi's palace diagonals and cannons, the
// flying general and bikjang. They follow Fairy-Stockfish (position.h
// attacks_from/moves_from, position.cpp attackers_to, legal and
// set_check_info) and are compiled into the move tables where they are
// static, so that variants without them pay nothing.

// Ray kinds for janggi's palace diagonals: a rook's diagonal slide and a
// janggi cannon's diagonal hop along the squares of diagonalLines. Every
// piece on the ray blocks it; only squares of the lines (tmask) are reached.
const (
	raySlideMasked uint8 = iota + rayGrasshopper + 1
	rayCannonMasked
)

// xiangqiTable applies the family's static rules to the freshly built
// table of colour col and type pt (Compile): unpromoted soldiers move only
// forwards (soldierPromotionRank), and on diagonalLines the wazir (and a
// king that moves as one), the soldier, the rook and the janggi cannon gain
// their diagonal moves. It reports whether the table changed.
func (c *compiled) xiangqiTable(v *Variant, col Color, pt PieceType) bool {
	t := c.tables[col][pt]
	b := c.board
	changed := false
	if pt == Soldier && v.SoldierPromotionRank > 0 {
		for s := range t.quiet {
			sq := geom.Square(s)
			if !b.Contains(sq) || relRank(col, sq, v.MaxRank) >= v.SoldierPromotionRank {
				continue
			}
			file := geom.FileSet(sq.File())
			for _, mt := range []*moveTable{&t.quiet[s], &t.capture[s], &t.initial[s]} {
				mt.keepOnly(file)
			}
			changed = true
		}
	}
	movePt := pt
	if pt == King {
		movePt = v.KingType
	}
	if v.DiagonalLines.Any() && (movePt == Wazir || pt == Soldier || pt == Rook || pt == JanggiCannon) {
		for s := range t.quiet {
			sq := geom.Square(s)
			if !b.Contains(sq) || !v.DiagonalLines.Has(sq) {
				continue
			}
			for _, mt := range []*moveTable{&t.quiet[s], &t.capture[s]} {
				if mt.addDiagonals(b, v.DiagonalLines, col, movePt, sq) {
					changed = true
					t.slider = t.slider || pt == Rook || pt == JanggiCannon
				}
			}
		}
	}
	if pt == JanggiCannon {
		// janggi cannons neither hop over nor capture each other: the
		// targets depend on where the cannons stand (janggiTargets)
		t.asymmetric = true
		changed = true
	}
	if changed {
		for s := range t.quiet {
			t.quiet[s].setFast()
			t.capture[s].setFast()
			t.initial[s].setFast()
		}
		t.sameQC = !t.hasInitial && sameTables(t.quiet[:], t.capture[:])
	}
	return changed
}

// relRank is the rank of s counted from colour c's side (0-based).
func relRank(c Color, s geom.Square, maxRank int) int {
	if c == White {
		return s.Rank()
	}
	return maxRank - s.Rank()
}

// keepOnly drops every target outside keep (leaps and rays).
func (mt *moveTable) keepOnly(keep geom.Set) {
	mt.plain = mt.plain.And(keep)
	mt.all = mt.all.And(keep)
	leaps := mt.leaps[:0]
	for _, l := range mt.leaps {
		if keep.Has(l.to) {
			leaps = append(leaps, l)
		}
	}
	mt.leaps = leaps
	rays := mt.rays[:0]
	for _, r := range mt.rays {
		var sq []geom.Square
		for _, s := range r.sq {
			if !keep.Has(s) {
				break
			}
			sq = append(sq, s)
		}
		if len(sq) > 0 {
			r.sq = sq
			r.mask = geom.Set{}
			for _, s := range sq {
				r.mask.Add(s)
			}
			r.setStep()
			rays = append(rays, r)
		}
	}
	mt.rays = rays
}

// addDiagonals adds the palace-diagonal moves from s of a piece moving as
// movePt (Fairy-Stockfish: a wazir steps as a fers, a soldier as a pawn
// captures, a rook slides as a bishop, a janggi cannon hops diagonally),
// limited to the squares of lines. It reports whether it added any.
func (mt *moveTable) addDiagonals(b *geom.Board, lines geom.Set, col Color, movePt PieceType, s geom.Square) bool {
	fwd := 1
	if col == Black {
		fwd = -1
	}
	added := false
	for _, d := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		switch movePt {
		case Wazir, Soldier:
			if movePt == Soldier && d[1] != fwd {
				continue
			}
			if to, ok := b.Step(s, d[0], d[1]); ok && to != s && lines.Has(to) && !mt.all.Has(to) {
				mt.plain.Add(to)
				mt.all.Add(to)
				added = true
			}
		case Rook, JanggiCannon:
			r := ray{kind: raySlideMasked, mask: geom.Set{}}
			if movePt == JanggiCannon {
				r.kind = rayCannonMasked
			}
			cur, seen := s, geom.Bit(s)
			for {
				nx, ok := b.Step(cur, d[0], d[1])
				if !ok || seen.Has(nx) {
					break
				}
				seen.Add(nx)
				r.sq = append(r.sq, nx)
				r.mask.Add(nx)
				cur = nx
			}
			// the ray ends at its last square on the lines
			for len(r.sq) > 0 && !lines.Has(r.sq[len(r.sq)-1]) {
				r.sq = r.sq[:len(r.sq)-1]
			}
			first := 0
			if r.kind == rayCannonMasked {
				first = 1 // a hop lands beyond its screen
			}
			if len(r.sq) <= first {
				continue
			}
			r.mask = geom.Set{}
			for _, x := range r.sq {
				r.mask.Add(x)
			}
			r.tmask = lines
			mt.rays = append(mt.rays, r)
			for _, x := range r.sq[first:] {
				if lines.Has(x) {
					mt.all.Add(x)
				}
			}
			added = true
		}
	}
	return added
}

// janggiTargets is the reach of a janggi cannon by table mt: the squares
// reached both with the occupied squares occ and with the cannons jc
// taken away, minus the cannons (Fairy-Stockfish's attacks_from): it
// never hops over a cannon nor captures one.
func (mt *moveTable) janggiTargets(occ, jc geom.Set) geom.Set {
	return mt.targets(occ).And(mt.targets(occ.AndNot(jc))).AndNot(jc)
}

// janggiCannons is the set of janggi cannons that AttackersTo assumes:
// those on the board, changed by the move Legal is testing (jcToggle).
func (p *Position) janggiCannons() geom.Set {
	return p.byType[JanggiCannon].Xor(p.jcToggle)
}

// facingKing reports whether, with occupancy occ, the king of colour
// them sees square s along a file or rank with nothing between
// (Fairy-Stockfish: attacks_bb(~us, ROOK, s, occupied) & pieces(~us, KING)),
// not counting a king on except.
func (p *Position) facingKing(s geom.Square, occ geom.Set, them Color, except geom.Square) bool {
	k := p.PiecesOf(them, King)
	if except != geom.NoSquare {
		k.Del(except)
	}
	if k.Empty() {
		return false
	}
	return p.c.rookRay.capture[s].hits(occ, k).Any()
}

// flyingGeneralIllegal is Fairy-Stockfish's flying general and bikjang
// test in legal(): after the move (occupancy occ) the mover's king must not
// face the enemy king, unless the move captures it.
func (p *Position) flyingGeneralIllegal(m Move, occ geom.Set) bool {
	us := p.side
	if !(p.V.FlyingGeneral && p.count[us][King] > 0) && !p.st.Bikjang {
		return false
	}
	s := m.To()
	if m.Kind() == Drop || p.board[m.From()].Type() != King {
		s = p.PiecesOf(us, King).First()
	}
	return p.facingKing(s, occ, us.Other(), m.To())
}

// setBikjang sets the state's bikjang flag: the side to move's king faces
// the enemy king (bikjangRule).
// kingsFace reports whether each side has one king and they face each
// other on an open file (janggi's bikjang; before setCheckInfo).
func (p *Position) kingsFace() bool {
	them := p.side.Other()
	return p.count[them][King] == 1 && p.count[p.side][King] == 1 &&
		p.facingKing(p.PiecesOf(them, King).First(), p.occ, p.side, geom.NoSquare)
}

func (p *Position) setBikjang() {
	st := p.st
	st.Bikjang = false
	them := p.side.Other()
	if p.count[them][King] > 0 && p.count[p.side][King] > 0 {
		st.Bikjang = p.facingKing(p.PiecesOf(them, King).First(), p.occ, p.side, geom.NoSquare)
	}
}

// compilePaths sets pathLegal and kingPaths. For a royal king, when the
// side to move is not in check, a move of another piece that neither
// leaves nor enters a square between the king and an enemy piece that
// could attack it there (kingDanger) cannot expose the king: every enemy
// attack on the king square depends only on the occupancy of those
// squares (a slider's or hopper's line, a lame leaper's path, with a
// flying general the line to the enemy king). This is the pin test's role
// where pins do not describe the rules (xiangqi's horses and cannons).
func (c *compiled) compilePaths(v *Variant) {
	c.pathLegal = !c.pinLegal && c.hasRoyal && v.Checking && !v.ExtinctionPseudoRoyal && !v.BlastOnCapture &&
		v.MutuallyImmuneTypes == 0 && !v.MakpongRule
	if !c.pathLegal {
		return
	}
	for col := White; col <= Black; col++ {
		them := col.Other()
		c.kingPaths[col] = make([][]kingPath, geom.SquareNB)
		for k := 0; k < geom.SquareNB; k++ {
			ksq := geom.Square(k)
			if !c.board.Contains(ksq) {
				continue
			}
			var list []kingPath
			for i, pt := range c.typeList {
				t := c.tables[them][pt]
				for x := c.revAll[them][i*geom.SquareNB+k]; x.Any(); {
					from := x.Pop()
					if path := t.capture[from].pathTo(ksq); path.Any() {
						list = append(list, kingPath{from: from, pt: pt, path: path, hop: t.capture[from].hopsTo(ksq)})
					}
				}
			}
			if c.flyingGeneral {
				for x := c.rookRay.capture[k].all; x.Any(); {
					from := x.Pop()
					if path := c.rookRay.capture[from].pathTo(ksq); path.Any() {
						list = append(list, kingPath{from: from, pt: King, path: path, flying: true})
					}
				}
			}
			c.kingPaths[col][k] = list
		}
	}
}

// kingDanger returns the squares whose occupancy decides whether the side
// to move's king on ksq is attacked, given where the enemy pieces stand
// (see compilePaths): vacate, every square between the king and such a
// piece (emptying one may open a line, a leg or a hopper's screen); fill,
// those of hoppers only (a piece put on a slider's line or a leaper's
// path only blocks it; on a hopper's line it may be the screen). Cached
// until the position changes.
func (p *Position) kingDanger(ksq geom.Square) (vacate, fill geom.Set) {
	if p.dangerSerial == p.serial {
		return p.danger, p.dangerFill
	}
	var d, f geom.Set
	them := p.side.Other()
	for _, kp := range p.c.kingPaths[p.side][ksq] {
		if p.board[kp.from] == MakePiece(them, kp.pt) {
			d = d.Or(kp.path)
			if kp.hop {
				f = f.Or(kp.path)
			}
		}
	}
	p.danger, p.dangerFill, p.dangerSerial = d, f, p.serial
	return d, f
}

// pathTo returns the squares between the table's square and s on every
// way the table reaches s: a lame leap's path, the squares before s on a
// ray.
func (mt *moveTable) pathTo(s geom.Square) geom.Set {
	var b geom.Set
	for _, l := range mt.leaps {
		if l.to == s {
			for j := uint8(0); j < l.npath; j++ {
				b.Add(l.path[j])
			}
		}
	}
	for _, r := range mt.rays {
		if !r.mask.Has(s) {
			continue
		}
		for _, x := range r.sq {
			if x == s {
				break
			}
			b.Add(x)
		}
	}
	return b
}

// genPathCounted is genPieceMoves for CountLegal under pathLegal: the
// moves of a piece that leaves no vacate-danger square for a square off
// the fill-danger squares (kingDanger, computed by CountLegal) are legal
// and counted; the others are listed, for CountLegal to test.
func (p *Position) genPathCounted(list []Move, pt PieceType, from geom.Square, notOurs geom.Set, count *int) []Move {
	us := p.side
	if p.danger.Has(from) {
		return p.genPieceMoves(list, pt, from, notOurs, nil)
	}
	f := p.dangerFill
	if !p.c.plainMover[us][pt] {
		list = p.genPieceMoves(list, pt, from, notOurs.AndNot(f), count)
		t := p.c.tables[us][pt]
		if t.capture[from].all.Or(t.quiet[from].all).Or(t.initial[from].all).And(f).And(notOurs).Any() {
			list = p.genPieceMoves(list, pt, from, notOurs.And(f), nil)
		}
		return list
	}
	var b geom.Set
	switch {
	case p.c.reachStable[us][pt]:
		b = p.reachOf(pt, from)
	case p.c.tables[us][pt].sameQC:
		b = p.Attacks(us, pt, from, p.occ)
	default:
		b = p.Attacks(us, pt, from, p.occ).And(p.occ).Or(p.quietTargets(us, pt, from, p.occ).AndNot(p.occ))
	}
	b = b.And(notOurs)
	*count += b.AndNot(f).Count()
	prod := Move(pieceProduction(pt)) << 48
	for l := b.And(f); l.Any(); {
		list = append(list, NewMove(from, l.Pop(), Normal, 0)|prod)
	}
	return list
}

// hopsTo reports whether the table reaches s on a hopper's line.
func (mt *moveTable) hopsTo(s geom.Square) bool {
	for _, r := range mt.rays {
		if r.mask.Has(s) && (r.kind == rayCannon || r.kind == rayCannonMasked || r.kind == rayGrasshopper) {
			return true
		}
	}
	return false
}
