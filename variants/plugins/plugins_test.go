package plugins

import (
	"context"
	"slices"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
	"houserules/variants"
)

// The plugins of this package: each one loads, resolves, counts the same
// perft through the game pipeline as through the position, and lets the
// AI play a short game of legal moves.
var ours = []string{"antichessPlugin", "atomicChess", "berolinaChess", "breakthrough7x7", "capablancaChess", "chess960Plugin",
	"cylinderChess", "einsteinChess", "fiveCheck", "fogOfWar", "hoppelPoppelChess", "kingOfTheHillPlugin",
	"maharajaChess", "makpongPlugin", "makrukPromotion", "marseillaisChess", "monsterChess", "noCastling", "progressiveChess",
	"racingKingsPlugin", "rifleChess", "threeCheck", "toroidalChess", "torpedoChess"}

func TestEveryPluginLoads(t *testing.T) {
	var keys []string
	for _, p := range variants.Plugins() {
		keys = append(keys, p.Key)
		if p.Err != nil {
			t.Errorf("%s: %v", p.Key, p.Err)
		}
	}
	if !slices.Equal(keys, ours) {
		t.Errorf("registered plugins %v, want %v", keys, ours)
	}
}

func TestEveryPluginPlays(t *testing.T) {
	for _, p := range variants.Plugins() {
		t.Run(p.Key, func(t *testing.T) {
			res := resolve(t, p.Key)
			g, err := res.NewGame("")
			if err != nil {
				t.Fatal(err)
			}
			pos, err := position.New(res.Ruleset.Variant, g.FEN(), false)
			if err != nil {
				t.Fatal(err)
			}
			n := rules.PerftGame(g, 2)
			if want := rules.Perft(pos, 2); n == 0 || (res.Ruleset.Plain() && n != want) {
				t.Fatalf("perft 2: game %d, position %d", n, want)
			}
			e := search.NewEngine(1)
			e.Seed(1)
			for ply := 0; ply < 16; ply++ {
				if _, over := g.Result(); over {
					break
				}
				legal := g.LegalMoves()
				r := e.Search(context.Background(), g, search.Limits{Depth: 2, Nodes: 2000}, nil)
				if !slices.Contains(legal, r.Move) {
					t.Fatalf("ply %d: the AI played %q, not a legal move of %s", ply, r.MoveText, g.FEN())
				}
				g.Do(r.Move)
			}
		})
	}
}

// TestFlagPluginsStayPlain: a plugin without hooks compiles to no hooks
// (the base rules' fast path).
func TestFlagPluginsStayPlain(t *testing.T) {
	for _, k := range []string{"noCastling", "torpedoChess", "cylinderChess", "capablancaChess"} {
		if !resolve(t, k).Ruleset.Plain() {
			t.Errorf("%s is not plain", k)
		}
	}
}
