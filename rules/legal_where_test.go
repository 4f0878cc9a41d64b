package rules_test

import (
	"math/rand"
	"slices"
	"testing"

	"houserules/position"
	_ "houserules/presets"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestLegalMovesWhere: along random games under house rules (with extra
// moves, filters and legal-list filters among them), the legal moves a
// filter keeps are exactly the legal moves filtered afterwards, and Ended
// agrees with Result on every end it reports.
func TestLegalMovesWhere(t *testing.T) {
	cases := []struct{ variant, presets string }{
		{"chess", "piece-hp"}, {"chess", "explosive-rook,capture-to-win"}, {"chess", "wrap-board"}, {"capablanca", "rook-warp"},
		{"chess", "queen-splits,knights-leap-twice"}, {"chess", "pawns-move-backward,piece-hp,king-heals"},
		{"atomic", "piece-hp,poisoned-squares"}, {"makruk", "bishops-ignore-color"}, {"antichess", "knight-immunity"},
		{"chess", "last-piece-standing"}, {"giveaway", "double-pawn-sprint"},
	}
	rng := rand.New(rand.NewSource(7))
	for _, c := range cases {
		rs := rulestest.Compile(t, c.variant, c.presets)
		positions := 0
		for game := 0; game < 6; game++ {
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120; ply++ {
				if r, over := g.Ended(); over {
					if full, ok := g.Result(); !ok || full != r {
						t.Fatalf("%s + %s, %s: Ended %v, Result %v %v", c.variant, c.presets, g.FEN(), r, full, ok)
					}
					break
				}
				all := g.LegalMoves()
				noisy := func(m position.Move) bool { return g.Pos.IsCapture(m) || m.Kind() == position.Promotion }
				var want []position.Move
				for _, m := range all {
					if noisy(m) {
						want = append(want, m)
					}
				}
				got := g.LegalMovesWhere(noisy, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%s + %s, %s: kept %v, want %v", c.variant, c.presets, g.FEN(), g.UCIList(got), g.UCIList(want))
				}
				positions++
				if len(all) == 0 {
					break
				}
				g.Do(all[rng.Intn(len(all))])
			}
		}
		if positions < 50 {
			t.Errorf("%s + %s: only %d positions checked", c.variant, c.presets, positions)
		}
	}
}

// TestCandidates: where Candidates answers, the candidates that Legal
// accepts are exactly LegalMoves, in the same order.
func TestCandidates(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	answered := 0
	for _, c := range [][2]string{{"chess", "piece-hp"}, {"chess", "explosive-rook"}, {"chess", "wrap-board"},
		{"chess", "queen-splits,knights-leap-twice"}, {"capablanca", "rook-warp,pawns-move-backward"}, {"atomic", "piece-hp,poisoned-squares"},
		{"chess", "knight-immunity,bishops-ignore-color"}, {"chess", "capture-to-win,pawn-diagonal-no-capture"}} {
		rs := rulestest.Compile(t, c[0], c[1])
		for game := 0; game < 6; game++ {
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120; ply++ {
				all := g.LegalMoves()
				if cands, ok := g.Candidates(nil); ok {
					answered++
					var got []position.Move
					for _, m := range cands {
						if g.Legal(m) {
							got = append(got, m)
						}
					}
					if !slices.Equal(got, all) {
						t.Fatalf("%v, %s: legal candidates %v, legal moves %v", c, g.FEN(), g.UCIList(got), g.UCIList(all))
					}
				}
				if len(all) == 0 {
					break
				}
				g.Do(all[rng.Intn(len(all))])
			}
		}
	}
	if answered < 1000 {
		t.Errorf("Candidates answered in only %d positions", answered)
	}
}
