// Piece values Fairy-Stockfish gives the xiangqi and janggi families,
// where values from mobility on an empty board go wrong.

package search

import (
	"houserules/betza"
	"houserules/position"
)

// fsfValues are Fairy-Stockfish's middle-game and endgame values (its units,
// types.h) of the predefined xiangqi and janggi piece types. Mobility on an
// empty board misjudges them: a horse is blocked at its leg, an elephant
// at its eye and kept on its side of the river, a cannon needs a screen to
// capture and a soldier steps sideways only across the river; the mobility
// curve made the horse worth more than a cannon and nearly a chariot. The
// chariot (a rook) and the advisor (a fers) come out right from mobility
// and keep those values.
var fsfValues = map[position.PieceType][2]int{
	position.Cannon:         {800, 700},
	position.JanggiCannon:   {800, 600},
	position.Soldier:        {200, 270},
	position.Horse:          {520, 800},
	position.Elephant:       {300, 300},
	position.JanggiElephant: {340, 350},
	position.Banner:         {3400, 3500},
	position.Wazir:          {400, 350},
}

// fsfValue returns type pt's value from fsfValues in centipawns (10/24 of
// Fairy-Stockfish's units in the middle game, 1/2 in the endgame: the scale
// of our own values, a chess knight and rook being 322/424 and 526/693
// against its 781/854 and 1276/1380), its riders scaled
// to the board as Fairy-Stockfish's psqt.cpp does: with l leap and r ride
// or hop directions (by modality), (5l + r1·r)/(5l + r0·r), r0 = 5 + 7 (the
// 8x8 board) and r1 = 5 + (files-1 + ranks-1)/2. ok is false for a type
// without a value there.
func (e *Evaluator) fsfValue(pt position.PieceType) (mg, eg int, ok bool) {
	val, ok := fsfValues[pt]
	if !ok {
		return 0, 0, false
	}
	mg, eg = val[0], val[1]
	if bp := e.v.Betza(pt); bp != nil {
		l, r := 0, 0
		for _, a := range bp.Atoms {
			if a.Kind == betza.Leap {
				l++
			} else {
				r++
			}
		}
		if r > 0 {
			r0, r1 := 5+7, 5+(e.board.Files-1+e.board.Ranks-1)/2
			mg = mg * (5*l + r1*r) / (5*l + r0*r)
			eg = eg * (5*l + r1*r) / (5*l + r0*r)
		}
	}
	return mg * 10 / 24, eg / 2, true
}
