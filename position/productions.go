package position

import (
	"slices"
	"sync"
)

// Production IDs name the rule that generated a move ("why is this move
// legal?"). The base rules have fixed IDs; presets register their own.
const (
	ProdNone uint16 = iota
	ProdPawnSinglePush
	ProdPawnDoublePush
	ProdPawnCapture
	ProdEnPassant
	ProdPromotion
	ProdCastling
	ProdKingMove
	ProdKnightMove
	ProdBishopMove
	ProdRookMove
	ProdQueenMove
	ProdPass
	ProdPiecePromotion
	ProdPieceDemotion
	ProdDrop
	ProdGating
	ProdCambodianMove // the king's or fers' first-move leap (cambodianMoves)
	prodPieceBase     // + piece type: the Betza movement of that type
)

// baseProdNames is the names of the base rules' productions (ProdNone …
// the Betza movement of each piece type). It never changes, so
// ProductionName reads it without the lock (the server names the
// production of every legal move of every position).
var baseProdNames = func() []string {
	n := []string{"", "fide.pawn-single-push", "fide.pawn-double-push", "fide.pawn-capture",
		"fide.en-passant", "fide.promotion", "fide.castling", "fide.king-move", "fide.knight-move",
		"fide.bishop-move", "fide.rook-move", "fide.queen-move", "base.pass",
		"base.piece-promotion", "base.piece-demotion", "base.drop", "base.gating",
		"base.cambodian-move"}
	for pt := 0; pt < PieceTypeNB; pt++ {
		n = append(n, "betza."+BuiltinPieces[pt].Name)
	}
	return n
}()

// prodNames is baseProdNames and the productions presets registered
// (RegisterProduction), under prodMu.
var prodNames = slices.Clone(baseProdNames)

var prodMu sync.Mutex

// ProductionName returns the name of production id ("fide.knight-move").
func ProductionName(id uint16) string {
	if int(id) < len(baseProdNames) {
		return baseProdNames[id]
	}
	prodMu.Lock()
	defer prodMu.Unlock()
	if int(id) < len(prodNames) {
		return prodNames[id]
	}
	return "unknown"
}

// RegisterProduction returns the ID of the named production, adding it on
// first use (presets call it once at start-up).
func RegisterProduction(name string) uint16 {
	prodMu.Lock()
	defer prodMu.Unlock()
	for i, n := range prodNames {
		if n == name && i > 0 {
			return uint16(i)
		}
	}
	prodNames = append(prodNames, name)
	return uint16(len(prodNames) - 1)
}

// pieceProduction is the production of an ordinary move of type pt.
func pieceProduction(pt PieceType) uint16 { return PieceProduction(pt) }

// PieceProduction is the production of an ordinary move of piece type pt.
func PieceProduction(pt PieceType) uint16 {
	switch pt {
	case Knight:
		return ProdKnightMove
	case Bishop:
		return ProdBishopMove
	case Rook:
		return ProdRookMove
	case Queen:
		return ProdQueenMove
	case King:
		return ProdKingMove
	}
	return prodPieceBase + uint16(pt)
}
