package position

import (
	"strings"
	"testing"

	"houserules/geom"
)

func chess(t testing.TB) *Variant {
	v := NewVariant()
	if err := v.Compile(); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestFENRoundTrip(t *testing.T) {
	v := chess(t)
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40",
	} {
		p, err := New(v, fen, false)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip\n got  %s\n want %s", got, fen)
		}
	}
}

func TestFENChess960(t *testing.T) {
	v := chess(t)
	fen := "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
	p, err := New(v, fen, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); got != fen {
		t.Errorf("got %s want %s", got, fen)
	}
	// KQkq is accepted in 960 and written with files.
	p, _ = New(v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true)
	if got := p.FEN(); !strings.Contains(got, " w HAha ") {
		t.Errorf("960 castling letters: %s", got)
	}
}

// The en-passant square is kept only when a pawn can take en passant
// (X-FEN, as Fairy-Stockfish does): e3 after 1.e4 with no black pawn
// beside e4 is dropped.
func TestFENEnPassantFilter(t *testing.T) {
	v := chess(t)
	p, err := New(v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(p.FEN(), "e3") {
		t.Errorf("unusable ep square kept: %s", p.FEN())
	}
}

// TestFENPieceLabel (issue 45): a FEN error names a piece as the FEN
// types it, with its human name: a letter synonym stays the synonym, a
// shogi-style promoted piece is '+' and its unpromoted letter, a custom
// piece has no name (customPiece1 is no name a player knows).
func TestFENPieceLabel(t *testing.T) {
	v := NewVariant()
	v.PromotedPieceType[Pawn] = Queen                // +P is a queen
	v.MobilityRegion[White][Queen] = geom.RankSet(0) // on the first rank only
	v.AddPiece(CustomPiece1, 'H')                    // a custom piece
	v.CustomBetza[CustomPiece1] = "fW"
	v.PieceCharSynonym[Knight] = 'S'
	if err := v.Compile(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fen, want string }{
		{"4k3/8/8/4+P3/8/8/8/4K3 w - - 0 1", "board: rank 5: white piece '+P' (queen) on e5 stands outside the squares its type may go to (its mobility region)"},
		{"4k3/8/8/4Q3/8/8/8/4K3 w - - 0 1", "board: rank 5: white piece 'Q' (queen) on e5 stands outside"},
	} {
		_, err := New(v, c.fen, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%s) = %v, want %q", c.fen, err, c.want)
		}
	}
	// (NewFSF: New refuses the custom piece, which the start lacks)
	p, err := NewFSF(v, "4k3/8/8/8/8/8/8/1S2K2H w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sq   geom.Square
		fen  string
		want string
	}{
		{geom.Sq(1, 0), "4k3/8/8/8/8/8/8/1S2K2H w - - 0 1", "'S' (knight)"},
		{geom.Sq(1, 0), "", "'N' (knight)"}, // no FEN: the variant's letter
		{geom.Sq(7, 0), "4k3/8/8/8/8/8/8/1S2K2H w - - 0 1", "'H'"},
		{geom.Sq(4, 0), "4k3/8/8/8/8/8/8/1S2K2H w - - 0 1", "'K' (king)"},
	} {
		if got := p.pieceLabel(c.sq, c.fen); got != c.want {
			t.Errorf("pieceLabel(%s, %q) = %s, want %s", c.sq, c.fen, got, c.want)
		}
	}
	for pt, want := range map[PieceType]string{ShogiPawn: "shogi pawn", JanggiCannon: "janggi cannon", FersAlfil: "fers alfil",
		Pawn: "pawn", CustomPiece1: "", CustomRoyal: "", Commoner: "commoner"} {
		if got := v.HumanName(pt); got != want {
			t.Errorf("HumanName(%s) = %q, want %q", pt, got, want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	v := chess(t)
	for _, c := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board: 7 ranks, the board has 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has more than 8 files"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 files"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR w KQkq - 0 1", `rank 1: 'X' is not a piece`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `side: "x" is not w or b`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", `counters: unexpected "extra"`},
		{"", "empty FEN"},
		{"8/8/8/8/8/8/8/kK6 w - - 0 1", "side to move: black is in check but white is to move (its king could be taken)"},
		{"8/8/8/8/8/8/8/K7 w - - 0 1", "board: black has 0 kings"},
		{"rnbqkbnr/pppppppp/99/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: 99 empty squares after 0 files"},
		{"rnbqkbnr/pppp♔ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `rank 7: '♔' is not a piece`},
		{"4k3/8/8/8/8/8/8/4K3 w ééé - 0 1", `castling: 'é' is not a castling letter`},
		// a count of empty squares never starts with 0 (issue 45)
		{"4k3/8/8/8/8/8/8/01K6 w - - 0 1", `board: rank 1: "01" is not a count of empty squares`},
		{"4k3/8/0/8/8/8/8/4K3 w - - 0 1", `board: rank 6: "0" is not a count of empty squares`},
		// an en-passant square given twice (issue 45)
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e3 0 1", `en passant: "e3e3" names e3 twice`},
	} {
		_, err := New(v, c.fen, false)
		if c.fen == "" {
			// "" means the start position
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%q) = %v, want %q", c.fen, err, c.want)
		}
	}
}

func FuzzFEN(f *testing.F) {
	v := NewVariant()
	if err := v.Compile(); err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/8/8/8/8/8 b - e3 99 200",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w HAha - 0 1",
		"r3k2r/8/8/3**3/8/8/8/R2*K2R w KQkq - 0 1", // wall squares
		"4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1",         // king off its square: refused
		"4k3/8/8/8/8/8/8/R3K3 w K - 0 1",           // K with the rook on a1: dropped
		"4k3/8/8/8/8/8/8/R3K2R w B - 0 1",          // Shredder letter naming no rook
		"4k3/8/8/8/4Pp2/8/8/4K3 b - e4 0 1",        // en passant on the wrong rank
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		if fen == "" || fen == "startpos" {
			return
		}
		p, err := New(v, fen, false)
		if err != nil {
			if _, ok := err.(*FENError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		// A parsed position must print and re-parse to the same FEN, and
		// move generation must not crash on it.
		out := p.FEN()
		q, err := New(v, out, false)
		if err != nil {
			t.Fatalf("our FEN %q does not parse: %v", out, err)
		}
		if q.FEN() != out {
			t.Fatalf("FEN not stable: %q -> %q", out, q.FEN())
		}
		for _, m := range p.LegalMoves(nil) {
			p.Do(m)
			p.Undo()
		}
		if p.FEN() != out {
			t.Fatalf("do/undo changed %q into %q", out, p.FEN())
		}
	})
}

// TestFENNoCheckingVariant: where no move may give check (checking =
// false, as in racing kings) a FEN with either king in check is refused;
// the start position and a king beside but not attacked are accepted.
func TestFENNoCheckingVariant(t *testing.T) {
	v := chess(t).Clone()
	v.Checking = false
	if err := v.Compile(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fen, want string }{
		{"8/6K1/8/8/8/8/8/k6R b - - 0 1", "board: black is in check, which this variant's rules never allow"},
		{"8/6K1/8/8/8/8/8/k6R w - - 0 1", "board: black is in check"},
		{"8/6Kr/8/8/8/8/8/k7 w - - 0 1", "board: white is in check"},
		{"8/6K1/8/8/8/8/7R/k7 w - - 0 1", ""},
	} {
		_, err := New(v, c.fen, false)
		if c.want == "" {
			if err != nil {
				t.Errorf("New(%q) = %v, want no error", c.fen, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%q) = %v, want %q", c.fen, err, c.want)
		}
	}
}

// BenchmarkNewFEN: position.New on a middlegame FEN (kiwipete), the
// validation included (issue 45: CheckPlacement, counts, castling and
// en-passant checks run on every FEN New reads).
func BenchmarkNewFEN(b *testing.B) {
	v := chess(b)
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for b.Loop() {
		if _, err := New(v, fen, false); err != nil {
			b.Fatal(err)
		}
	}
}
