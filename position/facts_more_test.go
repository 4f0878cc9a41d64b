package position

import (
	"testing"

	"houserules/geom"
)

// Fact slots beyond the inline ones (FactSlots) behave as the inline ones:
// they follow the piece, change the key, and Undo and Rewind restore them.
func TestFactsBeyondInlineSlots(t *testing.T) {
	p, _ := New(chess(t), "", false)
	e2, e4 := geom.Sq(4, 1), geom.Sq(4, 3)
	k0 := p.Key()
	p.SetFact(e2, 6, 5)
	p.SetGameFact(7, -2)
	k1 := p.Key()
	if k1 == k0 || p.Fact(e2, 6) != 5 || p.Fact(e2, 5) != 0 || p.GameFact(7) != -2 || p.GameFact(6) != 0 {
		t.Fatalf("set: key changed %v, F6 %d, F5 %d, G7 %d", k1 != k0, p.Fact(e2, 6), p.Fact(e2, 5), p.GameFact(7))
	}
	m, _ := p.ParseMove("e2e4")
	p.Do(m)
	p.SetFact(e4, 6, 9)
	p.SetGameFact(7, 3)
	if p.Fact(e4, 6) != 9 || p.GameFact(7) != 3 {
		t.Errorf("after e2e4: F6 %d, G7 %d", p.Fact(e4, 6), p.GameFact(7))
	}
	k2 := p.Key()
	p.Rewind(func() {
		if p.Fact(e2, 6) != 5 || p.GameFact(7) != -2 || p.Key() != k1 {
			t.Errorf("rewound: F6 %d, G7 %d", p.Fact(e2, 6), p.GameFact(7))
		}
	})
	if p.Fact(e4, 6) != 9 || p.GameFact(7) != 3 || p.Key() != k2 {
		t.Errorf("after Rewind: F6 %d, G7 %d, key restored %v", p.Fact(e4, 6), p.GameFact(7), p.Key() == k2)
	}
	p.computeKey()
	if p.Key() != k2 {
		t.Error("the incremental key differs from the key computed from scratch")
	}
	p.Undo()
	if p.Fact(e2, 6) != 5 || p.GameFact(7) != -2 || p.Key() != k1 {
		t.Errorf("undo: F6 %d, G7 %d", p.Fact(e2, 6), p.GameFact(7))
	}
}
