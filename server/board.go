package server

import (
	"strings"

	"houserules/geom"
	"houserules/position"
)

// boardStyleJSON tells the client how to draw a variant's board. It is
// derived from the variant's definition (its variantTemplate, palaces,
// regions, piece types), never from its name, so a custom variants.ini
// section gets the same drawing as the built-in it imitates.
type boardStyleJSON struct {
	// Geometry: "squares" (pieces stand in checkered squares, as in chess)
	// or "intersections" (pieces stand on the crossings of lines, as in
	// xiangqi and janggi).
	Geometry string `json:"geometry"`
	// Theme: the colours and piece set its players know: "xiangqi",
	// "janggi" or "" (the chess look).
	Theme string `json:"theme,omitempty"`
	// River: the number of ranks below the river (5 in xiangqi), 0 for none.
	River int `json:"river,omitempty"`
	// Palaces: the rectangles the royal pieces are confined to, as corner
	// squares ["d1","f3"]; drawn with their diagonals.
	Palaces [][2]string `json:"palaces,omitempty"`
	// Walls: how wall squares ("*" in the FEN) are drawn: "duck" (duck
	// chess), "arrow" (amazons), or "" for a plain blocked square; the
	// variant's wallingRule.
	Walls string `json:"walls,omitempty"`
}

// boardStyle derives the board's drawing from the variant (compiled).
//
//   - Palaces: a royal piece's mobility region that is a rectangle
//     smaller than the board (mobilityRegionWhiteKing … in variants.ini).
//   - Intersections: variantTemplate xiangqi or janggi (Fairy-Stockfish's
//     templates for GUIs, which draw those boards with lines), or a board
//     with palaces whatever its template (supply chess is "bughouse").
//   - Theme: janggi when the template says so or the variant has a
//     janggi piece type (janggiCannon, janggiElephant); else xiangqi on
//     an intersection board.
//   - River: on an intersection board with an even number of ranks, when
//     a mobility region of a piece type of the variant, or the drop
//     region, of White is exactly its half of the board and Black's the
//     other half (xiangqi's elephants, supply's drops).
func boardStyle(v *position.Variant) boardStyleJSON {
	st := boardStyleJSON{Geometry: "squares", Walls: wallingOf(v)}
	b := v.Board()
	if b == nil {
		return st
	}
	st.Palaces = palaces(v, b)
	tmpl := strings.ToLower(v.Template)
	janggiPieces := v.PieceChar[position.JanggiCannon] != 0 || v.PieceChar[position.JanggiElephant] != 0
	if tmpl != "xiangqi" && tmpl != "janggi" && len(st.Palaces) == 0 {
		return st
	}
	st.Geometry = "intersections"
	st.Theme = "xiangqi"
	if tmpl == "janggi" || janggiPieces {
		st.Theme = "janggi"
	}
	st.River = river(v, b)
	return st
}

// palaces lists the rectangles (corner squares) the royal pieces of each
// side are confined to, White's first.
func palaces(v *position.Variant, b *geom.Board) [][2]string {
	var out [][2]string
	for _, c := range []position.Color{position.White, position.Black} {
		for _, pt := range []position.PieceType{position.King, v.KingType} {
			r := v.MobilityRegion[c][pt].And(b.Mask)
			if lo, hi, ok := rectangle(r); ok && r.Count() < b.Mask.Count() {
				p := [2]string{lo.String(), hi.String()}
				if len(out) == 0 || out[len(out)-1] != p {
					out = append(out, p)
				}
				break
			}
		}
	}
	return out
}

// rectangle reports whether s is a full rectangle of squares, and its
// lower-left and upper-right corners.
func rectangle(s geom.Set) (lo, hi geom.Square, ok bool) {
	if s.Empty() {
		return 0, 0, false
	}
	f0, r0, f1, r1 := 1<<30, 1<<30, -1, -1
	for t := s; t.Any(); {
		q := t.Pop()
		f0, r0 = min(f0, q.File()), min(r0, q.Rank())
		f1, r1 = max(f1, q.File()), max(r1, q.Rank())
	}
	if s.Count() != (f1-f0+1)*(r1-r0+1) {
		return 0, 0, false
	}
	return geom.Sq(f0, r0), geom.Sq(f1, r1), true
}

// river returns the number of ranks below the river (see boardStyle), or 0.
func river(v *position.Variant, b *geom.Board) int {
	if b.Ranks%2 != 0 {
		return 0
	}
	var low, high geom.Set
	for r := 0; r < b.Ranks; r++ {
		if r < b.Ranks/2 {
			low = low.Or(geom.RankSet(r))
		} else {
			high = high.Or(geom.RankSet(r))
		}
	}
	low, high = low.And(b.Mask), high.And(b.Mask)
	halves := func(w, bl geom.Set) bool { return w.And(b.Mask) == low && bl.And(b.Mask) == high }
	if halves(v.DropRegion[position.White], v.DropRegion[position.Black]) {
		return b.Ranks / 2
	}
	for pt := range v.MobilityRegion[position.White] {
		if v.PieceChar[pt] != 0 && halves(v.MobilityRegion[position.White][pt], v.MobilityRegion[position.Black][pt]) {
			return b.Ranks / 2
		}
	}
	return 0
}

// wallingOf names the variant's walling rule (variants.ini wallingRule:
// arrow, duck, edge, past, static) for the look of its wall squares, or ""
// when it has none.
func wallingOf(v *position.Variant) string {
	if v.WallingRule == position.NoWalling {
		return ""
	}
	return v.WallingRule.String()
}
