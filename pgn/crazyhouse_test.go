package pgn

import (
	"strings"
	"testing"
)

// lichessZH is a crazyhouse game as lichess exports it: [Variant
// "Crazyhouse"], drops as P@c5 and Q@c4#.
const lichessZH = `[Event "Casual crazyhouse game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2026.12.06"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "Crazyhouse"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6
8. Nc3 N@d4 9. Bxd5+ Kd6 10. Qf7 P@e6 11. P@c5+ Kxc5 12. Qxc7 Qd6 13. d3 Be7
14. Ne4+ Kb5 15. Nxd6+ Bxd6 16. Q@c4# 1-0
`

// zhFinal is the position after lichessZH, as Fairy-Stockfish (c19b5f6,
// `position startpos moves …`, `d`) writes it: the pockets in brackets,
// the halfmove clock reset by the drop.
const zhFinal = "r1b4r/ppQ3pp/2nbp3/1k1Bp3/2Qn4/3P4/PPP2PPP/R1B1K2R[NPPnp] b KQ - 0 16"

// TestReadCrazyhouse: a lichess crazyhouse game reads under its
// [Variant] tag, its drops replay to the oracle's final position (a mate
// by a drop), and it is written back with the same SAN and read again
// into the same game; python-chess's pawn drop without its letter (@c5+)
// reads as the same move.
func TestReadCrazyhouse(t *testing.T) {
	for _, text := range []string{lichessZH, strings.Replace(lichessZH, "P@c5+", "@c5+", 1)} {
		games, err := Read(strings.NewReader(text), build)
		if err != nil || len(games) != 1 {
			t.Fatalf("%v, %d games", err, len(games))
		}
		g := games[0]
		if len(g.Moves) != 31 {
			t.Fatalf("%d plies read", len(g.Moves))
		}
		for i, want := range map[int]string{15: "N@d4", 19: "P@e6", 20: "P@c5", 30: "Q@c4"} {
			if g.Moves[i].UCI != want {
				t.Errorf("ply %d: UCI %s, want %s", i+1, g.Moves[i].UCI, want)
			}
		}
		if g.Moves[20].SAN != "P@c5+" || g.Moves[30].SAN != "Q@c4#" {
			t.Errorf("drop SAN %q, %q; want P@c5+, Q@c4#", g.Moves[20].SAN, g.Moves[30].SAN)
		}
		rg, err := g.Replay(mustBuild(t, "crazyhouse", ""))
		if err != nil {
			t.Fatal(err)
		}
		if rg.FEN() != zhFinal {
			t.Errorf("final position %s, want %s", rg.FEN(), zhFinal)
		}
		if r, over := rg.Result(); !over || r.Score != "1-0" || r.Reason != "checkmate" {
			t.Errorf("the game ends %+v %v", r, over)
		}
		out := g.String()
		if !strings.Contains(out, "11. P@c5+ Kxc5") || !strings.Contains(out, "16. Q@c4# 1-0") {
			t.Errorf("written:\n%s", out)
		}
		rereadSame(t, g, zhFinal)
	}
}

// rereadSame writes g, reads it back and checks that the game read has
// the same moves (SAN and UCI), writes to the same text and replays to
// final.
func rereadSame(t *testing.T, g *Game, final string) {
	t.Helper()
	text := g.String()
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 1 {
		t.Fatalf("%v, %d games\n%s", err, len(games), text)
	}
	again := games[0]
	if len(again.Moves) != len(g.Moves) {
		t.Fatalf("%d plies read back, want %d", len(again.Moves), len(g.Moves))
	}
	for i, m := range again.Moves {
		if m.SAN != g.Moves[i].SAN || m.UCI != g.Moves[i].UCI {
			t.Errorf("ply %d read back as %s (%s), want %s (%s)", i+1, m.SAN, m.UCI, g.Moves[i].SAN, g.Moves[i].UCI)
		}
	}
	if again.String() != text {
		t.Errorf("written again:\n%s\nfirst:\n%s", again.String(), text)
	}
	rg, err := again.Replay(mustBuild(t, "crazyhouse", ""))
	if err != nil || rg.FEN() != final {
		t.Errorf("read back, replays to %v (%v), want %s", rg.FEN(), err, final)
	}
}

// TestReadCrazyhouseFEN: a set-up crazyhouse game whose [FEN] carries
// pockets, in lichess's form (the pocket as a ninth rank after a slash)
// or Fairy-Stockfish's ([…]), replays to the oracle's position; the tag
// is written back as it was read and reads again.
func TestReadCrazyhouseFEN(t *testing.T) {
	for _, fen := range []string{
		"r1b4r/ppQ1b1pp/2nqp3/1k1Bp3/3nN3/3P4/PPP2PPP/R1B1K2R/NPPp w KQ - 3 15",
		"r1b4r/ppQ1b1pp/2nqp3/1k1Bp3/3nN3/3P4/PPP2PPP/R1B1K2R[NPPp] w KQ - 3 15",
	} {
		text := "[Variant \"Crazyhouse\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n15. Nxd6+ Bxd6 16. Q@c4# 1-0\n"
		games, err := Read(strings.NewReader(text), build)
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %v", fen, err)
		}
		g := games[0]
		rg, err := g.Replay(mustBuild(t, "crazyhouse", ""))
		if err != nil {
			t.Fatal(err)
		}
		if rg.FEN() != zhFinal {
			t.Errorf("%s: final position %s, want %s", fen, rg.FEN(), zhFinal)
		}
		if !strings.Contains(g.String(), "[FEN \""+fen+"\"]\n[SetUp \"1\"]") {
			t.Errorf("%s: FEN tag written as\n%s", fen, g.String())
		}
		rereadSame(t, g, zhFinal)
	}
}

// TestRoundTripDrops: random crazyhouse and loop games, written and read
// back, are the same games, their drops included.
func TestRoundTripDrops(t *testing.T) {
	for _, variant := range []string{"crazyhouse", "loop", "chessgi"} {
		drops := 0
		for seed := 0; seed < 4; seed++ {
			g := playOut(t, variant, "", "", 120, seed)
			for _, m := range g.Moves {
				if strings.Contains(m.SAN, "@") {
					drops++
				}
			}
			roundTrip(t, g)
		}
		if drops == 0 {
			t.Errorf("%s: no drop in the games played", variant)
		}
	}
}

// TestReadDropErrors: a drop that cannot be played is an illegal move, a
// word that is no move in any form is "not a move in SAN"; both name the
// line and column.
func TestReadDropErrors(t *testing.T) {
	for _, c := range []struct{ moves, want string }{
		{"1. e4 e5 2. N@f3", `line 3, column 13: ply 3, N@f3: illegal move "N@f3"`},
		{"1. e4 @e5", `line 3, column 7: ply 2, @e5: illegal move "@e5"`},
		{"1. e4 e5 2. Nf3/H", `line 3, column 13: ply 3, Nf3/H: illegal move "Nf3/H"`},
		{"1. e4 e5 2. N@@f3", `line 3, column 13: "N@@f3" is not a move in SAN`},
	} {
		_, err := Read(strings.NewReader("[Variant \"Crazyhouse\"]\n\n"+c.moves+" *\n"), build)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.moves, err, c.want)
		}
	}
}
