package search

import (
	"bufio"
	"context"
	"math/rand"
	"os"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// corpusWalks calls visit with every position of the oracle corpus rows
// (not chess960) of the given variants, and with 9 positions 1-12 random
// legal plies further on from each.
func corpusWalks(t *testing.T, variants map[string]bool, visit func(variant string, g *rules.Game)) {
	t.Helper()
	f, err := os.Open("../corpus/testdata/perft/corpus-core.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rs := map[string]*rules.Ruleset{}
	rng := rand.New(rand.NewSource(7))
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		col := strings.Split(sc.Text(), "\t")
		if len(col) < 4 || !variants[col[0]] || col[2] != "false" {
			continue
		}
		r := rs[col[0]]
		if r == nil {
			r = rulestest.Compile(t, col[0], "")
			rs[col[0]] = r
		}
		for walk := 0; walk < 10; walk++ {
			g, err := rules.NewGame(r, col[3], false)
			if err != nil {
				t.Fatalf("%s %s: %v", col[0], col[3], err)
			}
			for n := rng.Intn(13) * min(walk, 1); n > 0; n-- {
				ms := g.LegalMoves()
				if len(ms) == 0 {
					break
				}
				g.Do(ms[rng.Intn(len(ms))])
			}
			visit(col[0], g)
		}
	}
}

// seeVariants are variants where SEE applies (plain rulesets, captures
// remove the captured piece).
var seeVariants = map[string]bool{"chess": true, "capablanca": true, "makruk": true, "shatranj": true, "grand": true, "courier": true}

// TestSEEThreshold checks that seeGE(m, t) answers exactly see(m) >= t for
// every legal move of the corpus walks, at thresholds around the piece
// values.
func TestSEEThreshold(t *testing.T) {
	thresholds := []int{-900, -300, -101, -100, -1, 0, 1, 99, 100, 250, 500}
	checked := 0
	corpusWalks(t, seeVariants, func(variant string, g *rules.Game) {
		w := NewEngine(1).newWorker(g, context.Background())
		if !w.seeOK {
			t.Fatalf("%s: SEE off", variant)
		}
		for _, m := range g.LegalMoves() {
			full := w.see(m)
			for _, th := range thresholds {
				if got := w.seeGE(m, th); got != (full >= th) {
					t.Errorf("%s %s %s: seeGE(%d) = %v, see = %d", variant, g.FEN(), g.UCIList([]position.Move{m})[0], th, got, full)
				}
				checked++
			}
		}
	})
	if checked < 10000 {
		t.Fatalf("only %d comparisons", checked)
	}
	t.Logf("%d comparisons", checked)
}

// TestGivesCheck checks givesCheck(m) against making the quiet move m and
// reading the checkers, for every quiet normal move of the corpus walks.
func TestGivesCheck(t *testing.T) {
	checks, checking := 0, 0
	corpusWalks(t, seeVariants, func(variant string, g *rules.Game) {
		w := NewEngine(1).newWorker(g, context.Background())
		for _, m := range g.LegalMoves() {
			if m.Kind() != position.Normal || g.Pos.IsCapture(m) {
				continue
			}
			g.Do(m)
			want := g.Pos.Checkers().Any()
			g.Undo()
			if got := w.givesCheck(m); got != want {
				t.Errorf("%s %s %s: givesCheck %v, want %v", variant, g.FEN(), g.UCIList([]position.Move{m})[0], got, want)
			}
			checks++
			if want {
				checking++
			}
		}
	})
	if checking < 50 {
		t.Fatalf("only %d checking moves among %d", checking, checks)
	}
	t.Logf("%d quiet moves, %d of them check", checks, checking)
}

// TestSEEExact: makruk, the knight goes to f5 where a khon (silver, 234)
// and a knight (322) attack it and one pawn defends it. Khon takes (-322),
// pawn takes back (+234), knight takes the pawn (-100): -188 for the
// mover. (The earlier see stopped after the pawn's recapture and said -88.)
func TestSEEExact(t *testing.T) {
	r := rulestest.Compile(t, "makruk", "")
	g, err := rules.NewGame(r, "r1sm2kr/3nn3/M3sp1p/3pp1p1/1PpPP2N/2P2PPP/1R1S2R1/1N1KMS2 w - - 7 17", false)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove("h4f5")
	if err != nil {
		t.Fatal(err)
	}
	w := NewEngine(1).newWorker(g, context.Background())
	if w.ev.Mg[position.Silver] != 234 || w.ev.Mg[position.Knight] != 322 {
		t.Fatalf("values moved: khon %d, knight %d; recompute the expected exchange", w.ev.Mg[position.Silver], w.ev.Mg[position.Knight])
	}
	if got := w.see(m); got != -188 {
		t.Errorf("see = %d, want -188", got)
	}
	if !w.seeGE(m, -188) || w.seeGE(m, -187) {
		t.Errorf("seeGE(-188) = %v, seeGE(-187) = %v; want true, false", w.seeGE(m, -188), w.seeGE(m, -187))
	}
}

// see is the full static exchange evaluation of m, the reference seeGE is
// checked against: the exact minimax of the capture sequence on m's target
// square (each side may stop; least valuable attacker first; captures just
// remove the captured piece).
func (w *worker) see(m position.Move) int {
	p := w.p
	from, to := m.From(), m.To()
	var gain [48]int
	occ := p.Occupied()
	gain[0] = w.ev.Mg[w.victim(m)]
	attacker := w.seeValue(w.movedPiece(m).Type())
	if w.isPromotion(m) {
		attacker = w.ev.Mg[m.PromotionType()]
		gain[0] += attacker - w.ev.Mg[p.PieceOn(from).Type()]
	}
	occ.Del(from)
	side := p.SideToMove().Other()
	d := 0
	for d < len(gain)-1 {
		atk := p.AttackersTo(to, occ, side).And(occ)
		if atk.Empty() {
			break
		}
		lva, lv := geom.NoSquare, 1<<30
		for a := atk; a.Any(); {
			sq := a.Pop()
			if v := w.seeValue(p.PieceOn(sq).Type()); v < lv {
				lva, lv = sq, v
			}
		}
		d++
		gain[d] = attacker - gain[d-1]
		attacker = lv
		occ.Del(lva)
		side = side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
