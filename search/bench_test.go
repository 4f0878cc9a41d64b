package search

import (
	"context"
	"strings"
	"testing"

	"houserules/rules"
	"houserules/rules/rulestest"
	"houserules/variants"
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
	v, _ := variants.Get("chess")
	rs, _ := rules.Compile(v, nil)
	for i := 0; i < b.N; i++ {
		var nodes uint64
		var secs float64
		for _, fen := range benchPositions {
			g, _ := rules.NewGame(rs, fen, false)
			e := NewEngine(16)
			res := e.Search(context.Background(), g, Limits{Depth: 10}, nil)
			nodes += res.Nodes
			secs += res.Time.Seconds()
		}
		b.ReportMetric(float64(nodes)/secs, "nps")
		b.ReportMetric(float64(nodes), "nodes")
	}
}

// benchSearch searches fen ("" = start position) of variant under the
// presets to depth with a fresh engine and reports nodes and nodes/s.
func benchSearch(b *testing.B, variant, fen string, depth int, presets ...string) {
	rs := rulestest.Compile(b, variant, strings.Join(presets, ","))
	for i := 0; i < b.N; i++ {
		res := NewEngine(16).Search(context.Background(), mustGame(b, rs, fen), Limits{Depth: depth}, nil)
		b.ReportMetric(float64(res.Nodes)/res.Time.Seconds(), "nps")
		b.ReportMetric(float64(res.Nodes), "nodes")
	}
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
