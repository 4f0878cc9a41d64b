package server

import (
	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// ending returns how the game ends in g's position (checkmate, stalemate,
// a variant's own rule: rules.Game.Result), or nil while it goes on. The
// one test for a game over by its position: at creation (handleCreate),
// when a room is loaded and, with the legal moves it lists anyway, after
// a move (play: endingAmong).
func ending(g *rules.Game) *store.Ending {
	if res, over := g.Result(); over {
		return &store.Ending{Result: res.Score, Reason: res.Reason}
	}
	return nil
}

// endingAmong is ending with the legal moves of g's position given (the
// game's LegalMoves, which Result would generate): play lists them once
// for the result and for the states of the position (keepLegal).
func endingAmong(g *rules.Game, legal []position.Move) *store.Ending {
	if res, over := g.ResultAmong(legal); over {
		return &store.Ending{Result: res.Score, Reason: res.Reason}
	}
	return nil
}
