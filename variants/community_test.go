package variants

import (
	"strings"
	"testing"

	"houserules/rules"
)

// shaolinBlock is seed 002's Fairy-Stockfish block of Shaolin King, as
// published (chess960 = true included).
const shaolinBlock = `[shaolinking]
king = -
rook = r
bishop = b
knight = n
queen = q
customPiece1 = p:fmWfceFifmnD
customPiece2 = k:Q
customPiece3 = g:pQ
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
castling = true
castlingKingPiece = k
promotionPieceTypes = -
promotedPieceType = k:g
promotionRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8
promotionRegionBlack = *8 *7 *6 *5 *4 *3 *2 *1
mandatoryPiecePromotion = true
pieceDemotion = true
extinctionValue = loss
extinctionPieceTypes = kg
extinctionPseudoRoyal = true
flagPiece = p
flagRegionWhite = *8
flagRegionBlack = *1
nMoveRule = 50
nFoldRule = 3
nFoldValue = draw
stalemateValue = loss
chess960 = true
`

// TestShaolinKingPerft: the catalogue's Shaolin King (and its 960 twin, and
// the seed's block pasted as a user file) count the moves Fairy-Stockfish
// counts. Oracle: Fairy-Stockfish 051226 (commit c19b5f6, /tmp/fsf-c19b5f6)
// with VariantPath = the seed's block, UCI_Variant shaolinking, "go perft N";
// run on 2026-12-06.
func TestShaolinKingPerft(t *testing.T) {
	cases := []struct {
		fen   string
		nodes []uint64 // depth 1, 2, 3
	}{
		{"", []uint64{20, 400, 9094}},
		// castling both ways, the master still in its queen form
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", []uint64{0, 0, 21512}},
		// 1.e4 e5 2.Ke2: the master on e2 in its cannon form (+K = g)
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP+KPPP/RNBQ1BNR b kq - 3 2", []uint64{0, 0, 17633}},
	}
	for _, src := range []struct{ name, variant, ini string }{
		{"catalogue", "shaolinking", ""},
		{"catalogue 960", "shaolinking960", ""},
		{"seed block", "shaolinking", shaolinBlock},
	} {
		res, err := Resolve(Request{Variant: src.variant, INI: src.ini, ININame: "seed002.ini"})
		if err != nil {
			t.Fatalf("%s: %v", src.name, err)
		}
		for _, c := range cases {
			for d, want := range c.nodes {
				if want == 0 {
					continue
				}
				g, err := rules.NewGame(res.Ruleset, c.fen, res.Variant.Chess960)
				if err != nil {
					t.Fatalf("%s %q: %v", src.name, c.fen, err)
				}
				if got := rules.PerftGame(g, d+1); got != want {
					t.Errorf("%s %q perft %d = %d, want %d (Fairy-Stockfish)", src.name, c.fen, d+1, got, want)
				}
			}
		}
	}
}

// TestShaolinKingMasterFlips: the master's move is a promotion to its other
// form and back (the FEN's +K is the cannon form g; Fairy-Stockfish
// lists the same moves: e1e2+, then e2e5- only).
func TestShaolinKingMasterFlips(t *testing.T) {
	res, err := Resolve(Request{Variant: "shaolinking"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("")
	if err != nil {
		t.Fatal(err)
	}
	// the cannon form hops e4 and takes e5, back in the queen form
	for _, uci := range []string{"e2e4", "e7e5", "e1e2+", "e8e7+", "e2e5-"} {
		m, err := g.ParseMove(uci)
		if err != nil {
			t.Fatalf("%s: %v (legal: %v)", uci, err, g.LegalMoves())
		}
		g.Do(m)
	}
	board, _, _ := strings.Cut(g.FEN(), " ")
	if want := "rnbq1bnr/pppp+kppp/8/4K3/4P3/8/PPPP1PPP/RNBQ1BNR"; board != want {
		t.Errorf("board after the master's moves = %s, want %s", board, want)
	}
}

// A user file may define a section named like a community variant (it is
// not a Fairy-Stockfish built-in), and its own block is the one played; a
// Fairy-Stockfish built-in's name is still refused.
func TestCommunityNamesAreNotBuiltins(t *testing.T) {
	f, err := Load("user.ini", strings.NewReader(strings.Replace(shaolinBlock, "nMoveRule = 50", "nMoveRule = 40", 1)+"[chess]\nmaxRank = 7\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Sections[0].Err != nil {
		t.Fatalf("the seed's block: %v", f.Sections[0].Err)
	}
	res, err := Resolve(Request{Variant: "shaolinking", File: f})
	if err != nil || res.Variant.NMoveRule != 40 {
		t.Errorf("the user's shaolinking is not the one resolved: %v", err)
	}
	if f.Sections[1].Err == nil || !strings.Contains(f.Sections[1].Err.Error(), "is built in") {
		t.Errorf("[chess] in a user file: %v", f.Sections[1].Err)
	}
	var fam string
	for _, d := range Describe() {
		if d.Name == "shaolinking" {
			fam = d.Family
			if d.Title != "Shaolin King" || !d.Loads || d.Files != 8 {
				t.Errorf("description: %+v", d)
			}
		}
	}
	if fam != "community" {
		t.Fatalf("shaolinking family %q", fam)
	}
	fams := Families()
	if !strings.EqualFold(fams[len(catalogueFamilies())-1].Name, "Community variants") {
		t.Errorf("the community family is not the catalogue's last: %+v", fams)
	}
}
