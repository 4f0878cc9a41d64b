package uci

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var infoScore = regexp.MustCompile(`info depth (\d+) .*score (cp|mate) (-?\d+)`)

// TestUCIGoTinyNodeLimit: a search cut at one node still finishes depth 1,
// so its score is a real one (not "mate 0") and the move is legal.
func TestUCIGoTinyNodeLimit(t *testing.T) {
	s := newSession(t)
	out := s.send("position startpos", "go nodes 1")
	m := infoScore.FindStringSubmatch(out)
	if m == nil || m[2] != "cp" {
		t.Fatalf("go nodes 1: want a centipawn score, got:\n%s", out)
	}
	if m[1] != "1" {
		t.Errorf("go nodes 1: depth %s, want 1", m[1])
	}
	checkLegal(t, s, "go nodes 1", bestmove(t, out))
}

// TestUCIGoBadLimits: a limit that is not positive is answered with an info
// string naming it, and the search still ends with a move.
func TestUCIGoBadLimits(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct{ line, says string }{
		{"go depth 0 nodes 3000", "depth 0 is not a positive integer"},
		{"go depth -3 nodes 3000", "depth -3 is not a positive integer"},
		{"go nodes 0 depth 2", "nodes 0 is not a positive integer"},
		{"go movetime 0 depth 2", "movetime 0 is not a positive number"},
		{"go movetime -5 depth 2", "movetime -5 is not a positive number"},
		{"go mate 0 depth 2", "mate 0 is not a positive integer"},
	} {
		out := s.send("position startpos moves e2e4", tc.line)
		if !strings.Contains(out, "info string go: "+tc.says) {
			t.Errorf("%q: want info string %q, got:\n%s", tc.line, tc.says, out)
		}
		checkLegal(t, s, tc.line, bestmove(t, out))
	}
}

// TestUCIGoNoTimeLeft: with the side to move's clock at zero (or below) the
// engine moves at once instead of searching without a limit.
func TestUCIGoNoTimeLeft(t *testing.T) {
	s := newSession(t)
	for _, line := range []string{"go wtime 0 btime 0", "go wtime -20 btime 5000", "go btime 1000 wtime 0 winc 0 binc 0"} {
		start := time.Now()
		out := s.send("position startpos", line)
		if !strings.Contains(out, "info string go: no time left on the clock") {
			t.Errorf("%q: no info string about the clock:\n%s", line, out)
		}
		checkLegal(t, s, line, bestmove(t, out))
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%q: answered after %v", line, el)
		}
	}
}

// TestUCISearchMoves: illegal searchmoves are named and skipped; the legal
// ones restrict the search; none legal means every move.
func TestUCISearchMoves(t *testing.T) {
	s := newSession(t)
	out := s.send("position startpos", "go searchmoves e2e5 zz a2a3 depth 3")
	for _, bad := range []string{`"e2e5" is not a legal move here`, `"zz" is not a legal move here`} {
		if !strings.Contains(out, bad) {
			t.Errorf("searchmoves: no info string %s:\n%s", bad, out)
		}
	}
	if strings.Contains(out, "unknown parameter") {
		t.Errorf("searchmoves: a move was taken for a parameter:\n%s", out)
	}
	if got := bestmove(t, out); got != "a2a3" {
		t.Errorf("searchmoves a2a3: bestmove %s", got)
	}
	out = s.send("go searchmoves e2e5 depth 2")
	if !strings.Contains(out, "no legal move given; all moves are searched") {
		t.Errorf("searchmoves with no legal move:\n%s", out)
	}
	checkLegal(t, s, "searchmoves e2e5", bestmove(t, out))
}

// TestUCIPositionWithoutMovesKeyword: "position startpos e2e4" sets the
// start position (as Fairy-Stockfish does) and says the rest is ignored.
func TestUCIPositionWithoutMovesKeyword(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves d2d4 d7d5")
	out := s.send("position startpos e2e4", "d")
	if !strings.Contains(out, `expected "moves" after the position, got "e2e4"`) {
		t.Errorf("no info string:\n%s", out)
	}
	if !strings.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("the start position was not set:\n%s", out)
	}
}

// TestUCIVariantNameAnyCase: UCI_Variant finds a catalogue variant whatever
// the case of its name.
func TestUCIVariantNameAnyCase(t *testing.T) {
	s := newSession(t)
	out := s.send("setoption name UCI_Variant value Makruk", "position startpos", "d")
	if strings.Contains(out, "info string") {
		t.Errorf("UCI_Variant Makruk refused:\n%s", out)
	}
	if !strings.Contains(out, "Fen: rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1") {
		t.Errorf("not makruk:\n%s", out)
	}
}

// TestMaxHash: the Hash option is clamped to half the physical memory (and
// 32768 MB), so a huge value cannot exhaust the machine.
func TestMaxHash(t *testing.T) {
	limit := maxHashMB()
	if limit < 1 || limit > 1<<15 {
		t.Fatalf("maxHashMB %d", limit)
	}
	if phys := physicalMB(); phys > 0 && limit > phys/2 {
		t.Errorf("maxHashMB %d is more than half of %d MB", limit, phys)
	}
}

// TestUCIGoAfterRefusedPosition: after a position command is refused, go
// does not search the previous position (the GUI no longer has it): it
// says why and answers bestmove (none) until a position is taken.
func TestUCIGoAfterRefusedPosition(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves e2e4")
	for _, bad := range []string{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "position banana", "position fen 4k3/8/8/8/8/8/8/4K3 b - - 0 1 {Hp:d6=1}"} {
		out := s.send(bad, "go depth 3")
		if !strings.Contains(out, "bestmove (none)") || !strings.Contains(out, "no search until a position is set") {
			t.Errorf("%q then go: want bestmove (none) with a reason, got:\n%s", bad, out)
		}
	}
	out := s.send("position startpos moves e2e4", "go depth 2")
	checkLegal(t, s, "after a good position", bestmove(t, out))
}

// TestUCIOverlongLine: a line longer than the limit is ignored with an info
// string; the session goes on.
func TestUCIOverlongLine(t *testing.T) {
	out := &syncBuf{}
	e := New(out)
	in := "position startpos moves e2e4\n" + strings.Repeat("x", 20<<20) + "\nd\nquit\n"
	if err := e.Run(strings.NewReader(in)); err != nil {
		t.Fatalf("Run: %v", err)
	}
	got := out.take()
	if !strings.Contains(got, "info string a line of more than") {
		t.Errorf("no info string for the long line")
	}
	if !strings.Contains(got, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") {
		t.Errorf("the session did not go on:\n%.500s", got)
	}
}

// TestUCIFinishedPosition: in a position without moves the engine reports
// the result at depth 0 ("score mate 0" when mated, "cp 0" in stalemate)
// and answers bestmove (none); under go infinite only after stop, as
// Stockfish does.
func TestUCIFinishedPosition(t *testing.T) {
	s := newSession(t)
	for _, c := range []struct{ fen, score string }{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"},
	} {
		out := s.send("position fen "+c.fen, "go depth 4")
		want := "info depth 0 seldepth 0 multipv 1 " + c.score + " nodes 0 nps 0 tbhits 0 time 0\nbestmove (none)\n"
		if out != want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.fen, out, want)
		}
	}
	s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if !s.e.Handle("go infinite") {
		t.Fatal("engine quit on go infinite")
	}
	time.Sleep(100 * time.Millisecond)
	if out := s.out.take(); strings.Contains(out, "bestmove") {
		t.Errorf("go infinite in a finished position answered before stop:\n%s", out)
	}
	if out := s.send("stop"); !strings.Contains(out, "bestmove (none)") {
		t.Errorf("stop: no bestmove (none):\n%s", out)
	}
}

// TestUCIMultiLineError: an error of several lines (a variants file whose
// section has two bad values) comes as one info string, its lines joined
// with "; " under the option's prefix.
func TestUCIMultiLineError(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "two.ini")
	if err := os.WriteFile(ini, []byte("[foo:chess]\nmaxRank = x\nmaxFile = y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.send("setoption name VariantPath value " + ini)
	out := s.send("setoption name UCI_Variant value foo")
	want := `info string UCI_Variant: variant "foo": invalid value "x" for maxRank: expected Rank: not a number (` + ini +
		`:2); invalid value "y" for maxFile: expected File: a file number 1..12 or letter a..l (` + ini + ":3)\n"
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}
