package search

import (
	"context"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"houserules/position"
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
			var nodes uint64
			for range b.N {
				for i, c := range duckBench {
					g := mustGame(b, rs, c.fen)
					e := NewEngine(16)
					e.wallOrderOff = !on
					res := e.Search(context.Background(), g, Limits{Depth: c.depth}, nil)
					nodes += res.Nodes
					b.Logf("pos %d depth %d: %s score %d nodes %d", i, c.depth, res.MoveText, res.Score, res.Nodes)
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// TestDuckMatch plays duck chess between the engine with the wall
// ordering and without it (HOUSERULES_DUCK_MATCH=games, in pairs with the
// colours swapped after the same random opening; HOUSERULES_DUCK_NODES
// the node budget per move, 2,000 unless set; HOUSERULES_DUCK_MS a time
// per move in milliseconds instead). It is a measurement, run
// by hand; it fails only on an illegal move or an unended game.
func TestDuckMatch(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("HOUSERULES_DUCK_MATCH"))
	if games == 0 {
		t.Skip("HOUSERULES_DUCK_MATCH not set")
	}
	nodes := uint64(2000)
	if n, err := strconv.Atoi(os.Getenv("HOUSERULES_DUCK_NODES")); err == nil {
		nodes = uint64(n)
	}
	lim := Limits{Nodes: nodes}
	if ms, err := strconv.Atoi(os.Getenv("HOUSERULES_DUCK_MS")); err == nil {
		lim = Limits{MoveTime: time.Duration(ms) * time.Millisecond}
	}
	rs := rulestest.Compile(t, "duck", "")
	score := 0.0 // of the engine with the wall ordering
	for i := 0; i < games; i++ {
		newAs := position.Color(i % 2)
		r := rand.New(rand.NewSource(int64(4343 + i/2)))
		g := mustGame(t, rs, "")
		var engines [2]*Engine
		for c := range engines {
			engines[c] = NewEngine(16)
			engines[c].wallOrderOff = position.Color(c) != newAs
		}
		for ply := 0; ; ply++ {
			if res, over := g.Result(); over {
				pts := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[res.Score]
				if newAs == position.Black {
					pts = 1 - pts
				}
				score += pts
				t.Logf("game %d: new engine %v, %s (%s) after %d plies", i+1, newAs, res.Score, res.Reason, ply)
				break
			}
			if ply >= aiGamePlyCap {
				t.Fatalf("game %d: no result after %d plies", i+1, ply)
			}
			legal := g.LegalMoves()
			var m position.Move
			if ply < 4 {
				m = legal[r.Intn(len(legal))]
			} else {
				m = engines[g.Pos.SideToMove()].Search(context.Background(), g, lim, nil).Move
				if !slices.Contains(legal, m) {
					t.Fatalf("game %d: illegal move %s in %s", i+1, g.Pos.UCI(m), g.FEN())
				}
			}
			g.Do(m)
		}
	}
	t.Logf("wall ordering on: %.1f / %d at %+v per move", score, games, lim)
}
