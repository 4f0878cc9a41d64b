package rules

import (
	"testing"

	"houserules/position"
)

func TestQuickChess(t *testing.T) {
	v := position.NewVariant()
	p, err := position.New(v, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != v.StartFEN {
		t.Fatalf("fen %s", p.FEN())
	}
	for d, want := range []uint64{1, 20, 400, 8902, 197281} {
		if got := Perft(p, d); got != want {
			t.Errorf("depth %d got %d want %d", d, got, want)
		}
	}
	k, _ := position.New(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false)
	for d, want := range []uint64{1, 48, 2039, 97862} {
		if got := Perft(k, d); got != want {
			t.Errorf("kiwi depth %d got %d want %d", d, got, want)
		}
	}
}

func BenchmarkPerftChess5(b *testing.B) {
	v := position.NewVariant()
	p, _ := position.New(v, "", false)
	var n uint64
	for i := 0; i < b.N; i++ {
		n += Perft(p, 5)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftGenericChess measures the generic core on chess (the start
// position at depth 5 and kiwipete at depth 4) without the 64-bit fast
// path: the path every other variant takes.
func BenchmarkPerftGenericChess(b *testing.B) {
	v := position.NewVariant()
	for _, c := range []struct {
		name, fen string
		depth     int
	}{{"start5", "", 5}, {"kiwipete4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4}} {
		b.Run(c.name, func(b *testing.B) {
			p, err := position.New(v, c.fen, false)
			if err != nil {
				b.Fatal(err)
			}
			var n uint64
			for i := 0; i < b.N; i++ {
				n += PerftGeneric(p, c.depth)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
