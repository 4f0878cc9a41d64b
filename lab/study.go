package lab

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"time"

	"houserules/arena"
	"houserules/rules"
	"houserules/variants"
)

// NoRules is how a ruleset list names the variant without house rules.
const NoRules = "-"

// Study is a balance study: self-play games of the built-in AI against
// itself for each ruleset, in pairs that share a random opening with the
// colours swapped.
type Study struct {
	ID      int64  `json:"id"`
	Variant string `json:"variant"`
	// Rulesets are house-rule lists in the --presets syntax
	// (rules.ParseSpecs), NoRules for none.
	Rulesets []string `json:"rulesets"`
	// Games is the number of games per ruleset (even: pairs of games).
	Games int `json:"games"`
	// Level is the AI's skill level 0..20 (search.SetLevel) for both sides.
	Level int `json:"level"`
	// Nodes is the node budget per move (0: MoveTime instead).
	Nodes int64 `json:"nodes"`
	// MoveTime is the time per move when Nodes is 0, in milliseconds.
	MoveTime int `json:"movetime_ms"`
	// Openings is the number of random opening plies of each pair.
	Openings int `json:"openings"`
	// MaxPlies adjudicates a game a draw after this many plies.
	MaxPlies int `json:"max_plies"`
	// Seed seeds every pair's opening and the AI's choices (pairSeed).
	Seed      int64     `json:"seed"`
	State     string    `json:"state"` // "running", "cancelled"
	CreatedAt time.Time `json:"created_at"`
}

// Pairs is the number of jobs (pairs of games) per ruleset.
func (s *Study) Pairs() int { return s.Games / 2 }

// Total is the number of games the study asks for.
func (s *Study) Total() int { return s.Games * len(s.Rulesets) }

// ParseRulesets splits a ruleset list: rulesets separated by ";", each a
// --presets list (rules.ParseSpecs) or NoRules ("-", also an empty item)
// for the plain variant, e.g. "piece-hp;piece-hp,king-heals;wrap-board;-".
// Errors name the item; a ruleset given twice is an error.
func ParseRulesets(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("no ruleset: give e.g. \"piece-hp;wrap-board;-\" (\"-\" = no house rules)")
	}
	var out []string
	seen := map[string]int{}
	for i, item := range strings.Split(s, ";") {
		item = strings.TrimSpace(item)
		if item == "" || item == NoRules {
			item = NoRules
		} else {
			specs, err := rules.ParseSpecs(item)
			if err != nil {
				return nil, fmt.Errorf("ruleset %d (%q): %v", i+1, item, err)
			}
			parts := make([]string, len(specs))
			for j, sp := range specs {
				parts[j] = sp.String()
			}
			item = strings.Join(parts, ",")
		}
		if j, dup := seen[item]; dup {
			return nil, fmt.Errorf("ruleset %d (%q) is ruleset %d again", i+1, item, j+1)
		}
		seen[item] = i
		out = append(out, item)
	}
	return out, nil
}

// Check reports what is wrong with the study's settings, or nil: every
// ruleset must compile for the variant (variants.Resolve's errors).
func (s *Study) Check() error {
	switch {
	case s.Games < 2 || s.Games%2 != 0:
		return fmt.Errorf("games per ruleset must be even and at least 2 (pairs of games, colours swapped), got %d", s.Games)
	case len(s.Rulesets) == 0:
		return errors.New("no ruleset")
	case s.Level < 0 || s.Level > 20:
		return fmt.Errorf("level must be 0..20, got %d", s.Level)
	case s.Nodes < 0:
		return fmt.Errorf("nodes must be positive (0: a time per move), got %d", s.Nodes)
	case s.Nodes == 0 && s.MoveTime < 1:
		return fmt.Errorf("give a node budget or a time per move (ms ≥ 1), got %d ms", s.MoveTime)
	case s.MaxPlies < 1:
		return fmt.Errorf("max plies must be at least 1, got %d", s.MaxPlies)
	case s.Openings < 0 || s.Openings >= s.MaxPlies:
		return fmt.Errorf("openings must be 0..max plies-1 (%d), got %d", s.MaxPlies-1, s.Openings)
	}
	for i := range s.Rulesets {
		if _, err := resolve(s.Variant, s.Rulesets[i]); err != nil {
			return fmt.Errorf("ruleset %d (%q): %v", i+1, s.Rulesets[i], err)
		}
	}
	return nil
}

// Game is one lab game as stored.
type Game struct {
	JobID       int64    `json:"job_id"`
	Index       int      `json:"index"` // 0: the pair's first game, 1: colours swapped
	StudyID     int64    `json:"study_id"`
	Ruleset     int      `json:"ruleset"`
	Pair        int      `json:"pair"`
	Result      string   `json:"result"`
	Reason      string   `json:"reason"`
	Termination string   `json:"termination"`
	Plies       int      `json:"plies"`
	Opening     int      `json:"opening"`
	StartFEN    string   `json:"start_fen,omitempty"` // "" = the variant's
	Moves       []string `json:"moves"`
	Worker      string   `json:"worker"`
}

// Outcome is the game as the statistics see it: the reason is the rules'
// (checkmate, king destroyed …) for a game that ended by the rules, else
// the arena's termination (adjudication, rules infraction).
func (g *Game) Outcome() Outcome {
	r := g.Reason
	if g.Termination != "normal" {
		r = g.Termination
	}
	return Outcome{Result: g.Result, Reason: r, Plies: g.Plies}
}

var (
	resolvedMu sync.Mutex
	resolved   = map[[2]string]*variants.Resolved{}
)

// resolve compiles variant + ruleset, once per process.
func resolve(variant, ruleset string) (*variants.Resolved, error) {
	resolvedMu.Lock()
	defer resolvedMu.Unlock()
	k := [2]string{variant, ruleset}
	if r := resolved[k]; r != nil {
		return r, nil
	}
	presets := ruleset
	if presets == NoRules {
		presets = ""
	}
	r, err := variants.Resolve(variants.Request{Variant: variant, Presets: presets})
	if err != nil {
		return nil, err
	}
	resolved[k] = r
	return r, nil
}

// pairSeed is the seed of a pair of games: a function of the study's seed,
// the ruleset and the pair only, so a retried job replays the same
// openings (and, under a node budget, the same games). Never 0 (arena
// reads 0 as "from the clock").
func pairSeed(seed int64, ruleset, pair int) int64 {
	x := uint64(seed)*0x9E3779B97F4A7C15 + uint64(ruleset)<<32 + uint64(pair) + 1
	// splitmix64's finaliser
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	if x == 0 || int64(x) == 0 {
		return 1
	}
	return int64(x >> 1)
}

// PlayPair plays pair p of ruleset r of the study through arena.RunMatch
// (two games, the same random opening, colours swapped; the built-in AI at
// the study's level on both sides) and returns the two games, not yet
// keyed by a job.
func PlayPair(s *Study, r, p int) ([2]Game, error) {
	var out [2]Game
	if r < 0 || r >= len(s.Rulesets) || p < 0 || p >= s.Pairs() {
		return out, fmt.Errorf("lab: no pair %d of ruleset %d in study %d", p, r, s.ID)
	}
	res, err := resolve(s.Variant, s.Rulesets[r])
	if err != nil {
		return out, err
	}
	presets := s.Rulesets[r]
	if presets == NoRules {
		presets = ""
	}
	cfg := arena.MatchConfig{Variant: res.Name, Ruleset: res.Ruleset, HouseRules: presets, Chess960: res.Chess960,
		Games: 2, OpeningPlies: s.Openings, MaxPlies: s.MaxPlies, Seed: pairSeed(s.Seed, r, p)}
	if s.Nodes > 0 {
		cfg.Nodes = s.Nodes
	} else {
		cfg.MoveTime = time.Duration(s.MoveTime) * time.Millisecond
	}
	// RunMatch draws the pair's start position first from a generator
	// seeded with cfg.Seed (a shuffled back rank, a preset's random set-up;
	// "" = the variant's): the same draw gives the FEN to store
	start := res.Ruleset.StartFEN("", res.Chess960, rand.New(rand.NewSource(cfg.Seed)))
	a, b := arena.NewBuiltin(s.Level), arena.NewBuiltin(s.Level)
	m, err := arena.RunMatch(a, b, cfg)
	if err != nil {
		return out, fmt.Errorf("lab: study %d ruleset %q pair %d: %v", s.ID, s.Rulesets[r], p, err)
	}
	if len(m.Games) != 2 {
		return out, fmt.Errorf("lab: study %d ruleset %q pair %d: %d games played, want 2", s.ID, s.Rulesets[r], p, len(m.Games))
	}
	for i, rec := range m.Games {
		out[i] = Game{Index: i, StudyID: s.ID, Ruleset: r, Pair: p, Result: rec.Result, Reason: rec.Reason,
			Termination: rec.Termination, Plies: len(rec.Moves), Opening: rec.Opening, StartFEN: start, Moves: rec.Moves}
	}
	return out, nil
}

// Replay is a lab game replayed under its ruleset: the variant's name
// and presets as resolved, the start FEN, and per ply the move's UCI and
// SAN text and the FEN after it (what the play server stores of a game).
type Replay struct {
	Variant, Presets, StartFEN string
	Chess960                   bool
	UCI, SAN, FENAfter         []string
}

// ReplayGame replays g of study s. A shuffle variant's games start from
// a shuffled back rank that is not stored: they do not replay (an error).
func ReplayGame(s *Study, g *Game) (*Replay, error) {
	if g.Ruleset < 0 || g.Ruleset >= len(s.Rulesets) {
		return nil, fmt.Errorf("lab: game %d/%d: no ruleset %d in study %d", g.JobID, g.Index, g.Ruleset, s.ID)
	}
	res, err := resolve(s.Variant, s.Rulesets[g.Ruleset])
	if err != nil {
		return nil, err
	}
	rg, err := rules.NewGame(res.Ruleset, g.StartFEN, res.Chess960)
	if err != nil {
		return nil, err
	}
	r := &Replay{Variant: res.Name, StartFEN: rg.FEN(), Chess960: res.Chess960}
	if s.Rulesets[g.Ruleset] != NoRules {
		r.Presets = s.Rulesets[g.Ruleset]
	}
	for i, mv := range g.Moves {
		m, err := rg.ParseMove(mv)
		if err != nil {
			return nil, fmt.Errorf("lab: game %d/%d ply %d (%s) does not replay: %v", g.JobID, g.Index, i+1, mv, err)
		}
		r.UCI = append(r.UCI, rg.Pos.UCI(m))
		r.SAN = append(r.SAN, rg.SAN(m))
		rg.Do(m)
		r.FENAfter = append(r.FENAfter, rg.FEN())
	}
	return r, nil
}
