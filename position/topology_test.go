package position

import (
	"sort"
	"strings"
	"testing"

	"houserules/geom"
)

func legalUCI(p *Position) string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.UCI(m))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// On a cylinder the files wrap: a rook ray leaving the h-file re-enters on
// the a-file and stops before its own square (RULINGS: wrap-board); the
// king steps across the edge.
func TestCylinderMoves(t *testing.T) {
	v := NewVariant()
	v.Topology = geom.Cylinder
	if err := v.Compile(); err != nil {
		t.Fatal(err)
	}
	p, err := New(v, "7k/8/8/8/8/8/8/R3K3 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	want := "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1f1 a1g1 a1h1 " +
		"e1d1 e1d2 e1e2 e1f1 e1f2"
	if got := legalUCI(p); got != want {
		t.Errorf("cylinder moves\n got  %s\n want %s", got, want)
	}
	// The black king on h8 is next to a8 and a7 across the edge, which the
	// rook on a1 attacks along the a-file.
	q, _ := New(v, "7k/8/8/8/8/8/8/R3K3 b - - 0 1", false)
	if got := legalUCI(q); got != "h8g7 h8g8 h8h7" {
		t.Errorf("black king on a cylinder: %s", got)
	}
}

func TestTorusKnight(t *testing.T) {
	v := NewVariant()
	v.Topology = geom.Torus
	v.Castling = false
	if err := v.Compile(); err != nil {
		t.Fatal(err)
	}
	p, err := New(v, "8/8/7k/8/3K4/8/8/N7 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	var knight []string
	for _, m := range p.LegalMoves(nil) {
		if m.From() == geom.Sq(0, 0) {
			knight = append(knight, p.UCI(m))
		}
	}
	sort.Strings(knight)
	// a1 on a torus: b3 c2, and across the edges h3 g2 b7 c8 h7 g8.
	want := "a1b3 a1b7 a1c2 a1c8 a1g2 a1g8 a1h3 a1h7"
	if got := strings.Join(knight, " "); got != want {
		t.Errorf("torus knight %s, want %s", got, want)
	}
}
