package presets

import (
	"sort"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// newGame builds a chess game with the given presets ("a,b:opt=v") from fen.
func newGame(t *testing.T, presets, fen string) *rules.Game {
	t.Helper()
	return newVariantGame(t, position.NewVariant(), presets, fen)
}

func newVariantGame(t *testing.T, v *position.Variant, presets, fen string) *rules.Game {
	t.Helper()
	specs, err := rules.ParseSpecs(presets)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.Compile(v, specs)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play makes the UCI moves, failing the test on an illegal one.
func play(t *testing.T, g *rules.Game, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		m, err := g.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v (legal: %v)", mv, err, legal(g))
		}
		g.Do(m)
	}
}

// legal returns the sorted legal moves in UCI.
func legal(g *rules.Game) []string {
	out := g.UCIList(g.LegalMoves())
	sort.Strings(out)
	return out
}

func hasMove(g *rules.Game, uci string) bool {
	for _, m := range legal(g) {
		if m == uci {
			return true
		}
	}
	return false
}

func sq(t *testing.T, name string) geom.Square {
	t.Helper()
	s, err := geom.ParseSquare(name, 12, 12)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pieceAt returns the FEN letter on a square ("." if empty).
func pieceAt(t *testing.T, g *rules.Game, name string) string {
	t.Helper()
	pc := g.Pos.PieceOn(sq(t, name))
	if pc == position.NoPiece {
		return "."
	}
	return string(g.Pos.PieceChar(pc))
}

func hp(t *testing.T, g *rules.Game, name string) int16 {
	t.Helper()
	slot, ok := g.R.FactSlot(HPFact)
	if !ok {
		t.Fatal("no Hp fact")
	}
	return g.Pos.Fact(sq(t, name), slot)
}

func joined(s []string) string { return strings.Join(s, " ") }
