package uci

import (
	"strings"
	"testing"
)

// TestUCICastlingAsFSF (issue 45): the UCI front end reads a castling
// field as Fairy-Stockfish does, where position.New (the server) refuses
// or drops: the king on d1 with KQ castles d1c1 and d1g1, and K with the
// only rook on a1 is Q (e1c1). Fairy-Stockfish c19b5f6, `position fen …`,
// `d`, `go perft 1`: the Fen lines and node counts below.
func TestUCICastlingAsFSF(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct {
		fen, d, move string
		nodes        string
	}{
		{"4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", "Fen: 4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", "d1g1: 1", "Nodes searched: 26"},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "Fen: 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1: 1", "Nodes searched: 16"},
	} {
		s.send("position fen " + c.fen)
		if out := s.send("d"); !strings.Contains(out, c.d) {
			t.Errorf("%s: d\n%s\nwant %s", c.fen, out, c.d)
		}
		if out := s.send("go perft 1"); !strings.Contains(out, c.move) || !strings.Contains(out, c.nodes) {
			t.Errorf("%s: perft 1\n%s\nwant %s and %s", c.fen, out, c.move, c.nodes)
		}
	}
}
