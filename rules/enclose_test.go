package rules_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// dropFour is a connect-four definition of our own (the rules of
// Fairy-Stockfish's cfour section, with dropOnTop for enclosingDrop = top)
// and its misère and push-from-any-side forms.
const dropFour = `
[dropfour]
maxRank = 6
maxFile = 7
immobile = p
startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1
pieceDrops = true
dropOnTop = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 4
nMoveRule = 0

[dropfour-misere:dropfour]
connectValue = loss

[dropfour-anyside:dropfour]
maxRank = 7
startFen = 7/7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1
enclosingDrop = anyside
`

// enclosingVariant is a catalogue variant or a section of dropFour.
func enclosingVariant(t *testing.T, name string) *position.Variant {
	t.Helper()
	if strings.HasPrefix(name, "dropfour") {
		f, err := variants.Load("dropfour.ini", strings.NewReader(dropFour))
		if err != nil {
			t.Fatal(err)
		}
		v, err := f.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v, err := variants.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func playEnclosing(t *testing.T, name, fen, moves string) *position.Position {
	t.Helper()
	p, err := position.New(enclosingVariant(t, name), fen, false)
	if err != nil {
		t.Fatalf("%s %q: %v", name, fen, err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s after %q: move %s: %v", name, p.FEN(), s, err)
		}
		p.Do(m)
	}
	return p
}

// TestEnclosingMovesAndFlips: drops where the enclosing rule puts them,
// the pieces each move turns, passes. Every FEN and move list is the
// oracle's (Fairy-Stockfish c19b5f6, position fen … moves …, d, go perft 1;
// dropfour as its cfour and cfour-anyside sections).
func TestEnclosingMovesAndFlips(t *testing.T) {
	for _, c := range []struct{ variant, fen, moves, wantFEN, wantMoves string }{
		// ataxx: a clone is a drop next to an own piece, a jump a move;
		// both turn the opponent's neighbours of the arrival square
		{"ataxx", "", "P@f2 g7e5 g1e3 P@f4", "P6/7/4p2/5p1/4p2/5P1/p6 w - - 0 3",
			"P@a6 P@b6 P@b7 P@e1 P@e2 P@f1 P@f3 P@g1 P@g2 P@g3 a7a5 a7b5 a7c5 a7c6 a7c7 f2d1 f2d2 f2d3 f2d4 f2e4 f2g4"},
		{"ataxx", "", "P@f2 P@f7 f2d4 P@f6 d4f5", "P4pp/5P1/5P1/7/7/7/p5P b - - 1 3",
			"P@a2 P@b1 P@b2 P@e6 P@e7 P@g6 a1a3 a1b3 a1c1 a1c2 a1c3 f7d5 f7d6 f7d7 f7e5 f7g5 g7e5 g7e6 g7e7 g7g5"},
		// no move: the pass, written from the lowest own piece
		{"ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1", "", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w - - 0 1", "a1a1"},
		// reversi: enclosed lines turn, in several directions at once
		{"flipello", "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1", "P@f4 P@f5 P@e6 P@f3",
			"8/8/4P3/3pPp2/3Ppp2/5p2/8/8[PPPPPPPPpppppppp] w - - 0 3", "P@c4 P@c5 P@d6 P@e3 P@g3 P@g4 P@g5"},
		// flipersi: the centre first (enclosingDropStart), then enclosing
		{"flipersi", "8/8/8/8/8/8/8/8[PPPPpppp] w - - 0 1", "P@d4 P@e4 P@d5", "8/8/8/3P4/3Pp3/8/8/8[PPppp] b - - 0 2", "P@e5"},
		{"flipersi", "8/8/8/8/8/8/8/8[PPPPpppp] w - - 0 1", "", "8/8/8/8/8/8/8/8[PPPPpppp] w - - 0 1", "P@d4 P@d5 P@e4 P@e5"},
		// connect four: the first rank or on top of a piece
		{"dropfour", "", "P@d1 P@d2 P@e1", "7/7/7/7/3p3/3PP2[PPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] b - - 0 2",
			"P@a1 P@b1 P@c1 P@d3 P@e2 P@f1 P@g1"},
		// pushed in from any edge (Fairy-Stockfish takes the lowest
		// candidate of each line, so from the north or the east a piece
		// may stop below a gap: c7 and a4 here)
		{"dropfour-anyside", "3pP1p/5Pp/pP5/6P/6P/7/2pp1PP[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 7", "",
			"3pP1p/5Pp/pP5/6P/6P/7/2pp1PP[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 7",
			"P@a1 P@a2 P@a4 P@b1 P@b4 P@c2 P@c5 P@c7 P@e6 P@f2 P@f3 P@f4 P@g2"},
		{"dropfour-anyside", "3pP1p/5Pp/pP5/6P/6P/7/2pp1PP[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] b - - 0 7", "P@c5",
			"3pP1p/5Pp/pPp4/6P/6P/7/2pp1PP[PPPPPPPPPPPPPPPPPPppppppppppppppppp] w - - 0 8",
			"P@a1 P@a2 P@a4 P@b1 P@b4 P@c2 P@c7 P@d5 P@e6 P@f2 P@f3 P@f4 P@g2"},
	} {
		p := playEnclosing(t, c.variant, c.fen, c.moves)
		if got := p.FEN(); got != c.wantFEN {
			t.Errorf("%s %q + %q: FEN %s, oracle %s", c.variant, c.fen, c.moves, got, c.wantFEN)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, p.UCI(m))
		}
		slices.Sort(got)
		if strings.Join(got, " ") != c.wantMoves {
			t.Errorf("%s %s: moves %v, oracle %s", c.variant, p.FEN(), got, c.wantMoves)
		}
	}
}

// TestEnclosingGameEnds: the ends of these games as Fairy-Stockfish
// ends them (Position::is_immediate_game_end, stalemate_value,
// material_counting_result): a full board and two passes in a row go to
// the side with more pieces (materialCounting = unweighted); a side
// without moves loses when it has fewer pieces (stalematePieceCount);
// four in a row wins, or loses with connectValue = loss.
func TestEnclosingGameEnds(t *testing.T) {
	const stuck = "8/8/8/3PP3/3PP3/8/8/7p[PPPPpppp] w - - 0 1" // neither side can enclose
	const even = "PPPP4/8/8/3pp3/3pp3/8/8/8[PPpp] w - - 0 1"   // nor here, four each
	for _, c := range []struct{ variant, fen, moves, want string }{
		{"ataxx", "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp w 0 1", "", "1-0 full board, material counting"},
		{"ataxx", "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp b 0 1", "", "1-0 full board, material counting"},
		{"ataxx", "ppppppp/ppppppp/ppppppp/ppppppp/PPPPPPP/PPPPPPP/PPPPPP1 w 0 1", "", "ongoing"},
		{"ataxx", "ppppppp/ppppppp/ppppppp/ppppppp/PPPPPPP/PPPPPPP/PPPPPP1 w 0 1", "P@g1", "0-1 full board, material counting"},
		{"ataxx", "7/7/7/7/7/7/p6 w 0 1", "", "0-1 stalemate"},
		{"ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1", "", "ongoing"},
		{"flipello", stuck, "", "ongoing"},
		{"flipello", stuck, "d4d4", "ongoing"},
		{"flipello", stuck, "d4d4 h1h1", "1-0 double pass, material counting"},
		{"flipello", even, "a8a8 d4d4", "1/2-1/2 double pass, material counting"},
		{"flipersi", stuck, "", "1-0 stalemate"},
		{"flipersi", strings.Replace(stuck, " w ", " b ", 1), "", "1-0 stalemate"},
		{"flipersi", even, "", "1/2-1/2 stalemate, material counting"},
		{"dropfour", "", "P@a1 P@a2 P@b1 P@b2 P@c1 P@c2", "ongoing"},
		{"dropfour", "", "P@a1 P@a2 P@b1 P@b2 P@c1 P@c2 P@d1", "1-0 connection"},
		{"dropfour-misere", "", "P@a1 P@a2 P@b1 P@b2 P@c1 P@c2 P@d1", "0-1 connection"},
		{"dropfour", "PPppPPp/ppPPppP/PPppPPp/ppPPppP/PPppPPp/ppPPppP[] w - - 0 22", "", "1/2-1/2 stalemate"}, // a full board (42 pieces, the start's)
	} {
		p := playEnclosing(t, c.variant, c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%s %q + %q: %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}

// TestEnclosingIllegalSaysWhy: a drop the enclosing rule forbids, and a
// pass while another move is legal, are refused with the reason (each is
// illegal for Fairy-Stockfish too: not in its go perft 1).
func TestEnclosingIllegalSaysWhy(t *testing.T) {
	for _, c := range []struct{ variant, fen, move, why string }{
		{"ataxx", "", "P@d4", "d4 is not next to one of white's pieces (a piece further away jumps)"},
		{"ataxx", "", "g1g1", "a pass is legal only when no other move is (passOnStalemate)"},
		{"flipello", "", "P@a1", "a drop on a1 would enclose no opponent's piece between it and one of white's pieces"},
		{"flipersi", "", "P@a1", "while d4 e4 d5 e5 is empty, drops go there first"},
		{"dropfour", "", "P@a2", "a2 is neither on the first rank nor on top of a piece"},
		{"dropfour-anyside", "", "P@d4", "a piece pushed in from an empty edge square does not stop on d4"},
	} {
		r, err := rules.Compile(enclosingVariant(t, c.variant), nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGame(r, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.ParseMove(c.move)
		if err == nil {
			t.Errorf("%s: %s is legal", c.variant, c.move)
			continue
		}
		if !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s %s: %v, want the reason %q", c.variant, c.move, err, c.why)
		}
	}
}

// TestSANRoundTripEnclosing: in random games of the flipping and connect
// games (fixed seed), every legal move's SAN (drops P@e4, ataxx jumps,
// "pass") names it alone and reads back to it.
func TestSANRoundTripEnclosing(t *testing.T) {
	for _, name := range []string{"ataxx", "flipersi", "flipello", "dropfour-anyside"} {
		t.Run(name, func(t *testing.T) {
			v := enclosingVariant(t, name)
			rng := rand.New(rand.NewPCG(43, uint64(len(name))))
			positions, passes := 0, 0
			for game := 0; game < 3; game++ {
				fen := ""
				if name == "ataxx" && game == 0 {
					fen = "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1" // white passes
				}
				p, err := position.New(v, fen, false)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 60; ply++ {
					moves := p.LegalMoves(nil)
					if len(moves) == 0 {
						break
					}
					checkSANs(t, p, nil)
					positions++
					if t.Failed() {
						return
					}
					m := moves[rng.IntN(len(moves))]
					if m.Kind() == position.Pass {
						passes++
					}
					p.Do(m)
				}
			}
			if positions < 50 || (name == "ataxx" && passes == 0) {
				t.Errorf("only %d positions, %d passes", positions, passes)
			}
		})
	}
}

// TestMaterialCountingDrawOdds: armageddon's materialCounting =
// blackdrawodds gives Black every end that would be drawn (stalemate,
// repetition, the n-move rule), as Fairy-Stockfish's
// material_counting_result; plain chess draws them.
func TestMaterialCountingDrawOdds(t *testing.T) {
	const knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
	for _, c := range []struct{ variant, fen, moves, want string }{
		{"armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "0-1 stalemate, material counting"},
		{"chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "1/2-1/2 stalemate"},
		{"armageddon", "", knights, "0-1 repetition, material counting"},
		{"chess", "", knights, "1/2-1/2 repetition"},
		{"armageddon", "4k3/8/8/8/8/8/8/4K3 w - - 100 80", "", "0-1 n-move rule, material counting"},
		{"armageddon", "4k3/8/8/8/8/8/8/4K3 b - - 100 80", "", "0-1 n-move rule, material counting"},
	} {
		p := playEnclosing(t, c.variant, c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%s %q + %q: %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}
