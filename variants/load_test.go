package variants

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
)

// testdata is the shared oracle data beside the checkout (see
// ../shared/testdata/README.md): Fairy-Stockfish's variants.ini (GPL text,
// not part of this repository), the Shaolin King block and all.ini.
const testdata = "../../shared/testdata/variants"

// needTestdata returns the path of a file of the shared oracle data, and
// skips the test, saying why, when it is absent.
func needTestdata(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(testdata, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("needs %s from the shared oracle data, not in this repository: %v", name, err)
	}
	return p
}

func ranks(rs ...int) geom.Set {
	var s geom.Set
	for _, r := range rs {
		s = s.Or(geom.RankSet(r))
	}
	return s
}

func TestShaolinKing(t *testing.T) {
	f, err := LoadFile(needTestdata(t, "shaolinking.ini"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Sections) != 1 {
		t.Fatalf("%d sections, want 1", len(f.Sections))
	}
	s := f.Sections[0]
	if s.Name != "shaolinking" || s.Parent != "" || s.Line != 1 {
		t.Errorf("section %q parent %q line %d", s.Name, s.Parent, s.Line)
	}
	v, err := f.Lookup("shaolinking")
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "shaolinking" || v.MaxFile != 7 || v.MaxRank != 7 || v.Topology != geom.Plain {
		t.Errorf("name %q board %dx%d topology %v", v.Name, v.MaxFile+1, v.MaxRank+1, v.Topology)
	}
	// A section without parent starts with no pieces: exactly these seven.
	wantChars := map[position.PieceType]byte{
		position.Knight: 'N', position.Bishop: 'B', position.Rook: 'R', position.Queen: 'Q',
		position.CustomPiece1: 'P', position.CustomPiece1 + 1: 'K', position.CustomPiece1 + 2: 'G',
	}
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if got, want := v.PieceChar[pt], wantChars[position.PieceType(pt)]; got != want {
			t.Errorf("PieceChar[%s] = %q, want %q", position.PieceType(pt), got, want)
		}
	}
	wantBetza := map[position.PieceType]string{
		position.CustomPiece1: "fmWfceFifmnD", position.CustomPiece1 + 1: "Q", position.CustomPiece1 + 2: "pQ",
	}
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if got, want := v.CustomBetza[pt], wantBetza[position.PieceType(pt)]; got != want {
			t.Errorf("CustomBetza[%s] = %q, want %q", position.PieceType(pt), got, want)
		}
	}
	if v.KingType != position.King {
		t.Errorf("KingType = %s, want king", v.KingType)
	}
	// The 'e' of customPiece1 makes it an en-passant capturer (pawn stays from the defaults).
	wantEP := position.SetOf(position.Pawn, position.CustomPiece1)
	if v.EnPassantTypes != [2]position.PieceSet{wantEP, wantEP} {
		t.Errorf("EnPassantTypes = %v", v.EnPassantTypes)
	}
	k, g := position.CustomPiece1+1, position.CustomPiece1+2
	if v.CastlingKingPiece != [2]position.PieceType{k, k} || !v.Castling || !v.Chess960 {
		t.Errorf("castling %v king piece %v chess960 %v", v.Castling, v.CastlingKingPiece, v.Chess960)
	}
	if v.PromotionPieceTypes != [2]position.PieceSet{} {
		t.Errorf("PromotionPieceTypes = %v, want none", v.PromotionPieceTypes)
	}
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		want := position.NoPieceType
		if position.PieceType(pt) == k {
			want = g
		}
		if v.PromotedPieceType[pt] != want {
			t.Errorf("PromotedPieceType[%s] = %s, want %s", position.PieceType(pt), v.PromotedPieceType[pt], want)
		}
	}
	all8 := ranks(0, 1, 2, 3, 4, 5, 6, 7)
	if v.PromotionRegion != [2]geom.Set{all8, all8} {
		t.Errorf("PromotionRegion = %v", v.PromotionRegion)
	}
	if !v.MandatoryPiecePromotion || !v.PieceDemotion || !v.MandatoryPawnPromotion {
		t.Errorf("mandatoryPiecePromotion %v pieceDemotion %v mandatoryPawnPromotion %v",
			v.MandatoryPiecePromotion, v.PieceDemotion, v.MandatoryPawnPromotion)
	}
	if v.ExtinctionValue != position.ValueLoss || v.ExtinctionPieceTypes != position.SetOf(k, g) || !v.ExtinctionPseudoRoyal {
		t.Errorf("extinction %v %v pseudo-royal %v", v.ExtinctionValue, v.ExtinctionPieceTypes.Types(), v.ExtinctionPseudoRoyal)
	}
	p := position.CustomPiece1
	if v.FlagPiece != [2]position.PieceType{p, p} || v.FlagRegion != [2]geom.Set{ranks(7), ranks(0)} {
		t.Errorf("flag piece %v region %v", v.FlagPiece, v.FlagRegion)
	}
	if v.NMoveRule != 50 || v.NFoldRule != 3 || v.NFoldValue != position.ValueDraw ||
		v.StalemateValue != position.ValueLoss || v.CheckmateValue != position.ValueLoss {
		t.Errorf("nMoveRule %d nFoldRule %d nFoldValue %v stalemate %v checkmate %v",
			v.NMoveRule, v.NFoldRule, v.NFoldValue, v.StalemateValue, v.CheckmateValue)
	}
	if v.StartFEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("StartFEN = %q", v.StartFEN)
	}
}

// load is Load on a string.
func load(t *testing.T, text string) *File {
	t.Helper()
	f, err := Load("test.ini", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestErrorMessages(t *testing.T) {
	cases := []struct {
		name, text string
		kind       error
		want       []string // substrings of the error
	}{
		{"unknown key", "[a:chess]\nmaxRank = 8\nflyingKnights = true\n", ErrUnknownOption,
			[]string{"unknown option flyingKnights (test.ini:3)"}},
		{"indented key", "[a:chess]\n  castling = false\n", ErrUnknownOption,
			[]string{`unknown option "  castling" (test.ini:2)`}},
		{"bad bool", "[a:chess]\n\ncastling = yes\n", ErrInvalidValue,
			[]string{`invalid value "yes" for castling: expected bool`, "(test.ini:3)"}},
		{"trailing comment on bool", "[a:chess]\ncastling = false ; no castling\n", ErrInvalidValue,
			[]string{`invalid value "false ; no castling" for castling`, "(test.ini:2)"}},
		{"bad int", "[a:chess]\nnMoveRule = many\n", ErrInvalidValue,
			[]string{`invalid value "many" for nMoveRule: expected int`, "(test.ini:2)"}},
		{"bad rank", "[a:chess]\nmaxRank = 13\n", ErrInvalidValue,
			[]string{`invalid value "13" for maxRank: expected Rank`, "(test.ini:2)"}},
		{"bad file", "[a:chess]\nmaxFile = z\n", ErrInvalidValue,
			[]string{`invalid value "z" for maxFile: expected File`, "(test.ini:2)"}},
		{"bad value", "[a:chess]\nstalemateValue = lose\n", ErrInvalidValue,
			[]string{`invalid value "lose" for stalemateValue: expected Value`, "(test.ini:2)"}},
		{"bad piece letter", "[a:chess]\npromotionPieceTypes = qx\n", ErrInvalidValue,
			[]string{`invalid value "qx" for promotionPieceTypes: expected PieceSet`, `letter "x"`, "(test.ini:2)"}},
		{"bad betza", "[a:chess]\n# a comment\ncustomPiece1 = a:mWxF\n", ErrBetza,
			[]string{"customPiece1: betza \"mWxF\": character 'x' at position 3", "(test.ini:3)"}},
		{"bad royal betza", "[a:chess]\nking = k:K0\n", ErrBetza,
			[]string{"king: betza", "(test.ini:2)"}},
		{"missing betza", "[a:chess]\ncustomPiece2 = a\n", ErrBetza,
			[]string{"missing Betza move notation", "(test.ini:2)"}},
		{"unknown parent", "\n[a:nosuchvariant]\nmaxRank = 8\n", ErrParent,
			[]string{`unknown parent variant "nosuchvariant" (test.ini:2)`}},
		{"parent defined later", "[a:b]\n[b:chess]\n", ErrParent,
			[]string{`unknown parent variant "b" (it is defined later, at line 2`, "(test.ini:1)"}},
		{"bad square", "[a:chess]\npromotionRegionWhite = *8 z9\n", ErrInvalidValue,
			[]string{`for promotionRegionWhite: expected Bitboard`, `bad square "z9"`, "(test.ini:2)"}},
		{"bad rank wildcard", "[a:chess]\nflagRegionWhite = *0\n", ErrInvalidValue,
			[]string{`bad square "*0"`, "(test.ini:2)"}},
		{"bad walling rule", "[a:chess]\nwallingRule = moat\n", ErrInvalidValue,
			[]string{`invalid value "moat" for wallingRule: expected WallingRule: none, arrow, duck, edge, past, static (test.ini:2)`}},
		{"duck with kings", "[a:chess]\nwallingRule = duck\n", ErrInconsistent,
			[]string{"kings cannot be used with wallingRule = duck", "(test.ini:2)"}},
		{"syntax", "[a:chess]\ncastling false\n", ErrSyntax,
			[]string{`invalid syntax "castling false"`, "(test.ini:2)"}},
		{"missing value", "[a:chess]\ncastling =\n", ErrSyntax,
			[]string{"missing value for castling (test.ini:2)"}},
		{"header", "[a:chess\n", ErrSyntax,
			[]string{"missing ']'", "(test.ini:1)"}},
		{"duplicate", "[a:chess]\n[a:chess]\n", ErrDuplicate,
			[]string{`variant "a" is already defined at test.ini:1 (test.ini:2)`}},
		{"no parent", "[foo:]\n", ErrInconsistent,
			[]string{`invalid character "r" (a section without a parent has no pieces: inherit, e.g. [foo:chess], or define the pieces and a startFen)`}},
		{"built-in name", "[makruk:chess]\nmaxRank = 8\n", ErrBuiltin,
			[]string{`variant "makruk" is built in: Fairy-Stockfish keeps its own and skips this section`, "(test.ini:1)"}},
		{"bad fen ranks", "[a:chess]\nmaxRank = 6\n", ErrInconsistent,
			[]string{"variant a: invalid startFen", "more than 6 ranks", "(test.ini:1)"}},
		{"bad fen letter", "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1\n", ErrInconsistent,
			[]string{"variant a: invalid startFen", `invalid character "X"`, "(test.ini:2)"}},
		// the piece named as typed, with its human name (issue 45)
		{"bad promoted piece", "[a:shogi]\nstartFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL[-] w 0 1\n", ErrInconsistent,
			[]string{"variant a: invalid startFen", `+G: piece 'G' (gold) has no promoted form`, "(test.ini:2)"}},
		{"touching kings", "[a:chess]\nstartFen = 8/8/8/3kK3/8/8/8/8 w - - 0 1\n", ErrInconsistent,
			[]string{"the kings touch", "(test.ini:2)"}},
		{"castling files", "[a:chess]\ncastlingKingsideFile = b\n", ErrInconsistent,
			[]string{"castlingQueensideFile c is right of castlingKingsideFile b"}},
		{"check counting", "[a:chess]\nchecking = false\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\n", ErrInconsistent,
			[]string{"checkCounting = true requires checking = true", "(test.ini:3)"}},
		{"blast with kings", "[a:chess]\nblastOnCapture = true\n", ErrInconsistent,
			[]string{"kings cannot be used with blastOnCapture", "(test.ini:2)"}},
		{"bad topology", "[a:chess]\ntopology = sphere\n", ErrInvalidValue,
			[]string{`invalid value "sphere" for topology: expected topology: plain, cylinder, torus (test.ini:2)`}},
		{"bad enclosing rule", "[a:chess]\nflipEnclosedPieces = othello\n", ErrInvalidValue,
			[]string{`invalid value "othello" for flipEnclosedPieces: expected EnclosingRule: none, reversi, ataxx, quadwrangle, snort, anyside, top (test.ini:2)`}},
		{"bad castling rights", "[a:chess]\ncastlingWins = KX\n", ErrInvalidValue,
			[]string{`invalid value "KX" for castlingWins`, "(test.ini:2)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := load(t, c.text)
			if len(f.Sections) == 0 {
				t.Fatal("no section")
			}
			s := f.Sections[len(f.Sections)-1]
			for _, x := range f.Sections {
				if x.Err != nil {
					s = x
				}
			}
			if s.Err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if s.Variant != nil {
				t.Errorf("a failed section has a variant")
			}
			if !errors.Is(s.Err, c.kind) {
				t.Errorf("error %q is not %v", s.Err, c.kind)
			}
			for _, w := range c.want {
				if !strings.Contains(s.Err.Error(), w) {
					t.Errorf("error %q does not contain %q", s.Err, w)
				}
			}
		})
	}
}

func TestSeveralErrorsInLineOrder(t *testing.T) {
	f := load(t, "[a:chess]\nzzz = 1\ncastling = maybe\nwallingRule = moat\n")
	err := f.Sections[0].Err
	want := "unknown option zzz (test.ini:2)\n" +
		`invalid value "maybe" for castling: expected bool: true or false (test.ini:3)` + "\n" +
		`invalid value "moat" for wallingRule: expected WallingRule: none, arrow, duck, edge, past, static (test.ini:4)`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	if _, err := f.Lookup("a"); err == nil || !strings.HasPrefix(err.Error(), `variant "a": unknown option zzz`) {
		t.Errorf("Lookup error %v", err)
	}
	if _, err := f.Lookup("b"); err == nil || !strings.Contains(err.Error(), `variant "b" is not defined in test.ini`) {
		t.Errorf("Lookup of an absent name: %v", err)
	}
}

func TestUnsupportedAtDefaultIsFine(t *testing.T) {
	f := load(t, `[a:chess]
pieceDrops = false
dropChecks = true
mustDropType = *
dropNoDoubled = -
dropNoDoubledCount = 1
dropRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8
enclosingDrop = none
wallingRule = none
chasingRule = none
soldierPromotionRank = 1
flyingGeneral = false
twoBoards = false
gating = false
pocketSize = 5
pieceToCharTable = PNBRQ.............Kpnbrq.............k
`)
	if s := f.Sections[0]; s.Err != nil {
		t.Fatal(s.Err)
	}
}

func TestSyntaxLikeFairyStockfish(t *testing.T) {
	text := "# a comment before the first section\n" + // other text is an error (TestFileErrors)
		"[x:chess] trailing text is ignored\r\n" +
		"; comment\r\n" +
		"# comment\r\n" +
		"\r\n" +
		"   \n" +
		"maxFile=10\r\n" +
		"maxFile = 9   \r\n" + // later wins; trailing blanks dropped
		"startFen   =   rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w - - 0 1\r\n" +
		"castling = false\n" +
		"[y:x]\n" +
		"chess960 = true" // no final newline
	f := load(t, text)
	if len(f.Sections) != 2 {
		t.Fatalf("%d sections", len(f.Sections))
	}
	x, y := f.Sections[0], f.Sections[1]
	if x.Err != nil || y.Err != nil {
		t.Fatalf("errors: %v / %v", x.Err, y.Err)
	}
	if x.Name != "x" || x.Parent != "chess" || x.Line != 2 || y.Name != "y" || y.Parent != "x" || y.Line != 11 {
		t.Errorf("sections %+v %+v", x, y)
	}
	if x.Variant.MaxFile != 8 || x.Variant.Castling || x.Variant.Chess960 {
		t.Errorf("x: maxFile %d castling %v chess960 %v", x.Variant.MaxFile, x.Variant.Castling, x.Variant.Chess960)
	}
	// y inherits x (defined earlier in the file) and adds chess960.
	if y.Variant.MaxFile != 8 || y.Variant.Castling || !y.Variant.Chess960 || y.Variant.Name != "y" {
		t.Errorf("y: %+v", y.Variant)
	}
	// Inheritance copies: x is unchanged.
	if x.Variant.Chess960 || x.Variant.Name != "x" {
		t.Errorf("x changed by its child")
	}
}

func TestChildOfFailedParent(t *testing.T) {
	f := load(t, "[a:chess]\ncastling = maybe\n[b:a]\n[c:b]\n[d:chess]\n")
	for _, c := range []struct {
		name, want string
	}{
		{"b", `parent variant "a" failed: invalid value "maybe" for castling: expected bool: true or false (test.ini:2) (test.ini:3)`},
		{"c", `parent variant "b" failed: invalid value "maybe" for castling: expected bool: true or false (test.ini:2) (test.ini:4)`},
	} {
		_, err := f.Lookup(c.name)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrParent) || !errors.Is(err, ErrInvalidValue) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, err := f.Lookup("d"); err != nil {
		t.Errorf("d: %v", err)
	}
}

func TestPieceKeys(t *testing.T) {
	f := load(t, `[a:chess]
king = k:KN
knight = -
customPiece1 = n:mNcK
customPiece2 = e:fmWfceF
archbishop = q
pieceValueMg = q:900 e:-5
promotionLimit = n:2
mobilityRegionWhiteCustomPiece1 = a1 h8
topology = cylinder
connectValue = win
countingRule = makruk
materialCounting = janggi
castlingWins = Kq
promotionRank = 6
doubleStepRank = 3
doubleStepRankMin = 2
`)
	v, err := f.Lookup("a")
	if err != nil {
		t.Fatal(err)
	}
	c1, c2 := position.CustomPiece1, position.CustomPiece1+1
	if v.KingType != position.CustomRoyal || v.CustomBetza[position.CustomRoyal] != "KN" || v.PieceChar[position.King] != 'K' {
		t.Errorf("king: type %s betza %q letter %q", v.KingType, v.CustomBetza[position.CustomRoyal], v.PieceChar[position.King])
	}
	if v.PieceChar[position.Knight] != 0 || v.PieceChar[c1] != 'N' || v.CustomBetza[c1] != "mNcK" {
		t.Errorf("knight replaced: %q %q %q", v.PieceChar[position.Knight], v.PieceChar[c1], v.CustomBetza[c1])
	}
	// "archbishop = q" takes the letter of the queen: the queen leaves the
	// variant and the promotion choices (Fairy-Stockfish's add_piece); so
	// does the knight ("knight = -").
	if v.PieceChar[position.Queen] != 0 || v.PieceChar[position.Archbishop] != 'Q' {
		t.Errorf("queen %q archbishop %q", v.PieceChar[position.Queen], v.PieceChar[position.Archbishop])
	}
	wantPromo := position.SetOf(position.Rook, position.Bishop)
	if v.PromotionPieceTypes != [2]position.PieceSet{wantPromo, wantPromo} {
		t.Errorf("PromotionPieceTypes = %v %v", v.PromotionPieceTypes[0].Types(), v.PromotionPieceTypes[1].Types())
	}
	wantEP := position.SetOf(position.Pawn, c2)
	if v.EnPassantTypes != [2]position.PieceSet{wantEP, wantEP} {
		t.Errorf("EnPassantTypes %v", v.EnPassantTypes)
	}
	if v.PieceValueMg[position.Archbishop] != 900 || v.PieceValueMg[c2] != -5 || v.PromotionLimit[c1] != 2 {
		t.Errorf("values %d %d limit %d", v.PieceValueMg[position.Archbishop], v.PieceValueMg[c2], v.PromotionLimit[c1])
	}
	if r := v.MobilityRegion[position.White][c1]; r.Count() != 2 || !r.Has(geom.Sq(0, 0)) || !r.Has(geom.Sq(7, 7)) {
		t.Errorf("mobility region %v", r.Squares())
	}
	if v.Topology != geom.Cylinder || v.ConnectValue != position.ValueWin || v.CountingRule != position.MakrukCounting ||
		v.MaterialCounting != position.JanggiMaterial || v.CastlingWins != position.WhiteOO|position.BlackOOO {
		t.Errorf("topology %v connectValue %v counting %v material %v castlingWins %v",
			v.Topology, v.ConnectValue, v.CountingRule, v.MaterialCounting, v.CastlingWins)
	}
	if v.PromotionRegion != [2]geom.Set{ranks(5, 6, 7), ranks(0, 1, 2)} {
		t.Errorf("promotionRank 6: %v", v.PromotionRegion)
	}
	if v.DoubleStepRegion != [2]geom.Set{ranks(1, 2), ranks(5, 6)} {
		t.Errorf("doubleStepRank 2..3: %v", v.DoubleStepRegion)
	}
}

func TestPawnTypesAndWildcards(t *testing.T) {
	f := load(t, `[a]
maxFile = j
maxRank = 10
pawn = p
shogiPawn = s
king = k
pawnTypes = sp
extinctionPieceTypes = *
flagRegionWhite = a* J10 c*
startFen = 4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1
`)
	v, err := f.Lookup("a")
	if err != nil {
		t.Fatal(err)
	}
	if v.MaxFile != 9 || v.MaxRank != 9 {
		t.Errorf("board %dx%d", v.MaxFile+1, v.MaxRank+1)
	}
	ps := position.SetOf(position.Pawn, position.ShogiPawn)
	if v.MainPromotionPawnType != [2]position.PieceType{position.Pawn, position.Pawn} ||
		v.PromotionPawnTypes != [2]position.PieceSet{ps, ps} || v.EnPassantTypes != [2]position.PieceSet{ps, ps} ||
		v.NMoveRuleTypes != [2]position.PieceSet{ps, ps} {
		t.Errorf("pawnTypes: %v %v %v %v", v.MainPromotionPawnType, v.PromotionPawnTypes, v.EnPassantTypes, v.NMoveRuleTypes)
	}
	// Without a parent there are no promotion piece types.
	if v.PromotionPieceTypes != [2]position.PieceSet{} {
		t.Errorf("PromotionPieceTypes %v", v.PromotionPieceTypes)
	}
	if v.ExtinctionPieceTypes != position.SetOf(position.AllPieces) {
		t.Errorf("* is AllPieces: %v", v.ExtinctionPieceTypes)
	}
	want := geom.FileSet(0).Or(geom.FileSet(2))
	want.Add(geom.Sq(9, 9))
	if v.FlagRegion[position.White] != want {
		t.Errorf("flag region %v", v.FlagRegion[position.White].Squares())
	}
}

func TestByteOrderMark(t *testing.T) {
	f := load(t, "\uFEFF[a:chess]\nchess960 = true\n")
	if v, err := f.Lookup("a"); err != nil || !v.Chess960 {
		t.Errorf("%v %v", v, err)
	}
}

func TestSetBoolField(t *testing.T) {
	var s struct {
		ImmobilityIllegal bool
		Gating            int
		hidden            bool
	}
	if !setBoolField(&s, "immobilityIllegal", true) || !s.ImmobilityIllegal {
		t.Errorf("bool field not set")
	}
	if setBoolField(&s, "gating", true) || setBoolField(&s, "hidden", true) || setBoolField(&s, "pieceDrops", true) || setBoolField(s, "immobilityIllegal", true) {
		t.Errorf("set a field that is not an exported bool")
	}
}

// TestBuiltinNameSkipped: a section named like a built-in variant is
// skipped, as Fairy-Stockfish does ("Variant 'makruk' already exists."), and
// a later section that inherits from that name gets the built-in variant.
func TestBuiltinNameSkipped(t *testing.T) {
	f, err := Load("test.ini", strings.NewReader("[makruk:chess]\n[mine:makruk]\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Lookup("mine")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Get("makruk")
	if v.StartFEN != want.StartFEN {
		t.Errorf("mine starts from %q, want makruk's %q", v.StartFEN, want.StartFEN)
	}
}
