package search

// weights are the evaluation's coefficients, in centipawns (a pawn is
// PawnValue) unless a comment says otherwise. They are the same for every
// variant: the variant shapes the terms (piece values from mobility,
// regions, royalty), not the weights. Mg applies in the middle game, Eg in
// the endgame; the two are blended by the non-pawn material left.
type weights struct {
	// Piece value from mobility m (average targets on an empty board):
	// PieceLin*m/10 + PieceQuad*m*m/1000.
	PieceLin, PieceQuad int
	// PawnEg is the endgame value of a pawn (its middle-game value is
	// PawnValue); PieceMg and PieceEg scale the values of other pieces in
	// the middle game and the endgame, in %.
	PawnEg, PieceMg, PieceEg int
	// Compound adds this % to a piece that both leaps and rides.
	Compound int

	BishopPairMg, BishopPairEg int
	Tempo                      int

	// King: per centralization step (negative: stay home), pawn shield
	// per pawn (up to 3), on a file without own pawns.
	KingCentrMg, KingCentrEg, KingShield, KingOpenFile int

	// Pawns: per rank of advance (Mg linear, Eg quadratic), extra for a
	// passed pawn, centralization, isolated and doubled.
	PawnAdvMg, PawnAdvEg, PassedMg, PassedEg, PawnCentr int
	IsolatedMg, IsolatedEg, DoubledMg, DoubledEg        int

	// Passed pawns within PassNear ranks of promotion (r = PassNear+1-ranks
	// to go, w = 5r-3): PassMgSq*r^2 in the middle game; in the endgame the
	// kings' distances to the square in front times w*PassKing/100, and a
	// free path 35 or 20 times w*PassFree/100 (both phases).
	PassNear, PassMgSq, PassKing, PassFree int

	// Pieces: a file rider on a file without own pawns (and again without
	// enemy pawns), an outpost, centralization of riders and leapers.
	OpenFileMg, OpenFileEg, OutpostMg, OutpostEg int
	CentrSlider, CentrLeaper                     int

	// Mobility per safe square beyond the average, times a weight that
	// falls with the piece value: min(MobMax, (MobRef - value)/MobStep);
	// MobEg % of it in the endgame.
	MobMax, MobRef, MobStep, MobEg int

	// Threats, as a 1/n share of the threatened piece's value: attacked by
	// a pawn (side to move), loose (attacked, undefended), attacked by a
	// lesser piece.
	PawnThreatDiv, LooseDiv, LesserDiv int

	// King danger: KingDanger*units^2/100, capped at KingDangerMax, with
	// two or more attackers; a piece adds ring squares hit * value/KingUnit.
	KingDanger, KingDangerMax, KingUnit int
	// Safe checks add units of king danger (and count as an attacker):
	// a piece worth 700 or more, a lighter one.
	SafeCheckHeavy, SafeCheckLight int
}

// evalW holds the weights in use: fitted by TestTuneWeights to the results
// of 80,399 quiet positions from 2,400 chess and 1,600 capablanca games of
// Fairy-Stockfish against itself at 2,000 nodes per move (`houserules match
// --nodes 2000 --openings 8`; 1,200 and 797 distinct games), 2026-12-01. The fit measures middle-game
// scores as less decisive than endgame ones (pieces and pawns are worth
// about 1.6 times more in the endgame, relative to the middle-game pawn).
// Self-play against the hand-set weights at 10 ms per move: chess +33 ± 25
// Elo (640 games), capablanca +22 ± 33 (400), makruk −9 ± 21 (400).
var evalW = weights{
	PieceLin: 563, PieceQuad: 1016,
	PawnEg: 157, PieceMg: 88, PieceEg: 157, Compound: 3,
	BishopPairMg: 15, BishopPairEg: 40,
	Tempo:       6,
	KingCentrMg: -18, KingCentrEg: 12, KingShield: 13, KingOpenFile: 40,
	PawnAdvMg: 0, PawnAdvEg: 1, PassedMg: 0, PassedEg: 6, PawnCentr: 0,
	IsolatedMg: 3, IsolatedEg: 6, DoubledMg: 2, DoubledEg: 39,
	PassNear: 3, PassMgSq: 20, PassKing: 91, PassFree: 30,
	OpenFileMg: 20, OpenFileEg: 18, OutpostMg: 75, OutpostEg: 4,
	CentrSlider: 1, CentrLeaper: 9,
	MobMax: 5, MobRef: 1650, MobStep: 220, MobEg: 180,
	PawnThreatDiv: 9, LooseDiv: 25, LesserDiv: 13,
	KingDanger: 341, KingDangerMax: 1379, KingUnit: 300,
	SafeCheckHeavy: 3, SafeCheckLight: 4,
}
