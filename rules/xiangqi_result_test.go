package rules_test

import "testing"

// TestXiangqiJanggiGameEnds: the game ends of the xiangqi family, after
// Fairy-Stockfish's is_immediate_game_end and is_optional_game_end:
//   - bikjang (janggi): the kings face each other and the side to move
//     passes: material counting decides (janggi: chariot 13, cannon 7,
//     horse 5, elephant 3, advisor 3, soldier 2, and Black's 1.5 komi, so a
//     tie goes to Black), a draw without counting (janggitraditional);
//     janggicasual has no bikjang rule;
//   - two passes in a row: likewise;
//   - perpetual chase (xiangqi, chasingRule = axf): the rook's every move
//     attacks the unprotected horse anew, the position repeats three
//     times: the chaser loses (the oracle's `d` prints "Chased: a8" at the
//     end); manchu has no chasing rule: a plain repetition draw;
//   - janggi move repetition (janggimodern): a rook moved back and forth
//     five times, the position repeating: its side loses; after four it
//     goes on; janggi (nFoldRule 3) calls the same position a repetition,
//     drawn, so counted: Black wins the tie.
func TestXiangqiJanggiGameEnds(t *testing.T) {
	const (
		facing   = "3ak4/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1"
		facingP  = "3ak4/9/9/9/9/9/P8/9/4K4/3A5 w - - 0 1" // White a soldier up
		chase    = "5k3/9/n8/9/9/9/9/9/9/R2K5 b - - 0 1"
		chaseMan = "5k3/9/n8/9/9/9/9/9/9/M2K5 b - - 0 1"
		shuffle  = "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10"
		chasing  = "a8c7 a1c1 c7a8 c1a1 a8c7 a1c1 c7a8 c1a1"
	)
	cases := []struct{ variant, fen, moves, want string }{
		{"janggi", facing, "e2e2", "0-1 bikjang, material counting"},
		{"janggi", facingP, "e2e2", "1-0 bikjang, material counting"},
		{"janggitraditional", facingP, "e2e2", "1/2-1/2 bikjang"},
		{"janggicasual", facingP, "e2e2", "ongoing"},
		{"janggicasual", facingP, "e2e2 e10e10", "1/2-1/2 double pass"},
		{"janggi", "", "e2e2 e9e9", "0-1 double pass, material counting"},
		{"janggi", "", "e2e2", "ongoing"},
		{"xiangqi", chase, chasing, "0-1 perpetual chase"},
		{"xiangqi", chase, chasing[:len(chasing)-5], "ongoing"},
		{"manchu", chaseMan, chasing, "1/2-1/2 repetition"},
		{"janggimodern", "", shuffle + " a1a2", "0-1 move repetition"},
		{"janggimodern", "", shuffle, "ongoing"},
		{"janggi", "", shuffle + " a1a2", "0-1 repetition, material counting"},
	}
	for _, c := range cases {
		p := playShogi(t, c.variant, c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%s %q moves %q: %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}
