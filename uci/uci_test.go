package uci

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/variants"
)

// syncBuf is a goroutine-safe output buffer.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// take returns and clears what was written.
func (s *syncBuf) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.b.String()
	s.b.Reset()
	return out
}

type session struct {
	t   *testing.T
	e   *Engine
	out *syncBuf
}

func newSession(t *testing.T) *session {
	out := &syncBuf{}
	return &session{t: t, e: New(out), out: out}
}

// send runs the lines and returns the output (waiting for a search the
// lines started to print its bestmove).
func (s *session) send(lines ...string) string {
	s.t.Helper()
	for _, l := range lines {
		if !s.e.Handle(l) {
			s.t.Fatalf("engine quit on %q", l)
		}
	}
	s.e.Wait()
	return s.out.take()
}

func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}

// bestmove returns the move of the bestmove line.
func bestmove(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			return f[1]
		}
	}
	t.Fatalf("no bestmove in output:\n%s", out)
	return ""
}

func TestUCIHandshakeListsOptions(t *testing.T) {
	s := newSession(t)
	out := s.send("uci")
	if !strings.HasPrefix(out, "id name houserules\n") || lastLine(out) != "uciok" {
		t.Fatalf("handshake:\n%s", out)
	}
	for _, opt := range []string{
		"option name UCI_Variant type combo default chess",
		"option name VariantPath type string default <empty>",
		"option name UCI_Chess960 type check default false",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name Hash type spin default 16",
		"option name Threads type spin default 1",
		"option name MultiPV type spin default 1",
		"option name HouseRules type string default <empty>",
		"option name Layout type string",
		"option name Modifiers type string",
	} {
		if !strings.Contains(out, opt) {
			t.Errorf("missing %q", opt)
		}
	}
	var combo string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "option name UCI_Variant ") {
			combo = l
		}
	}
	for _, n := range variants.Names() {
		if !strings.Contains(combo+" ", " var "+n+" ") {
			t.Errorf("UCI_Variant combo lacks %s", n)
		}
	}
	if out := s.send("isready"); out != "readyok\n" {
		t.Errorf("isready: %q", out)
	}
}

var perftLine = regexp.MustCompile(`^([a-z0-9@+=-]+): (\d+)$`)

// TestUCIPerftMatchesCore: go perft 4 prints one line per root move and the
// total, equal to the core's perft, in chess and after a variant switch.
func TestUCIPerftMatchesCore(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ variant, presets, pos string }{
		{"chess", "", "position startpos moves e2e4 c7c5"},
		{"makruk", "", "position startpos"},
		{"capablanca", "", "position startpos moves e2e4"},
		{"chess", "piece-hp", "position startpos moves e2e4 d7d5"},
	} {
		s.send("setoption name UCI_Variant value "+tc.variant, "setoption name HouseRules value "+tc.presets, tc.pos)
		g, err := s.e.Game()
		if err != nil {
			t.Fatal(err)
		}
		want := rules.PerftGame(g, 4)
		out := s.send("go perft 4")
		var sum uint64
		lines := 0
		total := uint64(0)
		for _, l := range strings.Split(out, "\n") {
			if m := perftLine.FindStringSubmatch(l); m != nil {
				n, _ := strconv.ParseUint(m[2], 10, 64)
				sum += n
				lines++
			}
			if strings.HasPrefix(l, "Nodes searched: ") {
				total, _ = strconv.ParseUint(strings.TrimPrefix(l, "Nodes searched: "), 10, 64)
			}
		}
		if total != want || sum != want || lines != len(g.LegalMoves()) {
			t.Errorf("%s: go perft 4 total %d, sum %d over %d lines; core %d over %d moves", tc.variant, total, sum, lines, want, len(g.LegalMoves()))
		}
	}
}

// checkLegal plays the engine's move on the session's position.
func checkLegal(t *testing.T, s *session, what, mv string) {
	t.Helper()
	g, err := s.e.Game()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.ParseMove(mv); err != nil {
		t.Errorf("%s: bestmove %s is not legal in %s: %v", what, mv, g.FEN(), err)
	}
}

// TestUCIGoDepth6 returns a legal bestmove in chess, three other catalogue
// variants and with presets.
func TestUCIGoDepth6(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ variant, presets, pos string }{
		{"chess", "", "position startpos"},
		{"chess", "", "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{"makruk", "", "position startpos moves e3e4"},
		{"capablanca", "", "position startpos"},
		{"atomic", "", "position startpos moves e2e4 d7d5"},
		{"chess", "piece-hp", "position startpos moves e2e4 d7d5"},
		{"chess", "explosive-rook", "position fen r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"},
		{"chess", "wrap-board", "position startpos moves e2e4"},
	} {
		name := tc.variant + "+" + tc.presets
		if tc.presets != "" {
			if _, ok := rules.Lookup(tc.presets); !ok {
				t.Logf("preset %s is not registered yet (being written elsewhere): skipped", tc.presets)
				continue
			}
		}
		start := time.Now()
		s.send("setoption name UCI_Variant value "+tc.variant, "setoption name HouseRules value "+tc.presets, tc.pos)
		if out := s.out.take(); out != "" {
			t.Fatalf("%s: setup said %q", name, out)
		}
		out := s.send("go depth 6")
		if !strings.Contains(out, "info depth 6 ") {
			t.Errorf("%s: no depth 6 info line:\n%s", name, out)
		}
		checkLegal(t, s, name, bestmove(t, out))
		t.Logf("%s: bestmove %s in %v", name, bestmove(t, out), time.Since(start).Round(time.Millisecond))
	}
}

// TestUCIRobustInput: garbage is answered with info string and the engine
// goes on.
func TestUCIRobustInput(t *testing.T) {
	s := newSession(t)
	for _, bad := range []string{
		"foo bar",
		"position",
		"position fen",
		"position fen not/a/fen w - - 0 1",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"position startpos moves e2e5",
		"position banana",
		"setoption",
		"setoption name",
		"setoption name Hash value -3",
		"setoption name Skill Level value 99",
		"setoption name MultiPV value 501",
		"setoption name UCI_Variant value nosuchvariant",
		"setoption name UCI_Chess960 value maybe",
		"setoption name Ponder value 7",
		"setoption name HouseRules value nosuchpreset",
		"setoption name HouseRules value piece-hp,explosive-rook",
		"setoption name VariantPath value /nonexistent/variants.ini",
		"setoption name NoSuchOption value 1",
		"go depth",
		"go perft x",
		"go wtime abc depth 1",
		"\x00\x01\xff\xfe",
		strings.Repeat("x", 100000),
	} {
		out := s.send(bad)
		if bad == "go wtime abc depth 1" {
			if !strings.Contains(out, "bestmove ") {
				t.Errorf("%q: no bestmove", bad)
			}
		}
		if !strings.Contains(out, "info string") {
			t.Errorf("%q: no info string answer, got %q", bad, out)
		}
		// an unknown command is repeated in at most 80 characters, with
		// control bytes escaped
		if len(out) > 200 || strings.ContainsAny(out, "\x00\x01") {
			t.Errorf("%.40q: answer of %d bytes, %.120q", bad, len(out), out)
		}
		if got := s.send("isready"); got != "readyok\n" {
			t.Fatalf("after %q: isready answered %q", bad, got)
		}
	}
	// the position survived: still chess from the start
	out := s.send("position startpos moves e2e4 e7e5 g1f3", "d")
	if !strings.Contains(out, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2") {
		t.Errorf("d after garbage:\n%s", out)
	}
	// a stop or ponderhit without a search is harmless
	if out := s.send("stop", "ponderhit", "isready"); out != "readyok\n" {
		t.Errorf("stop without search: %q", out)
	}
}

// TestUCIStopWhileThinking: isready is answered during an infinite search
// and stop ends it with a legal bestmove.
func TestUCIStopWhileThinking(t *testing.T) {
	s := newSession(t)
	s.e.Handle("position startpos moves d2d4")
	s.e.Handle("go infinite")
	time.Sleep(200 * time.Millisecond)
	s.e.Handle("isready")
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(s.out.b.String(), "readyok") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	s.out.mu.Lock()
	got := s.out.b.String()
	s.out.mu.Unlock()
	if !strings.Contains(got, "readyok") || strings.Contains(got, "bestmove") {
		t.Fatalf("isready during search: %q", got)
	}
	start := time.Now()
	s.e.Handle("stop")
	if el := time.Since(start); el > time.Second {
		t.Errorf("stop took %v", el)
	}
	out := s.out.take()
	checkLegal(t, s, "stop", bestmove(t, out))
	// go with a time control finishes on its own
	out = s.send("go wtime 300 btime 300 winc 0 binc 0")
	checkLegal(t, s, "wtime", bestmove(t, out))
	out = s.send("go movetime 100")
	checkLegal(t, s, "movetime", bestmove(t, out))
	out = s.send("go nodes 2000")
	checkLegal(t, s, "nodes", bestmove(t, out))
}

// TestUCIVariantPathAndChess960: a variants.ini section becomes a UCI
// variant; Chess960 castling is king-takes-rook.
func TestUCIVariantPathAndChess960(t *testing.T) {
	dir := t.TempDir()
	ini := filepath.Join(dir, "v.ini")
	if err := os.WriteFile(ini, []byte("[mini-knights:chess]\nstartFen = nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1\ncastling = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.send("setoption name VariantPath value " + ini)
	if out := s.send("uci"); !strings.Contains(out, " var mini-knights") {
		t.Fatalf("combo lacks mini-knights")
	}
	out := s.send("setoption name UCI_Variant value mini-knights", "position startpos", "go perft 1")
	// 16 pawn moves + knight moves: b1/c1/d1/f1/g1/h1/a1 knights jump over the pawns
	g, _ := s.e.Game()
	if !strings.Contains(out, "Nodes searched: "+strconv.Itoa(len(g.LegalMoves()))+"\n") || len(g.LegalMoves()) < 16 {
		t.Errorf("perft 1 in mini-knights:\n%s", out)
	}
	out = s.send("go depth 3")
	checkLegal(t, s, "mini-knights", bestmove(t, out))

	s.send("setoption name UCI_Variant value chess", "setoption name UCI_Chess960 value true",
		"position fen rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")
	out = s.send("go perft 1")
	if !strings.Contains(out, "\nb1h1: 1\n") || !strings.Contains(out, "\nb1a1: 1\n") {
		t.Errorf("chess960 castling moves not king-takes-rook:\n%s", out)
	}
}

// TestBoardDrawing: any board size, coordinates, side-to-move mark.
func TestBoardDrawing(t *testing.T) {
	v, _ := variants.Get("capablanca")
	rs, _ := rules.Compile(v, nil)
	g, _ := rules.NewGame(rs, "", false)
	b := Board(g.Pos, false)
	lines := strings.Split(b, "\n")
	if !strings.HasPrefix(lines[1], " | r | n | a | b | q | k | b | c | n | r | 8") ||
		!strings.Contains(b, " | R | N | A | B | Q | K | B | C | N | R | 1 *\n") ||
		!strings.Contains(b, "   a   b   c   d   e   f   g   h   i   j") {
		t.Errorf("board:\n%s", b)
	}
	flipped := Board(g.Pos, true)
	if !strings.Contains(flipped, " | R | N | C | B | K | Q | B | A | N | R | 1 *") {
		t.Errorf("flipped board:\n%s", flipped)
	}
}

// TestBoardDrawingPockets: in a variant with pockets each side's pocket
// follows its home rank, king first, as Fairy-Stockfish's d shows it;
// flipped, the pockets go with their ranks.
func TestBoardDrawingPockets(t *testing.T) {
	v, _ := variants.Get("crazyhouse")
	rs, _ := rules.Compile(v, nil)
	g, err := rules.NewGame(rs, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPPnp] w KQkq - 2 3", false)
	if err != nil {
		t.Fatal(err)
	}
	b := Board(g.Pos, false)
	if !strings.Contains(b, " | r |   | b | q | k | b | n | r | 8   [np]\n") ||
		!strings.Contains(b, " | R | N | B | Q | K | B |   | R | 1 * [QPP]\n") {
		t.Errorf("board:\n%s", b)
	}
	flipped := Board(g.Pos, true)
	if !strings.Contains(flipped, " | R |   | B | K | Q | B | N | R | 1 * [QPP]\n") {
		t.Errorf("flipped board:\n%s", flipped)
	}
}

// TestBoardDrawingPromoted: promoted pieces are drawn as Fairy-Stockfish's
// d draws them (c19b5f6): a shogi-style one as + and its unpromoted
// letter (the tokin +P, the dragon +r, not +G and +d), a crazyhouse one
// as ~ and its letter.
func TestBoardDrawingPromoted(t *testing.T) {
	for _, c := range []struct{ variant, fen, rank string }{
		{"shogi", "l3k3l/9/9/9/9/9/9/+P+r7/4K4[GGSp] w - - 0 1", " |+P |+r |   |   |   |   |   |   |   | 2\n"},
		{"crazyhouse", "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1", " |~Q |   |   |   | K |   |   |   | 1 * []\n"},
	} {
		v, _ := variants.Get(c.variant)
		rs, _ := rules.Compile(v, nil)
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if b := Board(g.Pos, false); !strings.Contains(b, c.rank) {
			t.Errorf("%s: want the rank %q in\n%s", c.variant, c.rank, b)
		}
	}
	// a promotion made in the game is drawn the same way
	v, _ := variants.Get("shogi")
	rs, _ := rules.Compile(v, nil)
	g, _ := rules.NewGame(rs, "4k4/9/2P6/9/9/9/9/9/4K4[] w - - 0 1", false)
	m, err := g.ParseMove("c7c8+")
	if err != nil {
		t.Fatal(err)
	}
	g.Do(m)
	if b := Board(g.Pos, false); !strings.Contains(b, " |   |   |+P |") {
		t.Errorf("after c7c8+:\n%s", b)
	}
}

// TestUCIMultiPVAndSkill: MultiPV 3 reports three lines per depth with
// distinct first moves; Skill Level 0 still answers with a legal move.
func TestUCIMultiPVAndSkill(t *testing.T) {
	s := newSession(t)
	out := s.send("setoption name MultiPV value 3", "position startpos moves e2e4 e7e5", "go depth 4")
	firsts := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "info depth 4 ") {
			f := strings.Fields(l)
			for i, w := range f {
				if w == "pv" && i+1 < len(f) {
					firsts[f[i+1]] = true
				}
			}
		}
	}
	for _, k := range []string{"multipv 1 ", "multipv 2 ", "multipv 3 "} {
		if !strings.Contains(out, k) {
			t.Errorf("no %q line:\n%s", k, out)
		}
	}
	if len(firsts) != 3 {
		t.Errorf("depth-4 lines do not start with 3 different moves: %v", firsts)
	}
	// at every depth the lines come in score order, line 1 the best
	// (a later line searched without the earlier moves can end higher)
	out = s.send("position startpos moves d2d4 d7d5 c2c4", "go depth 6")
	last := map[string]int{} // depth -> score of the line before
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		var depth, mpv string
		score, cp := 0, false
		for i := 0; i+1 < len(f); i++ {
			switch f[i] {
			case "depth":
				depth = f[i+1]
			case "multipv":
				mpv = f[i+1]
			case "cp":
				score, _ = strconv.Atoi(f[i+1])
				cp = true
			}
		}
		if !strings.HasPrefix(l, "info depth") || !cp || mpv == "" {
			continue
		}
		if prev, ok := last[depth]; ok && mpv != "1" && score > prev {
			t.Errorf("depth %s: line %s scores %d, above the line before (%d):\n%s", depth, mpv, score, prev, out)
		}
		last[depth] = score
	}
	out = s.send("setoption name MultiPV value 1", "setoption name Skill Level value 0", "go depth 8")
	checkLegal(t, s, "skill 0", bestmove(t, out))
	if strings.Contains(out, "info depth 8 ") {
		t.Errorf("skill level 0 searched to depth 8")
	}
}

// TestUCIOptionKeepsPosition: a HouseRules change keeps the position when
// it still holds under the new rules and otherwise resets it with an info
// string naming the reason; when the FEN and moves replayed under the new
// rules give another board (a piece-hp capture that only wounded), an info
// string gives the new FEN and the one before; a UCI_Variant switch starts from the new
// variant's start position (as Fairy-Stockfish) and says so.
func TestUCIOptionKeepsPosition(t *testing.T) {
	s := newSession(t)
	out := s.send("position startpos moves e2e4", "setoption name HouseRules value wrap-board", "d")
	if strings.Contains(out, "info string") || !strings.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") {
		t.Errorf("wrap-board after e2e4: want the position kept, silently:\n%s", out)
	}
	out = s.send("setoption name HouseRules value piece-hp", "position fen 4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1 {Hp:d5=1}",
		"setoption name HouseRules value", "d")
	if !strings.Contains(out, `info string HouseRules: the position does not hold under the new rules (facts "Hp:d5=1"`) ||
		!strings.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("piece-hp facts under no house rules: want a reset with its reason:\n%s", out)
	}
	// the moves replayed under other rules can give another board: said
	out = s.send("setoption name HouseRules value piece-hp", "position startpos moves e2e4 d7d5 e4d5", "setoption name HouseRules value", "d")
	if !strings.Contains(out, "info string HouseRules: the moves replayed under the new rules give rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 (before: rnbqkbnr/ppp1pppp/3p4/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 {Hp:d6=1})") ||
		!strings.Contains(out, "Fen: rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2\n") {
		t.Errorf("piece-hp capture replayed without house rules: want the new board and a message:\n%s", out)
	}
	out = s.send("position startpos moves e2e4", "setoption name UCI_Variant value makruk", "d")
	if !strings.Contains(out, "info string UCI_Variant: the position is reset to the start position of makruk") ||
		!strings.Contains(out, "Fen: rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1") {
		t.Errorf("variant switch after a position:\n%s", out)
	}
	if out := s.send("setoption name UCI_Variant value chess"); strings.Contains(out, "reset") {
		t.Errorf("variant switch from the start position: want no message, got %q", out)
	}
}

// TestUCIPerftStop: go perft runs beside the command loop: isready is
// answered while it counts, and stop ends it after the root move in hand
// with an info string and the total of the root moves counted, each line
// the core's perft of that move.
func TestUCIPerftStop(t *testing.T) {
	s := newSession(t)
	s.e.Handle("position startpos")
	s.e.Handle("go perft 6") // 119 million leaves: far from done when stopped
	s.e.Handle("isready")
	time.Sleep(50 * time.Millisecond)
	if out := s.out.take(); !strings.Contains(out, "readyok") || strings.Contains(out, "Nodes searched") {
		t.Fatalf("isready during go perft: got %q, want readyok before the count ends", out)
	}
	out := s.send("stop")
	m := regexp.MustCompile(`info string go perft: stopped after (\d+) of 20 root moves; the total below counts those`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("stop during go perft:\n%s", out)
	}
	g, err := rules.NewGame(s.e.rs, "", false)
	if err != nil {
		t.Fatal(err)
	}
	var sum, lines uint64
	for _, l := range strings.Split(out, "\n") {
		if p := perftLine.FindStringSubmatch(l); p != nil {
			n, _ := strconv.ParseUint(p[2], 10, 64)
			mv, err := g.ParseMove(p[1])
			if err != nil {
				t.Fatalf("%s: %v", p[1], err)
			}
			g.Do(mv)
			if want := rules.PerftGame(g, 5); n != want {
				t.Errorf("%s: %d, core %d", p[1], n, want)
			}
			g.Undo()
			sum += n
			lines++
		}
	}
	if strconv.FormatUint(lines, 10) != m[1] || !strings.Contains(out, "Nodes searched: "+strconv.FormatUint(sum, 10)+"\n") {
		t.Errorf("stopped after %s root moves: %d lines, total should be %d:\n%s", m[1], lines, sum, out)
	}
	if out := s.send("isready"); out != "readyok\n" {
		t.Errorf("after the stopped count: %q", out)
	}
}

// TestUCIPromotionLetterCase: a promotion letter is read in either case,
// as Stockfish and Fairy-Stockfish read it (some GUIs send e7e8Q); any
// other character of the move must match exactly.
func TestUCIPromotionLetterCase(t *testing.T) {
	s := newSession(t)
	out := s.send("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0 1 moves e7e8Q h7h6", "d")
	if strings.Contains(out, "info string") || !strings.Contains(out, "Fen: 4Q3/8/7k/8/8/8/8/K7 w - - 1 2") {
		t.Errorf("e7e8Q: want the queen promotion played:\n%s", out)
	}
	out = s.send("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0 1 moves e7e8N", "d")
	if !strings.Contains(out, "Fen: 4N3/7k/8/8/8/8/8/K7 b - - 0 1") {
		t.Errorf("e7e8N: want the knight promotion played:\n%s", out)
	}
	out = s.send("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0 1 moves E7E8q", "d")
	if !strings.Contains(out, "info string position: illegal move E7E8q") {
		t.Errorf("E7E8q: squares are lower case; want it refused:\n%s", out)
	}
}

// TestUCIInfoStringCapped: a message quoting a huge input is cut to
// maxInfoString bytes with the input's length named, not echoed whole.
func TestUCIInfoStringCapped(t *testing.T) {
	s := newSession(t)
	out := s.send("position fen "+strings.Repeat("p", 100000), "d")
	line, _, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(line, "info string position: ") || len(line) > maxInfoString+100 || !strings.Contains(line, "bytes)") {
		t.Errorf("want one capped info string, got %d bytes: %.200s", len(line), line)
	}
	if !strings.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("want the start position kept:\n%.300s", out)
	}
}

// TestUCIPerftPiped: a piped "go perft 4" with no quit after it prints its
// total at the end of input (Fairy-Stockfish counts before it reads on),
// and a go perft after a refused position prints "Nodes searched: 0"
// after its info string, so that a script waiting for the total goes on.
func TestUCIPerftPiped(t *testing.T) {
	out := &syncBuf{}
	if err := New(out).Run(strings.NewReader("position startpos\ngo perft 4\n")); err != nil {
		t.Fatal(err)
	}
	if got := out.take(); !strings.Contains(got, "\nNodes searched: 197281\n") || strings.Contains(got, "stopped") {
		t.Errorf("piped go perft 4: want the whole count, 197281:\n%s", got)
	}
	s := newSession(t)
	got := s.send("setoption name UCI_Variant value capablanca", "position fen 8/8/8 w - - 0 1", "go perft 1")
	if !strings.Contains(got, "info string go: the last position command was refused") || !strings.HasSuffix(got, "\nNodes searched: 0\n\n") || strings.Contains(got, "bestmove") {
		t.Errorf("go perft after a refused position:\n%q", got)
	}
}

// TestUCIPerftFinishesBeforeNextCommand: position, setoption and
// ucinewgame after go perft leave the count running and a later go waits
// for it (as Fairy-Stockfish's), so each total is the whole count (chess
// start: 8,902 at depth 3, 197,281 at 4; after e2e4: 20 at depth 1); and
// while a long count runs after a position command, isready is answered
// and stop ends it.
func TestUCIPerftFinishesBeforeNextCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"position startpos\ngo perft 3\nposition startpos moves e2e4\ngo perft 1\n", []string{"8902", "20"}},
		{"position startpos\ngo perft 4\ngo perft 3\n", []string{"197281", "8902"}},
		{"position startpos\ngo perft 3\nsetoption name Hash value 32\n", []string{"8902"}},
		{"position startpos\ngo perft 3\nucinewgame\nisready\n", []string{"8902"}},
	} {
		out := &syncBuf{}
		if err := New(out).Run(strings.NewReader(tc.in)); err != nil {
			t.Fatal(err)
		}
		got := out.take()
		var totals []string
		for _, m := range regexp.MustCompile(`Nodes searched: (\d+)`).FindAllStringSubmatch(got, -1) {
			totals = append(totals, m[1])
		}
		if strings.Join(totals, " ") != strings.Join(tc.want, " ") || strings.Contains(got, "stopped") {
			t.Errorf("%q: totals %v, want %v:\n%s", tc.in, totals, tc.want, got)
		}
	}
	s := newSession(t)
	s.e.Handle("position startpos")
	s.e.Handle("go perft 6") // 119 million leaves: far from done when stopped
	s.e.Handle("position startpos moves e2e4")
	s.e.Handle("isready")
	if out := s.out.take(); !strings.Contains(out, "readyok") {
		t.Fatalf("isready during go perft after position: got %q", out)
	}
	if out := s.send("stop"); !strings.Contains(out, "go perft: stopped after") {
		t.Errorf("stop during go perft after position:\n%s", out)
	}
	if out := s.send("go perft 1"); !strings.Contains(out, "\nNodes searched: 20\n") {
		t.Errorf("go perft 1 after e2e4 (the position set during the count):\n%s", out)
	}
}

// TestBoardDrawingWalls: a wall square is drawn *, as in the FEN and
// Fairy-Stockfish's d (duck chess after e2e4,e4e5 d7d5,d5d4: the duck on d4).
func TestBoardDrawingWalls(t *testing.T) {
	v, _ := variants.Get("duck")
	rs, _ := rules.Compile(v, nil)
	g, err := rules.NewGame(rs, "rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false)
	if err != nil {
		t.Fatal(err)
	}
	b := Board(g.Pos, false)
	if !strings.Contains(b, " |   |   |   | * | P |   |   |   | 4\n") ||
		!strings.Contains(b, " |   |   |   | p |   |   |   |   | 5\n") {
		t.Errorf("board:\n%s", b)
	}
}
