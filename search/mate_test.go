package search

import (
	"context"
	"testing"
	"time"

	"houserules/rules"
	"houserules/rules/rulestest"
)

// mateCase is a forced win in N moves with a unique first move. Every
// position was checked with the oracle (/usr/games/fairy-stockfish,
// "go depth 12" or 14 with MultiPV 3): the first line is "score mate N"
// with this first move, and the second-best move does not win as fast.
type mateCase struct {
	name    string
	variant string
	fen     string
	n       int    // mate (or win) in n moves
	first   string // the unique first move
}

var chessMates = []mateCase{
	// Morphy's mate in 2 (1.Ra6! bxa6 2.b7#); oracle 2nd best: cp 577.
	{"morphy", "chess", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, "a1a6"},
	// Légal's mate (…5.Nxe5 Bxd1): 6.Bxf7+ Ke7 7.Nd5#; 2nd best cp -431.
	{"legal", "chess", "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6", 2, "c4f7"},
	// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera
	// game): 16.Qb8+! Nxb8 17.Rd8#; 2nd best cp 373.
	{"opera", "chess", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16", 2, "b3b8"},
	// Schulder – Boden, London 1853 (Boden's mate): 14…Qxc3+! 15.bxc3 Ba3#;
	// 2nd best cp -86.
	{"boden", "chess", "2k1rb1r/ppp3pp/2n2q2/3B1b2/5P2/2P1BQ2/PP1N1P1P/2KR3R b - - 0 14", 2, "f6c3"},
	// Réti – Tartakower, Vienna 1910, after 9.Qd8+ Kxd8: 10.Bg5+ and 11.Bd8#
	// or 11.Rd8#; 2nd best cp -1049.
	{"reti-bg5", "chess", "rnbk1b1r/pp3ppp/2p5/4q3/4n3/8/PPPB1PPP/2KR1BNR w - - 0 10", 2, "d2g5"},
	// Anderssen – Kieseritzky, London 1851 (the Immortal game), after
	// 21.Nxg7+ Kd8: 22.Qf6+! Nxf6 23.Be7#; 2nd best mate in 4.
	{"immortal-qf6", "chess", "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 22", 2, "f3f6"},
	// Réti – Tartakower: 9.Qd8+!! Kxd8 10.Bg5+ Kc7 11.Bd8#; 2nd best cp 66.
	{"reti", "chess", "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9", 3, "d3d8"},
	// The Immortal game: 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#; 2nd best cp -934.
	{"immortal", "chess", "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21", 3, "f5g7"},
	// Anderssen – Dufresne, Berlin 1852 (the Evergreen game), after
	// 21.Qxd7+ Kxd7: 22.Bf5+ Ke8 23.Bd7+ Kf8 24.Bxe7#; 2nd best cp -1606.
	{"evergreen", "chess", "1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22", 3, "d3f5"},
	// Philidor's legacy (smothered mate): 1.Nh6+ Kh8 2.Qg8+ Rxg8 3.Nf7#;
	// 2nd best mate in 5.
	{"smothered", "chess", "5rk1/5Npp/8/8/2Q5/8/6PP/6K1 w - - 0 1", 3, "f7h6"},
}

var variantMates = []mateCase{
	// Atomic: 1.Ng5! threatens Nxf7 and Nxh7, each exploding the king on
	// g8; 2nd best cp 423. The Debian oracle is built without the atomic
	// rules (it plays chess under that name), so this one was verified
	// with a current Fairy-Stockfish build (/work/fsf/src/stockfish).
	{"atomic", "atomic", "6k1/5ppp/8/8/8/5N2/5PPP/6K1 w - - 0 1", 2, "f3g5"},
	// Three-check, White needs one more check and has none at once:
	// Rxe8 threatens Ra8+ and Re5+ (both defended squares cannot be
	// covered); 2nd best mate 5 (cp 2527 with the newer oracle).
	{"3check", "3check", "4rR2/7K/B4p2/k7/8/7N/8/8 w - - 1+3 0 1", 2, "f8e8"},
	// Antichess (losing all pieces wins): 1.Ba6! Rxa6 2.d6 Rxd6; 2nd best
	// cp 87 (Debian oracle, depth 8) / cp -125 (newer oracle, depth 9).
	{"antichess", "antichess", "r7/8/8/3P4/2B2k2/8/8/8 w - - 0 1", 2, "c4a6"},
	// King of the hill: only Kc3 reaches the centre in two moves before
	// Black can contest it; 2nd best mate 3.
	{"koth", "kingofthehill", "7k/7p/8/8/8/8/1K6/8 w - - 0 1", 2, "b2c3"},
	// Racing kings: Ka7 (b7 is covered by the rook) and Ka8 or Kxb8; 2nd
	// best cp -437.
	{"racing", "racingkings", "8/8/K7/8/8/8/8/1r5k w - - 0 1", 2, "a6a7"},
}

func runMate(t *testing.T, c mateCase) {
	t.Helper()
	rs := rulestest.Compile(t, c.variant, "")
	g := mustGame(t, rs, c.fen)
	e := NewEngine(16)
	start := time.Now()
	res := e.Search(context.Background(), g, Limits{Depth: 2*c.n + 1}, nil)
	n, isMate := MateIn(res.Score)
	if res.MoveText != c.first || !isMate || n != c.n {
		t.Errorf("%s: got %s (score %d, mate %v in %d), want %s mate in %d; pv %v", c.name, res.MoveText, res.Score, isMate, n, c.first, c.n, res.PVText)
	}
	if g.FEN() != mustGame(t, rs, c.fen).FEN() {
		t.Errorf("%s: the search left the game changed", c.name)
	}
	t.Logf("%s: %s mate %d, %d nodes, %v", c.name, res.MoveText, n, res.Nodes, time.Since(start).Round(time.Millisecond))
}

func mustGame(t testing.TB, rs *rules.Ruleset, fen string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestMateChess(t *testing.T) {
	for _, c := range chessMates {
		runMate(t, c)
	}
}

func TestMateVariants(t *testing.T) {
	for _, c := range variantMates {
		runMate(t, c)
	}
}
