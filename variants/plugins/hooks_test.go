package plugins

import (
	"strings"
	"testing"

	"houserules/rules"
	"houserules/variants"
)

// play plays the moves (UCI, space separated) from fen in the plugin's
// game and returns the game.
func play(t *testing.T, key, fen, moves string) *rules.Game {
	t.Helper()
	g, err := resolve(t, key).NewGame(fen)
	if err != nil {
		t.Fatalf("%s: fen %q: %v", key, fen, err)
	}
	playMoves(t, key, g, moves)
	return g
}

// playMoves plays the moves (UCI, space separated) in g; name labels a
// failure.
func playMoves(t *testing.T, name string, g *rules.Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %s after %q: %v (legal: %v)", name, s, g.FEN(), err, g.UCIList(g.LegalMoves()))
		}
		g.Do(m)
	}
}

// board is the board field of the game's FEN.
func board(g *rules.Game) string { return strings.Fields(g.FEN())[0] }

// TestKingGoalsUnderLastPieceStanding: last-piece-standing makes the king
// an ordinary piece of another type; the plugins' king goals stay with it
// (as the catalogue's kingofthehill and atomic keep them): the hill and the
// race are still won, and atomicChess is accepted and counts as atomic does.
func TestKingGoalsUnderLastPieceStanding(t *testing.T) {
	status := func(key, fen string) string {
		t.Helper()
		res, err := variants.Resolve(variants.Request{Variant: key, Presets: "last-piece-standing"})
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		g, err := res.NewGame(fen)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		r, over := g.Result()
		if !over {
			return "ongoing"
		}
		return r.Score + " " + r.Reason
	}
	if s := status("kingOfTheHillPlugin", "8/8/8/8/3K4/8/8/7k b - - 0 1"); s != "1-0 king of the hill" {
		t.Errorf("king on d4: %s", s)
	}
	if s := status("racingKingsPlugin", "6K1/8/8/8/8/8/8/k7 b - - 0 1"); s != "1-0 king reached the goal" {
		t.Errorf("king on g8: %s", s)
	}
	count := func(key string) uint64 {
		res, err := variants.Resolve(variants.Request{Variant: key, Presets: "last-piece-standing"})
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		g, err := res.NewGame("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
		if err != nil {
			t.Fatal(err)
		}
		return rules.PerftGame(g, 3)
	}
	if a, b := count("atomicChess"), count("atomic"); a != b {
		t.Errorf("atomicChess+last-piece-standing perft 3 = %d, atomic's %d", a, b)
	}
}
