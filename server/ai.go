package server

import (
	"context"
	"errors"
	"math/rand/v2"

	"houserules/position"
	"houserules/rules"
)

// Mover picks the AI's move. The server hands it a private copy of the
// game (it may Do and Undo freely) and runs it in its own goroutine, so a
// slow search never blocks another room; ctx is cancelled when the move
// is no longer wanted (takeback, resignation, shutdown) or the time is up.
// The level is the one chosen at game creation, on the CLI's scale 0
// (weakest) … 20 (strongest): search.MinLevel … search.MaxLevel.
//
// Plug the real searcher (package search) in with Config.Mover.
type Mover interface {
	BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error)
}

// RandomMover plays a uniformly random legal move: the stand-in until the
// searcher lands.
type RandomMover struct{}

// BestMove returns a random legal move of g.
func (RandomMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	if err := ctx.Err(); err != nil {
		return position.NoMove, err
	}
	moves := g.LegalMoves()
	if len(moves) == 0 {
		return position.NoMove, errors.New("no legal move")
	}
	return moves[rand.IntN(len(moves))], nil
}

// copyGame replays the game on a fresh rules.Game for the AI.
func (r *room) copyGame() (*rules.Game, error) {
	g, err := storedGame(r.rs, r.rec)
	if err != nil {
		return nil, err
	}
	for _, pm := range r.moves {
		g.Do(pm.move)
	}
	return g, nil
}
