package arena

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// Player is one side of a match: the built-in AI at a skill level, or an
// external UCI engine.
type Player interface {
	Name() string
	// NewGame prepares a game of the match's ruleset.
	NewGame(m *MatchConfig) error
	// Move returns the UCI text of the move to play in g (reached from
	// the start FEN by moves) under the clock, and what the engine
	// reported about it.
	Move(g *rules.Game, startFEN string, moves []string, c Clock) (string, Thought, error)
	Close() error
}

// Thought is what an engine reported about the move it played: its last
// score (centipawns from the mover's side, or mate in Mate moves: > 0 the
// mover mates, < 0 it is mated) and the depth of that search. Known is
// false when the engine sent no score.
type Thought struct {
	Known bool
	Score int
	Mate  int
	Depth int
}

// comment is the PGN move comment in the form cutechess writes: the score
// in pawns from the mover's side (or +M3/-M3 for a mate), "/" the depth,
// and the time taken, e.g. "+0.35/9 0.101s"; only the time when the
// engine sent no score.
func (t Thought) comment(used time.Duration) string {
	secs := fmt.Sprintf("%.3fs", used.Seconds())
	if !t.Known {
		return secs
	}
	var sc string
	switch {
	case t.Mate > 0:
		sc = fmt.Sprintf("+M%d", t.Mate)
	case t.Mate < 0:
		sc = fmt.Sprintf("-M%d", -t.Mate)
	default:
		sc = fmt.Sprintf("%+.2f", float64(t.Score)/100)
	}
	return fmt.Sprintf("%s/%d %s", sc, t.Depth, secs)
}

// parseThought reads the score and depth of a UCI info line into t;
// lines without a score (currmove, strings) leave t as it was, and so do
// the lines of a second or later MultiPV line.
func parseThought(line string, t *Thought) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return
	}
	var next Thought
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "multipv":
			if f[i+1] != "1" {
				return
			}
		case "string":
			return
		case "depth":
			next.Depth, _ = strconv.Atoi(f[i+1])
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err != nil {
					return
				}
				switch f[i+1] {
				case "cp":
					next.Known, next.Score = true, v
				case "mate":
					next.Known, next.Mate = true, v
					if v == 0 {
						next.Mate = -1 // mated (Stockfish's "mate 0")
					}
				}
			}
		}
	}
	if next.Known {
		*t = next
	}
}

// Clock is the time left and increments (all zero with a fixed move time).
type Clock struct {
	WTime, BTime, WInc, BInc time.Duration
	MoveTime                 time.Duration
	// Nodes limits each move to this many nodes instead of a time (UCI
	// `go nodes N`); 0 = no limit.
	Nodes int64
	// Depth limits each move to this many plies instead of a time (UCI
	// `go depth N`); 0 = no limit.
	Depth int
}

// BuiltinPlayer is the houserules AI at a skill level.
type BuiltinPlayer struct {
	Level int
	Depth int // optional depth limit
	eng   *search.Engine
	games int64 // games begun, for the seed of the weak levels' choices
}

// NewBuiltin returns the built-in AI at a level 0..20.
func NewBuiltin(level int) *BuiltinPlayer {
	e := search.NewEngine(16)
	e.SetLevel(level)
	return &BuiltinPlayer{Level: e.Skill, eng: e}
}

// Name implements Player.
func (b *BuiltinPlayer) Name() string { return fmt.Sprintf("houserules level %d", b.Level) }

// NewGame implements Player.
// The weak levels' random choices follow the match's seed (and the game's
// number), so a match with --seed and --nodes replays move for move.
func (b *BuiltinPlayer) NewGame(m *MatchConfig) error {
	b.eng.NewGame()
	if m.Seed != 0 {
		b.eng.Seed(m.Seed*1000003 + b.games)
	}
	b.games++
	return nil
}

// Move implements Player.
func (b *BuiltinPlayer) Move(g *rules.Game, _ string, _ []string, c Clock) (string, Thought, error) {
	lim := search.Limits{WTime: c.WTime, BTime: c.BTime, WInc: c.WInc, BInc: c.BInc, MoveTime: c.MoveTime, Depth: b.Depth, Nodes: uint64(c.Nodes)}
	if c.Depth > 0 && (lim.Depth <= 0 || c.Depth < lim.Depth) {
		lim.Depth = c.Depth
	}
	res := b.eng.Search(context.Background(), g, lim, nil)
	if res.Move == position.NoMove {
		return "", Thought{}, errors.New("no move")
	}
	t := Thought{Known: true, Score: res.Score, Depth: res.Depth}
	if n, ok := search.MateIn(res.Score); ok {
		t.Mate = n
		if n == 0 {
			t.Mate = -1 // mated (as "mate 0")
		}
	}
	return res.MoveText, t, nil
}

// Close implements Player.
func (b *BuiltinPlayer) Close() error { return nil }
