package server

import (
	"context"
	"errors"
	"runtime"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// SearchMover is the AI of package search behind the Mover interface: a
// pool of engines (one search per engine at a time), levels 0..20 of the CLI's
// scale (search.SetLevel, search.LevelLimits: the skill, a depth cap and a
// time budget per move).
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

// BestMove searches g at the level's strength. It waits for a free engine
// (or ctx), and falls back to a random legal move when the search finds
// none (so the AI always answers while the game goes on).
func (m *SearchMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	level = search.ClampLevel(level)
	var e *search.Engine
	select {
	case e = <-m.pool:
	case <-ctx.Done():
		return position.NoMove, ctx.Err()
	}
	defer func() { m.pool <- e }()
	depth, moveTime := search.LevelLimits(level)
	e.SetLevel(level)
	res := e.Search(ctx, g, search.Limits{Depth: depth, MoveTime: moveTime}, nil)
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
