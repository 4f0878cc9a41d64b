package position

import (
	"testing"

	"houserules/geom"
)

// Facts travel with their piece, are restored by Undo and are part of the key.
func TestFactsFollowPieceAndUndo(t *testing.T) {
	v := chess(t)
	p, _ := New(v, "", false)
	e2, e4 := geom.Sq(4, 1), geom.Sq(4, 3)
	id := p.IDOn(e2)
	if id == 0 {
		t.Fatal("pieces must have IDs")
	}
	k0 := p.Key()
	p.SetFact(e2, 0, 3) // e.g. Hp = 3
	if p.Key() == k0 {
		t.Error("a fact change must change the key")
	}
	m, err := p.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	p.Do(m)
	if got := p.Fact(e4, 0); got != 3 {
		t.Errorf("fact after e2e4 = %d, want 3", got)
	}
	if p.IDOn(e4) != id {
		t.Errorf("ID changed on move: %d → %d", id, p.IDOn(e4))
	}
	p.SetGameFact(1, 7)
	p.Undo()
	if p.Fact(e2, 0) != 3 || p.Fact(e4, 0) != 0 || p.GameFact(1) != 0 {
		t.Errorf("undo: e2=%d e4=%d game=%d", p.Fact(e2, 0), p.Fact(e4, 0), p.GameFact(1))
	}
}
