package rules_test

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// fenVariant returns the built-in variant name, compiled.
func fenVariant(t *testing.T, name string) *position.Variant {
	t.Helper()
	v, err := variants.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFENImpossibleRefused (issue 45): positions no game of the variant
// reaches, refused by position.New with the field named. Fairy-Stockfish
// (/tmp/fsf-lb-c19b5f6, `position fen`, `d`, `go perft 1`) accepts every
// one of them and plays on (a1a2 from the first rank, a6a7m in makruk,
// e1d1/e1f1 with the generals facing): NewFSF, the UCI front end, still
// does, with the perft(1) given.
func TestFENImpossibleRefused(t *testing.T) {
	const refusedFSF = ^uint64(0)
	for _, c := range []struct {
		variant, fen, want string
		fsfPerft           uint64
	}{
		// a white pawn on the first rank: no pawn move ends there
		{"chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/P3K3 w - - 0 1": board: rank 1: the white pawn on a1 could never get there (no move of a pawn ends on that rank)`, 6},
		// a white pawn on the last rank: it would have promoted
		{"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "P3k3/8/8/8/8/8/8/4K3 w - - 0 1": board: rank 8: the white pawn on a8 stands in its promotion zone, where it must have promoted`, 5},
		// a black pawn on its first rank (rank 8)
		{"chess", "p3k3/8/8/8/8/8/8/4K3 b - - 0 1",
			`fen "p3k3/8/8/8/8/8/8/4K3 b - - 0 1": board: rank 8: the black pawn on a8 could never get there (no move of a pawn ends on that rank)`, 6},
		// horde: black pawns still never stand on rank 8
		{"horde", "p3k3/8/8/8/8/8/8/PPPPPPPP b - - 0 1",
			`fen "p3k3/8/8/8/8/8/8/PPPPPPPP b - - 0 1": board: rank 8: the black pawn on a8 could never get there (no move of a pawn ends on that rank)`, 6},
		// makruk: pawns start on the third rank and promote on the sixth
		{"makruk", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/P7/4K3 w - - 0 1": board: rank 2: the white pawn on a2 could never get there (no move of a pawn ends on that rank)`, 6},
		{"makruk", "4k3/8/P7/8/8/8/8/4K3 w - - 0 1",
			`fen "4k3/8/P7/8/8/8/8/4K3 w - - 0 1": board: rank 6: the white pawn on a6 stands in its promotion zone, where it must have promoted`, 6},
		// xiangqi: the generals face each other with White to move, so
		// Black's last move left its general "in check" by the flying general
		// (NewFSF refuses it too, as it refuses every side not to move in
		// check: refusedFSF)
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, refusedFSF},
		// atomic: Black's king attacked by the a1 rook with White to move
		// (Fairy-Stockfish does not answer `go perft 1` on it); a king beside
		// the enemy king is not in check (TestFENPieceCountsAccepted)
		{"atomic", "k7/8/8/8/8/8/8/R3K3 w - - 0 1",
			`fen "k7/8/8/8/8/8/8/R3K3 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, refusedFSF},
		// coregal: the queens are pseudo-royal, the king is still a royal
		// king: Black's king attacked with White to move (refused as in
		// chess; Fairy-Stockfish lists 15 moves, e1e8 among them)
		{"coregal", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/4RK2 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, refusedFSF},
		// spartan (duple check): both black kings attacked by the d8 rook
		// with White to move (Fairy-Stockfish plays on: perft(1) 19, as
		// NewFSF); White's lone king attacked with Black to move (18)
		{"spartan", "k2R3k/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "k2R3k/8/8/8/8/8/8/4K3 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, 19},
		{"spartan", "k3r2k/8/8/8/8/8/8/4K3 b - - 0 1",
			`fen "k3r2k/8/8/8/8/8/8/4K3 b - - 0 1": side to move: white is in check but black is to move (its king could be taken)`, 18},
		// spartan: a hoplite on Black's first rank (its first-move jump is
		// made from its start rank only, and lands two ranks ahead)
		{"spartan", "h3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "h3k3/8/8/8/8/8/8/4K3 w - - 0 1": board: rank 8: the black customPiece1 on a8 could never get there (no move of a customPiece1 ends on that rank)`, 5},
		// xiangqi: a soldier behind its start rank (it only moves forward
		// there) and an elephant on a rank its diagonal leaps never reach;
		// Fairy-Stockfish plays on (perft(1) 2 each)
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/3K4P w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/9/3K4P w - - 0 1": board: rank 1: the white soldier on i1 could never get there (no move of a soldier ends on that rank)`, 2},
		{"xiangqi", "4k4/9/9/9/9/9/9/9/B8/3K5 w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/B8/3K5 w - - 0 1": board: rank 2: the white elephant on a2 could never get there (no move of an elephant ends on that rank)`, 2},
		// pawns that step sideways but never back; a shogi pawn and a grand
		// chess pawn on the last rank (immobilityIllegal: promotion is
		// optional before it)
		{"pawnsideways", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/P3K3 w - - 0 1": board: rank 1: the white customPiece1 on a1 could never get there (no move of a customPiece1 ends on that rank)`, 7},
		{"shogi", "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1",
			`fen "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1": board: rank 9: the white shogiPawn on a9 could never move from there, which this variant does not allow (immobilityIllegal)`, 5},
		{"grand", "P8k/10/10/10/10/10/10/10/10/9K w - - 0 1",
			`fen "P8k/10/10/10/10/10/10/10/10/9K w - - 0 1": board: rank 10: the white pawn on a10 could never move from there, which this variant does not allow (immobilityIllegal)`, 3},
		// a board of the wrong size: capablanca's 10 files given 8
		// (Fairy-Stockfish pads the ranks: rnbqkbnr2/…, perft(1) 23)
		{"capablanca", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": board: rank 8 has 8 files, the board has 10`, refusedFSF},
		// a xiangqi general out of its palace
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1",
			`fen "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1": board: rank 1: the white king on a1 stands outside the squares its type may go to (its mobility region)`, 0},
		// shogi: a knight on the last two ranks never moves again
		{"shogi", "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1",
			`fen "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1": board: rank 8: the white shogiKnight on a8 could never move from there, which this variant does not allow (immobilityIllegal)`, 5},
		// a rook off its start square with its right (KQ with the b1
		// rook; the Shredder letter B): Fairy-Stockfish castles e1c1 with
		// it (perft(1) 26); capablanca's a1 rook on b1
		{"chess", "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1",
			`fen "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1": castling: 'Q' but the white rook is on b1, not a1: a rook off its square has no castling right (a Chess960 position needs Chess960 mode)`, 26},
		{"chess", "4k3/8/8/8/8/8/8/1R2K2R w BH - 0 1",
			`fen "4k3/8/8/8/8/8/8/1R2K2R w BH - 0 1": castling: 'B' but the white rook is on b1, not a1: a rook off its square has no castling right (a Chess960 position needs Chess960 mode)`, 26},
		{"capablanca", "r4k3r/10/10/10/10/10/10/1R3K3R w KQkq - 0 1",
			`fen "r4k3r/10/10/10/10/10/10/1R3K3R w KQkq - 0 1": castling: 'Q' but the white rook is on b1, not a1: a rook off its square has no castling right (a Chess960 position needs Chess960 mode)`, 28},
		// S-Chess: K, Q or the king's gate letter (D) with the king off
		// e1; Fairy-Stockfish castles from d1 (d1a1, d1h1 …)
		{"seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w KQkq - 0 1",
			`fen "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w KQkq - 0 1": castling: 'K' but the white king is on d1, not e1: a king off its square has no castling right (a Chess960 position needs Chess960 mode)`, 45},
		{"seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w ADHkq - 0 1",
			`fen "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w ADHkq - 0 1": castling: 'D' but the white king is on d1, not e1: a king off its square has no castling right (a Chess960 position needs Chess960 mode)`, 45},
		{"shouse", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w Kkq - 0 1",
			`fen "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[HEhe] w Kkq - 0 1": castling: 'K' but the white king is on d1, not e1: a king off its square has no castling right (a Chess960 position needs Chess960 mode)`, 122},
		// pockets: a king (never captured) in a pocket; forty queens in a
		// pocket (the game has 2 and 16 pawns that may promote); seventeen
		// pieces on the board in a variant that starts with sixteen there
		{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1": pocket: white has 1 king in its pocket, the start position 0 (a king is never captured)`, 62},
		// check counters: more checks to give than the start position's
		{"3check", "4k3/8/8/8/8/8/8/4K2R w K - 5+3 0 1",
			`fen "4k3/8/8/8/8/8/8/4K2R w K - 5+3 0 1": checks: white has 5 checks to give, more than the 3 of the start position`, 15},
		// lichess's +W+B (checks given): four given, a game the third ended
		{"3check", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 +4+0",
			`fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1 +4+0": checks: "+4+0" gives more than 3 checks to a side: the third check ends the game`, refusedFSF},
	} {
		v := fenVariant(t, c.variant)
		_, err := position.New(v, c.fen, false)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s New(%s): %v\n want %s", c.variant, c.fen, err, c.want)
		}
		p, err := position.NewFSF(v, c.fen, false)
		if c.fsfPerft == refusedFSF {
			if err == nil || err.Error() != c.want {
				t.Errorf("%s NewFSF(%s): %v\n want %s", c.variant, c.fen, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s NewFSF(%s): %v", c.variant, c.fen, err)
			continue
		}
		if got := rules.Perft(p, 1); got != c.fsfPerft {
			t.Errorf("%s NewFSF(%s): perft(1) %d, Fairy-Stockfish %d", c.variant, c.fen, got, c.fsfPerft)
		}
	}
}

// TestFENImpossibleEnPassant (issue 45): an en-passant square on which no
// pawn can have just double-stepped (its start square is not in the
// double-step region) is dropped by position.New, as squares no pawn can
// take on are; Fairy-Stockfish keeps it and takes en passant (d5e4 below:
// 7 moves), as NewFSF does.
func TestFENImpossibleEnPassant(t *testing.T) {
	for _, c := range []struct {
		variant, in, strict string
		strictPerft         uint64
		fsf                 string
		fsfPerft            uint64
	}{
		// e4 for Black: a white pawn on e5 did not come from e3
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1", "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1", 6,
			"4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1", 7},
		// e6 for White with the black pawn on e4, two squares off
		{"chess", "4k3/8/8/8/3Pp3/8/8/4K3 w - e6 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1", 6,
			"4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1", 6},
		// the ordinary square is kept
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 7,
			"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 7},
		// grand chess: pawns start on the third rank, so e4 (from e3) is
		// kept and e3 (from e2) is not
		{"grand", "k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", "k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", 5,
			"k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", 5},
		{"grand", "k9/10/10/10/10/10/3pP5/10/10/9K b - e3 0 1", "k9/10/10/10/10/10/3pP5/10/10/9K b - - 0 1", 10,
			"k9/10/10/10/10/10/3pP5/10/10/9K b - e3 0 1", 11},
		// horde: kept where a pawn of the second rank stepped two
		{"horde", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", 7,
			"4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", 7},
	} {
		v := fenVariant(t, c.variant)
		p, err := position.New(v, c.in, false)
		if err != nil {
			t.Errorf("New(%s): %v", c.in, err)
			continue
		}
		if got, n := p.FEN(), rules.Perft(p, 1); got != c.strict || n != c.strictPerft {
			t.Errorf("New(%s): %s perft(1) %d, want %s %d", c.in, got, n, c.strict, c.strictPerft)
		}
		if c.fsf == "" {
			continue
		}
		p, err = position.NewFSF(v, c.in, false)
		if err != nil {
			t.Errorf("NewFSF(%s): %v", c.in, err)
			continue
		}
		if got, n := p.FEN(), rules.Perft(p, 1); got != c.fsf || n != c.fsfPerft {
			t.Errorf("NewFSF(%s): %s perft(1) %d, Fairy-Stockfish %s %d", c.in, got, n, c.fsf, c.fsfPerft)
		}
	}
}

// TestFENPieceCountsAccepted: material is not counted, as lichess and
// Fairy-Stockfish do not: counts a game reaches (four queens with three
// pawns promoted, horde's 36 pawns, crazyhouse's and shogi's pockets) and
// counts no game reaches (nine pawns, a second queen beside eight pawns, a
// third shatranj knight, forty queens in a pocket: a study, a diagram, an
// odds game) are accepted (perft(1) Fairy-Stockfish's; 0: not compared).
func TestFENPieceCountsAccepted(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		perft        uint64
	}{
		{"chess", "4k3/8/8/8/8/8/PPPPP3/QQQQK3 w - - 0 1", 12},
		{"chess", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", 17},
		{"chess", "4k3/8/8/8/8/8/PPPPPPPP/Q2QK3 w - - 0 1", 21},
		{"shatranj", "r3k3/8/8/8/8/8/8/NNN1K3 w - - 0 1", 14},
		{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1", 67},
		{"horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 8},
		{"crazyhouse", "4k3/8/8/8/8/8/PPPPPPPP/QQQQK3[QQQQ] w - - 0 1", 0},
		{"makruk", "4k3/8/8/8/8/PPPPPP2/8/M1MMK3 w - - 0 1", 0}, // two pawns became mets
		// the crazyhouse perft position: 34 pieces with the pockets, more
		// than captures can have put there, but accepted (pockets are
		// not counted, see position.checkPocketKingAndChecks)
		{"crazyhouse", "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1[Pp] w - - 0 8", 0},
		{"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[P] w - - 0 1", 30},
		// a pawn where promotion is optional: sittuyin's last rank, grand
		// chess's eighth
		{"sittuyin", "P7/8/4k3/8/8/2K5/8/8[] w - - 0 1", 10},
		{"grand", "k9/10/P9/10/10/10/10/10/10/9K w - - 0 1", 10},
		// atomic: the kings side by side, the a1 rook "attacking" a2
		{"atomic", "8/8/8/8/8/8/kK6/R7 w - - 0 1", 13},
		// spartan (duple check): one of Black's two kings attacked is no
		// check (Fairy-Stockfish: perft(1) 17)
		{"spartan", "k2R4/8/8/8/8/8/8/4K1k1 w - - 0 1", 17},
	} {
		p, err := position.New(fenVariant(t, c.variant), c.fen, false)
		if err != nil {
			t.Errorf("%s %s: %v", c.variant, c.fen, err)
			continue
		}
		if c.perft == 0 {
			continue
		}
		if got := rules.Perft(p, 1); got != c.perft {
			t.Errorf("%s %s: perft(1) %d, Fairy-Stockfish %d", c.variant, c.fen, got, c.perft)
		}
	}
}

// TestFENGatingKingOffSquare (issue 45, found by FuzzFENPockets): in
// S-Chess a rook's gate letter (A) with the king off its start square (h1)
// is a gate and no castling right. Fairy-Stockfish makes it a queenside
// right from h1 (its FEN: … b Q - 0 1, perft(1) 2), as NewFSF does; New
// keeps no right, and its FEN reads back (before the fix New wrote Q and
// refused it on reading).
func TestFENGatingKingOffSquare(t *testing.T) {
	v := fenVariant(t, "seirawan")
	in := "B1B1k1B1/1B1B1BB1/8/8/8/8/1B1B1B1B/R1B1B1BK b A"
	for _, c := range []struct {
		fsf  bool
		want string
	}{
		{false, "B1B1k1B1/1B1B1BB1/8/8/8/8/1B1B1B1B/R1B1B1BK[] b  - 0 1"},
		{true, "B1B1k1B1/1B1B1BB1/8/8/8/8/1B1B1B1B/R1B1B1BK[] b Q - 0 1"},
	} {
		newPos := position.New
		if c.fsf {
			newPos = position.NewFSF
		}
		p, err := newPos(v, in, false)
		if err != nil {
			t.Fatalf("fsf %v: %v", c.fsf, err)
		}
		if got, n := p.FEN(), rules.Perft(p, 1); got != c.want || n != 2 {
			t.Errorf("fsf %v: %s perft(1) %d, want %s 2", c.fsf, got, n, c.want)
		}
		if _, err := newPos(v, p.FEN(), false); err != nil {
			t.Errorf("fsf %v: %s does not read back: %v", c.fsf, c.want, err)
		}
	}
}

// TestFEN960ImpossibleRefused (issue 45): Chess960 castling rights that no
// start position gives — a king with a right on an edge file, two rights
// on one side of the king, kings or same-side rooks of the two colours on
// different files — are refused by position.New in Chess960 mode;
// Fairy-Stockfish (UCI_Chess960) keeps them and plays on, as NewFSF does
// (its perft(1) given). The mirrored array with its rights is accepted.
func TestFEN960ImpossibleRefused(t *testing.T) {
	v := fenVariant(t, "chess")
	for _, c := range []struct {
		fen, want string
		fsfPerft  uint64
	}{
		{"4k3/8/8/8/8/8/8/K6R w H - 0 1",
			"castling: the white king on a1 has a castling right, but a Chess960 king starts between its two rooks, never on an edge file", 17},
		{"rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1",
			"castling: both sides have castling rights with the kings on g1 and b8: a Chess960 start puts them on one file", 24},
		{"1r4kr/8/8/8/8/8/8/R5KR w HAhb - 0 1",
			"castling: the queenside rights name rooks on the a- and b-files: a Chess960 start puts them on one file", 24},
		{"r5kr/8/8/8/8/8/8/RR4KR w AB - 0 1",
			"castling: 'B' but the white rook on a1 has that side's right already: a Chess960 start has one rook on each side of the king", 29},
	} {
		_, err := position.New(v, c.fen, true)
		if want := `fen "` + c.fen + `": ` + c.want; err == nil || err.Error() != want {
			t.Errorf("New(%s): %v\n want %s", c.fen, err, want)
		}
		p, err := position.NewFSF(v, c.fen, true)
		if err != nil {
			t.Errorf("NewFSF(%s): %v", c.fen, err)
			continue
		}
		if got := rules.Perft(p, 1); got != c.fsfPerft {
			t.Errorf("NewFSF(%s): perft(1) %d, Fairy-Stockfish %d", c.fen, got, c.fsfPerft)
		}
	}
	for _, fen := range []string{"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"} {
		if _, err := position.New(v, fen, true); err != nil {
			t.Errorf("New(%s): %v", fen, err)
		}
	}
}
