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
	checkRefused(t, []refusedFEN{
		// a white pawn on the first rank: no pawn move ends there
		{"chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/P3K3 w - - 0 1": board: rank 1: white piece 'P' (pawn) on a1 could never get there (no move of its kind ends on that rank)`, 6},
		// a white pawn on the last rank: it would have promoted
		{"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "P3k3/8/8/8/8/8/8/4K3 w - - 0 1": board: rank 8: white piece 'P' (pawn) on a8 stands in its promotion zone, where it must have promoted`, 5},
		// a black pawn on its first rank (rank 8)
		{"chess", "p3k3/8/8/8/8/8/8/4K3 b - - 0 1",
			`fen "p3k3/8/8/8/8/8/8/4K3 b - - 0 1": board: rank 8: black piece 'p' (pawn) on a8 could never get there (no move of its kind ends on that rank)`, 6},
		// horde: black pawns still never stand on rank 8
		{"horde", "p3k3/8/8/8/8/8/8/PPPPPPPP b - - 0 1",
			`fen "p3k3/8/8/8/8/8/8/PPPPPPPP b - - 0 1": board: rank 8: black piece 'p' (pawn) on a8 could never get there (no move of its kind ends on that rank)`, 6},
		// makruk: pawns start on the third rank and promote on the sixth
		{"makruk", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/P7/4K3 w - - 0 1": board: rank 2: white piece 'P' (pawn) on a2 could never get there (no move of its kind ends on that rank)`, 6},
		{"makruk", "4k3/8/P7/8/8/8/8/4K3 w - - 0 1",
			`fen "4k3/8/P7/8/8/8/8/4K3 w - - 0 1": board: rank 6: white piece 'P' (pawn) on a6 stands in its promotion zone, where it must have promoted`, 6},
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
		// NewFSF); White's lone king attacked by a general (g: rook and
		// fers) with Black to move (20; a black rook, which Spartans never
		// have, is refused as material: TestFENImpossibleMaterial)
		{"spartan", "k2R3k/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "k2R3k/8/8/8/8/8/8/4K3 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, 19},
		{"spartan", "k3g2k/8/8/8/8/8/8/4K3 b - - 0 1",
			`fen "k3g2k/8/8/8/8/8/8/4K3 b - - 0 1": side to move: white is in check but black is to move (its king could be taken)`, 20},
		// spartan: a hoplite on Black's first rank (its first-move jump is
		// made from its start rank only, and lands two ranks ahead)
		{"spartan", "h3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "h3k3/8/8/8/8/8/8/4K3 w - - 0 1": board: rank 8: black piece 'h' on a8 could never get there (no move of its kind ends on that rank)`, 5},
		// xiangqi: a soldier behind its start rank (it only moves forward
		// there) and an elephant on a rank its diagonal leaps never reach;
		// Fairy-Stockfish plays on (perft(1) 2 each)
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/3K4P w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/9/3K4P w - - 0 1": board: rank 1: white piece 'P' (soldier) on i1 could never get there (no move of its kind ends on that rank)`, 2},
		{"xiangqi", "4k4/9/9/9/9/9/9/9/B8/3K5 w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/B8/3K5 w - - 0 1": board: rank 2: white piece 'B' (elephant) on a2 could never get there (no move of its kind ends on that rank)`, 2},
		// pawns that step sideways but never back; a shogi pawn and a grand
		// chess pawn on the last rank (immobilityIllegal: promotion is
		// optional before it)
		{"pawnsideways", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/P3K3 w - - 0 1": board: rank 1: white piece 'P' on a1 could never get there (no move of its kind ends on that rank)`, 7},
		{"shogi", "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1",
			`fen "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1": board: rank 9: white piece 'P' (shogi pawn) on a9 could never move from there, which this variant does not allow (immobilityIllegal)`, 5},
		{"grand", "P8k/10/10/10/10/10/10/10/10/9K w - - 0 1",
			`fen "P8k/10/10/10/10/10/10/10/10/9K w - - 0 1": board: rank 10: white piece 'P' (pawn) on a10 could never move from there, which this variant does not allow (immobilityIllegal)`, 3},
		// a board of the wrong size: capablanca's 10 files given 8
		// (Fairy-Stockfish pads the ranks: rnbqkbnr2/…, perft(1) 23)
		{"capablanca", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": board: rank 8 has 8 files, the board has 10`, refusedFSF},
		// a xiangqi general out of its palace
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1",
			`fen "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1": board: rank 1: white piece 'K' (king) on a1 stands outside the squares its type may go to (its mobility region)`, 0},
		// shogi: a knight on the last two ranks never moves again
		{"shogi", "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1",
			`fen "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1": board: rank 8: white piece 'N' (shogi knight) on a8 could never move from there, which this variant does not allow (immobilityIllegal)`, 5},
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
	})
}

// refusedFSF in a refusedFEN: NewFSF refuses the FEN with the same error.
const refusedFSF = ^uint64(0)

// refusedFEN is a FEN of the built-in variant position.New refuses with
// the error want (whole), and Fairy-Stockfish's perft(1) of it, which
// NewFSF must count (refusedFSF: NewFSF refuses it too).
type refusedFEN struct {
	variant, fen, want string
	fsfPerft           uint64
}

// checkRefused checks refusedFEN rows of built-in variants.
func checkRefused(t *testing.T, rows []refusedFEN) {
	t.Helper()
	checkRefusedIn(t, nil, rows)
}

// checkRefusedIn checks refusedFEN rows of the variant v (nil: the
// built-in variant each row names).
func checkRefusedIn(t *testing.T, v0 *position.Variant, rows []refusedFEN) {
	t.Helper()
	for _, c := range rows {
		v := v0
		if v == nil {
			v = fenVariant(t, c.variant)
		}
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

// acceptedFEN is a FEN position.New accepts (in Chess960 mode when
// chess960), written back as out ("" = fen itself), with
// Fairy-Stockfish's perft(1) (0: not compared).
type acceptedFEN struct {
	variant, fen, out string
	chess960          bool
	perft             uint64
}

// checkAccepted checks acceptedFEN rows.
func checkAccepted(t *testing.T, rows []acceptedFEN) {
	t.Helper()
	for _, c := range rows {
		p, err := position.New(fenVariant(t, c.variant), c.fen, c.chess960)
		if err != nil {
			t.Errorf("%s New(%s): %v", c.variant, c.fen, err)
			continue
		}
		want := c.out
		if want == "" {
			want = c.fen
		}
		if got := p.FEN(); got != want {
			t.Errorf("%s New(%s): FEN %s, want %s", c.variant, c.fen, got, want)
		}
		if c.perft == 0 {
			continue
		}
		if got := rules.Perft(p, 1); got != c.perft {
			t.Errorf("%s New(%s): perft(1) %d, Fairy-Stockfish %d", c.variant, c.fen, got, c.perft)
		}
	}
}

// TestFENImpossibleEnPassant (issue 45): an en-passant square that a
// double step can have passed but on which no pawn can take, or whose
// pawn does not stand where the step ended, is dropped by position.New
// (Fairy-Stockfish keeps the second kind); a square no move can have
// marked is refused (TestFENEnPassantRefused).
func TestFENImpossibleEnPassant(t *testing.T) {
	for _, c := range []struct {
		variant, in, strict string
		strictPerft         uint64
		fsf                 string
		fsfPerft            uint64
	}{
		// e6 for White with the black pawn on e4, two squares off
		{"chess", "4k3/8/8/8/3Pp3/8/8/4K3 w - e6 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1", 6,
			"4k3/8/8/8/3Pp3/8/8/4K3 w - - 0 1", 6},
		// the ordinary square is kept
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 7,
			"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 7},
		// grand chess: pawns start on the third rank, so e4 (from e3) is
		// kept
		{"grand", "k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", "k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", 5,
			"k9/10/10/10/10/3pP5/10/10/10/9K b - e4 0 1", 5},
		// horde (White has no king): kept where a pawn of the second rank
		// stepped two
		{"horde", "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1", "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1", 7,
			"4k3/8/8/8/Pp6/8/8/8 b - a3 0 1", 7},
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

// TestFENEnPassantRefused (issue 45): the en-passant field of New refuses
// a square given twice (Fairy-Stockfish reads e3e3e3 as e3), a square no
// move of the side that has just moved can have marked (White's double
// steps pass the third rank; a Spartan game has no en passant), and
// squares no one move marks together. Several squares are legal: the
// pawns of pawnsideways step two squares with a Betza initial move, which
// marks the square passed and the one reached (Fairy-Stockfish writes
// e3e4 after 1.e4, in either order read). Fairy-Stockfish
// (/tmp/fsf-lb-c19b5f6) reads every refused field and plays on, as
// NewFSF does (perft(1) given).
func TestFENEnPassantRefused(t *testing.T) {
	checkRefused(t, []refusedFEN{
		{"chess", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e3e3 0 1",
			`fen "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e3e3 0 1": en passant: "e3e3e3" names e3 twice (a move marks each square once)`, 30},
		{"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4e3 0 1",
			`fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4e3 0 1": en passant: "e3e4e3" names e3 twice (a move marks each square once)`, 20},
		// e4 for Black: a white pawn passes e3, never e4 (Fairy-Stockfish
		// keeps e4 and takes d5e4 when a white pawn stands on e5, drops
		// it when it stands on e4)
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1",
			`fen "4k3/8/8/3pP3/8/8/8/4K3 b - e4 0 1": en passant: e4: no move of white can have left that square (the en-passant squares are those a white pawn's double step passes over)`, 7},
		{"chess", "4k3/8/8/8/4Pp2/8/8/4K3 b - e4 0 1",
			`fen "4k3/8/8/8/4Pp2/8/8/4K3 b - e4 0 1": en passant: e4: no move of white can have left that square (the en-passant squares are those a white pawn's double step passes over)`, 6},
		// e3 with White to move: Black has just moved, and its double
		// steps pass the sixth rank
		{"chess", "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
			`fen "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1": en passant: e3: no move of black can have left that square (the en-passant squares are those a black pawn's double step passes over)`, 19},
		// grand chess: White's pawns step two from the third rank
		{"grand", "k9/10/10/10/10/10/3pP5/10/10/9K b - e3 0 1",
			`fen "k9/10/10/10/10/10/3pP5/10/10/9K b - e3 0 1": en passant: e3: no move of white can have left that square (the en-passant squares are those a white pawn's double step passes over)`, 11},
		// two squares no one move marks: two pawns' steps, d2d4 and e2e4
		{"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3e3 0 1",
			`fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3e3 0 1": en passant: "d3e3": no one move of white can have left d3 and e3 together (the en-passant squares are those a white piece's multi-step first move passes over)`, 20},
		{"chess", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq c3e3 0 1",
			`fen "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq c3e3 0 1": en passant: "c3e3": no one move of white can have left c3 and e3 together (the en-passant squares are those a white pawn's double step passes over)`, 30},
	})
	checkAccepted(t, []acceptedFEN{
		{"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1", "", false, 20},
		{"pawnsideways", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4e3 0 1",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1", false, 20},
		{"chess", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "", false, 30},
		// e3 after 1.e4 with no black pawn to take: a square a move
		// marks, dropped (Fairy-Stockfish writes none)
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, 20},
		// the same where nothing takes en passant there (spartan's and
		// georgian's enPassantRegion = -) and after horde's first-rank
		// double step d1d3 (d2: outside Black's region): a move passed
		// over it, so it is dropped as in chess, not refused
		{"spartan", "lgkcckwl/hhhhhhhh/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ e3 0 1",
			"lgkcckwl/hhhhhhhh/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1", false, 32},
		{"georgian", "rnbakbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBAKBNR b - e3 0 1",
			"rnbakbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBAKBNR b - - 0 1", false, 22},
		{"horde", "6B1/4k2p/3p3P/pp1P3P/3PPP2/P1PPPPPP/2P2PP1/P1r2PP1 b - d2 0 40",
			"6B1/4k2p/3p3P/pp1P3P/3PPP2/P1PPPPPP/2P2PP1/P1r2PP1 b - - 0 40", false, 13},
	})
}

// TestFENEnPassantReachedAccepted: the en-passant fields the engine
// writes in games of pawnsideways (two squares after a pawn's two-step
// first move) read back unchanged.
func TestFENEnPassantReachedAccepted(t *testing.T) {
	v := fenVariant(t, "pawnsideways")
	p, err := position.New(v, "", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, uci := range []string{"e2e4", "d7d5", "e4e5", "f7f5"} {
		m, err := p.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
		fen := p.FEN()
		q, err := position.New(v, fen, false)
		if err != nil {
			t.Fatalf("after %s: %v", uci, err)
		}
		if q.FEN() != fen {
			t.Errorf("after %s: %s reads back as %s", uci, fen, q.FEN())
		}
	}
	if fen := p.FEN(); fen != "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5f6 0 3" {
		t.Errorf("after e4 d5 e5 f5: %s", fen)
	}
}

// TestFENZeroCountRefused (issue 45): a count of empty squares is 1 or
// more, written without a leading 0: a rank 01K6 (0+1+K+6) or a lone 0
// is refused with the rank named, by NewFSF too (Fairy-Stockfish reads
// 01K6 as 1K6, perft(1) 5, and 0 as no square). Two-digit counts of
// boards wider than 9 files stay (10 on capablanca's ten files, 12 on
// courier's twelve).
func TestFENZeroCountRefused(t *testing.T) {
	checkRefused(t, []refusedFEN{
		{"chess", "4k3/8/8/8/8/8/8/01K6 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/01K6 w - - 0 1": board: rank 1: "01" is not a count of empty squares (a count is 1 or more, with no leading 0)`, refusedFSF},
		{"chess", "4k3/8/8/0/8/8/8/4K3 w - - 0 1",
			`fen "4k3/8/8/0/8/8/8/4K3 w - - 0 1": board: rank 5: "0" is not a count of empty squares (a count is 1 or more, with no leading 0)`, refusedFSF},
		{"chess", "4k3/8/8/8/8/8/8/4K03 w - - 0 1",
			`fen "4k3/8/8/8/8/8/8/4K03 w - - 0 1": board: rank 1: "03" is not a count of empty squares (a count is 1 or more, with no leading 0)`, refusedFSF},
		{"capablanca", "r4k3r/10/010/10/10/10/10/R4K3R w - - 0 1",
			`fen "r4k3r/10/010/10/10/10/10/R4K3R w - - 0 1": board: rank 6: "01" is not a count of empty squares (a count is 1 or more, with no leading 0)`, refusedFSF},
	})
	checkAccepted(t, []acceptedFEN{
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w - - 0 1", "", false, 26},
		{"courier", "5k6/12/12/12/12/12/12/5K6 w - - 0 1", "", false, 5},
		{"chess", "4k3/8/8/8/8/8/8/1K6 w - - 0 1", "", false, 5},
	})
}

// TestFENPlacementBySquare (issue 45): a piece of the start position that
// nothing else makes stands only where its moves bring it from the start
// squares of its type (closed under its moves on an empty board, within
// its mobility region): a xiangqi advisor reaches d1, f1, e2, d3 and f3,
// an elephant c1, g1, a3, e3, i3, c5 and g5, a soldier before the river
// only its own file; a shatranj alfil from c1 and f1 a quarter of the
// squares of its ranks. Fairy-Stockfish accepts them and plays on
// (perft(1) given). The reached squares are accepted; in Chess960 mode
// (a shuffled start puts the pieces elsewhere on the back rank) only the
// rank is judged.
func TestFENPlacementBySquare(t *testing.T) {
	checkRefused(t, []refusedFEN{
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1": board: rank 1: white piece 'A' (advisor) on e1 could never get there (no moves of its kind from their start squares end on that square)`, 3},
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/3KB4 w - - 0 1",
			`fen "4k4/9/9/9/9/9/9/9/9/3KB4 w - - 0 1": board: rank 1: white piece 'B' (elephant) on e1 could never get there (no moves of its kind from their start squares end on that square)`, 3},
		{"xiangqi", "4k4/9/9/9/9/1P7/9/9/9/3K5 w - - 0 1",
			`fen "4k4/9/9/9/9/1P7/9/9/9/3K5 w - - 0 1": board: rank 5: white piece 'P' (soldier) on b5 could never get there (no moves of its kind from their start squares end on that square)`, 2},
		{"shatranj", "r3k3/8/8/8/8/8/8/B3K3 w - - 0 1",
			`fen "r3k3/8/8/8/8/8/8/B3K3 w - - 0 1": board: rank 1: white piece 'B' (alfil) on a1 could never get there (no moves of its kind from their start squares end on that square)`, 6},
		{"shatranj", "r3k3/8/8/8/8/2B5/8/4K3 w - - 0 1",
			`fen "r3k3/8/8/8/8/2B5/8/4K3 w - - 0 1": board: rank 3: white piece 'B' (alfil) on c3 could never get there (no moves of its kind from their start squares end on that square)`, 8},
	})
	checkAccepted(t, []acceptedFEN{
		{"xiangqi", "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "", false, 5},
		{"xiangqi", "4k4/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1", "", false, 6},
		{"xiangqi", "4k4/9/9/9/9/P8/9/9/9/3K5 w - - 0 1", "", false, 2},
		{"shatranj", "r3k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "", false, 7},
		{"shatranj", "r3k3/8/8/2B5/8/8/8/4K3 w - - 0 1", "", false, 9},
		// Chess960 mode: the alfil on a1 may be a shuffled start's
		{"shatranj", "r3k3/8/8/8/8/8/8/B3K3 w - - 0 1", "", true, 6},
	})
}

// TestFENImpossibleMaterial (issue 45): a type nothing makes (no
// promotion, drop, gate or piece promotion) is never more numerous than
// in the start position: nine white pawns in chess, a third shatranj
// knight (its pawns promote to a fers only), a white king in horde; where
// promotionLimit caps a promotion, the cap: three black kings in spartan
// (the hoplites promote to a king only while Black has fewer than two),
// two white queens in grand chess. Fairy-Stockfish accepts them and plays
// on (perft(1) given); NewFSF does.
func TestFENImpossibleMaterial(t *testing.T) {
	checkRefused(t, []refusedFEN{
		{"chess", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
			`fen "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1": board: white has 9 pieces 'P' (pawn), more than 8: the start position has 8 and no promotion, drop or gate makes one`, 17},
		{"shatranj", "r3k3/8/8/8/8/8/8/NNN1K3 w - - 0 1",
			`fen "r3k3/8/8/8/8/8/8/NNN1K3 w - - 0 1": board: white has 3 pieces 'N' (knight), more than 2: the start position has 2 and no promotion, drop or gate makes one`, 14},
		{"horde", "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",
			`fen "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1": board: white has 1 piece 'K' (king), more than 0: the start position has 0 and no promotion, drop or gate makes one`, 7},
		{"spartan", "k2k3k/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "k2k3k/8/8/8/8/8/8/4K3 w - - 0 1": board: black has 3 pieces 'k' (king), more than 2: the start position has 2 and a promotion makes one only while there are fewer than 2 (promotionLimit)`, 5},
		{"spartan", "k3r2k/8/8/8/8/8/8/4K3 w - - 0 1",
			`fen "k3r2k/8/8/8/8/8/8/4K3 w - - 0 1": board: black has 1 piece 'r' (rook), more than 0: the start position has 0 and no promotion, drop or gate makes one`, 4},
		{"grand", "4k5/10/10/10/10/10/10/10/10/QQ7K w - - 0 1",
			`fen "4k5/10/10/10/10/10/10/10/10/QQ7K w - - 0 1": board: white has 2 pieces 'Q' (queen), more than 1: the start position has 1 and a promotion makes one only while there are fewer than 1 (promotionLimit)`, 46},
	})
	checkAccepted(t, []acceptedFEN{
		{"spartan", "k6k/8/8/8/8/8/8/4K3 w - - 0 1", "", false, 5},
		{"grand", "4k5/10/10/10/10/10/10/10/10/Q8K w - - 0 1", "", false, 29},
		{"shatranj", "r3k3/8/8/8/8/8/8/NN2K3 w - - 0 1", "", false, 10},
	})
}

// TestFENPieceCountsAccepted: material that promotions, drops or gates
// can make is not counted, as lichess and Fairy-Stockfish do not count
// it: counts a game reaches (four queens with three pawns promoted,
// horde's 36 pawns, crazyhouse's and shogi's pockets) and counts no game
// reaches but of made types (a second queen beside eight pawns, forty
// queens in a pocket: a study, a diagram) are accepted (perft(1)
// Fairy-Stockfish's; 0: not compared). Types nothing makes are counted
// (TestFENImpossibleMaterial).
func TestFENPieceCountsAccepted(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		perft        uint64
	}{
		{"chess", "4k3/8/8/8/8/8/PPPPP3/QQQQK3 w - - 0 1", 12},
		{"chess", "4k3/8/8/8/8/8/PPPPPPPP/Q2QK3 w - - 0 1", 21},
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

// TestFENPetrifiedKingsAccepted: in petrified a king that takes turns to
// stone and loses, so a king attacked only by the enemy king is not in
// check — kings side by side are positions of the game (a helper's
// Fairy-Stockfish game reached the last row at move 92); a king another
// piece attacks is, as before. perft(1) is Fairy-Stockfish's.
func TestFENPetrifiedKingsAccepted(t *testing.T) {
	checkAccepted(t, []acceptedFEN{
		{"petrified", "8/8/8/3k4/3K4/8/8/8 w - - 0 1", "", false, 7},
		{"petrified", "8/8/8/3k4/3K4/8/8/8 b - - 0 1", "", false, 7},
		{"petrified", "8/3B4/N2*3*/k*3B2/K1*2*B*/3*p*2/6*1/8 w - - 6 92", "", false, 17},
	})
	checkRefused(t, []refusedFEN{
		{"petrified", "8/8/8/R2k4/3K4/8/8/8 w - - 0 1",
			`fen "8/8/8/R2k4/3K4/8/8/8 w - - 0 1": side to move: black is in check but white is to move (its king could be taken)`, refusedFSF}, // (Fairy-Stockfish plays on: perft(1) 17; NewFSF refuses a taken pseudo-royal as before)
	})
}

// TestFENBikjangPassInCheckAccepted: with janggi's bikjang rule a king
// facing the other may pass even in check, so the side not to move may
// stand in check while the kings face each other (two Fairy-Stockfish
// games a helper played ended so: black's elephant checks, White passes);
// without the facing it is refused as before. perft(1) is
// Fairy-Stockfish's.
func TestFENBikjangPassInCheckAccepted(t *testing.T) {
	checkAccepted(t, []acceptedFEN{
		{"janggitraditional", "3a1k3/9/4n2b1/9/3p5/6P1P/3p4b/1r2A4/1R3K1B1/2B1A2N1 b - - 2 94", "", false, 6},
		{"janggitraditional", "4C1b2/3k5/1P3a3/8P/9/9/R1n6/9/3Kcb3/2r6 b - - 21 125", "", false, 6},
	})
	// the black king off the f-file: no facing (Fairy-Stockfish plays on,
	// perft(1) 32; NewFSF refuses the side not to move in check as before)
	checkRefused(t, []refusedFEN{
		{"janggitraditional", "3ak4/9/4n2b1/9/3p5/6P1P/3p4b/1r2A4/1R3K1B1/2B1A2N1 b - - 2 94",
			`fen "3ak4/9/4n2b1/9/3p5/6P1P/3p4b/1r2A4/1R3K1B1/2B1A2N1 b - - 2 94": side to move: white is in check but black is to move (its king could be taken)`, refusedFSF},
	})
}
