package search

// mobCap is the last row of mobTable: a piece with more safe targets
// counts as having mobCap.
const mobCap = 27

// mobTable is a bonus in centipawns by piece type (the order of
// psqtRoles), phase (middle game, endgame) and safe mobility (targets not
// held by own pieces or enemy pawns, 0..mobCap), on top of the linear
// mobility term (evalW, mobWt), which king danger also reads. It bends
// that line where it is wrong. The pawn and king rows are unused (they
// take no mobility term). Fitted on 2026-12-04 (TestFitPSQT,
// HOUSERULES_TUNE_TABLES=mob, HOUSERULES_TUNE_PSQT_SCALE=1, L2 1e-8) on
// 55,000 quiet positions of 1,800 games against Fairy-Stockfish 11.1 at
// 10,000 nodes a move, the square tables as committed: unseen loss
// (held-out games) 0.00893 -> 0.00827. Against Skill Level 10 at 100 ms
// it lost ground in capablanca (README, bench/README): kept in the
// history, not in use.
var mobTable = [len(psqtRoles)][2][mobCap + 1]int16{
	{ // pawn
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // knight
		{1, 3, 12, 13, 12, 7, 9, -2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-8, -29, -25, -22, -14, -10, -14, -15, -21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // bishop
		{1, 4, 10, 10, 13, 9, 5, -4, -5, -16, -2, -7, 1, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-24, -13, -7, -12, -10, 3, 1, -6, -12, -10, -19, -21, -5, -9, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // rook
		{15, 28, 19, 21, 22, 9, -2, -1, -15, -20, -36, -18, -15, -5, -21, -15, -13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-4, -10, -3, 1, 13, 6, 18, 22, 27, 24, 27, 15, 10, 6, -11, -55, -57, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // queen
		{5, 16, 22, 26, 34, 33, 31, 32, 22, 19, 15, 9, -5, -10, -16, -18, -23, -18, -18, -10, -9, -3, -1, -4, -2, -2, -1, -1},
		{2, 2, -1, 0, 3, 8, 19, 18, 22, 21, 20, 16, 12, 1, 3, -2, -2, -6, -9, -11, -8, -5, -1, -8, -2, -5, -1, -2},
	},
	{ // king
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // archbishop
		{-1, -3, -4, -1, 3, -4, 4, 14, 8, 1, -4, -2, 1, -11, -3, -3, 7, -2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, -4, -6, -3, 0, 1, 3, -2, -1, -3, -3, 5, 0, -10, -7, -1, 5, 0, -3, -1, -1, 0, 0, 0, 0, 0, 0, 0},
	},
	{ // chancellor
		{0, -1, 7, 16, 9, 10, 4, -12, -1, -1, -1, -9, -7, -13, -12, -7, -4, -3, -1, -1, 0, -1, 0, 0, 0, 0, 0, 0},
		{0, 0, -1, -1, 6, -1, -3, 0, -4, 2, 0, 1, -2, -1, -1, 2, -1, -3, -1, -3, -1, 0, 0, 0, 0, 0, 0, 0},
	},
}
