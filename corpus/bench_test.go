package corpus

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// BenchmarkPerftVariants measures perft speed from the start positions of
// the benchmark variants (the same cases as bench/perft-vs-oracle.sh).
func BenchmarkPerftVariants(b *testing.B) {
	for _, c := range []struct {
		variant string
		depth   int
	}{{"chess", 5}, {"makruk", 5}, {"shatranj", 5}, {"amazon", 5}, {"knightmate", 5}, {"losers", 5}} {
		b.Run(c.variant, func(b *testing.B) {
			v, err := variants.Get(c.variant)
			if err != nil {
				b.Fatal(err)
			}
			p, err := position.New(v, "", false)
			if err != nil {
				b.Fatal(err)
			}
			var n uint64
			for i := 0; i < b.N; i++ {
				n += rules.Perft(p, c.depth)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPerftDrops measures perft speed of the pocket variants of
// issue 42 (the cases of bench/perftspeed): crazyhouse from the start and
// from a middle game with pawns in hand, seirawan and shogi from the
// start (skipped while they do not load).
func BenchmarkPerftDrops(b *testing.B) {
	for _, c := range []struct {
		name, variant, fen string
		depth              int
	}{
		{"crazyhouse", "crazyhouse", "", 5},
		{"crazyhouse-mid", "crazyhouse", "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1[Pp] w - - 0 8", 4},
		{"seirawan", "seirawan", "", 5},
		{"shogi", "shogi", "", 4},
	} {
		b.Run(c.name, func(b *testing.B) {
			v, err := variants.Get(c.variant)
			if err != nil {
				b.Skipf("%s does not load yet: %v", c.variant, err)
			}
			p, err := position.New(v, c.fen, false)
			if err != nil {
				b.Fatal(err)
			}
			var n uint64
			for i := 0; i < b.N; i++ {
				n += rules.Perft(p, c.depth)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPerftXiangqi measures perft speed of the xiangqi family of
// issue 43 (the cases of bench/perftspeed at one depth less): xiangqi and
// janggi from the start.
func BenchmarkPerftXiangqi(b *testing.B) {
	for _, c := range []struct {
		variant string
		depth   int
	}{{"xiangqi", 4}, {"janggi", 4}} {
		b.Run(c.variant, func(b *testing.B) {
			v, err := variants.Get(c.variant)
			if err != nil {
				b.Fatal(err)
			}
			p, err := position.New(v, "", false)
			if err != nil {
				b.Fatal(err)
			}
			var n uint64
			for i := 0; i < b.N; i++ {
				n += rules.Perft(p, c.depth)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
