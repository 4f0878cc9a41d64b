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
	// Compound adds this % to a piece that both leaps and rides, and
	// ColourFix this % more when it joins a colour-bound rider with a leap
	// that changes square colour (archbishop, dragon horse).
	Compound, ColourFix int
	// ColourBound takes this % from a piece that never changes square
	// colour (bishop, ferz, alfil).
	ColourBound int

	BishopPairMg, BishopPairEg int
	Tempo                      int

	// King: per centralization step (negative: stay home), pawn shield
	// per pawn (up to 3), on a file without own pawns.
	KingCentrMg, KingCentrEg, KingShield, KingOpenFile int

	// Pawns: per rank of advance (Mg linear, Eg quadratic), extra for a
	// passed pawn, centralization, isolated and doubled.
	PawnAdvMg, PawnAdvEg, PassedMg, PassedEg, PawnCentr int
	IsolatedMg, IsolatedEg, DoubledMg, DoubledEg        int
	// A connected pawn (defended by an own pawn, or beside one on its
	// rank): ConnMg/ConnEg plus ConnAdv per rank of advance, both phases.
	ConnMg, ConnEg, ConnAdv int

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
	// lesser piece (one worth at least a pawn less; see initLesser).
	PawnThreatDiv, LooseDiv, LesserDiv int

	// King danger under check counting (other variants use kingDanger,
	// Stockfish's shape): KingDanger*units^2/100, capped at KingDangerMax,
	// with two or more attackers; a piece adds ring squares hit *
	// value/KingUnit.
	KingDanger, KingDangerMax, KingUnit int
	// Safe checks add units of king danger (and count as an attacker):
	// a piece worth 700 or more, a lighter one (under check counting).
	SafeCheckHeavy, SafeCheckLight int
	// KingStorm is the middle-game cost per enemy pawn on the king's or an
	// adjacent file, ahead of the king and within 3 squares of it.
	KingStorm int

	// Space: per safe square of the space zone (see Evaluator.space) times
	// (pieces-1)^2/16, in 1/100 cp, in the middle game while 3/4 of the
	// start's non-pawn material is on the board.
	Space int
}

// evalW holds the weights in use, fitted by TestTuneWeights on 2026-12-01
// to Fairy-Stockfish's static evaluation (its `eval` total)
// of 200,377 quiet positions from its own games at 2,000 nodes per move
// (101,062 chess, 50,465 capablanca, 48,850 makruk; bench/fsf-eval.sh labels
// them). Our terms cannot say everything the oracle's evaluation says, so
// the fit is the closest our shape allows: unseen loss 0.0096 -> 0.0066.
// The previous set was fitted to the results of the same games (+33 Elo
// over the hand-set weights in chess); this one played +31 ± 31 against it
// in chess self-play at 30 ms (400 games), and +16 ± 30 more with the
// connected-pawn and pawn-storm terms (ConnMg..KingStorm) fitted in.
// ColourFix, ColourBound and the bishop pair were fitted on the same data
// on 2026-12-01 (evening) with the other weights frozen (unseen loss 0.00669 ->
// 0.00633; capablanca 0.0097 -> 0.0086, where an archbishop traded for a
// chancellor had been the largest residual). On 2026-12-02 Space was added
// and fitted alone (36), then Compound and ColourFix together (0 and 14),
// the rest frozen, on 82,110 new positions labelled the same way (44,349
// chess, 37,761 capablanca): capablanca's unseen loss 0.00681 -> 0.00659
// (Space) -> 0.00632, chess unchanged. The chancellor (compound, not
// colour-bound) had stood 65-95 cp too high against the archbishop and the
// queen. A full refit on those positions plus 43,503 makruk ones lowered the
// unseen loss further (capablanca 1 %, chess 5 %, makruk 9 %) but played
// +1 Elo in capablanca self-play (240 games at 30 ms): not taken.
var evalW = weights{
	PieceLin: 619, PieceQuad: 1472, PawnEg: 90, PieceMg: 88, PieceEg: 116,
	Compound: 0, ColourFix: 14, ColourBound: 6, BishopPairMg: 60, BishopPairEg: 12, Tempo: 0, KingCentrMg: -25,
	KingCentrEg: 17, KingShield: 26, KingOpenFile: 4, PawnAdvMg: 0,
	PawnAdvEg: 1, PassedMg: 0, PassedEg: 2, PawnCentr: 0, IsolatedMg: 7,
	IsolatedEg: 18, DoubledMg: 6, DoubledEg: 4, ConnMg: 4, ConnEg: 4,
	ConnAdv: 4, PassNear: 3, PassMgSq: 17, PassKing: 80, PassFree: 40,
	OpenFileMg: 9, OpenFileEg: 11, OutpostMg: 22, OutpostEg: 12, CentrSlider: 9,
	CentrLeaper: 15, MobMax: 10, MobRef: 2695, MobStep: 198, MobEg: 42,
	PawnThreatDiv: 8, LooseDiv: 20, LesserDiv: 31, KingDanger: 259,
	KingDangerMax: 794, KingUnit: 399, SafeCheckHeavy: 5, SafeCheckLight: 4,
	KingStorm: 6, Space: 36,
}
