package position

import (
	"fmt"
	"slices"
)

// materialLimit is the most pieces of type pt colour c can have on the
// board in a game of the variant: the start position's count (start) when
// nothing makes the type, or, where only a pawn's promotion makes it and
// promotionLimit caps it (limit > 0), the larger of the start's count and
// the cap.
type materialLimit struct {
	c            Color
	pt           PieceType
	most         int
	start, limit int
}

// materialLimits lists the bounded types of each side (CheckPlacement's
// facts). A type is bounded when nothing makes a piece of it but the
// start position: no pocket (drops, captures to hand, S-Chess gating),
// gate, piece promotion or demotion, flip of an enclosed piece, and no
// promotion of the side's own pawns to it, or one that Fairy-Stockfish's
// promotionLimit caps (a promotion to the type is legal only while the
// side has fewer than the cap on the board: movegen's promotionAllowed).
// A side's royal king is left to checkKings, which names it so.
func (p *Position) materialLimits(pf *placementFacts) []materialLimit {
	v, start := p.V, pf.start
	if start == nil || v.HasPockets() || v.Gating || v.PieceDemotion || p.c.flip {
		return nil
	}
	var out []materialLimit
	for col := White; col <= Black; col++ {
		for _, pt := range p.c.typeList {
			if pt == King && p.c.hasRoyal && start.count[col][King] == 1 {
				continue
			}
			ml := materialLimit{c: col, pt: pt, start: start.count[col][pt]}
			ml.most = ml.start
			if slices.Contains(v.PromotedPieceType[:], pt) {
				continue // a piece promotion makes it
			}
			if v.PromotionPieceTypes[col].Has(pt) {
				ml.limit = v.PromotionLimit[pt]
				if ml.limit <= 0 {
					continue // promotions make any number
				}
				ml.most = max(ml.start, ml.limit)
			}
			out = append(out, ml)
		}
	}
	return out
}

// checkMaterial refuses more pieces of a type on the board than any game
// of the variant can have (materialLimits): nine white pawns in chess, a
// third knight in shatranj (its pawns promote to a fers only), three
// black kings in spartan (the hoplites promote to a king only while Black
// has fewer than two: promotionLimit k:2). Types that promotions, drops,
// gates or piece promotions make are not counted: material beyond what
// captures and promotions leave (a second queen beside eight pawns) is
// accepted, as lichess and Fairy-Stockfish accept it. The error is a
// *FENError of the "board" field naming the side, the piece and the
// counts.
func (p *Position) checkMaterial(fen string, pf *placementFacts) error {
	for _, ml := range pf.limits {
		n := p.count[ml.c][ml.pt]
		if n <= ml.most {
			continue
		}
		label := p.pieceLetterLabel(ml.c, ml.pt)
		var why string
		if ml.limit > 0 {
			why = fmt.Sprintf("the start position has %d and a promotion makes one only while there are fewer than %d (promotionLimit)", ml.start, ml.limit)
		} else {
			why = fmt.Sprintf("the start position has %d and no promotion, drop or gate makes one", ml.start)
		}
		pieces := "pieces"
		if n == 1 {
			pieces = "piece"
		}
		return &FENError{FEN: fen, Field: "board", Reason: fmt.Sprintf("%s has %d %s %s, more than %d: %s", ml.c, n, pieces, label, ml.most, why)}
	}
	return nil
}
