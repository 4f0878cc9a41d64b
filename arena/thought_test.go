package arena

import (
	"regexp"
	"testing"
	"time"
)

// TestParseThought: the last principal line's score and depth are
// kept from Fairy-Stockfish-style info lines; other MultiPV lines,
// currmove and string lines leave them; "mate 0" is read as mated.
func TestParseThought(t *testing.T) {
	var th Thought
	for _, l := range []string{
		"info depth 9 seldepth 14 multipv 1 score cp 35 nodes 41234 nps 412340 time 100 pv e2e4 e7e5",
		"info depth 9 seldepth 12 multipv 2 score cp -20 nodes 41234 nps 412340 time 100 pv d2d4",
		"info depth 10 currmove g1f3 currmovenumber 3",
		"info string NNUE evaluation not used",
		"bestmove e2e4 ponder e7e5",
	} {
		parseThought(l, &th)
	}
	if want := (Thought{Known: true, Score: 35, Depth: 9}); th != want {
		t.Errorf("got %+v, want %+v", th, want)
	}
	if got := th.comment(101 * time.Millisecond); got != "+0.35/9 0.101s" {
		t.Errorf("comment %q", got)
	}
	parseThought("info depth 12 seldepth 5 score mate -3 nodes 900 pv a1a2", &th)
	if got := th.comment(2 * time.Second); got != "-M3/12 2.000s" {
		t.Errorf("mated comment %q", got)
	}
	parseThought("info depth 0 score mate 0", &th)
	if th.Mate != -1 || th.comment(0) != "-M1/0 0.000s" {
		t.Errorf("mate 0: %+v %q", th, th.comment(0))
	}
	parseThought("info depth 3 score cp 12x nodes 5", &th) // malformed: ignored
	if th.Depth != 0 {
		t.Errorf("malformed score changed the thought: %+v", th)
	}
	if got := (Thought{}).comment(50 * time.Millisecond); got != "0.050s" {
		t.Errorf("no score: %q", got)
	}
	if got := (Thought{Known: true, Score: -150, Depth: 7}).comment(time.Second); got != "-1.50/7 1.000s" {
		t.Errorf("negative score: %q", got)
	}
}

// anyComment is moveComment with any depth an engine may print.
var anyComment = regexp.MustCompile(`^([+-]\d+\.\d\d|[+-]M\d+)/-?\d+ \d+\.\d{3}s$`)

// FuzzParseThought: any engine output line leaves a consistent thought: a
// line without a principal score changes nothing, and a known one has a
// score or a mate (never both) and a comment in the PGN form.
func FuzzParseThought(f *testing.F) {
	for _, s := range []string{
		"info depth 9 seldepth 14 multipv 1 score cp 35 nodes 41234 nps 412340 time 100 pv e2e4 e7e5",
		"info depth 9 multipv 2 score cp -20 nodes 4 pv d2d4",
		"info depth 12 score mate -3 nodes 900 pv a1a2",
		"info depth 0 score mate 0",
		"info string score cp 5",
		"info score cp",
		"info depth x score cp 99999999999999999999",
		"bestmove e2e4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		before := Thought{Known: true, Score: 7, Depth: 3}
		th := before
		parseThought(line, &th)
		if th == before {
			return
		}
		if !th.Known || (th.Mate != 0 && th.Score != 0) {
			t.Fatalf("%q: inconsistent thought %+v", line, th)
		}
		if c := th.comment(time.Millisecond); !anyComment.MatchString(c) {
			t.Fatalf("%q: comment %q", line, c)
		}
	})
}
