package rules_test

import (
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// epRegionIni: chess children whose promotion region is low enough that a
// pawn passing an enemy pawn puts the en-passant square inside the enemy's
// promotion region; and (eptriple11) wildebeest's pawns on a board of
// kings and pawns, its triple step taken en passant outside any promotion
// region.
const epRegionIni = `[eppromo:chess]
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
promotionPieceTypes = nq

[eppromooptional:eppromo]
mandatoryPawnPromotion = false

[eptriplelow:chess]
tripleStepRegionWhite = *2
tripleStepRegionBlack = *7
promotionRegionWhite = *7 *8
promotionRegionBlack = *1 *2 *3 *4
promotionPieceTypes = r

[epdoubleopt:chess]
promotionRegionWhite = *4 *5 *6 *7 *8
promotionRegionBlack = *5 *4 *3 *2 *1
promotionPieceTypes = n
mandatoryPawnPromotion = false

[eptriple11:chess]
maxRank = 10
maxFile = k
startFen = 5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *9 *8
tripleStepRegionWhite = *2
tripleStepRegionBlack = *9
promotionRegionWhite = *9 *10
promotionRegionBlack = *2 *1
promotionPieceTypes = q
mandatoryPawnPromotion = false
castling = false
`

// TestEnPassantIntoPromotionRegion: the en-passant rule does not look at
// the promotion region. A pawn's double or triple step that does not
// promote marks the squares it passed (those in enPassantRegion, attacked
// by an enemy pawn) whether or not they lie in the enemy's promotion
// region, the en-passant capture onto such a square does not promote, and
// it removes the pawn that passed the square (two squares behind it after
// a triple step). A step that promotes marks no square.
//
// Every literal is from the oracle, a current Fairy-Stockfish: commit
// c19b5f6c (2026-07-23), built from source (largeboards=yes for the 11×10
// board), loading epRegionIni
// (`position fen F moves M`, `go perft 1` for the list, `go perft D`).
// Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) instead generates no
// en passant onto a square of the promotion region.
func TestEnPassantIntoPromotionRegion(t *testing.T) {
	f, err := variants.Load("ep.ini", strings.NewReader(epRegionIni))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		variant, fen, moves string
		legal               string // sorted
		depth               int
		nodes               uint64
	}{
		// d5c6 lands on the 6th rank, in White's region, and stays a pawn
		{"eppromo", "4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "c7c5",
			"d5c6 d5d6n d5d6q e1d1 e1d2 e1e2 e1f1 e1f2", 5, 28562},
		{"eppromo", "4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1", "c2c4",
			"d4c3 d4d3n d4d3q e8d7 e8d8 e8e7 e8f7 e8f8", 5, 28562},
		{"eppromooptional", "4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "c7c5",
			"d5c6 d5d6 d5d6n d5d6q e1d1 e1d2 e1e2 e1f1 e1f2", 5, 34925},
		// d2d5 passes d3 and d4, both in Black's region: c4d3 and e5d4
		// take the d5 pawn
		{"eptriplelow", "4k3/8/8/4p3/2p5/8/3P4/4K3 w - - 0 1", "d2d5",
			"c4c3r c4d3 e5d4 e5e4r e8d7 e8d8 e8e7 e8f7 e8f8", 5, 36626},
		{"eptriplelow", "4k3/8/8/4p3/2p5/8/3P4/4K3 w - - 0 1", "d2d5 c4d3",
			"e1d1 e1d2 e1f1 e1f2", 4, 1340},
		{"eptriplelow", "4k3/8/8/4p3/2p5/8/3P4/4K3 w - - 0 1", "d2d5 e5d4",
			"e1d1 e1d2 e1e2 e1f1 e1f2", 4, 2072},
		// d2d4 steps into White's (optional) region: as a pawn it can be
		// taken en passant on d3, as a knight (d2d4n) it cannot
		{"epdoubleopt", "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d2d4",
			"e4d3 e4e3 e4e3n e8d7 e8d8 e8e7 e8f7 e8f8", 5, 28658},
		{"epdoubleopt", "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d2d4n",
			"e4e3 e4e3n e8d7 e8d8 e8e7 e8f7 e8f8", 5, 73967},
		// wildebeest's triple step: c4d3 takes the pawn on d5
		{"eptriple11", "5k5/11/11/11/11/4p6/2p8/11/3P7/5K5 w - - 0 1", "d2d5",
			"c4c3 c4d3 e5d4 e5e4 f10e10 f10e9 f10f9 f10g10 f10g9", 4, 2914},
		{"eptriple11", "5k5/11/11/11/11/4p6/2p8/11/3P7/5K5 w - - 0 1", "d2d5 c4d3",
			"f1e1 f1f2 f1g1 f1g2", 4, 2022},
		{"eptriple11", "5k5/11/11/11/11/4p6/2p8/11/3P7/5K5 w - - 0 1", "d2d5 e5d4",
			"f1e1 f1e2 f1f2 f1g1 f1g2", 4, 1847},
	} {
		name := c.variant + " " + c.fen + " moves " + c.moves
		v, err := f.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		// NewFSF: the positions are Fairy-Stockfish's, and eptriplelow's
		// black pawn on c4 stands where it must have promoted (New refuses
		// it: TestFENImpossibleRefused)
		p, err := position.NewFSF(v, c.fen, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range strings.Fields(c.moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", name, s, err)
			}
			p.Do(m)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, p.UCI(m))
		}
		slices.Sort(got)
		if g := strings.Join(got, " "); g != c.legal {
			t.Errorf("%s: moves\n got  %s\n want %s", name, g, c.legal)
		}
		if n := rules.Perft(p, c.depth); n != c.nodes {
			t.Errorf("%s: perft %d = %d, Fairy-Stockfish c19b5f6c: %d", name, c.depth, n, c.nodes)
		}
	}
}
