package position

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"houserules/geom"
)

// Pockets (hands): the pieces each side holds off the board, by type, as
// Fairy-Stockfish keeps them (pieceDrops, capturesToHand, gating). A
// variant without pockets never touches any of this.

// handChange is one pocket modification, for undo: delta pieces pc in
// hand, or (delta 0) the gate of colour pc.Color() on sq toggled (gates
// change with the pockets, see gating.go).
type handChange struct {
	pc    Piece // colour and type of the pocket changed
	delta int8
	sq    geom.Square // the gate toggled when delta is 0
}

// maxHandKeys is the number of tabled Zobrist keys per piece in hand;
// larger counts use zobristMix.
const maxHandKeys = 32

var zobristHand [128][maxHandKeys]uint64

func init() {
	s := uint64(0x2545F4914F6CDD1D)
	for i := range zobristHand {
		for j := 1; j < maxHandKeys; j++ {
			s = zobristMix(s)
			zobristHand[i][j] = s
		}
	}
}

// handKey is the Zobrist key of n pieces pc in hand (0 for none, so an
// empty pocket leaves the key as it is without pockets).
func handKey(pc Piece, n int) uint64 {
	if n < maxHandKeys {
		return zobristHand[pc&127][n]
	}
	return zobristMix(0x68616e64<<32 | uint64(pc)<<16 | uint64(n))
}

// InHand returns how many pieces of type pt colour c holds in its pocket.
func (p *Position) InHand(c Color, pt PieceType) int { return int(p.hand[c][pt]) }

// HandCount returns the number of pieces in c's pocket.
func (p *Position) HandCount(c Color) int { return p.handN[c] }

// HandTypes returns the piece types in c's pocket, in the order of the
// FEN's pocket (Fairy-Stockfish's: king first, pawn last).
func (p *Position) HandTypes(c Color) []PieceType {
	var out []PieceType
	for set := p.handSet[c]; set != 0; {
		pt := 63 - bits.LeadingZeros64(uint64(set))
		out = append(out, PieceType(pt))
		set &^= 1 << pt
	}
	return out
}

// HasPockets reports whether the variant keeps pockets (drops, captures
// to hand or S-Chess gating), i.e. whether its FEN may carry a [pocket]
// field.
func (v *Variant) HasPockets() bool {
	return v.PieceDrops || v.CapturesToHand || v.SeirawanGating
}

// writesPocket reports whether the FEN writer prints the [pocket] field:
// with piece drops or S-Chess gating, as Fairy-Stockfish's Position::fen
// does (a variant that only captures to hand does not print it).
func (v *Variant) writesPocket() bool {
	return (v.PieceDrops && !v.FreeDrops) || v.SeirawanGating
}

// syncHandSet updates handSet[c] for type pt after its count changed.
func (p *Position) syncHandSet(c Color, pt PieceType) {
	if p.hand[c][pt] == 0 {
		p.handSet[c] &^= 1 << pt
	} else {
		p.handSet[c] |= 1 << pt
	}
}

// bumpHand changes the pocket of pc's colour and type by delta: count,
// total and type set (no key, no log: addHand, Undo, Rewind and the FEN
// reader call it).
func (p *Position) bumpHand(pc Piece, delta int) {
	c, pt := pc.Color(), pc.Type()
	p.hand[c][pt] = uint8(int(p.hand[c][pt]) + delta)
	p.handN[c] += delta
	p.syncHandSet(c, pt)
}

// addHand changes c's pocket of type pt by delta, logged for Undo, with
// the key.
func (p *Position) addHand(pc Piece, delta int) {
	n := int(p.hand[pc.Color()][pc.Type()])
	m := n + delta
	if m < 0 || m > 255 {
		return
	}
	p.st.Key ^= handKey(pc, n) ^ handKey(pc, m)
	p.bumpHand(pc, delta)
	p.handLog = append(p.handLog, handChange{pc: pc, delta: int8(delta)})
}

// AddToHand puts a piece of colour c and type pt into c's pocket; Undo of
// the current ply takes it out again. For hooks (a captured piece a
// preset sends to the pocket).
func (p *Position) AddToHand(c Color, pt PieceType) {
	p.addHand(MakePiece(c, pt), 1)
	p.serial++
}

// RemoveFromHand takes a piece of type pt out of c's pocket (nothing when
// there is none); Undo of the current ply puts it back.
func (p *Position) RemoveFromHand(c Color, pt PieceType) {
	if p.hand[c][pt] > 0 {
		p.addHand(MakePiece(c, pt), -1)
		p.serial++
	}
}

// undoHand reverts the pocket (and gate) changes logged from index from
// on.
func (p *Position) undoHand(from int) {
	for i := len(p.handLog) - 1; i >= from; i-- {
		h := p.handLog[i]
		if h.delta == 0 {
			p.gates[h.pc.Color()].Toggle(h.sq)
			continue
		}
		p.bumpHand(h.pc, -int(h.delta))
	}
	p.handLog = p.handLog[:from]
}

// redoHand applies logged pocket (or gate) change h again (Rewind).
func (p *Position) redoHand(h handChange) {
	if h.delta == 0 {
		p.gates[h.pc.Color()].Toggle(h.sq)
		return
	}
	p.bumpHand(h.pc, int(h.delta))
}

// toHand is the piece a capture of pc (with its promoted mark and meta)
// puts into the captor's pocket: the captured piece with its colour
// changed, a promoted one demoted to what it was (its unpromoted type, or
// the main promotion pawn type) unless dropLoop keeps it promoted
// (Fairy-Stockfish's do_move).
func (p *Position) toHand(pc Piece, promoted bool, meta Meta) Piece {
	them := pc.Color()
	us := them.Other()
	if !promoted || p.V.DropLoop {
		return MakePiece(us, pc.Type())
	}
	if meta.Unpromoted != NoPiece {
		return MakePiece(us, meta.Unpromoted.Type())
	}
	return MakePiece(us, p.V.MainPromotionPawnType[them])
}

// DroppedType returns the type a drop puts on the board: the type in hand,
// or its promoted type for a promoted drop (dropPromoted, +P@e4).
func (m Move) DroppedType() PieceType {
	if t := m.AuxType(); t != NoPieceType && m.Kind() == Drop {
		return t
	}
	return m.PromotionType()
}

// NewDrop builds the drop of a piece of type pt from the pocket to s.
func NewDrop(pt PieceType, s geom.Square) Move {
	return NewMove(s, s, Drop, pt).WithProduction(ProdDrop)
}

// newPromotedDrop builds the drop of pt from the pocket as its promoted
// type prom (dropPromoted).
func newPromotedDrop(pt, prom PieceType, s geom.Square) Move {
	m := NewMove(s, s, Drop, pt)
	m &^= 63 << 34
	return (m | Move(prom)<<34).WithProduction(ProdDrop)
}

// compileDrops fills the static drop regions: the variant's drop region,
// the type's mobility region, no pawn on the first rank or in the
// promotion zone unless allowed, the sittuyin rook's own back rank, and
// (immobilityIllegal) no square the piece could never leave.
func (c *compiled) compileDrops(v *Variant) {
	for col := White; col <= Black; col++ {
		region := v.DropRegion[col]
		if region.Empty() {
			region = geom.All
		}
		first := 0
		if col == Black {
			first = v.MaxRank
		}
		for _, pt := range c.typeList {
			b := region.And(c.mobility[col][pt])
			if pt == Pawn {
				if !v.PromotionZonePawnDrops {
					b = b.AndNot(v.PromotionRegion[col])
				}
				if !v.FirstRankPawnDrops {
					b = b.AndNot(geom.RankSet(first))
				}
			}
			if pt == Rook && v.SittuyinRookDrop {
				b = b.And(geom.RankSet(first))
			}
			c.gateRegion[col][pt] = b.And(c.board.Mask)
			c.dropRegion[col][pt] = c.mobileOn(v, col, pt, b)
			if prom := v.PromotedPieceType[pt]; v.DropPromoted && prom != NoPieceType {
				c.promDropRegion[col][pt] = c.mobileOn(v, col, prom, b)
			}
		}
	}
	c.simpleDrops = v.DropChecks && !v.MustDrop && !v.DropOppositeColoredBishop && v.DropNoDoubled == NoPieceType
}

// mobileOn returns the squares of b on the board, less, under
// immobilityIllegal, those a piece of colour col and type pt could never
// leave (Fairy-Stockfish filters them in Position::legal by the type that
// stands there: a shogi pawn dropped as a tokin may go on the last rank).
func (c *compiled) mobileOn(v *Variant, col Color, pt PieceType, b geom.Set) geom.Set {
	b = b.And(c.board.Mask)
	if v.ImmobilityIllegal {
		for s := b; s.Any(); {
			sq := s.Pop()
			if c.tables[col][pt].quiet[sq].all.And(c.board.Mask).Empty() {
				b.Del(sq)
			}
		}
	}
	return b
}

// dropTargets returns the empty squares where c may drop pt, before the
// legality filter.
func (p *Position) dropTargets(c Color, pt PieceType) geom.Set {
	b := p.noDoubled(c, pt, p.c.dropRegion[c][pt].AndNot(p.occ))
	if p.c.enclosing {
		b = p.enclosingTargets(c, b)
	}
	return b
}

// promDropTargets returns the empty squares where c may drop pt as its
// promoted type (dropPromoted), before the legality filter.
func (p *Position) promDropTargets(c Color, pt PieceType) geom.Set {
	return p.noDoubled(c, pt, p.c.promDropRegion[c][pt].AndNot(p.occ))
}

// noDoubled takes from b, under dropNoDoubled, the files where c already
// has dropNoDoubledCount pieces of type pt.
func (p *Position) noDoubled(c Color, pt PieceType, b geom.Set) geom.Set {
	if pt == p.V.DropNoDoubled && pt != NoPieceType {
		for f := 0; f < p.c.board.Files; f++ {
			if p.fileFull(c, pt, f) {
				b = b.AndNot(geom.FileSet(f))
			}
		}
	}
	return b
}

// DropTargetRefusal says why the empty square to is not a drop target of
// c's pieces of type pt (DropTargets), naming the piece by name: the rule
// of compileDrops or dropTargets that takes the square out.
func (p *Position) DropTargetRefusal(c Color, pt PieceType, to geom.Square, name string) string {
	v := p.V
	first := 0
	if c == Black {
		first = v.MaxRank
	}
	if p.c.enclosing && !p.enclosingTargets(c, geom.Bit(to)).Has(to) {
		return p.enclosingRefusal(to)
	}
	switch {
	case !v.DropRegion[c].Empty() && !v.DropRegion[c].Has(to):
		return fmt.Sprintf("%s is outside %s's drop region", to, c)
	case p.fileFull(c, pt, to.File()):
		return fmt.Sprintf("the %c-file already holds a %s %s (no doubled %s drops)", 'a'+to.File(), c, name, name)
	case pt == Rook && v.SittuyinRookDrop && to.Rank() != first:
		return fmt.Sprintf("%s is dropped on %s's first rank only", name, c)
	case pt == Pawn && !v.FirstRankPawnDrops && to.Rank() == first:
		return fmt.Sprintf("%s may not be dropped on %s's first rank", name, c)
	case pt == Pawn && !v.PromotionZonePawnDrops && v.PromotionRegion[c].Has(to):
		return fmt.Sprintf("%s may not be dropped in %s's promotion zone", name, c)
	}
	return fmt.Sprintf("%s may not be dropped on %s (it could not move from there)", name, to)
}

// fileFull reports whether dropNoDoubled forbids putting another piece of
// type pt of colour c on file f (a shogi pawn where one already stands):
// the file holds dropNoDoubledCount of them.
func (p *Position) fileFull(c Color, pt PieceType, f int) bool {
	return pt == p.V.DropNoDoubled && pt != NoPieceType &&
		p.PiecesOf(c, pt).And(geom.FileSet(f)).Count() >= p.V.DropNoDoubledCount
}

// DropTargets returns the empty squares where colour c may drop a piece
// of type pt (its drop region less the occupied squares and, under
// dropNoDoubled, the files it may not double on), before the legality
// filter: what the evaluation reads for a pocket's threats.
func (p *Position) DropTargets(c Color, pt PieceType) geom.Set {
	if !p.c.drops {
		return geom.Set{}
	}
	return p.dropTargets(c, pt)
}

// genDrops appends the side to move's drops (Fairy-Stockfish's
// generate_drops): every piece type in the pocket onto every square of
// its drop region, and the promoted form too where dropPromoted allows.
// With count != nil (perft leaves, not in check, simple drop rules, no
// royal to drop) the drops are counted instead of listed.
func (p *Position) genDrops(list []Move, count *int) []Move {
	us := p.side
	set := p.handSet[us]
	if p.c.freeDrops {
		set = p.c.types // every type, from an unlimited supply
	}
	for ; set != 0; set &= set - 1 {
		pt := PieceType(bits.TrailingZeros64(uint64(set)))
		b := p.dropTargets(us, pt)
		prom := NoPieceType
		var b2 geom.Set
		if p.V.DropPromoted {
			if prom = p.V.PromotedPieceType[pt]; prom != NoPieceType {
				b2 = p.promDropTargets(us, pt)
			}
		}
		if count != nil && pt != King {
			*count += b.Count() + b2.Count()
			continue
		}
		for b2.Any() {
			list = append(list, newPromotedDrop(pt, prom, b2.Pop()))
		}
		for b.Any() {
			list = append(list, NewDrop(pt, b.Pop()))
		}
	}
	return list
}

// oppositeBishopsDropOK is dropOppositeColoredBishop (placement chess): a
// drop must leave room to put the side's bishops on squares of both
// colours (Fairy-Stockfish's Position::legal).
func (p *Position) oppositeBishopsDropOK(m Move) bool {
	us := p.side
	to := m.To()
	dark := p.c.darkSquares
	total := p.count[us][Bishop] + int(p.hand[us][Bishop])
	bishops := p.PiecesOf(us, Bishop)
	if m.DroppedType() != Bishop {
		remaining := p.c.dropRegion[us][Bishop].AndNot(p.occ)
		remaining.Del(to)
		have := bishops.Or(remaining)
		return have.And(dark).Count() >= total/2 && have.AndNot(dark).Count() >= total/2
	}
	same := dark
	if !dark.Has(to) {
		same = p.c.board.Mask.AndNot(dark)
	}
	return bishops.And(same).Count()+1 <= (total+1)/2
}

// mustDropAllows is mustDrop: while the side holds a piece of the
// mustDropType, only a drop (of that type) is legal, or any legal move if
// no such drop is.
func (p *Position) mustDropAllows(m Move) bool {
	v := p.V
	us := p.side
	held := p.handN[us]
	if v.MustDropType != AllPieces {
		held = int(p.hand[us][v.MustDropType])
	}
	if held == 0 {
		return true
	}
	if m.Kind() == Drop {
		return v.MustDropType == AllPieces || v.MustDropType == m.PromotionType()
	}
	if p.st.legalDrop < 0 {
		p.st.legalDrop = 0
		var buf [512]Move
		for _, d := range p.genDrops(buf[:0], nil) {
			if (v.MustDropType == AllPieces || d.PromotionType() == v.MustDropType) && p.legalDrop(d) {
				p.st.legalDrop = 1
				break
			}
		}
	}
	return p.st.legalDrop == 0
}

// legalDrop is the legality of a drop apart from mustDrop.
func (p *Position) legalDrop(m Move) bool {
	v := p.V
	if !v.DropChecks && p.givesCheck(m) {
		return false
	}
	if v.DropOppositeColoredBishop && !p.oppositeBishopsDropOK(m) {
		return false
	}
	return p.legalRoyal(m)
}

// doDrop is Do for a drop: the piece leaves the pocket and stands on the
// target square (marked promoted when dropped as its promoted type), the
// en-passant squares go, the side to move passes.
func (p *Position) doDrop(m Move, us Color) {
	to, inHand, pt := m.To(), m.PromotionType(), m.DroppedType()
	if !p.c.freeDrops {
		p.addHand(MakePiece(us, inHand), -1)
	}
	meta := Meta{ID: p.newID()}
	if pt != inHand {
		meta.Unpromoted = MakePiece(us, inHand)
	}
	p.set(to, MakePiece(us, pt), pt != inHand, meta)
	if p.V.CastlingDroppedPiece {
		p.dropCastlingRights(us, pt, to)
	}
	if p.c.flip {
		p.flipEnclosed(us, m)
	}
	if p.c.gating {
		p.doGating(m, us, MakePiece(us, pt), geom.NoSquare, to)
	}
	p.st.Rule50 = 0 // a drop is irreversible
	p.clearEP()
	p.endPly(us, NoPiece, Drop)
}

// parseHand reads a FEN pocket ("QRBNPqrbnp", "-" or "" for none): white
// pieces upper case, black lower case, as Fairy-Stockfish writes them.
// charAt numbers the pocket's byte i as a character of the FEN (from 1,
// as an editor counts). A character that is not a piece of the variant is
// an error naming it and its place in the FEN and in the pocket.
func (p *Position) parseHand(hand string, charAt func(i int) int, bad badFEN) error {
	if hand == "" || hand == "-" {
		return nil
	}
	if !p.V.HasPockets() {
		return bad("pocket", "%s has no pockets (pieces in hand): %q", p.V.Name, hand)
	}
	if p.V.FreeDrops {
		return nil // drops from an unlimited supply: a pocket is read and ignored (Fairy-Stockfish)
	}
	for i := 0; i < len(hand); i++ {
		ch := hand[i]
		if ch == '-' {
			continue
		}
		pc := p.c.charToPc[ch]
		if pc == NoPiece {
			r, _ := utf8.DecodeRuneInString(hand[i:])
			return bad("pocket", "%q (character %d of the FEN, %d of the pocket %q) is not a piece of %s",
				r, charAt(i), utf8.RuneCountInString(hand[:i])+1, hand, p.V.Name)
		}
		if p.hand[pc.Color()][pc.Type()] == 255 {
			return bad("pocket", "%q (character %d of the FEN): more than 255 %q in the pocket", rune(ch), charAt(i), rune(ch))
		}
		p.bumpHand(pc, 1)
	}
	return nil
}

// writeHand appends the FEN pocket, "[…]", to sb: white's pieces then
// black's, each from the king down to the pawn (Fairy-Stockfish's order).
func (p *Position) writeHand(sb *strings.Builder) {
	sb.WriteByte('[')
	for c := White; c <= Black; c++ {
		for _, pt := range p.HandTypes(c) {
			for n := p.hand[c][pt]; n > 0; n-- {
				sb.WriteByte(p.pieceChar(MakePiece(c, pt)))
			}
		}
	}
	sb.WriteByte(']')
}

// handKeys is the Zobrist key of both pockets.
func (p *Position) handKeys() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		for set := p.handSet[c]; set != 0; set &= set - 1 {
			pt := PieceType(bits.TrailingZeros64(uint64(set)))
			k ^= handKey(MakePiece(c, pt), int(p.hand[c][pt]))
		}
	}
	return k
}

// CaptureToHand puts the piece on s into its captor's pocket as a capture
// does in a capturesToHand variant (demoted unless dropLoop; nothing in
// other variants). For hooks whose physical move captures (rules'
// Game.CapturePiece): call it before emptying s. Undo of the ply takes it
// back out.
func (p *Position) CaptureToHand(s geom.Square) {
	if !p.V.CapturesToHand || p.board[s] == NoPiece {
		return
	}
	p.st.ToHand = p.pocketCapture(s)
	p.serial++
}

// pocketCapture puts the piece on s, about to leave the board by a
// capture (or a blast), into its captor's pocket (toHand) and returns the
// piece the pocket received.
func (p *Position) pocketCapture(s geom.Square) Piece {
	pc := p.toHand(p.board[s], p.promoted.Has(s), p.meta[s])
	p.addHand(pc, 1)
	return pc
}

// ReturnCaptured takes the piece the ply's capture put in the captor's
// pocket (State.ToHand) back out of it: for hooks that put the captured
// piece back on the board (a piece with hit points left survives the
// capture), so it is not both on the board and in hand. Undo of the ply
// restores the pocket.
func (p *Position) ReturnCaptured() {
	if pc := p.st.ToHand; pc != NoPiece && p.hand[pc.Color()][pc.Type()] > 0 {
		p.addHand(pc, -1)
		p.st.ToHand = NoPiece
		p.serial++
	}
}
