package presets

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

// Self-consistency perft (there is no outside oracle for the presets): for
// each preset alone on chess (piece-hp added where it is required) and for
// piece-hp + king-heals + poisoned-squares, perft 3 from the start position
// and from two positions reached by quiet random play (fixed seeds, 8 and
// 16 plies) must give the same count through make/unmake (rules.PerftGame)
// as through re-parsing the FEN with its facts suffix at every node
// (perftFEN). The counts are recorded below so that a change is seen.
//
// How the start-position counts were checked by hand (chess: 20 / 400 /
// 8902):
//   - 8902, the chess count, where the preset cannot act within the first
//     two plies and does not change the third ply's move list: piece-hp,
//     king-heals, poisoned-squares and the trio (no capture before ply 3;
//     a king healed to 2 HP could step into attack at ply 3, but no black
//     first move attacks a square next to White's king; poison only
//     changes HP), capture-to-win (no capture before ply 3), explosive-rook
//     and queen-splits (no rook or queen capture before ply 3),
//     last-piece-standing (no check can arise before ply 3).
//   - knight-immunity 8898: the bishop captures 1.e3/e4 Na6 2.Bxa6 and
//     1.d3/d4 Nh6 2.Bxh6 are gone.
//   - bishops-ignore-color 9062: after 1.c3/c4 (1.f3/f4) the bishop may
//     step to c2 (f2), after a first knight move to b1 (g1): 8 × 20 more
//     third-ply moves.
//   - pawns-move-backward 9302: each of the 16 first pawn moves lets that
//     pawn step back at ply 3 (16 × 20), and each of the 4 first knight
//     moves frees b1 or g1 for the b2/g2 pawn (4 × 20, RULINGS:
//     pawns-move-backward — it may end on its own first rank).
//   - double-pawn-sprint 9194: after 1.X3 the pawn sprints X3–X5 unless
//     Black played ...X5 (8 × 19 more); after 1.X4 it sprints X4–X6 unless
//     Black played ...X6, ...X5 or a knight to X6 (4 × 18 + 4 × 17 more).
//   - pawn-diagonal-no-capture, knights-leap-twice, rook-warp, wrap-board:
//     their depth-1 and depth-2 counts are derived by hand in
//     TestConsistency_StartCounts; depth 3 rests on the agreement of the
//     two methods.
//
// The random-play positions have no independent count: their numbers are
// the agreement of the two methods, recorded from a run. The walk avoids
// captures, checks and queen moves so that depth 3 stays small.
//
// Known gap: rules.Game.FEN writes the facts suffix only when the ruleset
// declares a per-piece fact, so for capture-to-win alone (whose win is a
// game fact) a finished game reads back as unfinished and the FEN count is
// larger. Until that is fixed the test only logs that disagreement; it
// checks it as soon as the FEN carries the game facts.

type consistencyCase struct {
	label   string // the preset ID, or the trio
	presets string
}

// consistencyCases lists each registered preset alone (with what it
// requires) and the HP trio.
func consistencyCases() []consistencyCase {
	var out []consistencyCase
	for _, id := range registeredIDs() {
		out = append(out, consistencyCase{id, strings.Join(slices.Concat(seedRequires[id], []string{id}), ",")})
	}
	return append(out, consistencyCase{"hp-trio", "piece-hp,king-heals,poisoned-squares"})
}

type consistencyRow struct {
	fens   [2]string // the positions after 8 and 16 random plies
	counts [3]uint64 // perft 3: start, after 8 plies, after 16 plies
}

var consistencyTable = map[string]consistencyRow{
	"bishops-ignore-color":     {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5", "rnbq2nr/2k1pbpp/5p2/pppp4/2PP2PB/7N/PP2PP1P/RNBQKR2 w Q - 1 9"}, counts: [3]uint64{9062, 34518, 48424}},
	"capture-to-win":           {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5 {}", "rn1q1bnr/p1k1p2p/3p1p2/1pp2bp1/3P2P1/2P1P3/PP3PBP/RNBQK1NR w KQ - 0 9 {}"}, counts: [3]uint64{8902, 21478, 33416}},
	"double-pawn-sprint":       {fens: [2]string{"rnbqkbnr/pp1p2pp/1P6/2p1p3/5p2/B3P3/P1PP1PPP/RN1QKBNR w KQkq - 0 5", "rnbq1knr/p3bppp/4p3/1pp5/3p2P1/P1PP1P1N/1P1BP1BP/RN1QK2R w KQ - 1 9"}, counts: [3]uint64{9194, 27266, 34695}},
	"explosive-rook":           {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5", "rn1q1bnr/p1k1p2p/3p1p2/1pp2bp1/3P2P1/2P1P3/PP3PBP/RNBQK1NR w KQ - 0 9"}, counts: [3]uint64{8902, 26780, 40231}},
	"hp-trio":                  {fens: [2]string{"rnbqkbnr/pp1p2pp/8/2p1p3/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5 {Hp:e1=3,e5=1,e8=3}", "rn1q1bnr/pB2pp1p/b2pk3/2p3p1/1p4P1/2P2P2/PP2P2P/RNBQ1KNR w - - 0 9 {Hp:f1=3,e6=3}"}, counts: [3]uint64{8902, 40603, 36896}},
	"king-heals":               {fens: [2]string{"rnbqkbnr/pp1p2pp/8/2p1p3/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5 {Hp:e1=3,e8=3}", "rn1q1bnr/pk2p1pp/3pb3/1pp2p2/P2P2P1/2P4N/1P2PPBP/RNBQ1K1R w - - 1 9 {Hp:f1=3,b7=3}"}, counts: [3]uint64{8902, 40439, 50177}},
	"knight-immunity":          {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5", "rn1q1bnr/p1k1p2p/3p1p2/1pp2bp1/3P2P1/2P1P3/PP3PBP/RNBQK1NR w KQ - 0 9"}, counts: [3]uint64{8898, 25619, 39086}},
	"knights-leap-twice":       {fens: [2]string{"rnbqk1nr/ppp1p2p/3p3b/4Ppp1/8/1PP5/P2P1PPP/RNBQKBNR w KQkq - 0 5", "2bqkb1r/prppppp1/Bp5p/n1N5/1P1P1P1P/4P1n1/P1P3P1/RNBQK2R w KQk - 0 9"}, counts: [3]uint64{24931, 49450, 108344}},
	"last-piece-standing":      {fens: [2]string{"rnbqkbnr/pp1p2pp/8/2p1p3/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5", "rn1q1bnr/pk2p1pp/3pb3/1pp2p2/P2P2P1/2P4N/1P2PPBP/RNBQ1K1R w - - 1 9"}, counts: [3]uint64{8902, 40583, 50568}},
	"pawn-diagonal-no-capture": {fens: [2]string{"r1bq1bnr/pp1pkppp/n1p5/4p1P1/8/2P5/P1PPP1PP/RNBQKBNR w KQ - 1 5", "r1bqk1nr/1p1p3p/npp2p2/1P2pp2/5PPP/b1NP4/PP1KP3/R1BQ1BNR w kq - 2 9"}, counts: [3]uint64{40156, 34468, 49411}},
	"pawns-move-backward":      {fens: [2]string{"rnbqkbnr/1p1pp1pp/p4p2/1Pp5/8/3PP3/P1P2PPP/RNBQKBNR w KQkq - 0 5 {HasMoved:d3=1,e3=1,b5=1,c5=1,a6=1,f6=1}", "rn1qkbnr/3p2pp/p3p3/1pp2pP1/3P4/2Pb1B1N/PP2PP1P/RNBQK2R w KQkq - 0 9 {HasMoved:c3=1,d3=1,f3=1,h3=1,d4=1,b5=1,c5=1,f5=1,g5=1,a6=1,e6=1}"}, counts: [3]uint64{9302, 25241, 54003}},
	"piece-hp":                 {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5 {}", "rn1q1bnr/p1k1p2p/3p1p2/1pp2bp1/3P2P1/2P1P3/PP3PBP/RNBQK1NR w KQ - 0 9 {}"}, counts: [3]uint64{8902, 26716, 40089}},
	"poisoned-squares":         {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5 {}", "r1bq1b1r/p2kpp1p/2np1n2/1p4p1/P1p3P1/2P2B2/1P2PP1P/RNBQK1NR w KQ - 1 9 {}"}, counts: [3]uint64{8902, 26719, 28946}},
	"queen-splits":             {fens: [2]string{"rnbqkbnr/1p1pp1pp/p7/2p5/1PB2p2/4P3/P1PP1PPP/RNBQK1NR w KQkq - 0 5", "rn1q1bnr/p1k1p2p/3p1p2/1pp2bp1/3P2P1/2P1P3/PP3PBP/RNBQK1NR w KQ - 0 9"}, counts: [3]uint64{8902, 26808, 40231}},
	"rook-warp":                {fens: [2]string{"rnbqkbnr/pp1p2pp/8/2p1pp2/4P3/1PNP4/P1P2PPP/R1BQKBNR w KQkq - 0 5", "r1bqk1nr/pp2p2p/n4p1b/2pp2p1/5PPP/2PPP2N/PP3K2/RNBQ1B1R w kq - 1 9"}, counts: [3]uint64{11804, 40829, 34135}},
	"wrap-board":               {fens: [2]string{"rnbqkbnr/p2p1ppp/4p3/1p6/1PpP4/2P5/P3PPPP/RNBQKBNR w KQkq - 0 5", "rn1qkb1r/p2ppppp/b4n2/1p6/BPp3PP/2P2N2/P2PPP1N/R1BQ1RK1 w kq - 6 9"}, counts: [3]uint64{9162, 38341, 24301}},
}

// quietWalk plays plies random moves (seeded) that capture nothing, give
// no check, do not end the game and do not move a queen (queens make
// the positions wide open): it draws among the legal moves sorted by UCI
// until one qualifies.
func quietWalk(t *testing.T, g *rules.Game, seed uint64, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for range plies {
		moves := g.LegalMoves()
		sort.Slice(moves, func(i, j int) bool { return g.Pos.UCI(moves[i]) < g.Pos.UCI(moves[j]) })
		us := g.Pos.SideToMove()
		for {
			if len(moves) == 0 {
				t.Fatalf("no quiet move in %s", g.FEN())
			}
			i := rng.IntN(len(moves))
			m := moves[i]
			moves = slices.Delete(moves, i, i+1)
			if g.Pos.IsCapture(m) || g.Pos.PieceOn(m.From()).Type() == position.Queen {
				continue
			}
			g.Do(m)
			if !g.InCheck(us.Other()) {
				if _, over := g.Result(); !over {
					break
				}
			}
			g.Undo()
		}
	}
}

// perftFEN counts like rules.PerftGame, but every node is a fresh game
// built from its parent's FEN with the facts suffix.
func perftFEN(t *testing.T, rs *rules.Ruleset, fen string, depth int) uint64 {
	t.Helper()
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if depth <= 0 {
		return 1
	}
	moves := g.LegalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		g.Do(m)
		child := g.FEN()
		g.Undo()
		n += perftFEN(t, rs, child, depth-1)
	}
	return n
}

// divergence walks the make/unmake tree and at every node compares it with
// a fresh game from the node's FEN: the FEN round trip, the result and the
// legal moves (by UCI text). It returns the first difference.
func divergence(t *testing.T, g *rules.Game, depth int, path []string) string {
	t.Helper()
	fen := g.FEN()
	fresh, err := rules.NewGame(g.R, fen, false)
	if err != nil {
		return fmt.Sprintf("after %v: %s does not parse: %v", path, fen, err)
	}
	if f := fresh.FEN(); f != fen {
		return fmt.Sprintf("after %v: FEN %s reads back as %s", path, fen, f)
	}
	r1, o1 := g.Result()
	r2, o2 := fresh.Result()
	if r1 != r2 || o1 != o2 {
		return fmt.Sprintf("after %v (%s): result %v %v, from the FEN %v %v", path, fen, r1, o1, r2, o2)
	}
	a, b := legal(g), legal(fresh)
	if !slices.Equal(a, b) {
		return fmt.Sprintf("after %v (%s): moves %v, from the FEN %v", path, fen, a, b)
	}
	if depth <= 1 {
		return ""
	}
	for _, m := range g.LegalMoves() {
		uci := g.Pos.UCI(m)
		g.Do(m)
		d := divergence(t, g, depth-1, append(path, uci))
		g.Undo()
		if d != "" {
			return d
		}
	}
	return ""
}

func TestConsistency_Perft(t *testing.T) {
	for _, c := range consistencyCases() {
		t.Run(c.label, func(t *testing.T) {
			t.Parallel()
			specs, err := rules.ParseSpecs(c.presets)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := rules.Compile(position.NewVariant(), specs)
			if err != nil {
				t.Fatal(err)
			}
			var got consistencyRow
			for i, plies := range []int{0, 8, 16} {
				g, err := rules.NewGame(rs, "", false)
				if err != nil {
					t.Fatal(err)
				}
				if plies > 0 {
					quietWalk(t, g, uint64(plies), plies)
					got.fens[i-1] = g.FEN()
				}
				fen := g.FEN()
				n := rules.PerftGame(g, 3)
				nf := perftFEN(t, rs, fen, 3)
				got.counts[i] = n
				d := divergence(t, g, 2, nil)
				switch {
				case n != nf:
					t.Errorf("%s: perft 3 = %d by make/unmake, %d through the FEN: %s", fen, n, nf, divergence(t, g, 3, nil))
				case d != "":
					t.Errorf("%s: %s", fen, d)
				}
			}
			want, ok := consistencyTable[c.label]
			if !ok {
				t.Errorf("no recorded counts; add:\n\t%q: {fens: [2]string{%q, %q}, counts: [3]uint64{%d, %d, %d}},",
					c.label, got.fens[0], got.fens[1], got.counts[0], got.counts[1], got.counts[2])
				return
			}
			for i := range 2 {
				if got.fens[i] != want.fens[i] {
					t.Errorf("random play %d reached %s, recorded %s", i+1, got.fens[i], want.fens[i])
				}
			}
			if got.counts != want.counts {
				t.Errorf("perft 3 counts %v, recorded %v", got.counts, want.counts)
			}
		})
	}
}

// The first two plies from the start position, counted by hand (see the
// comment at the top): depth 1 and depth 2.
func TestConsistency_StartCounts(t *testing.T) {
	for _, c := range []struct {
		presets string
		counts  [2]uint64
	}{
		{"pawn-diagonal-no-capture", [2]uint64{34, 1156}},
		// 1.Nb5, Nc4, Nd5, Ne4 check the king through d6 or f6 (1, 1, 3
		// and 1 replies); 1.Ne5 and 1.Ng5 block e7-e5 and g7-g5.
		{"knights-leap-twice", [2]uint64{30, 784}},
		// RULINGS: rook-warp — a rook already on the edge has an empty
		// ray to it and re-enters from the other end: a1xa8 and h1xh8.
		{"rook-warp", [2]uint64{22, 484}},
		// 1.c3/c4 pin f7 (d1-a4, then h5-g6-f7-e8 across the edge), 1.g3/g4
		// pin d7 (f1-h3, then a4-b5-c6-d7-e8): 2 replies fewer each.
		{"wrap-board", [2]uint64{20, 392}},
		{"bishops-ignore-color", [2]uint64{20, 400}},
		{"pawns-move-backward", [2]uint64{20, 400}},
		{"double-pawn-sprint", [2]uint64{20, 400}},
		{"knight-immunity", [2]uint64{20, 400}},
		{"queen-splits", [2]uint64{20, 400}},
	} {
		id := c.presets
		if _, ok := rules.Lookup(id); !ok {
			continue // reported by TestComposition_AllSeedPresetsRegistered
		}
		g := newGame(t, c.presets, "")
		for d := 1; d <= 2; d++ {
			if n := rules.PerftGame(g, d); n != c.counts[d-1] {
				t.Errorf("%s: perft %d = %d, want %d", c.presets, d, n, c.counts[d-1])
			}
		}
	}
}
