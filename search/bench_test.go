package search

import (
	"context"
	"strings"
	"testing"

	"houserules/rules/rulestest"
)

func BenchmarkChessDepth9(b *testing.B) {
	benchSearch(b, "chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 9)
}

// benchPositions are middlegame positions for the fixed-depth benchmark.
var benchPositions = []string{
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1QBPPP/R3KB1R w KQ - 0 8",
	"2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13",
	"8/5pk1/6p1/1p1r3p/7P/1P2R1P1/5PK1/8 w - - 0 40",
}

// BenchmarkChessPositions searches each bench position to depth 10 with a
// fresh engine: nodes and nodes per second over the set.
func BenchmarkChessPositions(b *testing.B) {
	benchPositionSet(b, "chess", "", benchPositions, 10)
}

// capablancaPositions are middlegames (after 12 and 22 moves) from games of
// this engine against Fairy-Stockfish 11.1 at Skill Level 10, 100 ms per
// move (2026-12-02).
var capablancaPositions = []string{
	"r3qkb2r/pApabppp1p/2n4n1p/3p2c3/B2p1N4/2P2P4/PP2P1PP2/RN2QKBC1R w KQkq - 1 13",
	"r3qkb1r1/p2a2pp1p/2np1p3p/3p3N2/B2B1Q1Pn1/2P2P4/PP2P1P3/RN3K1C2 w Qq - 0 23",
	"r1a2kb2r/pp4pppp/6p2n/3pn5/10/2N2P1N2/PPP1B1PPPP/2KR2bC1R w kq - 0 13",
	"1k1r2b2r/pp2a1pppp/6p2n/5n4/3pN5/1PPR1P1N2/PK2B1PPPP/4C4R w - - 5 23",
	"rna1qkb2r/pp4p1p1/1b1p1p2p1/4pP1p2/2p1P3n1/2NP3N2/PPP2BPPPP/R1ABQK3R w KQkq - 1 13",
	"r3q1r1k1/pp4p1p1/3p1p1np1/2a1pP1pN1/3nP5/2NA2Q3/PPP3PPPP/3R3RK1 w - - 5 23",
	"r1a1qkb2r/pppp2p2p/2n3ppp1/4p5/10/2P2P2Q1/PP1PP1PPPP/R2B1KBC1R w KQkq - 1 13",
	"r3qk3r/2pp2pb2/2p3ppp1/p3p1a2p/4P5/2P2P1Q2/P2P1CPPPP/4RKB2R w Kkq - 3 23",
	"r2b1k2nr/pppppbpppp/2q7/8Q1/3n2P2P/N6N2/PPPaPC1PP1/R2B2BK1R w kq - 4 13",
	"r2b2k1nr/p1ppp4p/1pq3p1p1/a5p3/4PC2QP/NbP7/PP5PP1/R5B1KR w - - 0 23",
	"rn1b1kb2r/pppp3ppp/3a3n2/4qp4/4Pp4/2NP3N1P/PP1P1Q1PP1/R2B1KBC1R w KQkq - 0 13",
	"rn7r/ppbp1bk1pp/10/2B2p1p2/4Pa4/2NP1Q1P1P/PP1PB2nP1/2KR5R w - - 1 23",
}

// BenchmarkCapablancaPositions searches each capablanca middlegame to
// depth 10 with a fresh engine: nodes and nodes per second over the set.
func BenchmarkCapablancaPositions(b *testing.B) {
	benchPositionSet(b, "capablanca", "", capablancaPositions, 10)
}

// benchPositionSet searches each of fens ("" = start position) of variant
// under presets (comma-separated) to depth with a fresh engine and reports
// the nodes and nodes/s over the set.
func benchPositionSet(b *testing.B, variant, presets string, fens []string, depth int) {
	rs := rulestest.Compile(b, variant, presets)
	for i := 0; i < b.N; i++ {
		var nodes uint64
		var secs float64
		var st TreeStats
		for _, fen := range fens {
			e := NewEngine(16)
			res := e.Search(context.Background(), mustGame(b, rs, fen), Limits{Depth: depth}, nil)
			nodes += res.Nodes
			secs += res.Time.Seconds()
			st.add(e.TreeStats())
		}
		if statsOn {
			b.Logf("tree to depth %d:\n%s", depth, st.String())
		}
		b.ReportMetric(float64(nodes)/secs, "nps")
		b.ReportMetric(float64(nodes), "nodes")
	}
}

// benchSearch searches one position of variant under the presets: see
// benchPositionSet.
func benchSearch(b *testing.B, variant, fen string, depth int, presets ...string) {
	benchPositionSet(b, variant, strings.Join(presets, ","), []string{fen}, depth)
}

// BenchmarkVariantStart searches the start positions of makruk and
// capablanca to depth 11 with a fresh engine (generic core, fairy pieces).
func BenchmarkVariantStart(b *testing.B) {
	for _, name := range []string{"makruk", "capablanca"} {
		b.Run(name, func(b *testing.B) { benchSearch(b, name, "", 11) })
	}
}

// BenchmarkHouseRules: a fixed-depth search from the start position under
// presets (the hooked move pipeline: every move passes the hooks).
func BenchmarkHouseRules(b *testing.B) {
	for _, presets := range []string{"piece-hp", "wrap-board", "explosive-rook"} {
		b.Run(presets, func(b *testing.B) { benchSearch(b, "chess", "", 6, presets) })
	}
}

// crazyhousePositions are middlegames (after 12 and 22 moves) of
// crazyhouse games between Fairy-Stockfish 11.1 at Skill Level 20 and 10,
// and of this engine against it, 100 ms per move (2026-12-05), kept where
// the oracle's depth-12 score is within about 5 pawns (a decided position
// only times the mate search): pockets on both sides, many drops.
var crazyhousePositions = []string{
	"r1bqkb1r/pp3ppp/n1p5/4p3/3PP1n1/P1PQ4/1PP2PPP/R1B1KBNR[n] w KQkq - 0 13",
	"r2qk2r/pppbnppp/3p1b2/3Pp3/4N1b1/2N1P3/PPP2PPP/R2QK1NR[B] w KQkq - 0 13",
	"r4kr1/p1pPqppp/2Ppb1b1/4p3/2n1P3/2N2B2/PPP1NPPP/R2QK2R[Nb] w KQ - 0 23",
	"r2qkbnr/pp1b1p1p/2n2p2/1P1pp3/5B2/7N/PPP1BPPP/RN1Q1RK1[Pp] w kq - 0 13",
	"r1bqkb1r/pppn1ppp/4p3/1N1n4/5n2/6B1/PPPRQPPP/4KB1R[PPP] w Kkq - 0 13",
	"r2q1rk1/ppp1bp1p/1n2b2p/1N1n4/3QNP2/2P5/PPPR1PPP/4KB1R[Bpp] w K - 0 23",
	"r1b1kbnr/2p2ppp/p1pqp3/4Np2/3n4/2N5/PPPPQPPP/R1B1KB1R[P] w KQkq - 0 13",
	"rnb1kb1r/pppn1ppp/2q1p3/8/1P1PN1N1/8/P1P2PPP/R1B1KB1R[QPp] w KQkq - 0 13",
	"rn1qkb1r/pp1b1ppp/4p3/3pP3/3P1B1n/2N5/PPP2PBP/R2QK2R[NPp] w KQkq - 0 13",
	"Nn1k3r/pp1b1ppp/3bp3/3pPR2/3P1Q2/2N5/PpP2PBK/R7[PPqrbnp] w - - 0 23",
	"r4b1r/p1p1p1pp/2qqkn2/8/8/4PN2/PPPP1PPP/RNB1K2R[BPbnpp] w KQ - 0 13",
	"r3k2r/pppb1ppp/2nbpq2/1B1p2n1/P2PP1Q1/2N1B3/1PP2KPP/R6R[NP] w kq - 2 13",
}

// BenchmarkCrazyhousePositions searches each crazyhouse middlegame to
// depth 10 with a fresh engine (drops: hundreds of moves per node).
func BenchmarkCrazyhousePositions(b *testing.B) {
	benchPositionSet(b, "crazyhouse", "", crazyhousePositions, 10)
}
