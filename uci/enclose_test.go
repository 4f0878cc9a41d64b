package uci

import (
	"strings"
	"testing"
)

// TestUCIAtaxxAndFlipello: the flipping games through UCI. go depth 4
// returns a legal move; a side without another move passes with the
// oracle's text (Fairy-Stockfish c19b5f6: a1a1, the square of its lowest
// piece, as go perft 1 lists it), and the position goes on after it;
// a pass while other moves are legal is refused as Fairy-Stockfish
// refuses it (the moves stop there); the board drawing of ataxx shows no
// pocket (free drops), as Fairy-Stockfish's d.
func TestUCIAtaxxAndFlipello(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct{ variant, pos, want string }{
		{"ataxx", "position startpos", ""},
		{"ataxx", "position startpos moves P@f2 g7e5", ""},
		{"flipello", "position startpos moves P@f5 P@f6", ""},
		{"ataxx", "position fen 7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1", "a1a1"},
	} {
		s.send("setoption name UCI_Variant value "+c.variant, c.pos)
		s.out.take()
		out := s.send("go depth 4")
		mv := bestmove(t, out)
		checkLegal(t, s, c.variant+" "+c.pos, mv)
		if c.want != "" && mv != c.want {
			t.Errorf("%s %s: bestmove %s, want %s", c.variant, c.pos, mv, c.want)
		}
	}
	if out := s.send("go perft 1"); !strings.Contains(out, "a1a1: 1") || !strings.Contains(out, "Nodes searched: 1") {
		t.Errorf("perft 1 of the pass position:\n%s", out)
	}
	s.send("position fen 7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1 moves a1a1", "d")
	if out := s.send("d"); !strings.Contains(out, "Fen: 7/7/7/7/ppppppp/ppppppp/PPPPPPP b - - 1 1") || strings.Contains(out, "[") {
		t.Errorf("after the pass:\n%s", out)
	}
	s.send("position startpos moves g1g1")
	if out := s.send("d"); !strings.Contains(out, "Fen: P5p/7/7/7/7/7/p5P w - - 0 1") {
		t.Errorf("a pass beside legal moves was played:\n%s", out)
	}
}
