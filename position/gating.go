package position

import (
	"math/bits"
	"strings"

	"houserules/geom"
)

// Gating (variants.ini's gating, seirawanGating, cambodianMoves and
// castlingDroppedPiece), as Fairy-Stockfish implements it:
//
//   - gates are back-rank squares whose piece has not moved yet, one set
//     per colour; the FEN lists them in the castling field as file letters
//     (S-Chess: KQBCDFGkqbcdfg). A gate goes when its piece leaves the
//     square or is captured there.
//   - seirawanGating (S-Chess): a move of a piece from a gate may put a
//     piece from the pocket on the square it leaves (castling: on the
//     king's or the rook's square). Once a side's pocket is empty its
//     gates are gone.
//   - cambodianMoves: the king's gate lets it leap like a knight to the
//     next rank, the fers' gate lets it step two squares straight ahead
//     (their first moves in Cambodian chess).
//
// A gating move is a Normal or Castling move with the gate square in Aux
// and the gated type in AuxType. Variants without gating never reach this
// file (the compiled flags guard every call).

var zobristGate [2][geom.SquareNB]uint64

func init() {
	s := uint64(0x6761746573) // "gates"
	for c := range zobristGate {
		for i := range zobristGate[c] {
			s = zobristMix(s)
			zobristGate[c][i] = s
		}
	}
}

// Gates returns colour c's gate squares.
func (p *Position) Gates(c Color) geom.Set { return p.gates[c] }

// IsGating reports whether m puts a piece from the pocket on a gate.
func (m Move) IsGating() bool {
	k := m.Kind()
	return (k == Normal || k == Castling) && m.AuxType() != NoPieceType
}

// toggleGate adds or removes colour c's gate on s, logged for Undo, with
// the key.
func (p *Position) toggleGate(c Color, s geom.Square) {
	p.gates[c].Toggle(s)
	p.st.Key ^= zobristGate[c][s]
	p.handLog = append(p.handLog, handChange{pc: MakePiece(c, NoPieceType), sq: s})
}

// gatesKey is the Zobrist key of both sides' gates.
func (p *Position) gatesKey() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		for g := p.gates[c]; g.Any(); {
			k ^= zobristGate[c][g.Pop()]
		}
	}
	return k
}

// gatesShown reports whether colour c's gates still count: always with
// gating, while the pocket holds pieces with S-Chess gating (unless
// captures refill it), as Fairy-Stockfish's set() and fen() decide.
func (p *Position) gatesShown(c Color) bool {
	v := p.V
	return !v.SeirawanGating || p.handN[c] > 0 || v.CapturesToHand
}

// parseGate is the gating part of reading one castling-field token tok
// (upper case) of colour c naming square rsq: the square becomes a gate if
// a piece of c stands there, and with K or Q the castling king's square
// too. It reports whether the token also stands for a castling right:
// K and Q do; a file letter only when S-Chess gating has nothing left to
// gate (then it is a Chess960 castling right), as in Fairy-Stockfish's
// Position::set.
func (p *Position) parseGate(c Color, tok byte, rsq geom.Square) bool {
	if p.byColor[c].Has(rsq) {
		p.gates[c].Add(rsq)
	}
	if (tok == 'K' || tok == 'Q') && p.castlingKingSquare[c] != geom.NoSquare {
		p.gates[c].Add(p.castlingKingSquare[c])
		return true
	}
	return !p.gatesShown(c)
}

// gatingCastlingRights gives the Chess960 castling rights of gating
// variants: a side whose castling king stands on a gate and that has no
// right yet may castle with every castling rook on a gate
// (Fairy-Stockfish's Position::set).
func (p *Position) gatingCastlingRights() {
	v := p.V
	if !v.Castling {
		return
	}
	for c := White; c <= Black; c++ {
		if p.gates[c].And(p.PiecesOf(c, v.CastlingKingPiece[c])).Empty() || p.st.Castling&p.rightsOf(c) != 0 ||
			!p.gatesShown(c) || p.castlingKingSquare[c] == geom.NoSquare {
			continue
		}
		for r := p.gates[c].And(p.byColor[c]); r.Any(); {
			s := r.Pop()
			if v.CastlingRookPieces[c].Has(p.board[s].Type()) {
				p.setCastlingRight(c, s)
			}
		}
	}
}

// writeGates appends colour c's gate letters to the FEN's castling field,
// leaving out those the castling letters already imply (the castling
// king's file outside Chess960, the castling rooks' files), as
// Fairy-Stockfish's Position::fen.
func (p *Position) writeGates(sb *strings.Builder, c Color) {
	if p.gates[c].Empty() || !p.gatesShown(c) {
		return
	}
	oo, ooo := WhiteOO, WhiteOOO
	base := byte('A')
	if c == Black {
		oo, ooo, base = BlackOO, BlackOOO, 'a'
	}
	for f := 0; f < p.c.board.Files; f++ {
		if p.gates[c].And(geom.FileSet(f)).Empty() ||
			(!p.chess960 && p.CanCastle(oo|ooo) && f == p.castlingKingSquare[c].File()) ||
			(p.CanCastle(oo) && f == p.castlingRookSquare[oo].File()) ||
			(p.CanCastle(ooo) && f == p.castlingRookSquare[ooo].File()) {
			continue
		}
		sb.WriteByte(base + byte(f))
	}
}

// gatingPossible reports whether the side to move may gate now.
func (p *Position) gatingPossible() bool {
	us := p.side
	return p.c.seirawanGating && p.handN[us] > 0 && p.gates[us].Any()
}

// gateTypes returns the types in c's pocket that may be gated on s (the
// drop region of the type, dropNoDoubled included).
func (p *Position) gateTypes(c Color, s geom.Square) PieceSet {
	var set PieceSet
	for in := p.handSet[c]; in != 0; in &= in - 1 {
		pt := PieceType(bits.TrailingZeros64(uint64(in)))
		if !p.c.gateRegion[c][pt].Has(s) {
			continue
		}
		if p.fileFull(c, pt, s.File()) {
			continue
		}
		set = set.With(pt)
	}
	return set
}

// gateInfo is what colour c may gate now, worked out once per move
// generation: the types in its pocket and the gates where each of them may
// stand (so that gateTypes there is all of them).
type gateInfo struct {
	c       Color
	types   PieceSet
	n       int // types.Count()
	uniform geom.Set
}

// setGateInfo sets p.gi to colour c's gateInfo.
func (p *Position) setGateInfo(c Color) {
	types, uniform := p.handSet[c], p.gates[c]
	region := &p.c.gateRegion[c]
	for set := types; set != 0; set &= set - 1 {
		uniform = uniform.And(region[bits.TrailingZeros64(uint64(set))])
	}
	if nd := p.V.DropNoDoubled; nd != NoPieceType && types.Has(nd) {
		uniform = geom.Set{}
	}
	p.gi = gateInfo{c: c, types: types, n: types.Count(), uniform: uniform}
}

// at returns the types that may be gated on s (gateTypes).
func (g *gateInfo) at(p *Position, s geom.Square) PieceSet {
	if g.uniform.Has(s) {
		return g.types
	}
	return p.gateTypes(g.c, s)
}

// count returns the number of types that may be gated on s.
func (g *gateInfo) count(p *Position, s geom.Square) int {
	if g.uniform.Has(s) {
		return g.n
	}
	return p.gateTypes(g.c, s).Count()
}

// addGatings appends, for every Normal or Castling move in list[start:]
// that leaves a gate of the side to move, its gating forms: one per type
// in the pocket that may stand on the gate, in type order
// (Fairy-Stockfish's make_move_and_gating). Castling also gates on the
// rook's square. With legalOnly the moves in list[start:] are legal and
// gateByBase holds: the forms are then legal too, but for castling gates
// on the king's or the rook's destination (castlingGateBlocked), which are
// left out.
func (p *Position) addGatings(list []Move, start int, legalOnly bool) []Move {
	us := p.side
	gates := p.gates[us]
	p.setGateInfo(us)
	gi := &p.gi
	n := len(list)
	for i := start; i < n; i++ {
		m := list[i]
		k := m.Kind()
		if k != Normal && k != Castling {
			continue
		}
		from := m.From()
		if k == Normal {
			if gates.Has(from) {
				list = appendGatings(list, m, from, gi.at(p, from))
			}
			continue
		}
		var kto, rto geom.Square = geom.NoSquare, geom.NoSquare
		if legalOnly {
			kto, rto = p.castlingTargets(us, m.To() > from)
		}
		for _, s := range [2]geom.Square{from, m.To()} {
			if gates.Has(s) && s != kto && s != rto {
				list = appendGatings(list, m, s, gi.at(p, s))
			}
		}
	}
	return list
}

// appendGatings appends m's gating forms on gate s, one per type of set.
func appendGatings(list []Move, m Move, s geom.Square, set PieceSet) []Move {
	for ; set != 0; set &= set - 1 {
		pt := PieceType(bits.TrailingZeros64(uint64(set)))
		list = append(list, m.WithAux(s, pt).WithProduction(ProdGating))
	}
	return list
}

// gatingForms returns the number of legal gating forms of m, a legal move
// of the side to move while gating is possible and gateByBase holds: the
// forms addGatings(legalOnly) would append.
func (p *Position) gatingForms(m Move, gi *gateInfo) int {
	k := m.Kind()
	if k != Normal && k != Castling {
		return 0
	}
	us := p.side
	gates := p.gates[us]
	from := m.From()
	if k == Normal {
		if !gates.Has(from) {
			return 0
		}
		return gi.count(p, from)
	}
	kto, rto := p.castlingTargets(us, m.To() > from)
	n := 0
	for _, s := range [2]geom.Square{from, m.To()} {
		if gates.Has(s) && s != kto && s != rto {
			n += gi.count(p, s)
		}
	}
	return n
}

// genCambodian appends the Cambodian first moves of the side to move: the
// king on its gate leaps like a knight onto the next rank (not out of
// check), a fers on its gate steps two squares straight ahead, both onto
// empty squares (Fairy-Stockfish's generate_all).
func (p *Position) genCambodian(list []Move) []Move {
	us := p.side
	gates := p.gates[us]
	if gates.Empty() {
		return list
	}
	b := p.c.board
	push := p.c.pawnPush[us]
	if k := p.PiecesOf(us, King).And(gates); k.Any() && p.st.Checkers.Empty() {
		from := k.First()
		for _, df := range [2]int{-2, 2} {
			if to, ok := b.Step(from, df, push); ok && !p.occ.Has(to) {
				list = append(list, NewMove(from, to, Normal, 0).WithProduction(ProdCambodianMove))
			}
		}
	}
	for f := p.PiecesOf(us, Fers).And(gates); f.Any(); {
		from := f.Pop()
		if to, ok := b.Step(from, 0, 2*push); ok && !p.occ.Has(to) {
			list = append(list, NewMove(from, to, Normal, 0).WithProduction(ProdCambodianMove))
		}
	}
	return list
}

// doGating is the gating part of Do (and of a drop) after the piece pc
// of colour us moved from → to (to: the king's target for castling; from
// is NoSquare for a drop): the gated piece enters, the gates the move
// vacated or captured on go, an emptied S-Chess pocket closes the side's
// gates, and in Cambodian chess a rook aiming at the enemy king's gate
// (on its rank or file) takes away the king's leap (Fairy-Stockfish's
// do_move).
func (p *Position) doGating(m Move, us Color, pc Piece, from, to geom.Square) {
	them := us.Other()
	if m.IsGating() {
		g := m.Aux()
		gp := MakePiece(us, m.AuxType())
		p.set(g, gp, false, Meta{ID: p.newID()})
		p.addHand(gp, -1)
		p.toggleGate(us, g)
	}
	if from != geom.NoSquare && p.gates[us].Has(from) {
		p.toggleGate(us, from)
	}
	if m.Kind() == Castling && p.gates[us].Has(m.To()) {
		p.toggleGate(us, m.To())
	}
	if p.gates[them].Has(to) {
		p.toggleGate(them, to)
	}
	if p.V.SeirawanGating && p.handN[us] == 0 && !p.V.CapturesToHand {
		for g := p.gates[us]; g.Any(); {
			p.toggleGate(us, g.Pop())
		}
	}
	if p.c.cambodian && pc.Type() == Rook {
		if k := p.PiecesOf(them, King).And(p.gates[them]); k.Any() {
			if ksq := k.First(); ksq.File() == to.File() || ksq.Rank() == to.Rank() {
				p.toggleGate(them, ksq)
			}
		}
	}
}

// castlingGateBlocked reports whether gating move m, a castling, would
// gate on the square the king or the rook ends on (illegal).
func castlingGateBlocked(m Move, kto, rto geom.Square) bool {
	return m.AuxType() != NoPieceType && (m.Aux() == kto || m.Aux() == rto)
}

// dropCastlingRights is castlingDroppedPiece (placement chess): a king
// dropped on its castling square gains the rights of the castling rooks in
// the corners of its rank, a castling rook dropped in a corner gains its
// right when the king already stands on its castling square
// (Fairy-Stockfish's do_move). The castling squares, paths and masks it
// sets are the same for every drop, so Undo only restores the rights.
func (p *Position) dropCastlingRights(us Color, pt PieceType, to geom.Square) {
	v := p.V
	rank := p.castlingRank(us)
	if to.Rank() != rank {
		return
	}
	old := p.st.Castling
	corner := func(s geom.Square) bool { return s.File() == 0 || s.File() == v.MaxFile }
	ksq := geom.Sq(v.CastlingKingFile, rank)
	switch {
	case pt == v.CastlingKingPiece[us] && to == ksq:
		p.castlingKingSquare[us] = to
		for r := p.byColor[us].And(geom.RankSet(rank)); r.Any(); {
			s := r.Pop()
			if corner(s) && v.CastlingRookPieces[us].Has(p.board[s].Type()) {
				p.setCastlingRight(us, s)
			}
		}
	case v.CastlingRookPieces[us].Has(pt) && corner(to) && p.board[ksq] == MakePiece(us, v.CastlingKingPiece[us]):
		p.castlingKingSquare[us] = ksq
		p.setCastlingRight(us, to)
	}
	if p.st.Castling != old {
		p.st.Key ^= zobristCastling[old] ^ zobristCastling[p.st.Castling]
	}
}
