package plugins

import (
	"strings"
	"testing"

	"houserules/rules"
)

// play plays the moves (UCI, space separated) from fen in the plugin's
// game and returns the game.
func play(t *testing.T, key, fen, moves string) *rules.Game {
	t.Helper()
	g, err := resolve(t, key).NewGame(fen)
	if err != nil {
		t.Fatalf("%s: fen %q: %v", key, fen, err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %s after %q: %v (legal: %v)", key, s, g.FEN(), err, g.UCIList(g.LegalMoves()))
		}
		g.Do(m)
	}
	return g
}

// board is the board field of the game's FEN.
func board(g *rules.Game) string { return strings.Fields(g.FEN())[0] }
