package search

import (
	"context"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
	"houserules/variants"
)

func evalFEN(t *testing.T, rs *rules.Ruleset, fen string) int {
	t.Helper()
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return NewEvaluator(rs).Evaluate(g)
}

// TestPieceValuesFromMobility: values derived from each piece's moves on
// an empty board land where chess players put them, for built-in and
// fairy pieces alike (the fitted weights put the heavy pieces about 10 %
// above the usual pawn units: queen 10.2 pawns in chess, 11.0 in capablanca).
func TestPieceValuesFromMobility(t *testing.T) {
	ev := NewEvaluator(rulestest.Compile(t, "capablanca", ""))
	in := func(pt position.PieceType, lo, hi int) {
		if v := ev.Mg[pt]; v < lo || v > hi {
			t.Errorf("%s = %d, want %d..%d (mobility %.2f)", pt, v, lo, hi, ev.Mobility[pt])
		}
	}
	in(position.Pawn, 100, 100)
	in(position.Knight, 280, 360)
	in(position.Bishop, 300, 400)
	in(position.Rook, 450, 600)
	in(position.Queen, 850, 1200)
	in(position.Archbishop, 650, 950)  // bishop + knight
	in(position.Chancellor, 800, 1150) // rook + knight
	if ev.Mg[position.King] != 0 {
		t.Errorf("the royal king has material value %d", ev.Mg[position.King])
	}
	if !(ev.Mg[position.Knight] < ev.Mg[position.Rook] && ev.Mg[position.Rook] < ev.Mg[position.Chancellor] && ev.Mg[position.Chancellor] < ev.Mg[position.Queen]) {
		t.Errorf("order N < R < C < Q broken: %v", ev.Mg)
	}
	// colour: the archbishop's bishop reaches every square through its
	// knight leap (Fairy-Stockfish 2200 against the chancellor's 2300, a
	// ratio of 0.96; the mobility alone gives 0.81), while the bishop alone
	// reaches half the board (the oracle's bishop is 22 cp above its knight
	// in chess, the mobility alone gives 46)
	if a, c := ev.Mg[position.Archbishop], ev.Mg[position.Chancellor]; a*100 < c*85 {
		t.Errorf("archbishop %d below 0.85 of the chancellor %d", a, c)
	}
	ch := NewEvaluator(rulestest.Compile(t, "chess", ""))
	if d := ch.Mg[position.Bishop] - ch.Mg[position.Knight]; d < 0 || d > 35 {
		t.Errorf("chess bishop - knight = %d, want 0..35", d)
	}
	// makruk's met (fers) and khon (silver) are minor pieces
	mk := NewEvaluator(rulestest.Compile(t, "makruk", ""))
	if f, s := mk.Mg[position.Fers], mk.Mg[position.Silver]; f < 120 || f > 250 || s < 200 || s > 330 || f >= s {
		t.Errorf("makruk fers %d, silver %d", f, s)
	}
	// antichess: the king is an ordinary commoner with a value
	ac := NewEvaluator(rulestest.Compile(t, "antichess", ""))
	if ac.Mg[position.Commoner] < 300 || ac.materialSign != -1 {
		t.Errorf("antichess commoner %d, material sign %d", ac.Mg[position.Commoner], ac.materialSign)
	}
}

// TestPieceValuesFromVariantFile: pieceValueMg/Eg from a variants file win
// over the mobility estimate (Fairy-Stockfish units, 2.4 per centipawn).
func TestPieceValuesFromVariantFile(t *testing.T) {
	f, err := variants.Load("t.ini", strings.NewReader("[valued:chess]\npieceValueMg = n:1000 r:1500\npieceValueEg = n:1200\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Lookup("valued")
	if err != nil {
		t.Skipf("pieceValueMg syntax not accepted by the loader: %v", err)
	}
	rs, err := rules.Compile(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev := NewEvaluator(rs)
	if ev.Mg[position.Knight] != 416 || ev.Eg[position.Knight] != 500 || ev.Mg[position.Rook] != 625 || ev.Eg[position.Rook] != 625 {
		t.Errorf("knight %d/%d rook %d/%d", ev.Mg[position.Knight], ev.Eg[position.Knight], ev.Mg[position.Rook], ev.Eg[position.Rook])
	}
	if ev.Mg[position.Bishop] < 300 || ev.Mg[position.Bishop] > 400 {
		t.Errorf("bishop keeps its mobility value: %d", ev.Mg[position.Bishop])
	}
}

// TestRulesetAwareTerms: hit points scale material, the flag region pulls,
// each check given under check counting is worth a lot.
func TestRulesetAwareTerms(t *testing.T) {
	hp := rulestest.Compile(t, "chess", "piece-hp")
	full := evalFEN(t, hp, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	// the same rook with 1 HP left (facts suffix: see rules.FactsSuffix)
	g, err := rules.NewGame(hp, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	slot, _ := hp.FactSlot("Hp")
	g.Pos.SetFact(0, slot, 1) // a1
	damaged := NewEvaluator(hp).Evaluate(g)
	if !(damaged < full && damaged > full/2) {
		t.Errorf("rook with 2 HP %d, with 1 HP %d", full, damaged)
	}

	koth := rulestest.Compile(t, "kingofthehill", "")
	far := evalFEN(t, koth, "4k3/8/8/8/8/8/8/K7 w - - 0 1")
	near := evalFEN(t, koth, "4k3/8/8/8/8/2K5/8/8 w - - 0 1")
	if near <= far+50 {
		t.Errorf("king of the hill: king near the centre %d, far %d", near, far)
	}

	rk := rulestest.Compile(t, "racingkings", "")
	back := evalFEN(t, rk, "8/8/8/8/8/8/k6K/8 w - - 0 1")
	ahead := evalFEN(t, rk, "8/8/8/8/7K/8/k7/8 w - - 0 1")
	if ahead <= back+50 {
		t.Errorf("racing kings: king two ranks ahead %d, level %d", ahead, back)
	}

	cc := rulestest.Compile(t, "3check", "")
	base := evalFEN(t, cc, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1")
	oneGiven := evalFEN(t, cc, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1")
	twoGiven := evalFEN(t, cc, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1")
	if !(base < oneGiven && oneGiven+200 < twoGiven) {
		t.Errorf("3check: no check given %d, one %d, two %d", base, oneGiven, twoGiven)
	}

	ac := rulestest.Compile(t, "antichess", "")
	withRook := evalFEN(t, ac, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	without := evalFEN(t, ac, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if withRook >= without-300 {
		t.Errorf("antichess: an extra rook should count against its owner: %d with, %d without", withRook, without)
	}
}

// TestSkillLevels: low levels play different (legal) moves from the same
// position; level 20 is deterministic.
func TestSkillLevels(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	g, _ := rules.NewGame(rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false)
	legal := map[string]bool{}
	for _, m := range g.LegalMoves() {
		legal[g.Pos.UCI(m)] = true
	}
	seen := map[string]int{}
	e := NewEngine(1)
	e.Skill = 0
	e.Seed(42)
	for i := 0; i < 30; i++ {
		res := e.Search(context.Background(), g, Limits{Depth: 6}, nil)
		if !legal[res.MoveText] {
			t.Fatalf("level 0 played %s, not legal", res.MoveText)
		}
		seen[res.MoveText]++
	}
	if len(seen) < 3 {
		t.Errorf("level 0 is too predictable: %v", seen)
	}
	strong := NewEngine(1)
	first := strong.Search(context.Background(), g, Limits{Depth: 5}, nil).MoveText
	for i := 0; i < 3; i++ {
		strong.NewGame()
		if m := strong.Search(context.Background(), g, Limits{Depth: 5}, nil).MoveText; m != first {
			t.Errorf("level 20 not deterministic: %s then %s", first, m)
		}
	}
}
