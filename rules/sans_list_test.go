package rules_test

import (
	"slices"
	"testing"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/variants"
)

// TestSANsAsSAN: the SANs of a whole legal list (Game.SANs, LegalSANs:
// the list's facts found once, the SANs written into one buffer) are the
// SAN of each move alone (Game.SAN: the list scanned for each move), and
// ResultAmong given the legal moves is Result, in every position of
// seeded random games of every catalogue variant, plain and under house
// rules (hooked legality, + and # by the ruleset's own check).
func TestSANsAsSAN(t *testing.T) {
	t.Parallel()
	presets := []string{"", "piece-hp,king-heals", "knights-leap-twice", "pawn-diagonal-no-capture", "explosive-rook",
		"queen-splits", "rook-warp", "wrap-board", "pawns-move-backward", "last-piece-standing"}
	positions := 0
	for _, name := range variants.Names() {
		for i, ps := range presets {
			if ps != "" && name != "chess" && name != "crazyhouse" && name != "shogi" {
				continue
			}
			v, err := variants.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			specs, err := rules.ParseSpecs(ps)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := rules.Compile(v, specs)
			if err != nil {
				continue // house rules the variant cannot have (a queen's rule without queens)
			}
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				continue // a variant without a start position
			}
			rng := uint64(len(name)*31 + i)
			for ply := 0; ply < 40; ply++ {
				legal, sans := g.LegalSANs()
				for j, m := range legal {
					if one := g.SAN(m); sans[j] != one {
						t.Fatalf("%s + %q, %s: %s is %q in the list, %q alone", name, ps, g.FEN(), g.Pos.UCI(m), sans[j], one)
					}
				}
				if !slices.Equal(g.SANs(g.LegalMoves()), sans) {
					t.Fatalf("%s + %q, %s: SANs differs from LegalSANs", name, ps, g.FEN())
				}
				res, over := g.Result()
				if res2, over2 := g.ResultAmong(legal); res2 != res || over2 != over {
					t.Fatalf("%s + %q, %s: ResultAmong %v %v, Result %v %v", name, ps, g.FEN(), res2, over2, res, over)
				}
				positions++
				if over || len(legal) == 0 {
					break
				}
				rng = rng*6364136223846793005 + 1442695040888963407
				g.Do(legal[(rng>>33)%uint64(len(legal))])
			}
		}
	}
	if positions < 3000 {
		t.Errorf("%d positions, want over 3,000", positions)
	}
	t.Logf("%d positions", positions)
}
