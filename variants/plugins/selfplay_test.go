package plugins

import (
	"testing"

	"houserules/arena"
	"houserules/variants"
)

// TestPluginSelfPlay: the AI plays 20 games of every plugin against itself
// (2 with -short, 1 of at most 40 plies with -race) through the match
// runner (`houserules match`), 300 nodes a move after a 4-ply random
// opening. The runner checks every move the
// AI picks against the ruleset's legal moves (an illegal one loses as a
// "rules infraction"); a game still going after 200 plies is adjudicated
// a draw, as cutechess's maxmoves does. Every game must end with a result:
// by the game's own rules, or by that adjudication — never by an illegal
// or missing move.
func TestPluginSelfPlay(t *testing.T) {
	games, maxPlies := 20, 200
	if testing.Short() {
		games, maxPlies = 2, 120
	}
	if raceEnabled {
		// the arena's concurrency is raced by its own tests; one short game
		// a plugin keeps the runner's goroutines raced here too
		games, maxPlies = 1, 40
	}
	for _, p := range variants.Plugins() {
		t.Run(p.Key, func(t *testing.T) {
			t.Parallel()
			res := resolve(t, p.Key)
			cfg := arena.MatchConfig{Variant: p.Key, Ruleset: res.Ruleset, Games: games, Nodes: 300,
				OpeningPlies: 4, MaxPlies: maxPlies, Seed: 41}
			mr, err := arena.RunMatch(arena.NewBuiltin(20), arena.NewBuiltin(20), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(mr.Games) != games {
				t.Fatalf("%d games played, want %d", len(mr.Games), games)
			}
			byRules := 0
			for i, g := range mr.Games {
				switch g.Result {
				case "1-0", "0-1", "1/2-1/2":
				default:
					t.Fatalf("game %d: result %q (%s)", i+1, g.Result, g.Reason)
				}
				switch g.Termination {
				case "normal":
					byRules++
				case "adjudication":
				default:
					t.Fatalf("game %d: %s, %s after %d plies: %v", i+1, g.Termination, g.Reason, len(g.Moves), g.Moves)
				}
			}
			t.Logf("%d games: %d ended by the rules, %d adjudicated a draw at %d plies (+%d −%d =%d)",
				games, byRules, games-byRules, maxPlies, mr.Wins, mr.Losses, mr.Draws)
		})
	}
}
