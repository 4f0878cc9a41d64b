package search

import (
	"context"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules/rulestest"
	"houserules/variants"
)

// TestContHistIndex: every piece of the variant (both colours) on every
// square of its board has its own row/column, inside the table; a piece
// the variant does not have has none. Chess: 2 colours × 6 types × 64
// squares; capablanca: 2 × 8 × 80. Every catalogue variant's table stays
// within contMaxDim, folding piece types where a large board has many.
func TestContHistIndex(t *testing.T) {
	for _, tc := range []struct {
		variant string
		dim     int
	}{{"chess", 768}, {"capablanca", 1280}} {
		rs := rulestest.Compile(t, tc.variant, "")
		ev := NewEvaluator(rs)
		c := newContHist(rs.Variant, ev.types)
		if c.dim != tc.dim || len(c.tab) != tc.dim*tc.dim {
			t.Fatalf("%s: dim %d (%d entries), want %d", tc.variant, c.dim, len(c.tab), tc.dim)
		}
		seen := map[int]bool{}
		for _, pt := range ev.types {
			for col := position.White; col <= position.Black; col++ {
				for r := 0; r <= rs.Variant.MaxRank; r++ {
					for f := 0; f <= rs.Variant.MaxFile; f++ {
						k := c.index(position.MakePiece(col, pt), geom.Sq(f, r))
						if k < 0 || k >= c.dim || seen[k] {
							t.Fatalf("%s: %v %v on %d,%d: index %d (out of range or shared)", tc.variant, col, pt, f, r, k)
						}
						seen[k] = true
					}
				}
			}
		}
		if len(seen) != tc.dim {
			t.Errorf("%s: %d indices used, want %d", tc.variant, len(seen), tc.dim)
		}
	}
	rs := rulestest.Compile(t, "chess", "")
	c := newContHist(rs.Variant, NewEvaluator(rs).types)
	if k := c.index(position.MakePiece(position.White, position.Archbishop), geom.Sq(0, 0)); k != -1 {
		t.Errorf("chess: an archbishop has index %d, want -1", k)
	}
	if k := c.index(position.NoPiece, geom.Sq(0, 0)); k != -1 {
		t.Errorf("empty square: index %d, want -1", k)
	}
	for _, name := range variants.Names() {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		types := v.PieceTypes().Types()
		c := newContHist(v, types)
		if c.dim > contMaxDim {
			t.Errorf("%s: dim %d over %d", name, c.dim, contMaxDim)
		}
		for _, pt := range types {
			k := c.index(position.MakePiece(position.Black, pt), geom.Sq(v.MaxFile, v.MaxRank))
			if k < 0 || k >= c.dim {
				t.Errorf("%s: %v index %d outside [0, %d)", name, pt, k, c.dim)
			}
		}
	}
}

// TestContHistOrdering: after 1.e4 d6 2.Nf3, three black moves go to d7
// (knight, bishop, queen) and score alike with fresh tables. A cut-off by
// Nbd7 after Nf3 orders that knight move first, and only it: the table
// names the piece, not just the square (the bishop and queen moves to the
// same square keep their score). A failed move goes down. Entries saturate
// within ±8192.
func TestContHistOrdering(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	g := mustGame(t, rs, "")
	for _, s := range []string{"e2e4", "d7d6", "g1f3"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Do(m)
	}
	e := NewEngine(1)
	w := e.newWorker(g, context.Background())
	var moves []position.Move
	for _, s := range []string{"b8d7", "c8d7", "d8d7"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	order := func() []int {
		ms := append([]position.Move(nil), moves...)
		sc := make([]int, len(ms))
		w.scoreMoves(ms, sc, position.NoMove, 1)
		return sc
	}
	if sc := order(); sc[0] != 0 || sc[1] != 0 || sc[2] != 0 {
		t.Fatalf("fresh tables: Nd7 %d, Bd7 %d, Qd7 %d, want 0", sc[0], sc[1], sc[2])
	}
	r1, r2 := w.contRows()
	if r1 < 0 || r2 < 0 {
		t.Fatalf("rows after 2.Nf3: %d, %d, want both", r1, r2)
	}
	p := g.Pos
	key := func(m position.Move) int { return w.ch.index(p.PieceOn(m.From()), m.To()) }
	w.ch.update(r1, key(moves[0]), 64)
	w.ch.update(r1, key(moves[2]), -64)
	sc := order()
	if sc[0] != 64 || sc[1] != 0 || sc[2] != -64 {
		t.Errorf("after Nd7 cut off and Qd7 failed: Nd7 %d, Bd7 %d, Qd7 %d, want 64, 0, -64", sc[0], sc[1], sc[2])
	}
	for i := 0; i < 500; i++ {
		w.ch.update(r2, key(moves[1]), 400)
		w.ch.update(r2, key(moves[2]), -400)
	}
	if v := w.ch.at(r2, key(moves[1])); v < 7000 || v > 8192 {
		t.Errorf("saturated entry %d, want in [7000, 8192]", v)
	}
	if v := w.ch.at(r2, key(moves[2])); v > -7000 || v < -8192 {
		t.Errorf("saturated entry %d, want in [-8192, -7000]", v)
	}
}
