package search

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// aiGameCase is one variant of the AI-vs-AI test: how many games, at what
// node budget per move.
type aiGameCase struct {
	variant string
	games   int
	nodes   uint64
	long    bool // its games last minutes under -race: skipped there (raceEnabled)
}

// aiGameCases is the table of the AI-vs-AI test: issue 43's four variants,
// 20 games each, and four more rule families with a few games each (a
// bare-king rule, counting rules, drops, a flag race).
var aiGameCases = []aiGameCase{
	{variant: "xiangqi", games: 20, nodes: 300},
	{variant: "janggi", games: 20, nodes: 300, long: true},
	{variant: "duck", games: 20, nodes: 300},
	{variant: "ataxx", games: 20, nodes: 300},
	{variant: "shatranj", games: 4, nodes: 300, long: true},
	{variant: "makruk", games: 4, nodes: 300, long: true},
	{variant: "crazyhouse", games: 4, nodes: 300},
	{variant: "racingkings", games: 4, nodes: 300},
}

// aiGamePlyCap is where a game that the rules have not ended fails the
// test: every variant of the table ends by its own rules long before (an
// n-move or counting rule, repetition, a full board).
const aiGamePlyCap = 1500

// aiGame is one finished game: its result and length.
type aiGame struct {
	result rules.Result
	plies  int
}

// playAIGame plays one game between two engines at the node budget from
// the variant's start position after a few random plies (seeded: each game
// its own opening). Every move is checked against the position's legal
// moves and, for a variant without house rules, the position's legality
// test; the game must end by the rules
// (Game.Result) before aiGamePlyCap.
func playAIGame(rs *rules.Ruleset, r *rand.Rand, nodes uint64) (aiGame, error) {
	g, err := rules.NewGame(rs, "", false)
	if err != nil {
		return aiGame{}, err
	}
	engines := [2]*Engine{NewEngine(1), NewEngine(1)}
	var played []string
	trail := func() string {
		if len(played) > 12 {
			return "… " + strings.Join(played[len(played)-12:], " ")
		}
		return strings.Join(played, " ")
	}
	opening := 2 + r.Intn(3)
	for ply := 0; ply < aiGamePlyCap; ply++ {
		if res, over := g.Result(); over {
			if res.Reason == "" || (res.Score != "1-0" && res.Score != "0-1" && res.Score != "1/2-1/2") {
				return aiGame{}, fmt.Errorf("result %q without a rule after %s", res, trail())
			}
			return aiGame{res, len(played)}, nil
		}
		legal := g.LegalMoves()
		if len(legal) == 0 {
			return aiGame{}, fmt.Errorf("no legal move yet no result after %s (%s)", trail(), g.FEN())
		}
		var m position.Move
		if ply < opening {
			m = legal[r.Intn(len(legal))]
		} else {
			fen := g.FEN()
			res := engines[g.Pos.SideToMove()].Search(context.Background(), g, Limits{Nodes: nodes}, nil)
			if g.FEN() != fen {
				return aiGame{}, fmt.Errorf("the search left %s as %s", fen, g.FEN())
			}
			m = res.Move
			found := false
			for _, l := range legal {
				found = found || l == m
			}
			// the position's own legality test too (Game.Legal is the
			// hooked rulesets' test of Candidates)
			if !found || (g.R.Plain() && !g.Pos.Legal(m)) {
				return aiGame{}, fmt.Errorf("illegal move %q in %s after %s", res.MoveText, fen, trail())
			}
		}
		played = append(played, g.Pos.UCI(m))
		g.Do(m)
	}
	return aiGame{}, fmt.Errorf("no result after %d plies: %s (%s)", aiGamePlyCap, trail(), g.FEN())
}

// TestAIvsAI plays the table's games: no illegal move, every game ended by
// a rule of its variant (checkmate, stalemate, repetition, the n-move or
// counting rule, extinction, a flag, material or full-board adjudication —
// whatever the rules' game result says), none cut off by the harness. A
func TestAIvsAI(t *testing.T) {
	for i, c := range aiGameCases {
		t.Run(c.variant, func(t *testing.T) {
			if raceEnabled && c.long {
				t.Skip("single-goroutine and long (a counting rule ends it): run without -race")
			}
			v, err := variants.Get(c.variant)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := rules.Compile(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewSource(int64(4300 + i)))
			reasons := map[string]int{}
			scores := map[string]int{}
			total := 0
			games := c.games
			if raceEnabled {
				games = 1 // single-goroutine: the race detector finds nothing here
			}
			for n := 0; n < games; n++ {
				game, err := playAIGame(rs, r, c.nodes)
				if err != nil {
					t.Fatalf("game %d: %v", n+1, err)
				}
				reasons[game.result.Reason]++
				scores[game.result.Score]++
				total += game.plies
			}
			t.Logf("%d games, %d plies on average: %v; %v", games, total/games, scores, reasons)
		})
	}
}
