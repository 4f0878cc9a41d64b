package pgn

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"houserules/position"
	_ "houserules/presets" // registers the house rules the tests play
	"houserules/rules"
	"houserules/variants"
)

// build is the tests' RulesetFunc: a catalogue variant under presets.
func build(variant, houseRules string) (*rules.Ruleset, error) {
	v, err := variants.Get(variant)
	if err != nil {
		return nil, err
	}
	specs, err := rules.ParseSpecs(houseRules)
	if err != nil {
		return nil, err
	}
	return rules.Compile(v, specs)
}

func mustBuild(t *testing.T, variant, houseRules string) *rules.Ruleset {
	t.Helper()
	rs, err := build(variant, houseRules)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestWriteExact: the tag order (roster, then ours), the escaping of \
// and " in tag values, move numbers from the FEN's fullmove number with
// "N..." for Black's first move, NAGs, comments with a } in them, the
// final comment and the result.
func TestWriteExact(t *testing.T) {
	g := &Game{Event: "the \"big\" one", Site: `C:\games`, Date: "2026.12.05", Round: "3", White: "A", Black: "B\nC",
		Result: "0-1", Variant: "chess", HouseRules: "piece-hp,king-heals", FEN: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30",
		TimeControl: "300+2", Termination: "normal", Other: []Tag{{"NodesPerMove", "400"}},
		Moves: []Move{
			{SAN: "Kd7", Color: position.Black, Comment: "+0.35/9 0.101s"},
			{SAN: "e4", Color: position.White, NAGs: []int{1}},
			{SAN: "Kd6", Color: position.Black, Comment: "a {nested} note"},
			{SAN: "e5+", Color: position.White},
		},
		Final: "Black resigned"}
	want := `[Event "the \"big\" one"]
[Site "C:\\games"]
[Date "2026.12.05"]
[Round "3"]
[White "A"]
[Black "B C"]
[Result "0-1"]
[Variant "chess"]
[HouseRules "piece-hp,king-heals"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]
[SetUp "1"]
[TimeControl "300+2"]
[Termination "normal"]
[PlyCount "4"]
[NodesPerMove "400"]

30... Kd7 {+0.35/9 0.101s} 31. e4 $1 Kd6 {a (nested) note} 32. e5+
{Black resigned} 0-1

`
	if got := g.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil || buf.String() != want {
		t.Errorf("Write: %v, %q", err, buf.String())
	}
}

// TestWriteDefaults: an empty game has the roster's unknown values and
// the result *.
func TestWriteDefaults(t *testing.T) {
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[PlyCount \"0\"]\n\n*\n\n"
	if got := (&Game{}).String(); got != want {
		t.Errorf("got %q", got)
	}
}

// TestWrapAt79: no movetext line is longer than 79 characters, lines are
// filled, and a comment longer than a line is broken between its words.
func TestWrapAt79(t *testing.T) {
	g := playOut(t, "chess", "", "", 120, 0)
	g.Moves[3].Comment = strings.Repeat("word ", 40)
	text := g.String()
	body := text[strings.Index(text, "\n\n")+2:]
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	if len(lines) < 5 {
		t.Fatalf("movetext of %d lines:\n%s", len(lines), body)
	}
	for i, l := range lines {
		if len(l) > 79 {
			t.Errorf("line %d has %d characters: %q", i+1, len(l), l)
		}
		if i+1 < len(lines) {
			next := strings.Fields(lines[i+1])[0]
			if j := strings.IndexByte(lines[i+1], '}'); next[0] == '{' && j >= 0 {
				next = lines[i+1][:j+1] // a comment that fits on a line is one word
			}
			if len(l)+1+len(next) <= 79 {
				t.Errorf("line %d (%d characters) could have taken %q", i+1, len(l), next)
			}
		}
	}
}

// playOut plays up to plies plies of variant under houseRules from fen
// ("" = the start), choosing the (seed + 7·ply)-th legal move (mod their
// number), and returns the game with its moves, a comment on every third
// ply and the result when it ended.
func playOut(t *testing.T, variant, houseRules, fen string, plies, seed int) *Game {
	t.Helper()
	rs := mustBuild(t, variant, houseRules)
	rg, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	start, err := SetUpFEN(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{Event: "test", Site: "here", Date: "2026.12.05", Round: "1", White: "w", Black: "b",
		Variant: variant, HouseRules: houseRules, FEN: start, Result: "*", Termination: "unterminated"}
	for ply := 0; ply < plies; ply++ {
		if r, over := rg.Result(); over {
			g.Result, g.Final, g.Termination = r.Score, r.Reason, "normal"
			break
		}
		legal := rg.LegalMoves()
		m := legal[(seed+7*ply)%len(legal)]
		mv := Move{SAN: rg.SAN(m), Color: rg.Pos.SideToMove(), UCI: rg.Pos.UCI(m)}
		if ply%3 == 0 {
			mv.Comment = "+0.35/9 0.101s"
		}
		g.Moves = append(g.Moves, mv)
		rg.Do(m)
	}
	if _, over := rg.Result(); over && g.Result == "*" {
		r, _ := rg.Result()
		g.Result, g.Final, g.Termination = r.Score, r.Reason, "normal"
	}
	return g
}

// roundTrip writes g, reads it back and checks that the game read is g,
// that it replays to the same position, and that writing it again gives
// the same bytes.
func roundTrip(t *testing.T, g *Game) *Game {
	t.Helper()
	want, err := g.Replay(mustBuild(t, variantOr(g.Variant), g.HouseRules))
	if err != nil {
		t.Fatal(err)
	}
	text := g.String()
	games, err := Read(strings.NewReader(text), build)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(games) != 1 {
		t.Fatalf("%d games read", len(games))
	}
	got := games[0]
	a, b := exported(got), exported(g)
	if !reflect.DeepEqual(a.Moves, b.Moves) {
		for i := range b.Moves {
			if i >= len(a.Moves) || !reflect.DeepEqual(a.Moves[i], b.Moves[i]) {
				t.Fatalf("ply %d read back as %+v, want %+v\n%s", i+1, a.Moves[min(i, len(a.Moves)-1)], b.Moves[i], text)
			}
		}
	}
	a.Moves, b.Moves = nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("read back:\n%+v\nwant:\n%+v\n%s", a, b, text)
	}
	if again := got.String(); again != text {
		t.Errorf("written again:\n%s\nfirst:\n%s", again, text)
	}
	rg, err := got.Replay(mustBuild(t, variantOr(got.Variant), got.HouseRules))
	if err != nil {
		t.Fatal(err)
	}
	if rg.FEN() != want.FEN() {
		t.Errorf("replayed to %s, want %s", rg.FEN(), want.FEN())
	}
	return got
}

func variantOr(v string) string {
	if v == "" {
		return "chess"
	}
	return v
}

// exported is g without where it was read.
func exported(g *Game) Game {
	c := *g
	c.tagAt, c.at = nil, pos{}
	c.Moves = append([]Move(nil), g.Moves...)
	for i := range c.Moves {
		c.Moves[i].at = pos{}
	}
	return c
}

// TestRoundTrip: games written and read back are the same games: plain
// chess ending in checkmate, capablanca, makruk, house rules, a FEN start
// with Black to move, engine comments, NAGs, tag values with quotes.
func TestRoundTrip(t *testing.T) {
	t.Run("scholars-mate", func(t *testing.T) {
		g := &Game{Event: "casual", Site: "?", Date: "2026.12.05", Round: "-", White: `Ann "the rook" O'Neil`, Black: `back\slash`, Variant: "chess", Result: "1-0",
			Termination: "normal", Final: "checkmate"}
		for i, s := range []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"} {
			g.Moves = append(g.Moves, Move{SAN: s, Color: position.Color(i % 2), Comment: []string{"+0.35/9 0.101s", "-M3/12 2.000s", "book", ""}[i%4]})
		}
		g.Moves[6].NAGs = []int{1, 18}
		got := roundTrip(t, g)
		if got.Moves[6].UCI != "h5f7" || got.Moves[1].Color != position.Black {
			t.Errorf("replayed moves: %+v", got.Moves)
		}
		rg, _ := got.Replay(mustBuild(t, "chess", ""))
		if r, over := rg.Result(); !over || r.Reason != "checkmate" || r.Score != "1-0" {
			t.Errorf("the game read back ends %v %v", r, over)
		}
	})
	for _, c := range []struct{ name, variant, houseRules, fen string }{
		{"chess", "chess", "", ""},
		{"capablanca", "capablanca", "", ""},
		{"makruk", "makruk", "", ""},
		{"house-rules", "chess", "piece-hp,king-heals", ""},
		{"black-to-move", "chess", "", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := 0; seed < 3; seed++ {
				g := playOut(t, c.variant, c.houseRules, c.fen, 150, seed)
				if len(g.Moves) < 10 {
					t.Fatalf("only %d plies", len(g.Moves))
				}
				got := roundTrip(t, g)
				if c.fen != "" && (got.FEN == "" || !strings.HasPrefix(got.String()[strings.Index(got.String(), "\n\n")+2:], "12... ")) {
					t.Errorf("FEN start: %q\n%s", got.FEN, got.String())
				}
			}
		})
	}
}

// TestReadErrors: a reading error names the line, the column and why.
func TestReadErrors(t *testing.T) {
	head := "[Event \"x\"]\n[Variant \"chess\"]\n\n"
	for _, c := range []struct{ text, want string }{
		{head + "1. e4 e5 2. Kxx *\n", `line 4, column 13: "Kxx" is not a move in SAN`},
		{head + "1. e4 e5 2. Nf9 *\n", `line 4, column 13: ply 3, Nf9: illegal move "Nf9"`},
		{head + "1. e4 e5 2. Ke3 *\n", `line 4, column 13: ply 3, Ke3: illegal move "Ke3"`},
		{head + "1. e4 {a comment\nthat never ends *\n", `line 4, column 7: the comment has no closing }`},
		{"[Event \"x]\n\n1. e4 *\n", `line 1, column 8: the value of tag Event has no closing quote`},
		{head + "1. e4 e5 1-0 2. Nf3\n", "line 5, column 1: the game that begins on line 4 has no result"},
		{"[Result \"1-0\"]\n\n1. e4 0-1\n", `line 3, column 7: the result 0-1 differs from the Result tag "1-0"`},
		{head + "1. e4 (1. d4 d5 *\n", "line 4, column 7: the variation has no closing )"},
		{head + "1. e4 e5 2. Nf3 Nc6 1-0\n[Event \"y\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O-O *\n", `line 7, column 45: ply 9, O-O-O: illegal move "O-O-O"`},
		{"[Variant \"no-such-variant\"]\n\n*\n", "line 1, column 1: the game's ruleset (no-such-variant)"},
		{"[FEN \"8/8/8 w\"]\n\n*\n", `line 1, column 1: the FEN tag "8/8/8 w"`},
		{head + "1. e4 e5 2.. & *", "line 4, column 14: unexpected '&'"},
	} {
		_, err := Read(strings.NewReader(c.text), build)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
		var pe *Error
		if err != nil && !asError(err, &pe) {
			t.Errorf("%q: %T is not a *pgn.Error", c.text, err)
		}
	}
}

func asError(err error, pe **Error) bool {
	e, ok := err.(*Error)
	*pe = e
	return ok
}

// TestReadImportFormat: what other programs write reads too: moves glued
// to their numbers, suffix annotations and NAGs, variations, rest-of-line
// and escaped lines, castling with zeros, several games in a file.
func TestReadImportFormat(t *testing.T) {
	text := `% written by some program
[Event "one"]
[Result "1-0"]
[PlyCount "7"]
[SetUp "0"]
[WhiteElo "2400"]

{the opening} 1.e4 e5! 2.Nf3?! (2.Bc4 {also good} (2.d4)) Nc6 $14 ; a rest-of-line comment
3.Bb5 a6 4.0-0 {castles} {with a second comment} 1-0
[Event "two"]

1. d4 *
`
	games, err := Read(strings.NewReader(text), build)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	g := games[0]
	var sans []string
	for _, m := range g.Moves {
		sans = append(sans, m.SAN)
	}
	if strings.Join(sans, " ") != "e4 e5 Nf3 Nc6 Bb5 a6 O-O" || g.Moves[6].UCI != "e1g1" {
		t.Errorf("moves %v", sans)
	}
	if g.Comment != "the opening" || g.Moves[3].Comment != "a rest-of-line comment" || g.Moves[6].Comment != "castles" || g.Final != "with a second comment" {
		t.Errorf("comments: %q %q %q final %q", g.Comment, g.Moves[3].Comment, g.Moves[6].Comment, g.Final)
	}
	if !reflect.DeepEqual(g.Moves[1].NAGs, []int{1}) || !reflect.DeepEqual(g.Moves[2].NAGs, []int{6}) || !reflect.DeepEqual(g.Moves[3].NAGs, []int{14}) {
		t.Errorf("NAGs %v %v %v", g.Moves[1].NAGs, g.Moves[2].NAGs, g.Moves[3].NAGs)
	}
	if !reflect.DeepEqual(g.Other, []Tag{{"WhiteElo", "2400"}}) || g.Result != "1-0" {
		t.Errorf("tags %+v result %q", g.Other, g.Result)
	}
	if games[1].Event != "two" || len(games[1].Moves) != 1 || games[1].Result != "*" {
		t.Errorf("second game %+v", games[1])
	}
}

// TestReadChess960: a FEN whose castling field names rook files is read
// as Chess960, and its castling replays.
func TestReadChess960(t *testing.T) {
	rs := mustBuild(t, "chess", "")
	fen := "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"
	g0, err := rules.NewGame(rs, fen, true)
	if err != nil {
		t.Fatal(err)
	}
	var moves []Move
	for _, u := range []string{"b1h1"} { // castles
		m, err := g0.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, Move{SAN: g0.SAN(m), Color: g0.Pos.SideToMove()})
		g0.Do(m)
	}
	g := &Game{Variant: "chess", FEN: fen, Moves: moves}
	games, err := Read(strings.NewReader(g.String()), build)
	if err != nil {
		t.Fatal(err)
	}
	if !games[0].Chess960 || games[0].Moves[0].SAN != "O-O" {
		t.Errorf("chess960 %v, moves %+v", games[0].Chess960, games[0].Moves)
	}
}

// TestWriteMultiPlyTurns: under rules where a side plays several plies in
// a turn (a KeepTurn hook), every White ply has its number, a Black ply
// that follows a Black ply has "N...", and the number goes up when White
// follows Black.
func TestWriteMultiPlyTurns(t *testing.T) {
	W, B := position.White, position.Black
	g := &Game{Result: "*"}
	for i, c := range []position.Color{W, W, B, B, W, B} {
		g.Moves = append(g.Moves, Move{SAN: []string{"e4", "d4", "e5", "d5", "Nf3", "Nc6"}[i], Color: c})
	}
	text := g.String()
	if want := "\n1. e4 1. d4 e5 1... d5 2. Nf3 Nc6 *\n"; !strings.Contains(text, want) {
		t.Errorf("got:\n%s\nwant %q", text, want)
	}
}

// TestWriteBlackNumberAfterComment: in the PGN standard's export format
// a Black move that follows a comment on White's move has its number
// ("1. e4 {c} 1... e5"), as the match's PGN needs with a comment on
// every move; a NAG alone or an empty comment does not call for one.
func TestWriteBlackNumberAfterComment(t *testing.T) {
	W, B := position.White, position.Black
	g := &Game{Result: "*", Moves: []Move{
		{SAN: "e4", Color: W, Comment: "+0.35/9 0.101s"}, {SAN: "e5", Color: B, Comment: "book"},
		{SAN: "Nf3", Color: W, NAGs: []int{1}}, {SAN: "Nc6", Color: B},
		{SAN: "Bb5", Color: W, Comment: "  "}, {SAN: "a6", Color: B},
	}}
	text := g.String()
	if want := "\n1. e4 {+0.35/9 0.101s} 1... e5 {book} 2. Nf3 $1 Nc6 3. Bb5 a6 *\n"; !strings.Contains(text, want) {
		t.Errorf("got:\n%s\nwant %q", text, want)
	}
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 1 || len(games[0].Moves) != 6 || games[0].Moves[1].Comment != "book" {
		t.Errorf("read back: %v %+v", err, games)
	}
}

// TestReadBOM: a file that starts with a UTF-8 byte order mark (as
// Windows programs write it) reads, with columns counted after it.
func TestReadBOM(t *testing.T) {
	games, err := Read(strings.NewReader("\xef\xbb\xbf[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n"), build)
	if err != nil || len(games) != 1 || games[0].Event != "x" || len(games[0].Moves) != 2 {
		t.Fatalf("%v %+v", err, games)
	}
	_, err = Read(strings.NewReader("\xef\xbb\xbf1. e4 & *"), build)
	if err == nil || !strings.Contains(err.Error(), "line 1, column 7: unexpected '&'") {
		t.Errorf("got %v", err)
	}
}

// TestReadLongWord: a word of megabytes in the movetext is no move, and
// the error quotes its beginning only.
func TestReadLongWord(t *testing.T) {
	for _, word := range []string{strings.Repeat("a", 1<<20), "e" + strings.Repeat("1", 1<<20)} {
		_, err := Read(strings.NewReader("1. e4 "+word+" *\n"), build)
		if err == nil || !strings.Contains(err.Error(), "line 1, column 7: ") || len(err.Error()) > 200 {
			t.Errorf("got %.300v", err)
		}
	}
}

// TestReadLooseSAN: the SAN other programs write reads too: promotions
// without "=", piece moves with more of the from-square than they need,
// long algebraic with "-"; each is replaced by the ruleset's SAN. A
// loose form two moves fit stays an error.
func TestReadLooseSAN(t *testing.T) {
	text := `[FEN "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"]

1. a8Q+ Kd7 2. Rh1-h5 Kd6 3. Rh5h6+ Ke5 4. Qa8-a7 *

1. e4 e5 2. Ng1f3 Nb8-c6 3. Bf1b5 Ngf6 4. Nb1c3 *
`
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 2 {
		t.Fatalf("%v, %d games", err, len(games))
	}
	for i, want := range []string{"a8=Q+ Kd7 Rh5 Kd6 Rh6+ Ke5 Qa7", "e4 e5 Nf3 Nc6 Bb5 Nf6 Nc3"} {
		var sans []string
		for _, m := range games[i].Moves {
			sans = append(sans, m.SAN)
		}
		if got := strings.Join(sans, " "); got != want {
			t.Errorf("game %d: %s, want %s", i+1, got, want)
		}
	}
	_, err = Read(strings.NewReader("[FEN \"4k3/8/8/8/8/8/K7/R6R w - - 0 1\"]\n\n1. Rd1 *\n"), build)
	if err == nil || !strings.Contains(err.Error(), "line 3, column 4: ply 1, Rd1: ") {
		t.Errorf("got %v", err)
	}
}

// TestReadOtherVariantTags: the [Variant] tags lichess and pychess write
// read as the variant they mean, in any case: "Standard" and "From
// Position" are chess, "Chess960" is chess with Chess960 castling (its
// FEN in X-FEN, KQkq), "Capablanca960" capablanca with Chess960 castling;
// a variant we do not have ("Janggi") is an error at its tag.
func TestReadOtherVariantTags(t *testing.T) {
	text := `[Variant "Standard"]

1. e4 e5 *

[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]

30... Kd7 31. e4 *

[Variant "Chess960"]
[FEN "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1"]
[SetUp "1"]

1. O-O O-O-O *

[Variant "Capablanca960"]

1. e4 e5 *

[Variant "Three-check"]

1. e4 e5 *
`
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 5 {
		t.Fatalf("%v, %d games", err, len(games))
	}
	if g := games[2]; !g.Chess960 || g.Moves[0].UCI != "b1e1" || g.Moves[1].UCI != "b8a8" {
		t.Errorf("Chess960: %v %+v", g.Chess960, g.Moves)
	}
	if g := games[3]; !g.Chess960 || g.Variant != "Capablanca960" {
		t.Errorf("Capablanca960: %v %q", g.Chess960, g.Variant)
	}
	if games[0].Chess960 || games[1].Chess960 || len(games[1].Moves) != 2 {
		t.Errorf("chess games: %+v %+v", games[0], games[1])
	}
	_, err = Read(strings.NewReader("\n[Variant \"Nosuchchess\"]\n\n1. e4 *\n"), build)
	if err == nil || !strings.Contains(err.Error(), "line 2, column 1: the game's ruleset (Nosuchchess)") {
		t.Errorf("got %v", err)
	}
}

// TestReadRulesetErrorWhere: a ruleset that does not build is reported
// at the tag that is wrong: [HouseRules] when the variant alone builds
// (also under another program's name for it), else [Variant].
func TestReadRulesetErrorWhere(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[Event \"x\"]\n[Variant \"makruk\"]\n[HouseRules \"no-such-preset\"]\n\n*\n", "line 3, column 1: the game's ruleset (makruk + no-such-preset): unknown preset"},
		{"[Variant \"Standard\"]\n[HouseRules \"no-such-preset\"]\n\n*\n", "line 2, column 1: the game's ruleset (chess + no-such-preset): unknown preset"},
		{"[HouseRules \"no-such-preset\"]\n\n*\n", "line 1, column 1: the game's ruleset (chess + no-such-preset): unknown preset"},
		{"[Variant \"no-such\"]\n[HouseRules \"piece-hp\"]\n\n*\n", "line 1, column 1: the game's ruleset (no-such + piece-hp)"},
	} {
		_, err := Read(strings.NewReader(c.text), build)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

// TestReadClockCommentIsNoFinal: lichess and chess.com put the clock on
// every move ({[%clk 0:02:55]}); on the last move it stays the move's
// comment, not why the game ended; a reason after it is still Final.
func TestReadClockCommentIsNoFinal(t *testing.T) {
	text := `[Site "https://lichess.org/abcdefgh"]
[Result "1-0"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Qh5 { [%clk 0:02:59] }
2... Nc6 { [%clk 0:02:58] } 3. Bc4 { [%clk 0:02:57] } 3... Nf6?? { [%eval 5.1] [%clk 0:02:56] }
4. Qxf7# { [%clk 0:02:55] } 1-0

1. f3 {[%clk 0:09:58]} 1... e5 {[%clk 0:09:59]} 2. g4 {[%clk 0:09:57]} 2... Qh4#
{[%clk 0:09:58]} {checkmate} 0-1
`
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 2 {
		t.Fatalf("%v, %d games", err, len(games))
	}
	if g := games[0]; g.Final != "" || g.Moves[6].Comment != "[%clk 0:02:55]" || g.Moves[5].Comment != "[%eval 5.1] [%clk 0:02:56]" {
		t.Errorf("final %q, last comments %q %q", g.Final, g.Moves[6].Comment, g.Moves[5].Comment)
	}
	if g := games[1]; g.Final != "checkmate" || g.Moves[3].Comment != "[%clk 0:09:58]" {
		t.Errorf("final %q, last comment %q", g.Final, g.Moves[3].Comment)
	}
}

// TestReadCommentAboveTags: a comment above or between the tags (some
// programs write "; exported by …" first) is the game's comment, not the
// start of its movetext.
func TestReadCommentAboveTags(t *testing.T) {
	text := "; exported by some program\n[Event \"x\"]\n{between}\n[Site \"y\"]\n\n{before} 1. e4 *\n"
	games, err := Read(strings.NewReader(text), build)
	if err != nil || len(games) != 1 {
		t.Fatalf("%v, %d games", err, len(games))
	}
	if g := games[0]; g.Event != "x" || g.Site != "y" || g.Comment != "exported by some program between before" || len(g.Moves) != 1 {
		t.Errorf("%+v", g)
	}
	// a tag after a move still says the game before has no result
	_, err = Read(strings.NewReader("1. e4 {c}\n[Event \"x\"]\n*\n"), build)
	if err == nil || !strings.Contains(err.Error(), "line 2, column 1: a tag pair in the movetext") {
		t.Errorf("got %v", err)
	}
}
