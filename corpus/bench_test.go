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
