package search

import (
	"houserules/geom"
	"houserules/position"
)

// corrHist is the correction history (Stockfish 16.1's correctionHistory;
// Fairy-Stockfish 11.1 has none): by side to move and pawn structure, how
// far the searches of earlier nodes ended above or below their static
// evaluation. The static evaluation of a node is moved by that amount
// before the search prunes on it, so an evaluation that misjudges a pawn
// structure of this game is corrected by what the search found there
// (Ethereal's running mean). Entries are in 1/corrGrain centipawns and
// stay within ±corrLimit. The engine keeps the table from move to move
// and clears it with the other histories (a new game or ruleset).
type corrHist [2][corrSize]int32

const (
	corrSize  = 1 << 14
	corrGrain = 16
	corrLimit = 128 * corrGrain // ±128 cp
)

// pawnIndex hashes the pawns of both sides into an index of corrHist.
func pawnIndex(p *position.Position) int {
	w, b := p.PiecesOf(position.White, position.Pawn), p.PiecesOf(position.Black, position.Pawn)
	h := mixSet(w)*0x9E3779B97F4A7C15 ^ mixSet(b)
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return int(h & (corrSize - 1))
}

func mixSet(s geom.Set) uint64 {
	h := s.A*0xFF51AFD7ED558CCD ^ s.B*0xC4CEB9FE1A85EC53 ^ s.C*0x94D049BB133111EB
	return h ^ h>>31
}

// corrEntry returns the node's entry: its side to move and pawns.
func (w *worker) corrEntry() *int32 {
	return &w.corr[w.p.SideToMove()][pawnIndex(w.p)]
}

// corrected returns the static evaluation raw moved by the correction e
// (a corrEntry), not into mate scores.
func corrected(raw int, e int32) int {
	return max(-MateBound+1, min(MateBound-1, raw+int(e)/corrGrain))
}

// updateCorr moves the correction e toward the difference diff
// (centipawns) between a node's search score and its static evaluation: a
// running mean in which a search of depth d weighs min(d+1, 16)/256.
func updateCorr(e *int32, diff, depth int) {
	wt := int32(min(depth+1, 16))
	target := int32(max(-corrLimit, min(corrLimit, diff*corrGrain)))
	*e = max(-corrLimit, min(corrLimit, (*e*(256-wt)+target*wt)/256))
}
