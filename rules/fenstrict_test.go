package rules_test

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestFENCastlingAndEP (issue 45): how the FEN's castling and en-passant
// fields are read. Where Fairy-Stockfish drops a right or a square
// silently, position.New drops it too, and the FEN written and perft(1)
// are Fairy-Stockfish's: the fsf column is the `Fen:` line of `d` and
// `Nodes searched` of `go perft 1` after `position fen <in>` from
// /tmp/fsf-c19b5f6 (Fairy-Stockfish c19b5f6, UCI_Variant chess).
func TestFENCastlingAndEP(t *testing.T) {
	v := position.NewVariant()
	for _, c := range []struct {
		in, fsf string
		perft   uint64
	}{
		// Q with no rook on the queenside (FSF's scan finds h1, a right
		// already held): dropped
		{"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", 15},
		// Shredder letter naming an absent rook (b1 is empty): dropped
		{"4k3/8/8/8/8/8/8/R3K2R w B - 0 1", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", 24},
		// Shredder letters of the corner rooks are KQ
		{"4k3/8/8/8/8/8/8/R3K2R w AH - 0 1", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 26},
		// the king off its rank (e2): both rights dropped
		{"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", 34},
		{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", "r3k3/8/8/8/8/8/8/4K3 w q - 0 1", 5},
		// e3 with no black pawn to take on it: dropped
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 20},
		// e3 that d4 can take: kept
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 30},
		// (e4 for Black, no en-passant square: a double step passes the
		// third rank: refused, TestFENEnPassantRefused)
	} {
		for _, fsf := range []bool{false, true} {
			newPos := position.New
			if fsf {
				newPos = position.NewFSF
			}
			p, err := newPos(v, c.in, false)
			if err != nil {
				t.Errorf("%s (fsf %v): %v", c.in, fsf, err)
				continue
			}
			if got := p.FEN(); got != c.fsf {
				t.Errorf("%s (fsf %v): FEN %s, Fairy-Stockfish writes %s", c.in, fsf, got, c.fsf)
			}
			if got := rules.Perft(p, 1); got != c.perft {
				t.Errorf("%s (fsf %v): perft(1) %d, Fairy-Stockfish %d", c.in, fsf, got, c.perft)
			}
		}
	}
}

// TestFENCastlingRefused (issue 45): rights Fairy-Stockfish reads into
// castling moves no chess rules give are refused by position.New (the
// server, the CLI), with the field named; position.NewFSF (the UCI and
// XBoard front ends) reads them as Fairy-Stockfish does, with its FEN and
// perft(1) (source as in TestFENCastlingAndEP: FSF castles d1c1 and d1g1
// from d1).
func TestFENCastlingRefused(t *testing.T) {
	v := position.NewVariant()
	capa, err := variants.Get("capablanca")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v        *position.Variant
		in, want string
		fsf      string // "" when not checked against Fairy-Stockfish
		perft    uint64
	}{
		{v, "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1",
			`fen "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1": castling: 'K' but the white king is on d1, not e1: a king off its square has no castling right (a Chess960 position needs Chess960 mode)`,
			"4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", 26},
		// capablanca's king starts on f1: on e1 it has no right
		{capa, "r4k3r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
			`fen "r4k3r/10/10/10/10/10/10/R3K4R w KQkq - 0 1": castling: 'K' but the white king is on e1, not f1: a king off its square has no castling right (a Chess960 position needs Chess960 mode)`,
			"", 0},
	} {
		_, err := position.New(c.v, c.in, false)
		if err == nil || err.Error() != c.want {
			t.Errorf("New(%s): %v\n want %s", c.in, err, c.want)
		}
		if c.fsf == "" {
			continue
		}
		p, err := position.NewFSF(c.v, c.in, false)
		if err != nil {
			t.Errorf("NewFSF(%s): %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.fsf {
			t.Errorf("NewFSF(%s): FEN %s, Fairy-Stockfish writes %s", c.in, got, c.fsf)
		}
		if got := rules.Perft(p, 1); got != c.perft {
			t.Errorf("NewFSF(%s): perft(1) %d, Fairy-Stockfish %d", c.in, got, c.perft)
		}
	}
	// in Chess960 mode the king on d1 castles with both rooks, as
	// Fairy-Stockfish with UCI_Chess960 (perft 1: 26)
	p, err := position.New(v, "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", true)
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.Perft(p, 1); got != 26 {
		t.Errorf("Chess960 R2K3R w KQ: perft(1) %d, want 26", got)
	}
	// the king on its square with the capablanca start's rights: accepted
	if _, err := position.New(capa, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", false); err != nil {
		t.Errorf("capablanca, kings on f1/f8: %v", err)
	}
}

// TestFENCastlingWrongSide (issue 45): K (Q) with no rook on that side of
// the king. Fairy-Stockfish takes the outermost rook on the other side and
// makes it the other right (R3K3 w K is its R3K3 w Q, and e1c1 is played:
// perft(1) 16; 4k2r … w q is its … w k, 5 moves, source as in
// TestFENCastlingAndEP): NewFSF does the same; New drops the letter, as a
// letter naming no rook (perft(1) 15: no castling).
func TestFENCastlingWrongSide(t *testing.T) {
	v := position.NewVariant()
	for _, c := range []struct {
		in, strict, fsf       string
		strictPerft, fsfPerft uint64
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 15, 16},
		{"4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "4k2r/8/8/8/8/8/8/4K3 w - - 0 1", "4k2r/8/8/8/8/8/8/4K3 w k - 0 1", 5, 5},
	} {
		p, err := position.New(v, c.in, false)
		if err != nil {
			t.Fatal(err)
		}
		if got, n := p.FEN(), rules.Perft(p, 1); got != c.strict || n != c.strictPerft {
			t.Errorf("New(%s): %s perft(1) %d, want %s %d", c.in, got, n, c.strict, c.strictPerft)
		}
		p, err = position.NewFSF(v, c.in, false)
		if err != nil {
			t.Fatal(err)
		}
		if got, n := p.FEN(), rules.Perft(p, 1); got != c.fsf || n != c.fsfPerft {
			t.Errorf("NewFSF(%s): %s perft(1) %d, Fairy-Stockfish %s %d", c.in, got, n, c.fsf, c.fsfPerft)
		}
	}
}
