package variants_test

import (
	"bufio"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"houserules/variants"
)

// oracle returns the rows (fen, depth, nodes) of a Fairy-Stockfish built-in
// variant in the oracle's perft corpus (corpus/testdata/perft, see its
// README).
func oracle(t *testing.T, variant string) (rows []struct {
	fen   string
	depth int
	nodes uint64
}) {
	t.Helper()
	for _, name := range []string{"corpus-core.tsv", "corpus-extended.tsv"} {
		f, err := os.Open("../corpus/testdata/perft/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if len(c) >= 6 && c[0] == variant && c[1] == "builtin" && c[2] == "false" {
				d, _ := strconv.Atoi(c[4])
				n, _ := strconv.ParseUint(c[5], 10, 64)
				rows = append(rows, struct {
					fen   string
					depth int
					nodes uint64
				}{c[3], d, n})
			}
		}
		f.Close()
	}
	if len(rows) == 0 {
		t.Fatalf("no oracle rows of %s", variant)
	}
	return rows
}

// sameAs checks that a plugin compiles to the tables of a catalogue variant.
func sameAs(t *testing.T, key, catalogue string) {
	t.Helper()
	want, _ := variants.Get(catalogue)
	got := loaded(t, key).Variant()
	got.Name = want.Name
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s does not compile to the tables of %s:\n%s", key, catalogue, plugin(t, key).INI)
	}
}

// CheckThreshold is checkCounting with N+N checks in the start position:
// the tables of the catalogue's 3check and 5check (through Extends), and
// the oracle's perft.
func TestFlagCheckThreshold(t *testing.T) {
	variants.Register("tThreeCheck", meta(variants.Config{CheckThreshold: 3}))
	variants.Register("tFiveCheck", variants.Config{Extends: "tThreeCheck", CheckThreshold: 5})
	sameAs(t, "tThreeCheck", "3check")
	sameAs(t, "tFiveCheck", "5check")
	for _, r := range oracle(t, "3check") {
		if got := tPerft(t, "tThreeCheck", r.fen, r.depth); got != r.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish's 3check: %d", r.fen, r.depth, got, r.nodes)
		}
	}
}

// PieceRoles {n: k, k: n} is knightmate (the catalogue's uses the letter m
// for the non-royal kings where the plugin keeps n): the oracle's perft on
// its rows, letters changed.
func TestFlagPieceRoles(t *testing.T) {
	variants.Register("tKnightmate", meta(variants.Config{PieceRoles: map[string]string{"n": "k", "k": "n"}}))
	p := loaded(t, "tKnightmate")
	for _, line := range []string{"knight = -", "customPiece1 = n:K", "king = k:N", "castlingKingPiece = k"} {
		if !strings.Contains(p.INI, line+"\n") {
			t.Errorf("no %q in\n%s", line, p.INI)
		}
	}
	for _, r := range oracle(t, "knightmate") {
		fen := strings.NewReplacer("m", "n", "M", "N").Replace(r.fen)
		if got := tPerft(t, "tKnightmate", fen, r.depth); got != r.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish's knightmate: %d", fen, r.depth, got, r.nodes)
		}
	}
}

// NoCheck: the king is an ordinary piece, capturing it wins. Oracle:
// Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) with
//
//	[nocheck:chess]
//	king = -
//	commoner = k
//	extinctionValue = loss
//	extinctionPieceTypes = k
//
// (11.1 has no castlingKingPiece: positions without castling rights).
func TestFlagNoCheck(t *testing.T) {
	variants.Register("tNoCheck", meta(variants.Config{NoCheck: true}))
	for _, tc := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 4, 197742},
		{"r3k2r/ppp2ppp/2n2n2/3pP3/1b1P2q1/2N2N2/PP3PPP/R2QKB1R w - - 0 9", 3, 65177},
		{"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 4, 17862},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w - - 1 3", 3, 15416},
	} {
		if got := tPerft(t, "tNoCheck", tc.fen, tc.depth); got != tc.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish 11.1: %d", tc.fen, tc.depth, got, tc.nodes)
		}
	}
}

// RoyalPiece q: the queen is royal (moving as a queen), the king an
// ordinary king. The white queen on d1, checked by the rook on a1, takes it
// or steps off the first rank and the a-file onto a square the black queen
// on h7 (rank 7, the h-file, the diagonal h7-b1) and the black king do not
// attack: d2 d4 d5 d6, b3, e2 f3 g4; the king's moves leave the queen in
// check. Counted by hand.
func TestFlagRoyalPiece(t *testing.T) {
	variants.Register("tRoyalQueen", meta(variants.Config{RoyalPiece: "q"}))
	if got, want := tLegal(t, "tRoyalQueen", "4k3/7q/8/8/8/8/8/r2QK3 w - - 0 1"),
		"d1a1 d1b3 d1d2 d1d4 d1d5 d1d6 d1e2 d1f3 d1g4"; got != want {
		t.Errorf("moves\n got  %s\n want %s\n%s", got, want, plugin(t, "tRoyalQueen").INI)
	}
}

// StalemateMeaning win: the stalemated side wins (stalemateValue = win).
func TestFlagStalemateMeaning(t *testing.T) {
	variants.Register("tStalemateWins", meta(variants.Config{StalemateMeaning: "win"}))
	res, err := variants.Resolve(variants.Request{Variant: "tStalemateWins"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if r, over := g.Result(); !over || r.Score != "0-1" || r.Reason != "stalemate" {
		t.Errorf("result %v, %v; want 0-1 by stalemate", r, over)
	}
}

// NoPromotion: a pawn reaches the last rank and stays a pawn, without a
// move there.
func TestFlagNoPromotion(t *testing.T) {
	variants.Register("tNoPromotion", meta(variants.Config{NoPromotion: true}))
	if got, want := tLegal(t, "tNoPromotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
		"a7a8 e1d1 e1d2 e1e2 e1f1 e1f2"; got != want {
		t.Errorf("moves\n got  %s\n want %s", got, want)
	}
	if got, want := tLegal(t, "tNoPromotion", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
		"e1d1 e1d2 e1e2 e1f1 e1f2"; got != want {
		t.Errorf("pawn on the last rank\n got  %s\n want %s", got, want)
	}
}

// PawnDirection {-1, +1}: pawns march towards their own side, and capture
// that way too.
func TestFlagPawnDirection(t *testing.T) {
	variants.Register("tBackPawns", meta(variants.Config{PawnDirection: variants.ByColour{-1, +1}}))
	// (a position a game can reach: the white pawn on its start square,
	// position.New refuses a pawn on a rank no move of it reaches)
	if got, want := tLegal(t, "tBackPawns", "4k3/8/8/8/8/8/4P3/K2n1n2 w - - 0 1"),
		"a1a2 a1b1 e2d1 e2e1 e2f1"; got != want {
		t.Errorf("moves\n got  %s\n want %s\n%s", got, want, plugin(t, "tBackPawns").INI)
	}
}

// The ini lines a few flags compile to.
func TestFlagINI(t *testing.T) {
	variants.Register("tINI", meta(variants.Config{
		DivergentPieces: map[string]variants.Divergent{"q": {Move: "BN", Capture: "R"}},
		PawnStartRank:   variants.ByColour{3, 6},
		PromotionRank:   variants.ByColour{7, 2},
		NoEnPassant:     true,
		WrapFiles:       true,
	}))
	want := "[tINI:chess]\ntopology = cylinder\nqueen = -\ncustomPiece1 = q:mBmNcR\npromotionPieceTypes = nbrq\n" +
		"doubleStepRegionWhite = *3\ndoubleStepRegionBlack = *6\n" +
		"promotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2\nenPassantRegion = -\n"
	if got := loaded(t, "tINI").INI; got != want {
		t.Errorf("ini\n%s\nwant\n%s", got, want)
	}
}
