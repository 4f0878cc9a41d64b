package plugins

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"houserules/search"
	"houserules/variants"
)

// TestPluginSelfPlay: the AI plays 20 games of every plugin against itself
// (2 with -short) at a small node budget. Every move it picks must be in
// LegalMoves, and every game must end with a result by the game's own
// rules or reach the ply cap.
func TestPluginSelfPlay(t *testing.T) {
	games, maxPlies, nodes := 20, 200, uint64(300)
	if testing.Short() {
		games, maxPlies = 2, 120
	}
	for _, p := range variants.Plugins() {
		t.Run(p.Key, func(t *testing.T) {
			t.Parallel()
			res := resolve(t, p.Key)
			ended, capped := 0, 0
			for i := 0; i < games; i++ {
				g, err := res.NewGame("")
				if err != nil {
					t.Fatal(err)
				}
				e := search.NewEngine(1)
				rnd := rand.New(rand.NewPCG(uint64(i), 41))
				over := false
				for ply := 0; ply < maxPlies; ply++ {
					if _, over = g.Result(); over {
						break
					}
					legal := g.LegalMoves()
					if ply < 4 {
						// a random opening, so that the games differ
						g.Do(legal[rnd.IntN(len(legal))])
						continue
					}
					r := e.Search(context.Background(), g, search.Limits{Nodes: nodes}, nil)
					if !slices.Contains(legal, r.Move) {
						t.Fatalf("game %d ply %d: the AI played %q, not a legal move of %s", i, ply, r.MoveText, g.FEN())
					}
					g.Do(r.Move)
				}
				if !over {
					_, over = g.Result()
				}
				if over {
					ended++
				} else {
					capped++
				}
			}
			t.Logf("%d games: %d ended by the rules, %d at the %d-ply cap", games, ended, capped, maxPlies)
		})
	}
}
