package position_test

import (
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

func wallPos(t *testing.T, variant, fen string) *position.Position {
	t.Helper()
	v, err := variants.Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := position.New(v, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Wall squares in any variant's FEN block riders, leapers, pawns and
// castling as Fairy-Stockfish's walls do (perft counts of the current
// Fairy-Stockfish, c19b5f6).
func TestWallSquaresBlock(t *testing.T) {
	for _, c := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{"4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1", 3, 1085},       // a rook stops before the wall
		{"r3k2r/8/8/8/8/8/8/R2*K2R w KQkq - 0 1", 3, 11096}, // a wall on d1 stops O-O-O
		{"4k3/8/8/3*4/3P4/2*1*3/3N4/4K3 w - - 0 1", 3, 520}, // no push into, capture of or leap onto a wall
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, 5},             // (no walls: the king's five moves)
		{"4k3/8/8/8/8/8/3**3/4K3 w - - 0 1", 1, 3},          // two walls take two of them
	} {
		p := wallPos(t, "chess", c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("FEN out %q, want %q", got, c.fen)
		}
		if got := rules.Perft(p, c.depth); got != c.nodes {
			t.Errorf("perft(%d) of %s = %d, want %d", c.depth, c.fen, got, c.nodes)
		}
	}
}

// A walling move's text is Fairy-Stockfish's: the move, ",", the moved
// piece's destination and the wall square; a move that places no wall
// (wallOrMove) names a1; a wall placed without moving is a pass of the
// side's first piece.
func TestWallingMoveText(t *testing.T) {
	atlantis := strings.Join([]string{"[atlantis:chess]", "wallingRule = edge", "wallOrMove = true", ""}, "\n")
	f, err := variants.Load("atlantis.ini", strings.NewReader(atlantis))
	if err != nil {
		t.Fatal(err)
	}
	av, err := f.Lookup("atlantis")
	if err != nil {
		t.Fatal(err)
	}
	ap, err := position.New(av, "", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    *position.Position
		text string
	}{
		{wallPos(t, "duck", ""), "e2e4,e4e5"},
		{wallPos(t, "duck", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8q,a8b1"},
		{wallPos(t, "duck", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "e1g1,g1h1"},
		{wallPos(t, "amazons", ""), "d1d5,d5h9"},
		{wallPos(t, "snailtrail", ""), "a1b2,b2a1"},
		{ap, "b1c3,c3a1"},
		{ap, "a1a1,a1h5"},
	} {
		m, err := c.p.ParseMove(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if got := c.p.UCI(m); got != c.text {
			t.Errorf("UCI of %s = %q", c.text, got)
		}
	}
	// one text form: a walling variant's move needs its wall part
	if _, err := ap.ParseMove("b1c3"); err == nil {
		t.Errorf("b1c3 without ,c3a1 was read in atlantis")
	}
	if _, err := wallPos(t, "duck", "").ParseMove("e2e4"); err == nil {
		t.Errorf("e2e4 without a duck square was read")
	}
}

// Do and Undo keep the walls, the FEN and the Zobrist key exact: the duck
// leaves its square, a petrifying capture leaves a wall, and a position
// read from the FEN after the moves has the same key.
func TestWallsDoUndo(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		moves        []string
		want         string // Fairy-Stockfish's FEN after the moves
	}{
		{"duck", "", []string{"e2e4,e4e5", "d7d5,d5d4"},
			"rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
		{"petrified", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", []string{"d1d4"},
			"4k3/8/8/8/3*4/8/8/4K3 b - - 0 1"},
		{"isolation", "", []string{"c1c2,c2a1", "d8d7,d7f8"},
			"5*/3p2/6/6/6/6/2P3/*5 w - - 2 2"},
	} {
		p := wallPos(t, c.variant, c.fen)
		start, key := p.FEN(), p.Key()
		for _, s := range c.moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %v", c.variant, err)
			}
			p.Do(m)
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("%s: FEN %q, want %q", c.variant, got, c.want)
		}
		q := wallPos(t, c.variant, p.FEN())
		if q.Key() != p.Key() || q.Walls() != p.Walls() || q.Occupied() != p.Occupied() {
			t.Errorf("%s: the position read from %s differs from the one played to it", c.variant, p.FEN())
		}
		for range c.moves {
			p.Undo()
		}
		if p.FEN() != start || p.Key() != key {
			t.Errorf("%s: Undo gives %s", c.variant, p.FEN())
		}
	}
}

// SAN ends in "," and the wall square, and a PGN movetext of walling
// moves reads back.
func TestWallingSAN(t *testing.T) {
	p := wallPos(t, "duck", "")
	var sans []string
	for _, s := range []string{"e2e4,e4e5", "g8f6,f6d5", "b1c3,c3g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		sans = append(sans, rules.SAN(p, m))
		p.Do(m)
	}
	if want := []string{"e4,e5", "Nf6,d5", "Nc3,g8"}; !slices.Equal(sans, want) {
		t.Errorf("SAN %v, want %v", sans, want)
	}
	q := wallPos(t, "duck", "")
	for _, s := range sans {
		m, err := rules.ParseSAN(q, s)
		if err != nil {
			t.Fatal(err)
		}
		q.Do(m)
	}
	if q.FEN() != p.FEN() {
		t.Errorf("SAN replay: %s, want %s", q.FEN(), p.FEN())
	}
}

// The walling code must not make chess's move generation allocate: a
// recursion through the generator once made every caller's move buffer
// escape to the heap (generic chess perft 25% slower).
func TestChessGenerationDoesNotAllocate(t *testing.T) {
	p := wallPos(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	p.CountLegal() // the leaf buffer, once
	if n := testing.AllocsPerRun(20, func() {
		var buf [256]position.Move // on the stack unless the generator leaks it
		_ = p.LegalMoves(buf[:0])
		_ = p.PseudoLegal(buf[:0])
		_ = p.CountLegal()
	}); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}
