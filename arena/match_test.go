package arena

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"houserules/pgn"
	"houserules/rules"
	"houserules/rules/rulestest"
)

func TestEloEstimate(t *testing.T) {
	for _, tc := range []struct {
		w, l, d  int
		elo, err float64
	}{
		{10, 10, 0, 0, 163},    // 50%: 0 ± 163 over 20 decisive games
		{6, 4, 0, 70, 0},       // 60%: +70
		{30, 10, 10, 147.2, 0}, // 70%: +147
		{0, 0, 40, 0, 0},       // all draws
		{25, 25, 50, 0, 48.5},  // 100 games, half drawn
		{1, 0, 0, 190.8, 0},    // one won game: as if 1.5/2
		{0, 1, 0, -190.8, 0},   // one lost game
		{10, 0, 0, 528.9, 0},   // 10/10: as if 10.5/11
	} {
		r := MatchResult{Wins: tc.w, Losses: tc.l, Draws: tc.d}
		elo, e := r.Elo()
		if math.Abs(elo-tc.elo) > 1 || (tc.err > 0 && math.Abs(e-tc.err) > 3) {
			t.Errorf("+%d -%d =%d: Elo %.1f ± %.1f, want %.1f ± %.1f", tc.w, tc.l, tc.d, elo, e, tc.elo, tc.err)
		}
		if e <= 0 {
			t.Errorf("+%d -%d =%d: error bar %.1f", tc.w, tc.l, tc.d, e)
		}
	}
}

var pgnResult = regexp.MustCompile(`\[Result "(1-0|0-1|1/2-1/2)"\]`)

// moveComment is an engine move's PGN comment: score (or mate)/depth time.
var moveComment = regexp.MustCompile(`^([+-]\d+\.\d\d|[+-]M\d+)/\d+ \d+\.\d{3}s$`)

// TestMatchBuiltinLevels: two games, colours alternate, the PGN carries
// the variant and house rules and replays to its result.
func TestMatchBuiltinLevels(t *testing.T) {
	var pgn bytes.Buffer
	a, b := NewBuiltin(20), NewBuiltin(0)
	a.Depth, b.Depth = 3, 1
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", "piece-hp"), HouseRules: "piece-hp", Games: 2,
		MoveTime: time.Second, OpeningPlies: 2, MaxPlies: 120, Seed: 3, PGN: &pgn}
	res, err := RunMatch(a, b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, n := res.Score(); n != 2 || len(res.Games) != 2 {
		t.Fatalf("%d games", n)
	}
	if res.Games[0].White != "houserules level 20" || res.Games[1].White != "houserules level 0" {
		t.Errorf("colours do not alternate: %q, %q", res.Games[0].White, res.Games[1].White)
	}
	if strings.Join(res.Games[0].Moves[:2], " ") != strings.Join(res.Games[1].Moves[:2], " ") {
		t.Errorf("the pair does not share its opening: %v / %v", res.Games[0].Moves[:2], res.Games[1].Moves[:2])
	}
	s := pgn.String()
	if strings.Count(s, `[Variant "chess"]`) != 2 || strings.Count(s, `[HouseRules "piece-hp"]`) != 2 || len(pgnResult.FindAllString(s, -1)) != 2 {
		t.Errorf("PGN:\n%s", s)
	}
	// each ply has its comment: the opening's "book", then the engine's
	// score/depth and time (level 20 searches to depth 3, level 0 to 1)
	for _, g := range res.Games {
		if len(g.Comments) != len(g.Moves) {
			t.Fatalf("%d comments for %d plies", len(g.Comments), len(g.Moves))
		}
		for i, c := range g.Comments {
			if (i < 2 && c != "book") || (i >= 2 && !moveComment.MatchString(c)) {
				t.Errorf("ply %d comment %q", i+1, c)
			}
		}
	}
	if !regexp.MustCompile(`[+-]\d+\.\d\d/3 \d+\.\d{3}s`).MatchString(s) || !strings.Contains(s, "{book}") {
		t.Errorf("PGN without move comments:\n%s", s)
	}
	for _, g := range res.Games {
		if g.Termination == "rules infraction" {
			t.Errorf("illegal move: %s", g.Reason)
		}
	}
	checkPGNReadsBack(t, s, res)
	t.Logf("%s", res)
}

// checkPGNReadsBack reads the match's PGN text back (pgn.Read) and checks
// that each game is the one played: its moves, their comments, the result,
// the termination and its reason.
func checkPGNReadsBack(t *testing.T, text string, res MatchResult) {
	t.Helper()
	build := func(variant, houseRules string) (*rules.Ruleset, error) {
		return rulestest.Compile(t, variant, houseRules), nil
	}
	games, err := pgn.Read(strings.NewReader(text), build)
	if err != nil || len(games) != len(res.Games) {
		t.Fatalf("%v: %d games read, %d played", err, len(games), len(res.Games))
	}
	for i, g := range games {
		rec := res.Games[i]
		var moves, comments []string
		for _, m := range g.Moves {
			moves, comments = append(moves, m.UCI), append(comments, m.Comment)
		}
		if !reflect.DeepEqual(moves, rec.Moves) || !reflect.DeepEqual(comments, rec.Comments) {
			t.Errorf("game %d read back as %v %v, played %v %v", i+1, moves, comments, rec.Moves, rec.Comments)
		}
		if g.Result != rec.Result || g.Termination != rec.Termination || g.Final != rec.Reason || g.White != rec.White {
			t.Errorf("game %d read back as %s %s %q %s, played %s %s %q %s", i+1, g.Result, g.Termination, g.Final, g.White,
				rec.Result, rec.Termination, rec.Reason, rec.White)
		}
	}
}

// TestMatchExternalFairyStockfish: the oracle as an external UCI engine,
// two short chess games without illegal-move forfeits.
func TestMatchExternalFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip("no " + fsf)
	}
	ext, err := StartExternal(fsf, map[string]string{"Skill Level": "0"})
	if err != nil {
		t.Fatal(err)
	}
	defer ext.Close()
	if !strings.HasPrefix(ext.Name(), "Fairy-Stockfish") {
		t.Errorf("name %q", ext.Name())
	}
	a := NewBuiltin(20)
	a.Depth = 3
	cfg := MatchConfig{Variant: "capablanca", Ruleset: rulestest.Compile(t, "capablanca", ""), Games: 2, MoveTime: 20 * time.Millisecond,
		OpeningPlies: 2, MaxPlies: 80, Seed: 5}
	res, err := RunMatch(a, ext, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Termination == "rules infraction" || g.Termination == "time forfeit" {
			t.Errorf("%s vs %s: %s", g.White, g.Black, g.Reason)
		}
		// the oracle's moves carry its own score and depth
		for i, c := range g.Comments[cfg.OpeningPlies:] {
			if !moveComment.MatchString(c) {
				t.Errorf("%s vs %s, ply %d: comment %q", g.White, g.Black, cfg.OpeningPlies+i+1, c)
			}
		}
	}
	// an engine without house rules cannot play a ruleset with presets
	cfg.HouseRules = "piece-hp"
	cfg.Ruleset = rulestest.Compile(t, "capablanca", "piece-hp")
	if _, err := RunMatch(a, ext, cfg); err == nil || !strings.Contains(err.Error(), "HouseRules") {
		t.Errorf("presets with an engine that does not know them: %v", err)
	}
	t.Logf("%s", res)
}

// TestStartExternalErrors: a missing executable and an option the engine
// does not declare are refused with the reason, before any game.
func TestStartExternalErrors(t *testing.T) {
	_, err := StartExternal("no-such-engine-binary-xyz uci", nil)
	if err == nil || !strings.Contains(err.Error(), "no-such-engine-binary-xyz: no such executable file") {
		t.Errorf("missing binary: %v", err)
	}
	// a minimal UCI engine written in shell: one option, then it waits
	fake := `printf 'id name fake\noption name Skill Level type spin default 20 min 0 max 20\nuciok\n'; cat >/dev/null`
	p, err := StartExternal(fake, map[string]string{"Skill Level": "3"})
	if err != nil {
		t.Fatalf("declared option refused: %v", err)
	}
	p.Close()
	_, err = StartExternal(fake, map[string]string{"NoSuchOption": "1"})
	if err == nil || !strings.Contains(err.Error(), `engine fake has no UCI option "NoSuchOption"`) {
		t.Errorf("undeclared option: %v", err)
	}
	// an engine that dies during the handshake: its error output is shown
	_, err = StartExternal(`echo "cannot open book" >&2; exit 3`, nil)
	if err == nil || !strings.Contains(err.Error(), "cannot open book") {
		t.Errorf("dying engine: %v", err)
	}
}

// TestEloEvenScore: an even score is +0, never -0.
func TestEloEvenScore(t *testing.T) {
	r := MatchResult{Wins: 3, Losses: 3, Draws: 2}
	if s := r.String(); !strings.Contains(s, "Elo +0 ±") {
		t.Errorf("even score: %s", s)
	}
}

// TestExternalVariantChoices: a variant the engine does not list among its
// UCI_Variant choices is refused before any game (it would be played as
// another game, or crash the engine).
func TestExternalVariantChoices(t *testing.T) {
	fake := `printf 'id name fake\noption name UCI_Variant type combo default chess var chess var makruk\nuciok\n'; while read l; do [ "$l" = isready ] && echo readyok; done`
	p, err := StartExternal(fake, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.NewGame(&MatchConfig{Variant: "makruk"}); err != nil {
		t.Errorf("makruk is listed: %v", err)
	}
	err = p.NewGame(&MatchConfig{Variant: "wolf"})
	if err == nil || !strings.Contains(err.Error(), "does not play wolf: it is not among its UCI_Variant choices") {
		t.Errorf("wolf: %v", err)
	}
}

// TestMatchSilentEngine: an external engine that never answers go loses
// each game on time ("time forfeit"), not by a rules infraction.
func TestMatchSilentEngine(t *testing.T) {
	defer func(g time.Duration) { replyGrace = g }(replyGrace)
	replyGrace = 200 * time.Millisecond
	ext := fakeEngine(t, "", "silent", ":")
	defer ext.Close()
	a := NewBuiltin(20)
	a.Depth = 1
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 2, MoveTime: 20 * time.Millisecond,
		OpeningPlies: 0, MaxPlies: 20, Seed: 1}
	res, err := RunMatch(a, ext, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Termination != "time forfeit" || !strings.Contains(g.Reason, "silent lost on time") {
			t.Errorf("%s vs %s: %s (%s), want a time forfeit by silent", g.White, g.Black, g.Termination, g.Reason)
		}
	}
	if s, n := res.Score(); s != 2 || n != 2 {
		t.Errorf("score %v/%d, want 2/2 for the engine that moves", s, n)
	}
}

// TestMatchEngineCrashAndLinger: an engine that exits in the middle of a
// game loses it as "abandoned" with its exit status in the reason, and is
// started again for the next game (the match goes on); an engine whose
// child process keeps its output open does not keep the match from ending.
func TestMatchEngineCrashAndLinger(t *testing.T) {
	defer func(g time.Duration) { replyGrace = g }(replyGrace)
	replyGrace = 200 * time.Millisecond
	ext := fakeEngine(t, "", "crasher", "exit 3")
	a := NewBuiltin(20)
	a.Depth = 1
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 3, MoveTime: 20 * time.Millisecond, MaxPlies: 20, Seed: 1}
	res, err := RunMatch(ext, a, cfg)
	ext.Close()
	if err != nil || len(res.Games) != 3 {
		t.Fatalf("crash: %d games, err %v; want 3 games, the crashed engine started again for each", len(res.Games), err)
	}
	for i, g := range res.Games {
		if g.Termination != "abandoned" || !strings.Contains(g.Reason, "crasher: the engine exited: exit status 3") {
			t.Errorf("crash, game %d: %s (%s)", i+1, g.Termination, g.Reason)
		}
	}
	if s, n := res.Score(); s != 0 || n != 3 {
		t.Errorf("crash: the crashing engine scored %v/%d, want 0/3", s, n)
	}
	cfg.Games = 1

	start := time.Now()
	ext = fakeEngine(t, "sleep 30 &", "lingerer", ":")
	res, err = RunMatch(a, ext, cfg)
	ext.Close()
	if err != nil || len(res.Games) != 1 || res.Games[0].Termination != "time forfeit" {
		t.Errorf("linger: %v %+v", err, res.Games)
	}
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the match took %v to end with a lingering child process", d)
	}
}

// fakeEngine starts a shell script as a UCI engine named name: it answers
// uci and isready, runs onGo on go, exits on quit; before runs first.
func fakeEngine(t *testing.T, before, name, onGo string) *ExternalPlayer {
	t.Helper()
	script := before + ` while read l; do case "$l" in uci) echo "id name ` + name + `"; echo uciok;; isready) echo readyok;; go*) ` +
		onGo + `;; quit) exit;; esac; done`
	ext, err := StartExternal("sh -c '"+script+"'", nil)
	if err != nil {
		t.Skipf("cannot start sh: %v", err)
	}
	return ext
}

// TestMatchNodesReproducible: with a node budget per move (no clock) and a
// seed, two runs of the same match play the same games — the weak level's
// random choices included — and the PGN says the limit.
func TestMatchNodesReproducible(t *testing.T) {
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 2,
		Nodes: 400, OpeningPlies: 2, MaxPlies: 40, Seed: 5}
	pgn := replayTwice(t, cfg, 3)
	if !strings.Contains(pgn, `[NodesPerMove "400"]`) || !strings.Contains(pgn, `[TimeControl "-"]`) {
		t.Errorf("PGN tags do not give the node limit:\n%s", pgn)
	}
}

// replayTwice runs the match cfg twice between the built-in level 20 (a)
// and level2 (b), checks that every game has at least 10 plies and is the
// same move for move in both runs, and returns the first run's PGN.
func replayTwice(t *testing.T, cfg MatchConfig, level2 int) string {
	t.Helper()
	run := func() (MatchResult, string) {
		var pgn bytes.Buffer
		cfg.PGN = &pgn
		res, err := RunMatch(NewBuiltin(20), NewBuiltin(level2), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res, pgn.String()
	}
	r1, text := run()
	r2, _ := run()
	checkPGNReadsBack(t, text, r1)
	for i := range r1.Games {
		a, b := strings.Join(r1.Games[i].Moves, " "), strings.Join(r2.Games[i].Moves, " ")
		if a != b {
			t.Errorf("game %d differs between two runs:\n%s\n%s", i+1, a, b)
		}
		if len(r1.Games[i].Moves) < 10 {
			t.Errorf("game %d: only %d plies", i+1, len(r1.Games[i].Moves))
		}
	}
	return text
}

// TestMatchDepth: with a depth per move (no clock) an external engine is
// sent `go depth N`, two runs of a built-in match play the same games, and
// the PGN says the limit.
func TestMatchDepth(t *testing.T) {
	log := filepath.Join(t.TempDir(), "go.log")
	ext := fakeEngine(t, "", "recorder", `echo "$l" >> `+log+`; echo bestmove a2a3`)
	a := NewBuiltin(20)
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 1, Depth: 3, MaxPlies: 20, Seed: 1}
	if _, err := RunMatch(ext, a, cfg); err != nil {
		t.Fatal(err)
	}
	ext.Close()
	if got, err := os.ReadFile(log); err != nil || !strings.HasPrefix(string(got), "go depth 3\n") {
		t.Errorf("the external engine was sent %q (%v), want go depth 3", got, err)
	}
	cfg = MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 2,
		Depth: 3, OpeningPlies: 2, MaxPlies: 40, Seed: 5}
	pgn := replayTwice(t, cfg, 20)
	if !strings.Contains(pgn, `[DepthPerMove "3"]`) || !strings.Contains(pgn, `[TimeControl "-"]`) {
		t.Errorf("PGN tags do not give the depth limit:\n%s", pgn)
	}
}

// TestMatchStrayBestmove: an engine that sends its bestmove twice is not
// taken to answer the next go with the stale line (isready before each
// position and go leaves it behind): the game runs to its ply limit.
func TestMatchStrayBestmove(t *testing.T) {
	ext := fakeEngine(t, "n=0;", "twice", `n=$((n+1)); if [ $n = 1 ]; then echo bestmove a7a6; echo bestmove a7a6; else echo bestmove a6a5; fi`)
	defer ext.Close()
	a := NewBuiltin(20)
	a.Depth = 1
	cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), Games: 1, MoveTime: 50 * time.Millisecond, MaxPlies: 4, Seed: 1}
	res, err := RunMatch(a, ext, cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	if g.Termination != "adjudication" || len(g.Moves) != 4 || g.Moves[1] != "a7a6" || g.Moves[3] != "a6a5" {
		t.Errorf("%s (%s), moves %v; want the ply limit after ... a7a6 and ... a6a5", g.Termination, g.Reason, g.Moves)
	}
}

// TestMatchLoneKingTimeForfeit: running out of time against a lone king
// is a draw (FIDE Laws 6.9: the opponent cannot checkmate); against a
// king and a queen it is a loss.
func TestMatchLoneKingTimeForfeit(t *testing.T) {
	defer func(g time.Duration) { replyGrace = g }(replyGrace)
	replyGrace = 200 * time.Millisecond
	for _, c := range []struct{ fen, result string }{
		{"4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", "1/2-1/2"},
		{"3qk3/8/8/8/8/8/8/QQ2K3 w - - 0 1", "0-1"},
	} {
		ext := fakeEngine(t, "", "silent", ":")
		a := NewBuiltin(20)
		a.Depth = 1
		cfg := MatchConfig{Variant: "chess", Ruleset: rulestest.Compile(t, "chess", ""), FEN: c.fen, Games: 1,
			MoveTime: 20 * time.Millisecond, MaxPlies: 20, Seed: 1}
		res, err := RunMatch(ext, a, cfg)
		ext.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g := res.Games[0]; g.Termination != "time forfeit" || g.Result != c.result {
			t.Errorf("%s: %s %s (%s), want %s on time", c.fen, g.Result, g.Termination, g.Reason, c.result)
		}
	}
}
