package search

import (
	"context"
	"strings"
	"testing"

	"houserules/rules/rulestest"
)

// duckCase is a duck chess position (the duck is the wall '*') where the
// side to move must place the duck on one square, or take the king.
type duckCase struct {
	name  string
	fen   string
	depth int
	want  string // the move's text, or only its wall (",xx" suffix) when want starts with ','
}

// duckCases: duck chess has no check (the king is captured), so a side
// whose king is attacked and cannot move or block with a piece must put the
// duck between the attacker and the king; exactly one square does.
var duckCases = []duckCase{
	// the rook on c1 takes the king on a1 unless the duck stands on b1
	// (Kb1 walks into the rook); every other move loses the king
	{"rook-b1", "7k/8/8/7*/8/8/PP6/K1r5 w - - 0 1", 1, ",b1"},
	{"rook-b1-d2", "7k/8/8/7*/8/8/PP6/K1r5 w - - 0 1", 2, ",b1"},
	// the bishop on c3 takes the king on a1 unless the duck stands on b2
	{"bishop-b2", "7k/8/8/7*/8/2b5/P7/KB6 w - - 0 1", 1, ",b2"},
	{"bishop-b2-d2", "7k/8/8/7*/8/2b5/P7/KB6 w - - 0 1", 2, ",b2"},
	// Black: the queen on a5 takes the king on e1 along the diagonal
	// unless the duck stands on d2 (b4 and c3 hold Black's pawn and
	// White's knight would-be squares: b4 is Black's pawn; c3 is the only
	// other empty square, and the duck there is taken... see the test)
	// the king on e8 can be taken at once: Rxe8 beats winning the queen
	{"take-king", "4k3/8/8/3q4/2P4*/8/8/4R1K1 w - - 0 1", 1, "e1e8,"},
	{"take-king-d3", "4k3/8/8/3q4/2P4*/8/8/4R1K1 w - - 0 1", 3, "e1e8,"},
}

func TestDuckPlacement(t *testing.T) {
	rs := rulestest.Compile(t, "duck", "")
	for _, c := range duckCases {
		if c.want == "" {
			continue
		}
		g := mustGame(t, rs, c.fen)
		e := NewEngine(16)
		res := e.Search(context.Background(), g, Limits{Depth: c.depth}, nil)
		ok := strings.HasPrefix(res.MoveText, c.want)
		if strings.HasPrefix(c.want, ",") {
			ok = strings.HasSuffix(res.MoveText, c.want[1:])
		}
		if !ok {
			t.Errorf("%s: depth %d got %s (score %d), want %s", c.name, c.depth, res.MoveText, res.Score, c.want)
		}
		t.Logf("%s: %s score %d nodes %d", c.name, res.MoveText, res.Score, res.Nodes)
	}
}

// duckBench are duck chess positions for nodes-to-depth.
var duckBench = []struct {
	fen   string
	depth int
}{
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5},
	{"r1bqkb1r/pppp1ppp/2n2n2/3*p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 4},
	{"r2qk2r/ppp2ppp/2n1bn2/3p4/1b1P1*2/2N1BN2/PPP1BPPP/R2QK2R w KQkq - 0 8", 4},
	{"4r1k1/pp3ppp/2p5/3*4/8/2P2Q2/PP3PPP/4R1K1 b - - 0 20", 5},
}

// BenchmarkDuckNodes reports the nodes to a fixed depth of the duck
// positions with the wall ordering on and off.
func BenchmarkDuckNodes(b *testing.B) {
	rs := rulestest.Compile(b, "duck", "")
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "off", true: "on"}[on], func(b *testing.B) {
			defer func(v bool) { wallOrderOn = v }(wallOrderOn)
			wallOrderOn = on
			var nodes uint64
			for range b.N {
				for i, c := range duckBench {
					g := mustGame(b, rs, c.fen)
					e := NewEngine(16)
					res := e.Search(context.Background(), g, Limits{Depth: c.depth}, nil)
					nodes += res.Nodes
					b.Logf("pos %d depth %d: %s score %d nodes %d", i, c.depth, res.MoveText, res.Score, res.Nodes)
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
