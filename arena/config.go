package arena

import (
	"io"
	"time"

	"houserules/rules"
)

// MatchConfig describes a match.
type MatchConfig struct {
	Variant     string // UCI_Variant name
	VariantPath string // variants.ini for both engines ("" = none)
	Ruleset     *rules.Ruleset
	HouseRules  string // the --presets text ("" = none)
	FEN         string // start position ("" = the variant's; for a shuffle variant a shuffled back rank per pair of games)
	Chess960    bool

	Games        int
	MoveTime     time.Duration // fixed time per move, or
	Nodes        int64         // a node budget per move (go nodes N; no clock), or
	Depth        int           // a depth per move in plies (go depth N; no clock), or
	Base, Inc    time.Duration // a clock: base time and increment
	OpeningPlies int           // random opening plies, the same for both colours of a pair
	MaxPlies     int           // adjudicated a draw after this many plies (0 = 600)
	Seed         int64

	PGN io.Writer // games in PGN ("" = none)
	// OnGame is called after each game (progress).
	OnGame func(done int, r MatchResult)
}

// GameRecord is one played game.
type GameRecord struct {
	White, Black string
	Result       string // 1-0, 0-1, 1/2-1/2
	Reason       string
	Termination  string // normal, rules infraction, time forfeit, adjudication
	Moves        []string
	SAN          []string
	// Comments are the PGN comments of the plies ("book" for the random
	// opening; score/depth and time for the engines' moves)
	Comments []string
	Opening  int // plies of random opening
}

// perMove reports whether each move has a limit of its own (a move time, a
// node budget or a depth) rather than a clock that runs down.
func (cfg *MatchConfig) perMove() bool {
	return cfg.MoveTime > 0 || cfg.Nodes > 0 || cfg.Depth > 0
}
