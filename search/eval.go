package search

import (
	"houserules/geom"
	"houserules/position"
)

// PawnValue is the unit of the evaluation: one pawn = 100 (centipawns).
const PawnValue = 100

// Evaluator is the static evaluation of one ruleset. It needs no tuning per
// variant: piece values come from each piece's mobility on an empty board
// (unless the variant file gives pieceValueMg/Eg), and the terms that
// depend on the rules (hit points, flag region, check counting, losing
// material wins) are switched on by the ruleset's own options and facts.
type Evaluator struct {
	v     *position.Variant
	board *geom.Board
	types []position.PieceType
	// lesser[i] has bit j when type j (both indices into types, below
	// maxThreatTypes) is worth at least a pawn less than type i: a piece
	// of type i attacked by one of type j is threatened even when defended
	lesser [maxThreatTypes]uint16
	// checkPart[i], for the type e.types[i], holds the indices of two other
	// types whose attacks together are exactly its attacks (a queen is a
	// rook and a bishop, an archbishop a bishop and a knight), or -1: its
	// checking squares are then the union of theirs (see initCheckParts).
	checkPart [maxThreatTypes][2]int8
	// kingW[i] is the king-attack weight of type e.types[i] and
	// safeCheckW[i] its safe-check weight (one, several squares), in
	// Stockfish's units (see kingDanger)
	kingW      [maxThreatTypes]int
	safeCheckW [maxThreatTypes][2]int
	// traceKing, when set (tests), receives each attacking side's
	// king-danger units
	traceKing *[2]int

	// Mg and Eg are the piece values in centipawns (0 for a royal king).
	Mg, Eg [position.PieceTypeNB]int
	// Mobility is the piece's average number of targets on an empty board
	// (rays decayed), from which the values are derived.
	Mobility [position.PieceTypeNB]float64

	slider    [position.PieceTypeNB]bool
	fileRider [position.PieceTypeNB]bool // rides along files (rook-like): likes open files
	files     [geom.MaxFiles]geom.Set
	adjFiles  [geom.MaxFiles]geom.Set
	pawnish   [2][position.PieceTypeNB]bool // promotes like a pawn
	pawnTypes [2][]position.PieceType       // the types pawnish for each side
	// role is the term that scores each side's type beyond its material
	// (pieceTerms): the royal king's, a pawn's, else a piece's
	role   [2][position.PieceTypeNB]termRole
	royal  bool // the variant has a royal king
	safety bool // king safety matters (royal king, checks exist)

	materialSign int // -1 when losing material wins (antichess; mobility then counts for nothing)

	hpSlot int // -1 when the ruleset has no Hp fact
	hpInit func(position.Piece) int16

	flag      [2]bool
	flagPiece [2]position.PieceType
	flagDist  [2][geom.SquareNB]int8
	flagMax   [2]int
	flagW     [2]int

	checkCount bool
	extLoss    position.PieceSet // extinction (loss) piece types: the last ones are precious

	centr    [geom.SquareNB]int
	kingRing [geom.SquareNB]geom.Set
	// dangerRing: the 3x3 squares around the king's square moved off the
	// board's edges (a king on its back rank has the two ranks ahead in
	// it), Stockfish's kingRing
	dangerRing [geom.SquareNB]geom.Set
	promDist   [2][geom.SquareNB]int8
	promMax    int
	front      [2][geom.SquareNB]geom.Set // squares ahead on the same and adjacent files
	// stormZone: the part of front within 3 squares (king distance), where
	// enemy pawns storm a king
	stormZone [2][geom.SquareNB]geom.Set

	phaseTotal int

	// capturesOnly: no piece has a move to an empty square (clobber), so
	// every move is noisy and quiescence would be a full-width search.
	capturesOnly bool

	// scaleOK: the endgame score shrinks when the side ahead cannot
	// checkmate with what it has (royal king, checks, material counts,
	// no other way to win); scaleMinor and scaleRook are the thresholds.
	scaleOK bool

	// passScale is what a passed pawn of each side promotes into, as a
	// share (of 256) of a chess queen's gain over a pawn: the passed-pawn
	// terms scale with it (a makruk pawn becomes a met, a chess pawn a
	// queen); 0 when the pawn cannot promote.
	passScale [2]int

	// pawnShift: the pawn's captures are exactly the two forward
	// diagonals on every square (plain board), so all pawn attacks of a
	// side are two shifts of its pawn set.
	pawnShift [2]bool

	// spaceMask is each side's space zone: the central half of the files
	// (files c-f of 8, d-g of 10) from its second rank to the last one of
	// its half (second to fourth on 8 or 9 ranks, to fifth on 10).
	spaceMask [2]geom.Set

	// mobWt is each type's mobility weight per square: heavy pieces gain
	// less per square (no early queen sorties); from evalW when built
	mobWt [position.PieceTypeNB]int

	// psqRole is each type's index in psqtRoles (-1: no square table)
	// and psq the square bonus of each colour, role and square (see
	// initPSQT)
	psqRole [position.PieceTypeNB]int8
	psq     [2][len(psqtRoles)][geom.SquareNB]psqEntry

	// pocket: the pieces in hand (evalhand.go); kingProx: under
	// capturesToHand with a royal king, pieces far from both kings cost
	// (kingProximity)
	pocket   pocketEval
	kingProx bool

	// connectLines are the lines of connectN squares on the board along
	// the connect directions, and connectTypes the types that connect
	// (connect.go); none unless the variant has connectN
	connectLines []geom.Set
	connectTypes []position.PieceType
}

// pawnAttacksShift returns the squares attacked by pawns bb of colour c
// when they capture one step diagonally forward.
func (e *Evaluator) pawnAttacksShift(bb geom.Set, c position.Color) geom.Set {
	d := geom.MaxFiles
	if c == position.Black {
		d = -d
	}
	l := bb.AndNot(geom.FileSet(0)).Shift(d - 1)
	r := bb.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(d + 1)
	return l.Or(r).And(e.board.Mask)
}

// Value returns the middle-game value of a piece type (move ordering).
func (e *Evaluator) Value(pt position.PieceType) int { return e.Mg[pt] }
