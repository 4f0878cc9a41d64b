package position

import "houserules/geom"

// MoveKind is the kind of a move.
type MoveKind uint8

// Move kinds. Every kind has one text form (see Position.UCI).
const (
	Normal         MoveKind = iota
	Promotion               // pawn-style promotion to a chosen type (e7e8q)
	PiecePromotion          // shogi-style promotion to the promoted type (+)
	PieceDemotion           // demotion of a promoted piece (-)
	EnPassant
	Castling // encoded king from → rook square
	Drop     // a piece from the pocket (P@e4)
	Pass     // a pass: from == to
	Wall     // unused: a walling move keeps its kind and carries its wall in Aux (Move.Wall)
	Action   // a parameterised action (Param)
)

// Move is a packed move: from (bits 0-7), to (8-15), kind (16-19), piece
// type for promotions and drops (20-25), an auxiliary square for gating or
// walls (26-33), an auxiliary piece type (34-39), an action parameter
// (40-47) and the production that generated it (48-63).
type Move uint64

// NoMove is the zero move.
const NoMove Move = 0

// NewMove builds a move.
func NewMove(from, to geom.Square, kind MoveKind, pt PieceType) Move {
	return Move(from) | Move(to)<<8 | Move(kind)<<16 | Move(pt)<<20 | Move(geom.NoSquare)<<26
}

// From returns the origin square.
func (m Move) From() geom.Square { return geom.Square(m) }

// To returns the target square (the rook square for castling).
func (m Move) To() geom.Square { return geom.Square(m >> 8) }

// Kind returns the move kind.
func (m Move) Kind() MoveKind { return MoveKind(m>>16) & 15 }

// PromotionType returns the promotion or drop piece type.
func (m Move) PromotionType() PieceType { return PieceType(m>>20) & 63 }

// Aux returns the auxiliary (gate / wall) square.
func (m Move) Aux() geom.Square { return geom.Square(m >> 26) }

// AuxType returns the auxiliary piece type.
func (m Move) AuxType() PieceType { return PieceType(m>>34) & 63 }

// Param returns the action parameter.
func (m Move) Param() uint8 { return uint8(m >> 40) }

// Production returns the production ID index recorded by the generator.
func (m Move) Production() uint16 { return uint16(m >> 48) }

// WithProduction returns m tagged with production p.
func (m Move) WithProduction(p uint16) Move { return m&^(0xFFFF<<48) | Move(p)<<48 }

// WithAux returns m with auxiliary square and type set.
func (m Move) WithAux(s geom.Square, pt PieceType) Move {
	m &^= 0xFF<<26 | 63<<34
	return m | Move(s)<<26 | Move(pt)<<34
}

// WithParam returns m with the action parameter set.
func (m Move) WithParam(p uint8) Move { return m&^(0xFF<<40) | Move(p)<<40 }

// Base strips the production tag (for comparing moves).
func (m Move) Base() Move { return m &^ (0xFFFF << 48) }
