package rules_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// checkByDo is the reference for whether m checks: Do, the Checkers of
// the position after the move, Undo.
func checkByDo(p *position.Position, m position.Move) bool {
	p.Do(m)
	c := p.Checkers().Any()
	p.Undo()
	return c
}

// fastCheckTally counts, per variant, the moves compared and the moves
// the fast path decided.
type fastCheckTally struct {
	moves, fast int
}

// compareFastCheck compares, for every legal move of p, the fast check
// test (GivesCheckFast, when it decides), GivesCheck and the SAN's check
// suffix with Do/Undo's answer, failing on any difference.
func compareFastCheck(t *testing.T, name string, p *position.Position, tally *fastCheckTally) {
	t.Helper()
	var buf [512]position.Move
	legal := p.LegalMoves(buf[:0])
	for _, m := range legal {
		key, fen := p.Key(), ""
		want := checkByDo(p, m)
		check, ok := p.GivesCheckFast(m)
		tally.moves++
		if ok {
			tally.fast++
			if check != want {
				fen = p.FEN()
				t.Errorf("%s: %s: move %s: fast path says check=%v, Do/Undo says %v", name, fen, p.UCI(m), check, want)
			}
		}
		if p.Key() != key {
			t.Fatalf("%s: %s: move %s: GivesCheckFast changed the position", name, p.FEN(), p.UCI(m))
		}
		if got := p.GivesCheck(m); got != want {
			t.Errorf("%s: %s: move %s: GivesCheck=%v, Do/Undo says %v", name, p.FEN(), p.UCI(m), got, want)
		}
	}
}

// playout compares the fast check test in p and in the positions of a
// seeded random playout of up to plies plies from it (undone at the end).
func playout(t *testing.T, name string, p *position.Position, seed int64, plies int, tally *fastCheckTally) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	done := 0
	for ; done <= plies; done++ {
		compareFastCheck(t, name, p, tally)
		if done == plies {
			break
		}
		var buf [512]position.Move
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		p.Do(legal[rng.Intn(len(legal))])
	}
	for i := 0; i < done; i++ {
		p.Undo()
	}
}

// TestGivesCheckFastMatchesDo: for every variant of the catalogue and of
// the oracle's variants.ini (the perft tables' "ini" rows), in every
// position of the perft tables (corpus and shared copies) and of seeded
// random playouts from the start positions and from those positions, the
// fast check test (GivesCheckFast) agrees with making the move (Do,
// Checkers, Undo) on every legal move, and so do GivesCheck and
// therefore SAN's + and #. The fast path must decide every move of
// chess and of the FIDE-like variants listed in mustBeFast.
func TestGivesCheckFastMatchesDo(t *testing.T) {
	tallies := map[string]*fastCheckTally{}
	tally := func(name string) *fastCheckTally {
		if tallies[name] == nil {
			tallies[name] = &fastCheckTally{}
		}
		return tallies[name]
	}
	plies := 40
	seeds := 4
	if testing.Short() {
		plies, seeds = 16, 1
	}
	// the catalogue's variants from their start positions
	catalogueStarts(t, func(name string, p *position.Position) {
		for seed := 0; seed < seeds; seed++ {
			playout(t, name, p, int64(seed), plies, tally(name))
		}
	})
	// the oracle's variants.ini, when present beside the checkout
	var ini *variants.File
	if _, err := os.Stat(allIniPath); err == nil {
		f, err := variants.LoadFile(allIniPath)
		if err != nil {
			t.Fatal(err)
		}
		ini = f
		for _, s := range f.Sections {
			if s.Err != nil || s.Variant == nil {
				continue
			}
			p, err := position.New(s.Variant, "", false)
			if err != nil {
				continue
			}
			for seed := 0; seed < seeds; seed++ {
				playout(t, "ini:"+s.Name, p, int64(seed), plies, tally("ini:"+s.Name))
			}
		}
	}
	// the perft tables' positions, each with a short playout
	rows := 0
	for _, dir := range perftDataDirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.tsv"))
		for _, file := range files {
			n, _ := walkPerftRows(t, file, ini, func(name string, p *position.Position, line int) {
				playout(t, name, p, int64(line), 8, tally(name))
			})
			rows += n
		}
	}
	// chess positions where en passant, castling and promotion check
	// (by discovery through the captured pawn's square, by the rook), so
	// that each kind of move is compared giving check
	checkingKinds := map[position.MoveKind]int{}
	chess, _ := variants.Get("chess")
	for _, fen := range checkFENs {
		p, err := position.New(chess, fen, false)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		compareFastCheck(t, "chess", p, tally("chess"))
		var buf [256]position.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			if check, ok := p.GivesCheckFast(m); ok && check {
				checkingKinds[m.Kind()]++
			}
		}
	}
	for _, k := range []position.MoveKind{position.Normal, position.EnPassant, position.Castling, position.Promotion} {
		if checkingKinds[k] == 0 {
			t.Errorf("no checking move of kind %d decided by the fast path in checkFENs", k)
		}
	}
	moves, fast := 0, 0
	var slow []string
	for name, tl := range tallies {
		moves += tl.moves
		fast += tl.fast
		if tl.fast < tl.moves {
			slow = append(slow, name)
		}
	}
	t.Logf("%d variants, %d perft rows, %d moves compared, %d decided by the fast path", len(tallies), rows, moves, fast)
	sort.Strings(slow)
	t.Logf("variants with moves left to Do/Undo: %s", strings.Join(slow, " "))
	for _, name := range mustBeFast {
		tl := tallies[name]
		if tl == nil || tl.moves == 0 {
			t.Errorf("%s: no move compared", name)
			continue
		}
		if tl.fast != tl.moves {
			t.Errorf("%s: the fast path decided %d of %d moves, want all", name, tl.fast, tl.moves)
		}
	}
}

// checkFENs are chess positions with checks of every kind of move: en
// passant discovering a rook's and a bishop's check through the captured
// pawn's square, castling on either side checking with the rook,
// promotions checking, a knight discovering a rook's check.
var checkFENs = []string{
	"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",
	"8/b7/8/8/3Pp3/8/8/k5K1 b - d3 0 1",
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",
	"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
	"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
}

// mustBeFast are variants whose every move the fast check test decides
// (chess and FIDE-like rules: no gating, walls, flips, blasts, janggi
// cannons, a single king a side).
var mustBeFast = []string{"chess", "fischerandom", "capablanca", "crazyhouse", "shogi", "xiangqi", "makruk", "3check", "kingofthehill", "grand"}
