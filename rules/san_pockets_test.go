package rules_test

import (
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// promohouseINI: crazyhouse whose knights and bishops promote the shogi
// way (optionally, into, in or out of the last three ranks) to chancellor
// and archbishop, and may be dropped promoted (dropPromoted). The move
// lists below are Fairy-Stockfish's (c19b5f6, VariantPath loading this
// text, `go perft 1`): 125 moves in promoFEN, the same as ours.
const promohouseINI = `[promohouse:crazyhouse]
chancellor = c
archbishop = a
promotedPieceType = n:c b:a
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
dropPromoted = true
`

func promohouse(t *testing.T) *position.Variant {
	t.Helper()
	f, err := variants.Load("promohouse.ini", strings.NewReader(promohouseINI))
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Lookup("promohouse")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sanOf maps each legal move's UCI text to its SAN.
func sanOf(t *testing.T, p *position.Position) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range p.LegalMoves(nil) {
		out[p.UCI(m)] = rules.SAN(p, m)
	}
	return out
}

// checkSANs checks the SAN of the UCI moves in want, that every legal
// move's SAN is its own, and that ParseSAN reads each SAN, with and
// without its check mark, back to its move.
func checkSANs(t *testing.T, p *position.Position, want map[string]string) {
	t.Helper()
	got := sanOf(t, p)
	for uci, w := range want {
		if got[uci] != w {
			t.Errorf("%s: SAN of %s is %q, want %q", p.FEN(), uci, got[uci], w)
		}
	}
	seen := map[string]string{}
	legal := p.LegalMoves(nil)
	for _, m := range legal {
		uci, san := p.UCI(m), got[p.UCI(m)]
		if other, dup := seen[san]; dup {
			t.Errorf("%s: SAN %q names %s and %s", p.FEN(), san, uci, other)
		}
		seen[san] = uci
		// without its check mark (the SAN before it: Nd7+ is a shogi
		// promotion, Nd7++ that promotion giving check)
		for _, text := range []string{san, rules.SANAmong(p, m, legal)} {
			back, err := rules.ParseSAN(p, text)
			if err != nil || back != m {
				t.Errorf("%s: ParseSAN(%q) = %v, %v; want %s", p.FEN(), text, back, err, uci)
			}
		}
	}
}

func TestSANDrops(t *testing.T) {
	zh, err := variants.Get("crazyhouse")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen  string
		want map[string]string
	}{
		// drops name the piece, the pawn too (Fairy-Stockfish, lichess);
		// the pocket holds what was taken (a7, b1: position.New refuses
		// more pieces than the start has);
		// Ng5 and N@g5 side by side; N@f7 forks with check
		{"r1bqk2r/1ppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/R1BQK2R[Pn] w KQkq - 4 4", map[string]string{
			"P@e6": "P@e6", "P@d5": "P@d5", "f3g5": "Ng5", "e1g1": "O-O", "c4f7": "Bxf7+"}},
		// a drop that mates; a queen drop that only checks
		{"7k/5Kpp/8/8/8/8/8/8[Q] w - - 0 1", map[string]string{
			"Q@g8": "Q@g8#", "Q@a8": "Q@a8#", "Q@e5": "Q@e5", "Q@h6": "Q@h6", "f7e7": "Ke7"}},
		// black drops: checks by a knight and by a pawn
		{"4k3/8/8/8/8/8/2P1P3/4K3[nppp] b - - 0 1", map[string]string{
			"N@d3": "N@d3+", "N@f3": "N@f3+", "N@e4": "N@e4", "P@d2": "P@d2+", "P@f2": "P@f2+", "P@d3": "P@d3"}},
		// a promoted queen (~) moves as a queen; the pawn in hand drops
		{"4k3/8/8/8/8/8/8/Q~3K3[P] w - - 0 1", map[string]string{
			"a1a8": "Qa8+", "P@d7": "P@d7+", "P@e7": "P@e7", "P@a7": "P@a7"}},
	} {
		p, err := position.New(zh, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		checkSANs(t, p, c.want)
	}
}

// TestParseSANDropForms: a pawn drop as python-chess and chessops write it
// (@e4), shogi's drop mark (N*f3), UCI text and the check-mark variants
// all name the same drop.
func TestParseSANDropForms(t *testing.T) {
	zh, _ := variants.Get("crazyhouse")
	p, err := position.New(zh, "r1bqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/R1BQK2R[Nn] w KQkq - 4 4", false)
	if err != nil {
		t.Fatal(err)
	}
	for text, uci := range map[string]string{
		"N@g5": "N@g5", "N*g5": "N@g5", "N@g5!?": "N@g5", "Ng5": "f3g5", "N@d6+": "N@d6", "N@d6": "N@d6",
		"Nxf7": "", "N@d6#": "N@d6", "N*d6+": "N@d6", "N@f6": "",
	} {
		m, err := rules.ParseSAN(p, text)
		if uci == "" {
			if err == nil {
				t.Errorf("rules.ParseSAN(%q) = %s, want an error", text, p.UCI(m))
			}
			continue
		}
		if err != nil || p.UCI(m) != uci {
			t.Errorf("rules.ParseSAN(%q) = %v, %v; want %s", text, m, err, uci)
		}
	}
	p, _ = position.New(zh, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", false)
	for _, text := range []string{"P@e4", "@e4", "P*e4", "p@e4"} {
		m, err := rules.ParseSAN(p, text)
		if text == "p@e4" { // lower case is a black piece's UCI letter: not white's drop
			if err == nil {
				t.Errorf("rules.ParseSAN(%q) = %s, want an error", text, p.UCI(m))
			}
			continue
		}
		if err != nil || p.UCI(m) != "P@e4" {
			t.Errorf("rules.ParseSAN(%q) = %v, %v; want P@e4", text, m, err)
		}
	}
}

// TestSANPiecePromotion: shogi-style promotion ends in "+", a move that
// could promote but does not in "=", a promoted piece is "+" and its
// unpromoted letter, a promoted drop "+N@e6" (all as in UCI and
// Fairy-Stockfish's shogi SAN); Fairy-Stockfish's plain-SAN forms
// (Nd7=C, Cxf7) and the bare declined move (Nd7) are read too.
func TestSANPiecePromotion(t *testing.T) {
	v := promohouse(t)
	p, err := position.New(v, "r3k2r/ppp2ppp/8/4N3/8/8/PPP2PPP/R3K2R[Nn] w KQkq - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.LegalMoves(nil)); n != 125 {
		t.Fatalf("%d legal moves, the oracle has 125", n)
	}
	checkSANs(t, p, map[string]string{
		"e5d7+": "Nd7+", "e5d7": "Nd7=", "e5f7+": "Nxf7+", "e5f7": "Nxf7=", "e5c6+": "Nc6+", "e5c6": "Nc6=",
		"e5c4": "Nc4", "e5d3": "Nd3", "N@e6": "N@e6", "+N@e6": "+N@e6+", "+N@d6": "+N@d6+", "+N@a3": "+N@a3",
		"e1g1": "O-O", "e1c1": "O-O-O",
	})
	for text, uci := range map[string]string{"Nd7=C": "e5d7+", "Nd7": "e5d7", "Nd7=": "e5d7", "Nd7+": "e5d7+", "Nxf7=C": "e5f7+"} {
		if m, err := rules.ParseSAN(p, text); err != nil || p.UCI(m) != uci {
			t.Errorf("rules.ParseSAN(%q) = %v, %v; want %s", text, m, err, uci)
		}
	}
	// a promoted knight (+N, a chancellor) on d5 and a plain one on c3
	// (both reach b5 and d1, named apart by their designators)
	p, err = position.New(v, "r3k2r/ppp2ppp/8/3+N4/8/2N5/PPP2PPP/R3K2R[] w KQkq - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	checkSANs(t, p, map[string]string{"d5c7": "+Nxc7+", "d5e7": "+Ne7+", "d5d8": "+Nd8+", "d5b5": "+Nb5", "c3b5": "Nb5",
		"d5d1": "+Nd1", "c3d1": "Nd1", "d5f6": "+Nf6+"})
	for text, uci := range map[string]string{"Cxc7+": "d5c7", "+Nxc7": "d5c7", "Cd1": "d5d1", "Nd1": "c3d1"} {
		if m, err := rules.ParseSAN(p, text); err != nil || p.UCI(m) != uci {
			t.Errorf("rules.ParseSAN(%q) = %v, %v; want %s", text, m, err, uci)
		}
	}
}

// TestSANGating: a gating move (a Normal or Castling move with the gated
// type in AuxType and the gate in Aux, Fairy-Stockfish's seirawan
// encoding) is written as Fairy-Stockfish's SAN writes it: Nf3/C, and
// castling with the gating square (O-O/Ce1, O-O/Ch1). Moves built by
// hand: gating is generated by the gating rules, not here.
func TestSANGating(t *testing.T) {
	v := promohouse(t)
	p, err := position.New(v, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R[C] w KQkq - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	legal := p.LegalMoves(nil)
	find := func(uci string) position.Move {
		for _, m := range legal {
			if p.UCI(m) == uci {
				return m
			}
		}
		t.Fatalf("no legal %s", uci)
		return position.NoMove
	}
	chancellor := position.PieceType(0)
	for pt := position.PieceType(1); int(pt) < position.PieceTypeNB; pt++ {
		if v.PieceChar[pt] == 'C' {
			chancellor = pt
		}
	}
	nc3, castle := find("b1c3"), find("e1g1")
	gated := []position.Move{nc3.WithAux(nc3.From(), chancellor), castle.WithAux(castle.From(), chancellor), castle.WithAux(castle.To(), chancellor)}
	all := append(slices.Clone(legal), gated...)
	for i, want := range []string{"Nc3/C", "O-O/Ce1", "O-O/Ch1"} {
		if got := rules.SANAmong(p, gated[i], all); got != want {
			t.Errorf("gating SAN %q, want %q", got, want)
		}
	}
	if got := rules.SANAmong(p, nc3, all); got != "Nc3" {
		t.Errorf("the same move without gating: %q, want Nc3", got)
	}
	// reading: the gated form names the gating move, the plain one not
	for text, want := range map[string]position.Move{"Nc3/C": gated[0], "Nc3": nc3, "O-O/Ch1": gated[2], "O-O": castle} {
		m, err := rules.MatchSANAmong(p, text, all)
		if err != nil || m != want {
			t.Errorf("matchSAN(%q) = %v, %v; want %v", text, m, err, want)
		}
	}
}
