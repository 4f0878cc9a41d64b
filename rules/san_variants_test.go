package rules_test

import (
	"math/rand/v2"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestSANGatingAndShogi: SAN in the variants of issue 42: S-chess gating
// as Fairy-Stockfish's SAN writes it (Nc3/H; castling with the gating
// square, O-O/He1 when the hawk enters on the king's square, O-O/Hh1 on
// the rook's), shogi-style promotion (Bg7++ promotes and checks, Bg7=+
// declines and checks), a promoted lance moving and demoting (+La2-),
// promoted drops (+P@c2+), sittuyin promotions (d5=F, d5e4=F). Every
// legal move's SAN is its own and reads back to it (checkSANs).
func TestSANGatingAndShogi(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		want         map[string]string // UCI → SAN
	}{
		{"seirawan", "", map[string]string{"b1c3h": "Nc3/H", "g1f3e": "Nf3/E", "b1c3": "Nc3", "e2e4": "e4"}},
		{"seirawan", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDFGkqbcdfg - 4 4", map[string]string{
			"e1g1h": "O-O/He1", "h1e1h": "O-O/Hh1", "e1g1e": "O-O/Ee1", "e1g1": "O-O", "c4f7": "Bxf7+", "h1f1h": "Rf1/H", "e1e2e": "Ke2/E"}},
		{"shogi", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3", map[string]string{
			"b2g7": "Bg7=+", "b2g7+": "Bg7++", "b2h8": "Bxh8=", "b2h8+": "Bxh8+", "d1e2": "Gde2", "f1e2": "Gfe2", "c4c5": "Pc5"}},
		{"minishogi", "", map[string]string{"e1e4": "Rxe4+", "a2a3": "Pa3", "c1b2": "Sb2"}},
		{"kyotoshogi", "", map[string]string{"a1a2-": "+La2-", "d1c2-": "+Nc2-", "b1a2+": "Sa2+", "e1e2+": "Pe2+"}},
		// sittuyin promotions (the move list is the oracle's, see
		// position's gating tests): in place d5=F, by a diagonal step
		// with the origin square d5e4=F, as Fairy-Stockfish's SAN
		{"sittuyin", "8/8/1n6/3P4/2P2k2/8/8/4K3[] w - - 0 1", map[string]string{
			"d5d5f": "d5=F", "d5e4f": "d5e4=F", "d5c6f": "d5c6=F", "d5d6": "d6", "c4c5": "c5"}},
		{"kyotoshogi", "p+nks+l/5/5/5/+LSK2[Pn] w - - 0 1", map[string]string{
			"+P@c2": "+P@c2+", "+P@a3": "+P@a3", "P@c4": "P@c4+", "P@a3": "P@a3"}},
	} {
		t.Run(c.variant, func(t *testing.T) {
			v, err := variants.Get(c.variant)
			if err != nil {
				t.Fatal(err)
			}
			p, err := position.New(v, c.fen, false)
			if err != nil {
				t.Fatalf("%s %q: %v", c.variant, c.fen, err)
			}
			checkSANs(t, p, c.want)
			got := sanOf(t, p)
			for uci := range c.want {
				if _, ok := got[uci]; !ok {
					t.Errorf("%s %s: %s is not legal", c.variant, p.FEN(), uci)
				}
			}
		})
	}
}

// TestSANRoundTripPocketVariants: in random games of every variant of
// issue 42 (fixed seed), at every position each legal move's SAN names
// it alone and reads back to it, with and without its check mark:
// drops, promoted drops, shogi-style promotion and its refusal,
// demotion, gating, sittuyin's promotions, placement's opening drops.
func TestSANRoundTripPocketVariants(t *testing.T) {
	for _, name := range []string{"crazyhouse", "loop", "chessgi", "placement", "sittuyin", "seirawan", "shouse",
		"minishogi", "shogi", "kyotoshogi"} {
		t.Run(name, func(t *testing.T) {
			v, err := variants.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(42, uint64(len(name))))
			positions := 0
			for game := 0; game < 3; game++ {
				p, err := position.New(v, "", false)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 50; ply++ {
					moves := p.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					checkSANs(t, p, nil)
					positions++
					if t.Failed() {
						return
					}
					p.Do(moves[rng.IntN(len(moves))])
				}
			}
			if positions < 50 {
				t.Errorf("only %d positions", positions)
			}
		})
	}
}
