package position_test

// Gating, castlingDroppedPiece, Cambodian first moves and sittuyin
// promotions against Fairy-Stockfish (current build c19b5f6): every
// expected move list, FEN and perft count below is the oracle's output
// (`go perft N`, `d`) for the same position.

import (
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// setup returns the position of variant name reached from fen ("" for
// the start position) by the UCI moves.
func setup(t *testing.T, name, fen string, moves ...string) *position.Position {
	t.Helper()
	v, err := variants.Get(name)
	if err != nil {
		t.Fatalf("variant %s: %v", name, err)
	}
	p, err := position.New(v, fen, false)
	if err != nil {
		t.Fatalf("%s FEN %q: %v", name, fen, err)
	}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p.Do(m)
	}
	return p
}

// uciMoves returns the sorted UCI texts of p's legal moves.
func uciMoves(p *position.Position) string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.UCI(m))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

type oracleCase struct {
	name    string // variant
	fen     string // "" = start position
	moves   []string
	wantFEN string // our FEN after the moves ("" = not checked)
	list    string // sorted legal moves ("" = not checked)
	depth   int
	nodes   uint64
}

func (c oracleCase) run(t *testing.T) {
	t.Helper()
	p := setup(t, c.name, c.fen, c.moves...)
	if c.wantFEN != "" && p.FEN() != c.wantFEN {
		t.Errorf("%s %s %v: FEN\n got  %s\n want %s", c.name, c.fen, c.moves, p.FEN(), c.wantFEN)
	}
	if c.list != "" {
		if got := uciMoves(p); got != c.list {
			t.Errorf("%s %s %v: moves\n got  %s\n want %s", c.name, c.fen, c.moves, got, c.list)
		}
	}
	if c.depth > 0 {
		if got := rules.Perft(p, c.depth); got != c.nodes {
			t.Errorf("%s %s %v: perft(%d) = %d, oracle %d", c.name, c.fen, c.moves, c.depth, got, c.nodes)
		}
	}
	checkDoUndo(t, p)
}

// checkDoUndo makes and takes back every legal move of p: the FEN and the
// key must come back.
func checkDoUndo(t *testing.T, p *position.Position) {
	t.Helper()
	fen, key := p.FEN(), p.Key()
	for _, m := range p.LegalMoves(nil) {
		p.Do(m)
		p.Undo()
		if p.FEN() != fen || p.Key() != key {
			t.Fatalf("%s: Do/Undo of %s left %s (key %x, was %x)", fen, p.UCI(m), p.FEN(), p.Key(), key)
		}
	}
}

var castled = []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"}

func TestSeirawanGating(t *testing.T) {
	const rooks = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1"
	const oneHawk = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[H] w KQBCDFGkqbcdfg - 0 1"
	for _, c := range []oracleCase{
		{name: "seirawan", wantFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"},
		{name: "seirawan", moves: []string{"e2e4", "e7e5", "g1f3", "b8c6", "b1c3h"},
			wantFEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/RHBQKB1R[Eeh] b KQCDFkqcdfg - 3 3"},
		// castling gates on the king's square (e1g1h) or the rook's (h1e1e)
		{name: "seirawan", moves: castled, depth: 3, nodes: 116408,
			list: "a2a3 a2a4 b1a3 b1a3e b1a3h b1c3 b1c3e b1c3h b2b3 b2b4 c2c3 c4a6 c4b3 c4b5 c4d3 c4d5 c4e2 c4e6 c4f1 c4f7 " +
				"d1e2 d1e2e d1e2h d2d3 d2d4 e1e2 e1e2e e1e2h e1f1 e1f1e e1f1h e1g1 e1g1e e1g1h f3d4 f3e5 f3g1 f3g5 f3h4 " +
				"g2g3 g2g4 h1e1e h1e1h h1f1 h1f1e h1f1h h1g1 h1g1e h1g1h h2h3 h2h4"},
		{name: "seirawan", moves: append(slices.Clone(castled), "e1g1h"),
			wantFEN: "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Eeh] b ABCDkqbcd - 5 4"},
		{name: "seirawan", moves: append(slices.Clone(castled), "h1e1e"),
			wantFEN: "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKE[Heh] b ABCDkqbcd - 5 4"},
		{name: "seirawan", moves: append(slices.Clone(castled), "e1g1"),
			wantFEN: "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1[EHeh] b ABCDkqbcd - 5 4"},
		{name: "seirawan", moves: append(slices.Clone(castled), "e1f1h"),
			wantFEN: "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQHK1R[Eeh] b ABCDHkqbcd - 5 4"},
		{name: "seirawan", fen: rooks, depth: 3, nodes: 233647,
			list: "a1a2 a1a2e a1a2h a1a3 a1a3e a1a3h a1a4 a1a4e a1a4h a1a5 a1a5e a1a5h a1a6 a1a6e a1a6h a1a7 a1a7e a1a7h " +
				"a1a8 a1a8e a1a8h a1b1 a1b1e a1b1h a1c1 a1c1e a1c1h a1d1 a1d1e a1d1h a1e1e a1e1h e1c1 e1c1e e1c1h " +
				"e1d1 e1d1e e1d1h e1d2 e1d2e e1d2h e1e2 e1e2e e1e2h e1f1 e1f1e e1f1h e1f2 e1f2e e1f2h e1g1 e1g1e e1g1h " +
				"h1e1e h1e1h h1f1 h1f1e h1f1h h1g1 h1g1e h1g1h h1h2 h1h2e h1h2h h1h3 h1h3e h1h3h h1h4 h1h4e h1h4h " +
				"h1h5 h1h5e h1h5h h1h6 h1h6e h1h6h h1h7 h1h7e h1h7h h1h8 h1h8e h1h8h"},
		{name: "seirawan", fen: rooks, moves: []string{"e1c1e"}, wantFEN: "r3k2r/8/8/8/8/8/8/2KRE2R[Heh] b Hkq - 1 1"},
		{name: "seirawan", fen: rooks, moves: []string{"a1e1h"}, wantFEN: "r3k2r/8/8/8/8/8/8/H1KR3R[Eeh] b Hkq - 1 1"},
		{name: "seirawan", fen: "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", wantFEN: "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1"},
		// an empty pocket: its side's gates are neither shown nor used
		{name: "seirawan", fen: oneHawk, wantFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[H] w KQBCDFGkq - 0 1",
			depth: 4, nodes: 291272},
		{name: "seirawan", fen: oneHawk, moves: []string{"b1c3h"},
			wantFEN: "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[] b KQkq - 1 1",
			list:    "a7a5 a7a6 b7b5 b7b6 b8a6 b8c6 c7c5 c7c6 d7d5 d7d6 e7e5 e7e6 f7f5 f7f6 g7g5 g7g6 g8f6 g8h6 h7h5 h7h6"},
		{name: "seirawan", fen: oneHawk, moves: []string{"b1c3"}, wantFEN: "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR[H] b KQCDFGkq - 1 1"},
		// S-House: captures refill the pocket, pieces are dropped or gated
		{name: "shouse", moves: []string{"e2e4", "d7d5", "e4d5", "d8d5", "b1c3e", "d5a5"},
			wantFEN: "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/REBQKBNR[HPehp] w KQCDFGkqbcfg - 2 4", depth: 3, nodes: 1210179},
	} {
		c.run(t)
	}
}

// TestGatingKey checks the incremental key against a fresh set-up of the
// FEN along a game where both pockets stay full (every gate is then in
// the FEN).
func TestGatingKey(t *testing.T) {
	game := []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "b1c3h", "b8c6e", "e1g1"}
	v, err := variants.Get("shouse")
	if err != nil {
		t.Fatal(err)
	}
	p := setup(t, "shouse", "")
	for _, s := range game {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
		q, err := position.New(v, p.FEN(), false)
		if err != nil {
			t.Fatal(err)
		}
		if q.Key() != p.Key() || q.FEN() != p.FEN() {
			t.Fatalf("after %s: key %x, fresh set-up of %s gives %x", s, p.Key(), p.FEN(), q.Key())
		}
	}
}

// TestGatingMoveText checks the forms a gating castling is read in: the
// oracle's (e1g1e, h1e1e) and king takes rook with the gate on the king's
// square (e1h1e).
func TestGatingMoveText(t *testing.T) {
	p := setup(t, "seirawan", "", castled...)
	for text, want := range map[string]string{"e1g1e": "e1g1e", "e1h1e": "e1g1e", "h1e1e": "h1e1e", "b1c3H": "b1c3h"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := p.UCI(m); got != want || !m.IsGating() {
			t.Errorf("%s read as %s (gating %v), want %s", text, got, m.IsGating(), want)
		}
	}
	if _, err := p.ParseMove("e1g1q"); err == nil {
		t.Error("e1g1q accepted: there is no queen in the pocket")
	}
}

func TestCambodianMoves(t *testing.T) {
	const f = "3mk3/8/8/8/8/8/R7/3KM3 w DEde - 0 1"
	for _, c := range []oracleCase{
		{name: "cambodian", depth: 3, nodes: 15031,
			list: "a1a2 a3a4 b1d2 b3b4 c1b2 c1c2 c1d2 c3c4 d1b2 d1c2 d1d2 d1e2 d1f2 d3d4 e1d2 e1f2 e3e4 f1e2 f1f2 f1g2 f3f4 g1e2 g3g4 h1h2 h3h4"},
		{name: "cambodian", fen: f, depth: 4, nodes: 35065,
			list: "a2a1 a2a3 a2a4 a2a5 a2a6 a2a7 a2a8 a2b2 a2c2 a2d2 a2e2 a2f2 a2g2 a2h2 d1b2 d1c1 d1c2 d1d2 d1e2 d1f2 e1d2 e1e3 e1f2"},
		// a rook on the king's rank takes its leap away (the fers is pinned)
		{name: "cambodian", fen: f, moves: []string{"a2a8"}, wantFEN: "R2mk3/8/8/8/8/8/8/3KM3 b DEd 126 0 1", list: "e8d7 e8e7 e8f7 e8f8"},
		{name: "cambodian", fen: f, moves: []string{"a2a3"}, wantFEN: "3mk3/8/8/8/8/R7/8/3KM3 b DEde 126 0 1",
			list: "d8c7 d8d6 d8e7 e8c7 e8d7 e8e7 e8f7 e8f8 e8g7"},
		// in check: no leap
		{name: "cambodian", fen: f, moves: []string{"a2e2"}, wantFEN: "3mk3/8/8/8/8/8/4R3/3KM3 b DEd 126 0 1", list: "d8e7 e8d7 e8f7 e8f8"},
		{name: "cambodian", fen: f, moves: []string{"d1b2"}, wantFEN: "3mk3/8/8/8/8/8/RK6/4M3 b Ede 126 0 1"},
		{name: "cambodian", fen: f, moves: []string{"e1e3"}, wantFEN: "3mk3/8/8/8/8/4M3/R7/3K4 b Dde 126 0 1"},
	} {
		c.run(t)
	}
}

func TestCastlingDroppedPiece(t *testing.T) {
	const f = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1"
	const f2 = "1r2k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRr] w - - 0 1"
	for _, c := range []oracleCase{
		{name: "placement", wantFEN: "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", depth: 3, nodes: 50560},
		{name: "placement", fen: f, list: "K@b1 K@c1 K@d1 K@e1 K@f1 K@g1", depth: 4, nodes: 18492},
		{name: "placement", fen: f, moves: []string{"K@e1"}, wantFEN: "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 0 1"},
		{name: "placement", fen: f, moves: []string{"K@e1", "R@h8"}, wantFEN: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 2",
			list: "a1b1 a1c1 a1d1 a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e1c1 e1d1 e1f1 e1g1 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h1f1 h1g1 h2h3 h2h4"},
		{name: "placement", fen: f2, depth: 4, nodes: 5418},
		{name: "placement", fen: f2, moves: []string{"R@h1"}, wantFEN: "1r2k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[Rr] b K - 0 1"},
		{name: "placement", fen: f2, moves: []string{"R@h1", "R@h8", "R@a1"}, wantFEN: "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b KQk - 0 2",
			list: "a7a5 a7a6 b7b5 b7b6 b8a8 b8c8 b8d8 c7c5 c7c6 d7d5 d7d6 e7e5 e7e6 e8d8 e8f8 e8g8 f7f5 f7f6 g7g5 g7g6 h7h5 h7h6 h8f8 h8g8"},
	} {
		c.run(t)
	}
}

func TestSittuyinPromotion(t *testing.T) {
	for _, c := range []oracleCase{
		// the kings start in the pocket
		{name: "sittuyin", wantFEN: "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1", depth: 2, nodes: 7744},
		// the last pawn promotes anywhere, in place or to a fers square,
		// but not next to an enemy piece (the knight on b6 covers c5)
		{name: "sittuyin", fen: "8/8/1n2k3/8/3P4/8/8/4K3[] w - - 0 1", depth: 4, nodes: 16296,
			list: "d4c3f d4d4f d4d5 d4e3f d4e5f e1d1 e1d2 e1e2 e1f1 e1f2"},
		{name: "sittuyin", fen: "8/8/1n2k3/8/3P4/8/8/4K3[] w - - 0 1", moves: []string{"d4d4f"}, wantFEN: "8/8/1n2k3/8/3F4/8/8/4K3[] b - - 0 1"},
		// with two pawns, only one on the promotion squares promotes
		{name: "sittuyin", fen: "8/8/1n6/3P4/2P2k2/8/8/4K3[] w - - 0 1", depth: 4, nodes: 17266,
			list: "c4c5 d5c6f d5d5f d5d6 d5e4f d5e6f e1d1 e1d2 e1e2 e1f1 e1f2"},
		{name: "sittuyin", fen: "8/8/8/4P3/3P1k2/8/8/4K3[] w - - 0 1",
			list: "d4d5 e1d1 e1d2 e1e2 e1f1 e1f2 e5d6f e5e6 e5f6f"},
	} {
		c.run(t)
	}
}

// TestSittuyinPromotionDraw: a king and a pawn whose only legal moves are
// promotions draw (rule 3.9 c.7); the oracle lists exactly those moves.
func TestSittuyinPromotionDraw(t *testing.T) {
	c := oracleCase{name: "sittuyin", fen: "8/8/8/8/8/p1k5/P2n4/K7[] w - - 0 40", list: "a2a2f a2b1f a2b3f"}
	c.run(t)
	p := setup(t, "sittuyin", c.fen)
	if r, over := rules.GameResult(p); !over || r.Score != "1/2-1/2" {
		t.Errorf("%s: result %v %v, want a draw", c.fen, r, over)
	}
	// with a legal non-promotion (the pawn may push) the game goes on
	p = setup(t, "sittuyin", "8/8/8/8/8/2k5/P2n4/K7[] w - - 0 40")
	if p.SittuyinPromotionDraw() {
		t.Errorf("%s: drawn although a2a3 is legal", p.FEN())
	}
}

// TestGatingRewind: Rewind shows the position before a gating move (the
// gate and the pocket piece back) and restores the one after it.
func TestGatingRewind(t *testing.T) {
	p := setup(t, "seirawan", "", castled...)
	before, beforeKey := p.FEN(), p.Key()
	m, err := p.ParseMove("h1e1e")
	if err != nil {
		t.Fatal(err)
	}
	p.Do(m)
	after, afterKey := p.FEN(), p.Key()
	var seen string
	var seenKey uint64
	p.Rewind(func() { seen, seenKey = p.FEN(), p.Key() })
	if seen != before || seenKey != beforeKey {
		t.Errorf("rewound to %s (key %x), want %s (key %x)", seen, seenKey, before, beforeKey)
	}
	if p.FEN() != after || p.Key() != afterKey {
		t.Errorf("after Rewind %s (key %x), want %s (key %x)", p.FEN(), p.Key(), after, afterKey)
	}
	p.Undo()
	if p.FEN() != before || p.Key() != beforeKey {
		t.Errorf("after Undo %s, want %s", p.FEN(), before)
	}
}
