// Package position holds a variant's compiled definition and the board
// state: pieces, side to move, castling rights, en-passant squares,
// counters, Zobrist keys, FEN in and out, and make/unmake.
package position

import (
	"math/bits"
	"strings"
)

// Color is White (0) or Black (1).
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType identifies a kind of piece. The numbering follows the piece
// names of Fairy-Stockfish's variants.ini (pawn … centaur, customPiece1…25,
// king) so that variant files can name them.
type PieceType uint8

// The named piece types.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	Fers
	Alfil
	FersAlfil
	Silver
	Aiwok
	Bers
	Archbishop
	Chancellor
	Amazon
	Knibis
	Biskni
	Kniroo
	Rookni
	ShogiPawn
	Lance
	ShogiKnight
	Gold
	DragonHorse
	Clobber
	Breakthrough
	Immobile
	Cannon
	JanggiCannon
	Soldier
	Horse
	Elephant
	JanggiElephant
	Banner
	Wazir
	Commoner
	Centaur
	CustomPiece1 // customPiece1 … customPiece25 follow
)

// Further piece-type constants.
const (
	CustomPieceNB           = 25
	CustomRoyal             = CustomPiece1 + CustomPieceNB // the custom king movement slot
	King                    = CustomRoyal + 1
	PieceTypeNB             = int(King) + 1
	AllPieces     PieceType = 0 // "any piece type" where an option takes one type
)

// PieceInfo is the built-in description of a named piece type.
type PieceInfo struct {
	Name  string // variants.ini key, e.g. "knight", "customPiece3"
	Betza string
}

// BuiltinPieces lists the predefined piece types with their Betza notation
// (the piece list of Fairy-Stockfish's variants.ini header).
var BuiltinPieces = func() [PieceTypeNB]PieceInfo {
	var t [PieceTypeNB]PieceInfo
	set := func(pt PieceType, name, betza string) { t[pt] = PieceInfo{name, betza} }
	set(Pawn, "pawn", "fmWfceF")
	set(Knight, "knight", "N")
	set(Bishop, "bishop", "B")
	set(Rook, "rook", "R")
	set(Queen, "queen", "Q")
	set(Fers, "fers", "F")
	set(Alfil, "alfil", "A")
	set(FersAlfil, "fersAlfil", "FA")
	set(Silver, "silver", "FfW")
	set(Aiwok, "aiwok", "RNF")
	set(Bers, "bers", "RF")
	set(Archbishop, "archbishop", "BN")
	set(Chancellor, "chancellor", "RN")
	set(Amazon, "amazon", "QN")
	set(Knibis, "knibis", "mNcB")
	set(Biskni, "biskni", "mBcN")
	set(Kniroo, "kniroo", "mNcR")
	set(Rookni, "rookni", "mRcN")
	set(ShogiPawn, "shogiPawn", "fW")
	set(Lance, "lance", "fR")
	set(ShogiKnight, "shogiKnight", "fN")
	set(Gold, "gold", "WfF")
	set(DragonHorse, "dragonHorse", "BW")
	set(Clobber, "clobber", "cW")
	set(Breakthrough, "breakthrough", "fmWfF")
	set(Immobile, "immobile", "")
	set(Cannon, "cannon", "mRcpR")
	set(JanggiCannon, "janggiCannon", "pR")
	set(Soldier, "soldier", "fsW")
	set(Horse, "horse", "nN")
	set(Elephant, "elephant", "nA")
	set(JanggiElephant, "janggiElephant", "nZ")
	set(Banner, "banner", "RcpRnN")
	set(Wazir, "wazir", "W")
	set(Commoner, "commoner", "K")
	set(Centaur, "centaur", "KN")
	for i := 0; i < CustomPieceNB; i++ {
		set(CustomPiece1+PieceType(i), "customPiece"+itoa(i+1), "")
	}
	set(CustomRoyal, "customRoyal", "")
	set(King, "king", "K")
	return t
}()

// PieceTypeByName finds a piece type by its variants.ini name.
func PieceTypeByName(name string) (PieceType, bool) {
	for i := 1; i < PieceTypeNB; i++ {
		if BuiltinPieces[i].Name == name {
			return PieceType(i), true
		}
	}
	return NoPieceType, false
}

// IsCustom reports whether pt is one of customPiece1…25.
func (pt PieceType) IsCustom() bool { return pt >= CustomPiece1 && pt < CustomRoyal }

func (pt PieceType) String() string { return BuiltinPieces[pt].Name }

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// Piece is a coloured piece: type in the low 6 bits, colour in bit 6.
// The zero value is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece builds a piece.
func MakePiece(c Color, pt PieceType) Piece { return Piece(uint8(pt) | uint8(c)<<6) }

// Type returns the piece type.
func (p Piece) Type() PieceType { return PieceType(p & 63) }

// Color returns the piece colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 6) }

// PieceSet is a set of piece types (bit i = type i).
type PieceSet uint64

// Has reports whether pt is in the set.
func (s PieceSet) Has(pt PieceType) bool { return s&(1<<pt) != 0 }

// With returns the set plus pt.
func (s PieceSet) With(pt PieceType) PieceSet { return s | 1<<pt }

// Count returns the number of members.
func (s PieceSet) Count() int { return bits.OnesCount64(uint64(s)) }

// SetOf builds a piece set.
func SetOf(pts ...PieceType) PieceSet {
	var s PieceSet
	for _, pt := range pts {
		s |= 1 << pt
	}
	return s
}

// Types lists the members in increasing order.
func (s PieceSet) Types() []PieceType {
	var out []PieceType
	for i := 0; i < 64; i++ {
		if s&(1<<i) != 0 {
			out = append(out, PieceType(i))
		}
	}
	return out
}

// Value is a game outcome value used by variant options
// (checkmateValue, stalemateValue, extinctionValue, …).
type Value int8

// Outcome values, from the point of view of the side to move.
const (
	ValueNone Value = iota
	ValueWin
	ValueLoss
	ValueDraw
)

// ParseValue reads "win", "loss", "draw" or "none".
func ParseValue(s string) (Value, bool) {
	switch strings.TrimSpace(s) {
	case "win":
		return ValueWin, true
	case "loss":
		return ValueLoss, true
	case "draw":
		return ValueDraw, true
	case "none":
		return ValueNone, true
	}
	return ValueNone, false
}

// Neg returns the value for the other side.
func (v Value) Neg() Value {
	switch v {
	case ValueWin:
		return ValueLoss
	case ValueLoss:
		return ValueWin
	}
	return v
}

func (v Value) String() string {
	return [...]string{"none", "win", "loss", "draw"}[v]
}
