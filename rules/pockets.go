package rules

import (
	"cmp"
	"slices"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// PocketSlot is one piece type a pocket can hold and how many of it the
// pocket holds now (0 for an empty slot).
type PocketSlot struct {
	Type  position.PieceType
	Count int
}

// pockets returns both sides' pockets (indexed by colour) for a variant
// with pockets: a slot for every type the pocket can hold (pocketTypes)
// and for any other type it holds now, weakest first (pocketOrder).
func (g *Game) pockets() [2][]PocketSlot {
	p := g.Pos
	types := pocketTypes(p.V)
	reach := pocketOrder(p)
	var out [2][]PocketSlot
	for _, c := range []position.Color{position.White, position.Black} {
		ts := types
		for _, pt := range p.HandTypes(c) {
			ts = ts.With(pt)
		}
		list := ts.Types()
		slices.SortStableFunc(list, func(a, b position.PieceType) int {
			return cmp.Compare(reach[a], reach[b])
		})
		out[c] = make([]PocketSlot, len(list))
		for i, pt := range list {
			out[c][i] = PocketSlot{Type: pt, Count: p.InHand(c, pt)}
		}
	}
	return out
}

// pocketOrder ranks piece types for the order of a pocket's slots: by the
// number of squares a White piece of the type attacks from the middle of
// the empty board, a stand-in for its strength that needs no piece
// values (the variant file rarely sets them). Chess: P N B R Q; shogi:
// P N L S G B R.
func pocketOrder(p *position.Position) [position.PieceTypeNB]int {
	var out [position.PieceTypeNB]int
	b := p.V.Board()
	mid := geom.Sq(b.Files/2, b.Ranks/2)
	for _, pt := range p.V.PieceTypes().Types() {
		out[pt] = p.Attacks(position.White, pt, mid, geom.Set{}).Count()
	}
	return out
}

// pocketTypes is the set of piece types a pocket of variant v can hold as
// a game goes on: the types of its start position (board and pocket) but
// the king, which is never captured, unless the start pocket holds one
// (placement-style setups). A captured promoted piece goes to the pocket
// demoted (Fairy-Stockfish's capturesToHand), so the promoted-only types
// (a shogi dragon, a crazyhouse pawn's queen) need no slot of their own;
// under dropLoop they keep their type, and the promotion types get
// slots. Types not in this set that a pocket holds anyway (a bughouse
// partner's gift) get a slot while they are there.
func pocketTypes(v *position.Variant) position.PieceSet {
	fen, _, _ := strings.Cut(strings.TrimSpace(v.StartFEN), " ")
	board, pocket := fen, ""
	if i := strings.IndexByte(fen, '['); i >= 0 {
		board, pocket = fen[:i], fen[i:]
	}
	var set position.PieceSet
	for _, ch := range []byte(board) {
		if pt := typeOfLetter(v, ch); pt != position.NoPieceType && pt != position.King {
			set = set.With(pt)
		}
	}
	for _, ch := range []byte(pocket) {
		if pt := typeOfLetter(v, ch); pt != position.NoPieceType {
			set = set.With(pt)
		}
	}
	if v.DropLoop {
		set |= v.PromotionPieceTypes[position.White] | v.PromotionPieceTypes[position.Black]
		for _, pt := range v.PromotedPieceType {
			if pt != position.NoPieceType {
				set = set.With(pt)
			}
		}
	}
	return set & v.PieceTypes()
}

// typeOfLetter returns the piece type of FEN letter ch (either case) in v,
// or NoPieceType.
func typeOfLetter(v *position.Variant, ch byte) position.PieceType {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	if ch < 'A' || ch > 'Z' {
		return position.NoPieceType
	}
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if v.PieceChar[pt] == ch || v.PieceCharSynonym[pt] == ch {
			return position.PieceType(pt)
		}
	}
	return position.NoPieceType
}
