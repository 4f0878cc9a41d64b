package server

import (
	"context"
	"errors"
	"runtime"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// SearchMover is the AI of package search behind the Mover interface: a
// pool of engines (one search per engine at a time), levels 1..8 mapped to
// the engine's skill, a depth cap and a time budget per move.
type SearchMover struct {
	pool chan *search.Engine
}

// NewSearchMover returns a mover with n engines of hashMB megabytes each
// (n <= 0: GOMAXPROCS engines).
func NewSearchMover(n, hashMB int) *SearchMover {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	m := &SearchMover{pool: make(chan *search.Engine, n)}
	for i := 0; i < n; i++ {
		m.pool <- search.NewEngine(hashMB)
	}
	return m
}

// levelLimits: skill 0..20, depth cap (0 = none) and time per move.
var levelLimits = [9]struct {
	skill, depth int
	time         time.Duration
}{
	{}, {0, 1, 100 * time.Millisecond}, {3, 2, 150 * time.Millisecond}, {6, 3, 250 * time.Millisecond},
	{9, 4, 400 * time.Millisecond}, {12, 5, 600 * time.Millisecond}, {15, 7, 900 * time.Millisecond},
	{18, 0, 1300 * time.Millisecond}, {20, 0, 2000 * time.Millisecond},
}

// BestMove searches g at the level's strength. It waits for a free engine
// (or ctx), and falls back to a random legal move when the search finds
// none (so the AI always answers while the game goes on).
func (m *SearchMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	level = min(max(level, 1), 8)
	var e *search.Engine
	select {
	case e = <-m.pool:
	case <-ctx.Done():
		return position.NoMove, ctx.Err()
	}
	defer func() { m.pool <- e }()
	lim := levelLimits[level]
	e.Skill = lim.skill
	res := e.Search(ctx, g, search.Limits{Depth: lim.depth, MoveTime: lim.time}, nil)
	if err := ctx.Err(); err != nil && res.Move == position.NoMove {
		return position.NoMove, err
	}
	if res.Move == position.NoMove {
		if len(g.LegalMoves()) == 0 {
			return position.NoMove, errors.New("no legal move")
		}
		return RandomMover{}.BestMove(ctx, g, level)
	}
	return res.Move, nil
}
