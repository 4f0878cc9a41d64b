package search

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"houserules/position"
	_ "houserules/presets"
	"houserules/rules"
	"houserules/variants"
)

// RandomRuleset picks a catalogue variant and a random set of presets that
// compile with it (a preset that does not fit is dropped).
func randomRuleset(r *rand.Rand, names []string) (*rules.Ruleset, string, []string) {
	for {
		name := names[r.Intn(len(names))]
		v, err := variants.Get(name)
		if err != nil {
			continue
		}
		var picked []rules.Spec
		for _, p := range rules.Presets() {
			if r.Intn(3) == 0 {
				picked = append(picked, rules.Spec{ID: p.Info().ID})
			}
		}
		r.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
		for len(picked) >= 0 {
			rs, err := rules.Compile(v, picked)
			if err == nil {
				// a start position must exist under the presets
				if _, err := rules.NewGame(rs, "", false); err == nil {
					ids := make([]string, len(picked))
					for i, s := range picked {
						ids[i] = s.ID
					}
					return rs, name, ids
				}
			}
			if len(picked) == 0 {
				break
			}
			picked = picked[:len(picked)-1]
		}
	}
}

type selfPlayOutcome struct {
	result   rules.Result
	plies    int
	finished bool
}

// selfPlay plays one game at a tiny search budget and checks every move
// against the legal move list.
func selfPlay(t *testing.T, r *rand.Rand, rs *rules.Ruleset, maxPlies int) (out selfPlayOutcome, err error) {
	g, err := rules.NewGame(rs, "", false)
	if err != nil {
		return out, err
	}
	var played []string
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic %v after moves %s\n%s", p, strings.Join(played, " "), debug.Stack())
		}
	}()
	engines := [2]*Engine{NewEngine(1), NewEngine(1)}
	for i, e := range engines {
		e.Skill = r.Intn(21)
		e.Seed(int64(i) + r.Int63())
	}
	// opening randomisation
	for i := 0; i < r.Intn(4); i++ {
		ms := g.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[r.Intn(len(ms))]
		played = append(played, g.Pos.UCI(m))
		g.Do(m)
	}
	for ply := 0; ply < maxPlies; ply++ {
		if res, over := g.Result(); over {
			return selfPlayOutcome{res, len(played), true}, nil
		}
		legal := g.LegalMoves()
		e := engines[g.Pos.SideToMove()]
		before := g.FEN()
		res := e.Search(context.Background(), g, Limits{Nodes: 100 + uint64(r.Intn(200)), Depth: 1 + r.Intn(2)}, nil)
		if g.FEN() != before {
			return out, fmt.Errorf("search changed the position %s → %s", before, g.FEN())
		}
		if res.Move == position.NoMove {
			return out, fmt.Errorf("no move in %s though the game is not over (%d legal)", before, len(legal))
		}
		ok := false
		for _, m := range legal {
			if m == res.Move {
				ok = true
			}
		}
		if !ok {
			return out, fmt.Errorf("illegal move %s in %s", res.MoveText, before)
		}
		played = append(played, res.MoveText)
		g.Do(res.Move)
	}
	return selfPlayOutcome{plies: len(played)}, nil
}

// selfPlayVariants are the catalogue variants the robustness run draws from.
func selfPlayVariants() []string {
	return variants.Names()
}

// TestSelfPlayRobustness plays games at a tiny budget over random rulesets
// (random catalogue variant + random compatible presets): no illegal move,
// no panic, and every finished game has a result the rules define. 50 games
// by default (3 under -race); HOUSERULES_SELFPLAY_GAMES=500 for the full run.
func TestSelfPlayRobustness(t *testing.T) {
	games := 50
	if raceEnabled {
		games = 3 // single-goroutine: the race detector finds nothing here
	}
	if s := os.Getenv("HOUSERULES_SELFPLAY_GAMES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("HOUSERULES_SELFPLAY_GAMES=%q", s)
		}
		games = n
	}
	maxPlies := 1000
	seed := time.Now().UnixNano()
	if s := os.Getenv("HOUSERULES_SELFPLAY_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Logf("seed %d (HOUSERULES_SELFPLAY_SEED to replay)", seed)
	r := rand.New(rand.NewSource(seed))
	names := selfPlayVariants()
	reasons := map[string]int{}
	unfinished := 0
	var unfinishedNames []string
	start := time.Now()
	for i := 0; i < games; i++ {
		rs, name, presets := randomRuleset(r, names)
		out, err := selfPlay(t, r, rs, maxPlies)
		if err != nil {
			t.Fatalf("game %d, %s presets %v: %v", i+1, name, presets, err)
		}
		if !out.finished {
			unfinished++
			unfinishedNames = append(unfinishedNames, fmt.Sprintf("%s%v", name, presets))
			continue
		}
		switch out.result.Score {
		case "1-0", "0-1", "1/2-1/2":
		default:
			t.Fatalf("game %d, %s presets %v: result %q", i+1, name, presets, out.result.Score)
		}
		if out.result.Reason == "" {
			t.Fatalf("game %d, %s presets %v: result without a reason", i+1, name, presets)
		}
		reasons[out.result.Reason]++
	}
	t.Logf("%d games in %v: results %v; %d stopped at the %d-ply cap %v", games, time.Since(start).Round(time.Millisecond), reasons, unfinished, maxPlies, unfinishedNames)
}
