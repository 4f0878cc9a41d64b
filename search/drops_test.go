package search

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// dropMates are crazyhouse positions checked with the oracle
// (/tmp/fsf-c19b5f6, current Fairy-Stockfish, MultiPV 3, depth 12).
var dropMates = []mateCase{
	// A smothered mate by a drop: N@f7# (the oracle's 2nd best cp -134).
	{"zh-smothered", "crazyhouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", 1, "N@f7"},
}

func TestMateDrops(t *testing.T) {
	for _, c := range dropMates {
		runMate(t, c)
	}
}

// TestDropDefenceNoFalseMate: a rook dropped on the back rank would mate
// but for the knight in Black's pocket, which the only defence drops in
// between (N@f8): the oracle scores the position cp -151 (depth 12, every
// back-rank drop answered by N@f8), so no mate may be found, and after
// R@b8+ Black's only legal moves are the knight drops in between, N@f8
// the oracle's choice.
func TestDropDefenceNoFalseMate(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	g := mustGame(t, rs, "6k1/5ppp/8/8/8/8/8/K7[Rn] w - - 0 1")
	res := NewEngine(16).Search(context.Background(), g, Limits{Depth: 7}, nil)
	if n, mate := MateIn(res.Score); mate {
		t.Errorf("mate in %d found (%s, pv %v): N@f8 defends", n, res.MoveText, res.PVText)
	}
	g = mustGame(t, rs, "1R4k1/5ppp/8/8/8/8/8/K7[n] b - - 0 1")
	if got := strings.Join(g.UCIList(g.LegalMoves()), " "); got != "N@c8 N@d8 N@e8 N@f8" {
		t.Fatalf("legal moves %s, want the four knight drops between rook and king", got)
	}
	res = NewEngine(16).Search(context.Background(), g, Limits{Depth: 6}, nil)
	if n, mate := MateIn(res.Score); mate || res.MoveText != "N@f8" {
		t.Errorf("got %s (score %d, mate %v in %d), want N@f8 (the oracle's) and no mate", res.MoveText, res.Score, mate, n)
	}
}

// TestPocketValues: under capturesToHand the piece values follow
// Fairy-Stockfish's for drop variants (riders one rank's worth smaller,
// values saturating: v·s·2917/(2917+v·s), s = (r0-1)/r0 with r0 = 12 on
// 8×8), the board counts half and a piece in hand its value and 29 cp
// (15 for a slider) more; with drops but without capturesToHand
// (pocketknight) a piece in hand is worth what it is on the board.
func TestPocketValues(t *testing.T) {
	chess := NewEvaluator(rulestest.Compile(t, "chess", ""))
	zh := NewEvaluator(rulestest.Compile(t, "crazyhouse", ""))
	// chess knight 322 → 322·2917/3239 = 290; queen 1019·11/12 = 934 → 708
	want := map[position.PieceType][2]int{
		position.Pawn: {100, 158}, position.Knight: {290, 348}, position.Bishop: {286, 316},
		position.Rook: {414, 444}, position.Queen: {708, 738},
	}
	for pt, w := range want {
		if zh.Mg[pt] != w[0] || zh.pocket.handMg[pt] != w[1] {
			t.Errorf("crazyhouse %v: board %d hand %d (halved in the balance), want %d %d (chess %d)",
				pt, zh.Mg[pt], zh.pocket.handMg[pt], w[0], w[1], chess.Mg[pt])
		}
	}
	pk := NewEvaluator(rulestest.Compile(t, "pocketknight", ""))
	if pk.Mg[position.Knight] != chess.Mg[position.Knight] || pk.pocket.handMg[position.Knight] != chess.Mg[position.Knight] {
		t.Errorf("pocketknight knight board %d hand %d, want chess's %d for both",
			pk.Mg[position.Knight], pk.pocket.handMg[position.Knight], chess.Mg[position.Knight])
	}
}

// TestPocketEval: the evaluation counts pieces in hand. Start position of
// crazyhouse: 33 (the side to move's 33 under capturesToHand). White's g1
// knight in its own pocket instead: 126 (in hand it is worth 29 cp more,
// and it may drop on the eight empty squares of the fifth rank, which
// Black does not attack: 8 × 8 cp of drop mobility; the g1 knight's own
// terms are gone). Black's g8 knight in White's pocket: 422 (the knight
// counts for Black no more and for White in hand, 145 + 174, with the
// same drop squares). Without the g1 knight at all: -113.
func TestPocketEval(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 33},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w KQkq - 0 1", 126},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[] w KQkq - 0 1", -113},
		{"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1", 422},
	} {
		if got := evalFEN(t, rs, c.fen); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
}

// dropWalks calls visit with positions of 6 random games (up to 80 plies,
// every 4th from ply 12, seed 3) in each drop variant: pockets filled by
// captures, many drops.
func dropWalks(t *testing.T, visit func(variant string, g *rules.Game)) {
	t.Helper()
	rng := rand.New(rand.NewSource(3))
	for _, v := range []string{"crazyhouse", "loop", "capahouse", "shogi", "minishogi"} {
		rs := rulestest.Compile(t, v, "")
		for game := 0; game < 6; game++ {
			g := mustGame(t, rs, "")
			for ply := 0; ply < 80; ply++ {
				ms := g.LegalMoves()
				if len(ms) == 0 {
					break
				}
				if ply >= 12 && ply%4 == 0 {
					visit(v, g)
				}
				// captures first, so that the pockets fill
				m := ms[rng.Intn(len(ms))]
				for _, c := range ms {
					if g.Pos.IsCapture(c) && rng.Intn(2) == 0 {
						m = c
						break
					}
				}
				g.Do(m)
			}
		}
	}
}

// TestDropChecksAndSEE: for every legal drop of the drop walks givesCheck
// answers what making the drop shows, and seeGE(d, t) is see(d) >= t (the
// exchange on the dropped piece's square).
func TestDropChecksAndSEE(t *testing.T) {
	drops, checking, seen := 0, 0, map[string]bool{}
	dropWalks(t, func(variant string, g *rules.Game) {
		w := NewEngine(1).newWorker(g, context.Background())
		for _, m := range g.LegalMoves() {
			if m.Kind() != position.Drop {
				continue
			}
			drops++
			seen[variant] = true
			g.Do(m)
			check := g.Pos.Checkers().Any()
			g.Undo()
			if got := w.givesCheck(m); w.checkTestOK && got != check {
				t.Errorf("%s %s %s: givesCheck %v, want %v", variant, g.FEN(), g.UCIList([]position.Move{m})[0], got, check)
			}
			if check {
				checking++
			}
			// (the reference see lets a royal king take into a defended
			// square: only exchanges without kings are compared)
			kings := g.Pos.PiecesOf(position.White, position.King).Or(g.Pos.PiecesOf(position.Black, position.King))
			around := g.Pos.AttackersTo(m.To(), g.Pos.Occupied(), position.White).Or(g.Pos.AttackersTo(m.To(), g.Pos.Occupied(), position.Black))
			if w.seeOK && around.And(kings).Empty() {
				full := w.see(m)
				for _, th := range []int{-300, -1, 0, 1} {
					if w.seeGE(m, th) != (full >= th) {
						t.Errorf("%s %s %s: seeGE(%d) = %v, see = %d", variant, g.FEN(), g.UCIList([]position.Move{m})[0], th, !(full >= th), full)
					}
				}
			}
		}
	})
	if checking < 100 || len(seen) < 5 {
		t.Fatalf("only %d checking drops among %d, in %d variants (%v)", checking, drops, len(seen), seen)
	}
	t.Logf("%d drops, %d of them check", drops, checking)
}

// TestPocketKingDanger: White's attack on the castled black king of an
// Italian game in crazyhouse (Stockfish's units, kingDanger): 194 with
// an empty pocket (the c4 bishop's eye on f7, 2 weak ring squares); a
// knight in hand may drop safely into the ring (it attacks together with
// the bishop: 81 + 52) and checks from e7 and h6, both covered (2 × 148
// unsafe checks), 490; with the queen too, one more covered check (Q@h8,
// next to the king; the queen has no safe square in the ring) 638.
// Black's units do not move (nothing in its pocket).
func TestPocketKingDanger(t *testing.T) {
	const board = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1"
	for _, c := range []struct {
		pocket string
		want   [2]int
	}{{"", [2]int{194, 194}}, {"N", [2]int{490, 194}}, {"QN", [2]int{638, 194}}} {
		if got := kingUnits(t, "crazyhouse", board+"["+c.pocket+"] w - - 0 1"); got != c.want {
			t.Errorf("pocket %q: units %v, want %v", c.pocket, got, c.want)
		}
	}
}

// TestDropHistory: a drop's quiet history is its own, by dropped type and
// square: N@e4 and B@e4 do not share an entry, and neither is the
// history of a move from e4 to e4.
func TestDropHistory(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	g := mustGame(t, rs, "r1bqkbnr/pppp1ppp/2n5/4p3/8/5N2/PPPP1PPP/RNBQKB1R[NBp] w KQkq - 0 4")
	w := NewEngine(1).newWorker(g, context.Background())
	n, err := g.ParseMove("N@e4")
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.ParseMove("B@e4")
	if err != nil {
		t.Fatal(err)
	}
	addHistory(w.quietHist(position.White, n), statBonus(5))
	if got := *w.quietHist(position.White, n); got != statBonus(5) {
		t.Errorf("N@e4 history %d, want %d", got, statBonus(5))
	}
	e4 := n.To()
	if got, other := *w.quietHist(position.White, b), w.history[position.White][e4][e4]; got != 0 || other != 0 {
		t.Errorf("B@e4 history %d, e4-e4 history %d: want both 0", got, other)
	}
	if *w.quietHist(position.Black, n) != 0 {
		t.Errorf("Black's N@e4 history moved")
	}
}

// TestGateDeficit: in S-Chess the hawk and elephant in hand enter only
// through gates: the start is level (0), and so with White's gates on
// a1, e1 and h1 only (KQ); with no white gate left both its pieces in
// hand are stranded: -83 (Fairy-Stockfish's 200 of its units, in the
// middle game of the start material).
func TestGateDeficit(t *testing.T) {
	rs := rulestest.Compile(t, "seirawan", "")
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQkqbcdfg - 0 1", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w kqbcdfg - 0 1", -83},
	} {
		if got := evalFEN(t, rs, c.fen); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
}
