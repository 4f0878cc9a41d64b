package position

import (
	"houserules/geom"
)

// CastlingRights is a bit set: 1 = white king side, 2 = white queen side,
// 4 = black king side, 8 = black queen side.
type CastlingRights uint8

// Castling right bits.
const (
	WhiteOO  CastlingRights = 1
	WhiteOOO CastlingRights = 2
	BlackOO  CastlingRights = 4
	BlackOOO CastlingRights = 8
)

// CountingRule names a counting rule (makruk, cambodian, asean).
type CountingRule uint8

// Counting rules.
const (
	NoCounting CountingRule = iota
	MakrukCounting
	CambodianCounting
	AseanCounting
)

// ChasingRule names a rule against perpetual chasing.
type ChasingRule uint8

// Chasing rules.
const (
	NoChasing  ChasingRule = iota
	AxfChasing             // Asian Xiangqi Federation
)

// MaterialCounting names a material-counting adjudication.
type MaterialCounting uint8

// Material counting rules.
const (
	NoMaterialCounting MaterialCounting = iota
	JanggiMaterial
	UnweightedMaterial
	WhiteDrawOdds
	BlackDrawOdds
)

// Variant is the rules of one variant, with the options of Fairy-Stockfish's
// variants.ini (same names, Go-cased). NewVariant returns the defaults, which
// are the rules of chess. Compile must be called before use.
type Variant struct {
	Name     string
	Template string // variantTemplate (display only)

	MaxFile, MaxRank int // 0-based: chess is 7, 7
	Topology         geom.Topology
	Chess960         bool

	// Piece letters (upper case), 0 when the type is not in the variant.
	PieceChar        [PieceTypeNB]byte
	PieceCharSynonym [PieceTypeNB]byte
	CustomBetza      [PieceTypeNB]string // customPieceN and the custom royal
	KingType         PieceType           // whose movement the king uses (King or CustomRoyal)
	PieceValueMg     [PieceTypeNB]int
	PieceValueEg     [PieceTypeNB]int

	StartFEN       string
	MobilityRegion [2][PieceTypeNB]geom.Set // empty set = unrestricted

	PromotionRegion         [2]geom.Set
	MainPromotionPawnType   [2]PieceType
	PromotionPawnTypes      [2]PieceSet
	PromotionPieceTypes     [2]PieceSet
	SittuyinPromotion       bool
	PromotionLimit          [PieceTypeNB]int
	PromotedPieceType       [PieceTypeNB]PieceType
	PiecePromotionOnCapture bool
	MandatoryPawnPromotion  bool
	MandatoryPiecePromotion bool
	PieceDemotion           bool

	BlastOnCapture      bool
	BlastImmuneTypes    PieceSet
	MutuallyImmuneTypes PieceSet

	// Walls (walls.go): wall squares ('*' in a FEN) block every piece and
	// are never captured or dropped on (variants.ini wallingRule,
	// wallingRegionWhite/Black, wallOrMove, petrifyOnCaptureTypes,
	// petrifyBlastPieces).
	WallingRule           WallingRule // a wall square placed with every move (NoWalling: none)
	WallingRegion         [2]geom.Set // where each colour may place one (default every square)
	WallOrMove            bool        // a side either moves or places a wall (passing its move)
	PetrifyOnCaptureTypes PieceSet    // a capturing piece of these types turns into a wall square
	PetrifyBlastPieces    bool        // pieces a blast (blastOnCapture) removes turn into wall squares

	DoubleStep       bool
	DoubleStepRegion [2]geom.Set
	TripleStepRegion [2]geom.Set
	EnPassantRegion  [2]geom.Set
	EnPassantTypes   [2]PieceSet

	Castling                  bool
	CastlingKingsideFile      int
	CastlingQueensideFile     int
	CastlingRank              int
	CastlingKingFile          int
	CastlingKingPiece         [2]PieceType
	CastlingRookKingsideFile  int
	CastlingRookQueensideFile int
	CastlingRookPieces        [2]PieceSet
	OppositeCastling          bool

	Checking          bool
	MustCapture       bool
	ImmobilityIllegal bool // a normal move may not end where the piece has no quiet move
	Pass              [2]bool
	PassOnStalemate   [2]bool
	MakpongRule       bool

	// The xiangqi and janggi family (variants.ini header; Fairy-Stockfish
	// position.cpp/position.h, see xiangqi.go):
	// FlyingGeneral: the kings may not face each other on a file with no
	// piece between them (a move leaving them so is illegal).
	// DiagonalLines: squares joined by palace diagonals; from one of them a
	// wazir (and a king that moves as one), a soldier (forwards), a rook and
	// a janggi cannon also move diagonally to the others.
	// SoldierPromotionRank: a soldier below this relative rank (0-based)
	// moves only forwards.
	FlyingGeneral        bool
	DiagonalLines        geom.Set
	SoldierPromotionRank int

	// Pockets, drops and gating (the options of variants.ini's header).
	PieceDrops                bool        // pieces in hand may be dropped
	CapturesToHand            bool        // a captured piece goes to the captor's pocket
	DropLoop                  bool        // captured promoted pieces keep their promoted type in hand
	FirstRankPawnDrops        bool        // pawns may be dropped on the first rank
	PromotionZonePawnDrops    bool        // pawns may be dropped in the promotion zone
	DropRegion                [2]geom.Set // dropRegionWhite/Black (empty: every square)
	DropChecks                bool        // a drop may give check
	MustDrop                  bool        // a drop is compulsory while one is legal
	MustDropType              PieceType   // the type mustDrop concerns (AllPieces: any)
	SittuyinRookDrop          bool        // rooks drop only on the first rank
	DropOppositeColoredBishop bool        // bishops must end on squares of both colours
	DropPromoted              bool        // a piece may also be dropped as its promoted type
	DropNoDoubled             PieceType   // no drop of this type on a file holding dropNoDoubledCount of them
	DropNoDoubledCount        int         // see DropNoDoubled
	TwoBoards                 bool        // bughouse-style: the pocket comes from the FEN
	ShogiPawnDropMateIllegal  bool        // a mate by a shogi pawn drop loses
	CastlingDroppedPiece      bool        // a king or rook dropped on its castling square gains castling rights
	Gating                    bool        // the FEN's castling field also holds gates: back-rank squares whose piece has not moved
	SeirawanGating            bool        // a piece leaving a gate may put a piece from the pocket there (S-Chess)
	CambodianMoves            bool        // the king's and fers' first-move leaps of Cambodian chess (gates mark them)

	// Enclosing drops and flips (enclose.go): where a drop may go
	// (reversi, ataxx, snort, anyside, top), the squares drops fill first
	// while one is empty (reversi's centre), and which opponent's pieces
	// a move turns (reversi, ataxx, quadwrangle).
	EnclosingDrop      EnclosingRule
	EnclosingDropStart geom.Set
	FlipEnclosedPieces EnclosingRule
	// FreeDrops: drops come from an unlimited supply, no pocket is kept or
	// written in the FEN (Fairy-Stockfish's built-in ataxx; not a
	// variants.ini option: our extension freeDrops).
	FreeDrops bool

	NMoveRuleTypes      [2]PieceSet
	NMoveRule           int
	NFoldRule           int
	NFoldValue          Value
	NFoldValueAbsolute  bool
	StalemateValue      Value
	StalematePieceCount bool
	CheckmateValue      Value
	ShatarMateRule      bool

	// PerpetualCheckIllegal: in an n-fold repetition a side that gave check
	// with every one of its moves in the cycle loses (variants.ini
	// perpetualCheckIllegal; Fairy-Stockfish is_optional_game_end; see
	// Position.RepetitionEnd).
	PerpetualCheckIllegal bool
	// MoveRepetitionIllegal: janggi's rule against repeating a move back
	// and forth (Kakao Janggi); ChasingRule: the Asian Xiangqi Federation's
	// rule against perpetual chasing (see RepetitionEnd).
	MoveRepetitionIllegal bool
	ChasingRule           ChasingRule
	// BikjangRule: a side whose king faces the enemy king (janggi bikjang)
	// may pass even in check, and must break the facing otherwise; when the
	// opponent passes too the game ends (material counting or a draw).
	BikjangRule bool

	ExtinctionValue              Value
	ExtinctionClaim              bool
	ExtinctionPseudoRoyal        bool
	DupleCheck                   bool
	ExtinctionPieceTypes         PieceSet
	ExtinctionPieceCount         int
	ExtinctionOpponentPieceCount int

	FlagPiece           [2]PieceType // AllPieces = any piece
	FlagRegion          [2]geom.Set
	FlagPieceCount      int
	FlagPieceBlockedWin bool
	FlagMove            bool
	FlagPieceSafe       bool

	CheckCounting bool

	ConnectN          int
	ConnectPieceTypes PieceSet
	ConnectHorizontal bool
	ConnectVertical   bool
	ConnectDiagonal   bool
	ConnectRegion1    [2]geom.Set
	ConnectRegion2    [2]geom.Set
	ConnectNxN        int
	CollinearN        int
	ConnectValue      Value

	MaterialCounting    MaterialCounting
	AdjudicateFullBoard bool
	CountingRule        CountingRule
	CastlingWins        CastlingRights

	// Compiled data (filled by Compile).
	c *compiled
}

// NewVariant returns a variant with the default options: the rules of chess.
func NewVariant() *Variant {
	v := &Variant{Name: "chess", Template: "fairy", MaxFile: 7, MaxRank: 7}
	v.PieceChar[Pawn] = 'P'
	v.PieceChar[Knight] = 'N'
	v.PieceChar[Bishop] = 'B'
	v.PieceChar[Rook] = 'R'
	v.PieceChar[Queen] = 'Q'
	v.PieceChar[King] = 'K'
	v.KingType = King
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	v.PromotionRegion = [2]geom.Set{geom.RankSet(7), geom.RankSet(0)}
	v.MainPromotionPawnType = [2]PieceType{Pawn, Pawn}
	v.PromotionPawnTypes = [2]PieceSet{SetOf(Pawn), SetOf(Pawn)}
	v.PromotionPieceTypes = [2]PieceSet{SetOf(Queen, Rook, Bishop, Knight), SetOf(Queen, Rook, Bishop, Knight)}
	v.MandatoryPawnPromotion = true
	v.DoubleStep = true
	v.DoubleStepRegion = [2]geom.Set{geom.RankSet(1), geom.RankSet(6)}
	v.EnPassantRegion = [2]geom.Set{geom.All, geom.All}
	v.EnPassantTypes = [2]PieceSet{SetOf(Pawn), SetOf(Pawn)}
	v.Castling = true
	v.CastlingKingsideFile = 6
	v.CastlingQueensideFile = 2
	v.CastlingRank = 0
	v.CastlingKingFile = 4
	v.CastlingKingPiece = [2]PieceType{King, King}
	v.CastlingRookKingsideFile = geom.MaxFiles - 1
	v.CastlingRookQueensideFile = 0
	v.CastlingRookPieces = [2]PieceSet{SetOf(Rook), SetOf(Rook)}
	v.Checking = true
	v.DropChecks = true
	v.DropNoDoubledCount = 1
	v.NMoveRuleTypes = [2]PieceSet{SetOf(Pawn), SetOf(Pawn)}
	v.NMoveRule = 50
	v.NFoldRule = 3
	v.NFoldValue = ValueDraw
	v.StalemateValue = ValueDraw
	v.CheckmateValue = ValueLoss
	v.ExtinctionValue = ValueNone
	v.FlagPiece = [2]PieceType{AllPieces, AllPieces}
	v.FlagPieceCount = 1
	v.ConnectPieceTypes = ^PieceSet(0)
	v.ConnectHorizontal, v.ConnectVertical, v.ConnectDiagonal = true, true, true
	v.ConnectValue = ValueWin // for the side that connects
	v.WallingRegion = [2]geom.Set{geom.All, geom.All}
	return v
}

// Clone returns a deep copy without compiled data (for inheritance).
func (v *Variant) Clone() *Variant {
	w := *v
	w.c = nil
	return &w
}

// PieceTypes returns the set of piece types in the variant.
func (v *Variant) PieceTypes() PieceSet {
	var s PieceSet
	for pt := 1; pt < PieceTypeNB; pt++ {
		if v.PieceChar[pt] != 0 {
			s |= 1 << pt
		}
	}
	return s
}

// AddPiece puts piece type pt into the variant with letter ch, removing any
// other type that used the same letter (as Fairy-Stockfish does).
func (v *Variant) AddPiece(pt PieceType, ch byte) {
	ch = upper(ch)
	for i := range v.PieceChar {
		if v.PieceChar[i] == ch {
			v.PieceChar[i] = 0
			v.PieceCharSynonym[i] = 0
		}
		if v.PieceCharSynonym[i] == ch {
			v.PieceCharSynonym[i] = 0 // the new piece's letter wins over a synonym
		}
	}
	v.PieceChar[pt] = ch
}

// RemovePiece takes piece type pt out of the variant.
func (v *Variant) RemovePiece(pt PieceType) {
	v.PieceChar[pt] = 0
	v.PieceCharSynonym[pt] = 0
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}
