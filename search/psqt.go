package search

import (
	"houserules/geom"
	"houserules/position"
)

// psqtRoles are the piece types the square tables know, in the order of
// psqtTable; other piece types get no square bonus.
var psqtRoles = [...]position.PieceType{position.Pawn, position.Knight, position.Bishop, position.Rook,
	position.Queen, position.King, position.Archbishop, position.Chancellor}

// psqtTable is a square bonus in centipawns by piece type, phase (middle
// game, endgame), relative rank and file bucket, on top of the other
// terms. The rank is counted from the owner's first rank and scaled to 8
// (rank*8/ranks); the file bucket is the distance to the nearer edge file
// scaled to 8 files and capped at 3 (a and h files 0, d and e 3; on 10
// files a and b share 0). It was fitted on 2026-12-04 (TestFitPSQT) to the
// residual between Fairy-Stockfish 11.1's static evaluation and ours, on
// 48,366 quiet positions of our games against it at 100 ms per move
// (chess and capablanca; every other weight frozen): the unseen loss
// (squared error of win expectations) went 0.0192 -> 0.0146 in chess,
// 0.0193 -> 0.0151 in capablanca, and 0.0432 -> 0.0413 in makruk, which
// was not fitted. Against Skill Level 10 at 100 ms it scored 46.9 % in
// capablanca where the build without it scored 38.1 % (160 games each,
// side by side; README).
var psqtTable = [len(psqtRoles)][2][8][4]int16{
	{ // pawn
		{{0, 0, 0, 0}, {3, -14, -1, -12}, {-28, -14, -1, -6}, {-22, -19, 1, 1}, {-7, -16, -6, -25}, {0, -1, 0, -4}, {-5, -3, -4, -2}, {0, 0, 0, 0}},
		{{0, 0, 0, 0}, {-3, 6, 5, -8}, {-12, -14, 5, -1}, {-15, -19, -7, -18}, {-9, -3, -9, -16}, {-9, -10, -6, -9}, {-16, -6, -6, -3}, {0, 0, 0, 0}},
	},
	{ // knight
		{{25, 15, -1, 3}, {1, 3, 13, 21}, {-10, 11, -4, 6}, {-6, 3, 10, -2}, {-13, -7, -12, -6}, {1, 1, 0, 3}, {-1, 2, 1, 0}, {-4, 0, 0, 0}},
		{{3, 0, -3, 2}, {-1, -1, 3, -7}, {-4, -11, 0, 3}, {-4, 4, 10, 9}, {-5, 1, 2, 2}, {-1, -1, 1, 3}, {-3, 0, 1, -1}, {-3, 0, 0, 1}},
	},
	{ // bishop
		{{0, 2, 24, -4}, {4, 30, 6, 2}, {7, 2, 6, -16}, {4, -5, -30, 4}, {-7, -14, -3, -3}, {-1, 0, -2, -3}, {-5, 0, -1, 0}, {-1, 0, 0, -1}},
		{{0, 3, -2, -4}, {1, 4, -1, -8}, {2, 4, -1, 7}, {0, -2, -3, -5}, {-3, -6, -6, -8}, {2, -1, -3, -3}, {-2, 2, -1, -1}, {-1, -1, 0, -1}},
	},
	{ // rook
		{{9, 2, 17, 9}, {-7, -5, -8, -6}, {-7, -8, -5, -10}, {-9, -5, -5, -3}, {-3, -5, -1, -2}, {1, 0, 1, -2}, {2, 2, 1, 0}, {1, 3, 1, -1}},
		{{-1, 1, 5, -8}, {-1, -4, -4, -8}, {3, -1, 0, -8}, {-3, -3, -4, -5}, {0, -1, -1, -5}, {4, -2, 0, -4}, {-1, 0, -1, 0}, {4, 6, 2, -1}},
	},
	{ // queen
		{{6, 12, 22, 47}, {4, 5, 17, 29}, {5, -4, -2, -14}, {-2, -4, -7, -18}, {-5, 0, -4, -4}, {-6, -3, -4, -4}, {-3, -7, -5, -1}, {4, 0, -1, -1}},
		{{3, 4, 10, 13}, {0, 2, 10, 7}, {4, 1, 2, 0}, {2, 0, -2, -6}, {0, 1, -2, -1}, {0, -1, -1, -1}, {-1, -1, -4, -2}, {1, 0, 0, -1}},
	},
	{ // king
		{{10, 23, -14, 7}, {9, 4, -16, -15}, {-2, 2, -1, -2}, {0, 2, 0, 0}, {0, 0, -1, -1}, {0, 0, 0, -1}, {0, 0, 0, 0}, {0, 0, 0, 0}},
		{{32, 9, -1, -2}, {13, 11, -4, -13}, {4, 6, 1, -6}, {2, 3, -2, -9}, {0, -3, -9, -12}, {-2, -3, -7, -8}, {3, 0, -3, -4}, {2, 3, -3, 1}},
	},
	{ // archbishop
		{{2, 22, 2, 0}, {1, 1, 9, 9}, {3, 2, -20, 0}, {2, 1, 0, -6}, {-2, 1, -2, 1}, {0, 0, 1, -1}, {-1, 0, 1, 0}, {0, 0, 0, 0}},
		{{0, 6, 1, -1}, {0, 0, 3, 1}, {1, 0, -5, 0}, {0, 1, 0, -2}, {-2, 0, -1, 1}, {0, 0, 1, 0}, {-1, 1, 0, 0}, {0, 0, 0, 0}},
	},
	{ // chancellor
		{{0, 7, 0, 0}, {1, 0, -2, 4}, {-13, -9, -12, -4}, {-5, -1, -3, -3}, {-4, -8, -1, -1}, {0, 0, -1, 0}, {-5, 1, -1, 0}, {0, 1, -1, 0}},
		{{0, -2, -1, 0}, {0, 0, -1, -1}, {-4, -3, -3, -3}, {-1, 0, -2, -3}, {-1, -2, -1, -1}, {0, -1, 0, 0}, {-2, 0, -1, 0}, {0, 1, -1, 0}},
	},
}

// psqEntry is one square's bonus: middle game, endgame.
type psqEntry [2]int16

// initPSQT fills e.psq from psqtTable for the variant's board; variants in
// which losing material wins get none.
func (e *Evaluator) initPSQT() {
	for i := range e.psqRole {
		e.psqRole[i] = -1
	}
	if e.materialSign < 0 {
		return
	}
	for ri, pt := range psqtRoles {
		e.psqRole[pt] = int8(ri)
	}
	b := e.board
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) {
			continue
		}
		for c := position.White; c <= position.Black; c++ {
			r, fb := psqtCell(b, c, s)
			for ri := range psqtRoles {
				e.psq[c][ri][s] = psqEntry{psqtTable[ri][0][r][fb], psqtTable[ri][1][r][fb]}
			}
		}
	}
}

// psqtCell returns the rank (0..7) and file bucket (0..3) of psqtTable
// that square s of board b falls in for a piece of colour c: the rank
// counted from c's first rank and scaled to 8, the distance to the nearer
// edge file scaled to 8 files and capped at 3.
func psqtCell(b *geom.Board, c position.Color, s geom.Square) (rank, fileB int) {
	r := s.Rank()
	if c == position.Black {
		r = b.Ranks - 1 - r
	}
	fd := min(s.File(), b.Files-1-s.File())
	return min(7, r*8/b.Ranks), min(3, fd*8/b.Files)
}
