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

// evalW holds the weights in use (tuned by TestTuneWeights).
var evalW = weights{
	PieceLin: 569, PieceQuad: 771,
	PawnEg: 100, PieceMg: 100, PieceEg: 100, Compound: 0,
	BishopPairMg: 30, BishopPairEg: 45,
	Tempo:       20,
	KingCentrMg: -6, KingCentrEg: 4, KingShield: 15, KingOpenFile: 15,
	PawnAdvMg: 2, PawnAdvEg: 2, PassedMg: 2, PassedEg: 3, PawnCentr: 2,
	IsolatedMg: 10, IsolatedEg: 15, DoubledMg: 8, DoubledEg: 15,
	PassNear: 4, PassMgSq: 13, PassKing: 50, PassFree: 50,
	OpenFileMg: 12, OpenFileEg: 6, OutpostMg: 35, OutpostEg: 12,
	CentrSlider: 2, CentrLeaper: 3,
	MobMax: 5, MobRef: 1500, MobStep: 220, MobEg: 100,
	PawnThreatDiv: 8, LooseDiv: 10, LesserDiv: 10,
	KingDanger: 200, KingDangerMax: 500, KingUnit: 300,
	SafeCheckHeavy: 0, SafeCheckLight: 0,
}
