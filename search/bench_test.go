package search

import (
	"context"
	"testing"

	"houserules/rules"
	"houserules/variants"
)

func BenchmarkChessDepth9(b *testing.B) {
	v, _ := variants.Get("chess")
	rs, _ := rules.Compile(v, nil)
	for i := 0; i < b.N; i++ {
		g, _ := rules.NewGame(rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false)
		e := NewEngine(16)
		res := e.Search(context.Background(), g, Limits{Depth: 9}, nil)
		b.ReportMetric(float64(res.Nodes)/res.Time.Seconds(), "nps")
		b.ReportMetric(float64(res.Nodes), "nodes")
	}
}
