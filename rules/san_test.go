package rules

import (
	"sort"
	"strings"
	"testing"

	"houserules/position"
)

func TestSANChess(t *testing.T) {
	v := position.NewVariant()
	for _, c := range []struct {
		fen  string
		want string // sorted SAN of all legal moves, or a subset prefixed with "has:"
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			"Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4"},
		// castling both ways, rook disambiguation by file
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "has:O-O O-O-O Rb1 Rg1 Rxa8+ Rxh8+"},
		{"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "has:Rab1 Rfb1 Rae1+ Rfe1+ Ra7 Rf7"},
		// knights on the same file: rank disambiguation
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "has:N3d4 N5d4 Nd6+"},
		// promotion with capture and mate
		{"1r4k1/P4ppp/8/8/8/8/8/4K3 w - - 0 1", "has:axb8=Q# a8=Q a8=N"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "has:Ra8#"},
		// en passant
		{"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "has:dxe6 d6"},
	} {
		p, err := position.New(v, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, SAN(p, m))
		}
		sort.Strings(got)
		if strings.HasPrefix(c.want, "has:") {
			have := map[string]bool{}
			for _, g := range got {
				have[g] = true
			}
			for _, w := range strings.Fields(c.want[4:]) {
				if !have[w] {
					t.Errorf("%s: no %s in %v", c.fen, w, got)
				}
			}
			continue
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s:\n got  %v\n want %s", c.fen, got, c.want)
		}
	}
}

func TestParseSAN(t *testing.T) {
	v := position.NewVariant()
	p, _ := position.New(v, "", false)
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"} {
		m, err := ParseSAN(p, s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	want := "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
	if p.FEN() != want {
		t.Errorf("got %s want %s", p.FEN(), want)
	}
	if _, err := ParseSAN(p, "Qh5"); err == nil || !strings.Contains(err.Error(), `"Qh5"`) {
		t.Errorf("illegal SAN accepted: %v", err)
	}
}
