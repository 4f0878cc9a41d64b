package rules_test

import (
	"fmt"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// manyFacts declares six per-piece facts (F0…F5, a fresh piece has
// F_i = i) and six game facts (G0…G5), beyond the inline slots; after each
// move it adds 1 to F5 of the piece that moved and counts the moves in G5.
type manyFacts struct{ f5, g5 int }

func (h *manyFacts) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	p := g.Pos
	if pc := p.PieceOn(m.To()); pc != position.NoPiece && m.Kind() != position.Castling {
		p.SetFact(m.To(), h.f5, p.Fact(m.To(), h.f5)+1)
	}
	p.SetGameFact(h.g5, p.GameFact(h.g5)+1)
}

type manyFactsPreset struct{}

func (manyFactsPreset) Info() rules.Info {
	return rules.Info{ID: "test-many-facts", Name: "many facts", Category: "Test", Mode: rules.Additive, Description: "six piece facts, six game facts"}
}

func (manyFactsPreset) Setup(b *rules.Builder, _ rules.Options) error {
	h := &manyFacts{}
	for i := 0; i < 6; i++ {
		i16 := int16(i)
		slot, err := b.Fact(fmt.Sprintf("F%d", i), func(position.Piece) int16 { return i16 })
		if err != nil {
			return err
		}
		h.f5 = slot
		if h.g5, err = b.GameFact(fmt.Sprintf("G%d", i)); err != nil {
			return err
		}
	}
	b.Hook(h)
	return nil
}

func init() { rules.Register(manyFactsPreset{}) }

func manyFactsGame(t *testing.T, fen string) *rules.Game {
	t.Helper()
	rs, err := rules.Compile(position.NewVariant(), []rules.Spec{{ID: "test-many-facts"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Six per-piece facts and six game facts: they start at their declared
// values, follow their piece, round-trip through the FEN suffix, are part
// of the Zobrist key and are restored by Undo.
func TestManyFacts(t *testing.T) {
	g := manyFactsGame(t, "")
	p := g.Pos
	e2 := mustSquare(t, "e2")
	for i := 0; i < 6; i++ {
		if got := p.Fact(e2, i); got != int16(i) {
			t.Errorf("F%d of e2 = %d, want %d", i, got, i)
		}
	}
	start, key0 := g.FEN(), p.Key()
	if start != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {}" {
		t.Errorf("start FEN %s", start)
	}
	playUCI(t, g, "e2e4")
	after := g.FEN()
	if after != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {F5:e4=6;game:5=1}" {
		t.Errorf("after e2e4: %s", after)
	}
	// the same board with other fact values has another key
	g2 := manyFactsGame(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {F5:e4=7;game:5=1}")
	g3 := manyFactsGame(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {F5:e4=6;game:5=2}")
	g4 := manyFactsGame(t, after)
	if g4.FEN() != after {
		t.Errorf("round trip: %s → %s", after, g4.FEN())
	}
	if g4.Pos.Key() != p.Key() {
		t.Errorf("a game set up from the FEN has key %x, the played one %x", g4.Pos.Key(), p.Key())
	}
	if g2.Pos.Key() == p.Key() || g3.Pos.Key() == p.Key() || g2.Pos.Key() == g3.Pos.Key() {
		t.Errorf("keys must differ by facts: %x %x %x", p.Key(), g2.Pos.Key(), g3.Pos.Key())
	}
	// the fact travels with the piece; the snapshot before the move has
	// the old value
	playUCI(t, g, "d7d5", "e4d5")
	d5 := mustSquare(t, "d5")
	if got := p.Fact(d5, 5); got != 7 {
		t.Errorf("F5 of the pawn on d5 = %d, want 7", got)
	}
	if st := p.State(); p.MetaFact(st.CapturedMeta, 5) != 6 || p.MetaFact(st.CapturedMeta, 4) != 4 {
		t.Errorf("captured pawn's F5 = %d, F4 = %d", p.MetaFact(st.CapturedMeta, 5), p.MetaFact(st.CapturedMeta, 4))
	}
	g.Before(func() {
		if got := p.Fact(mustSquare(t, "e4"), 5); got != 6 {
			t.Errorf("before exd5, F5 of e4 = %d", got)
		}
	})
	if got := p.Fact(d5, 5); got != 7 || p.GameFact(5) != 3 {
		t.Errorf("after Before: F5 of d5 = %d, G5 = %d", got, p.GameFact(5))
	}
	g.Undo()
	g.Undo()
	if g.FEN() != after {
		t.Errorf("undo to %s, want %s", g.FEN(), after)
	}
	g.Undo()
	if g.FEN() != start || p.Key() != key0 {
		t.Errorf("undo to the start: %s key %x want %x", g.FEN(), p.Key(), key0)
	}
	if _, err := rules.NewGame(g.R, "8/8/8/8/8/8/8/K6k w - - 0 1 {game:6=1}", false); err == nil {
		t.Error("game slot 6 of 0..5 must be refused")
	}
}

func mustSquare(t *testing.T, name string) geom.Square {
	t.Helper()
	s, err := geom.ParseSquare(name, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
