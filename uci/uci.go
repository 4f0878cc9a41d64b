// Package uci speaks the Universal Chess Interface the way Fairy-Stockfish
// does, so that GUIs and tools made for it drive houserules unchanged:
// uci, isready, ucinewgame, setoption, position startpos|fen … moves …,
// go (with wtime/btime/winc/binc/movestogo/movetime/depth/nodes/mate/
// infinite/searchmoves, and go perft N), stop, ponderhit, quit and d.
// House rules ride on extra options (HouseRules, Layout, Modifiers).
//
// A bad input line never stops the engine: it is answered with an
// "info string" line and ignored. The search runs in its own goroutine,
// so stop and isready are answered while it thinks.
//
//	e := uci.New(os.Stdout)
//	e.Run(os.Stdin)
package uci

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"houserules/rules"
	"houserules/search"
	"houserules/variants"
)

// EngineName is reported by "id name".
const EngineName = "houserules"

// Engine is one UCI session.
type Engine struct {
	outMu sync.Mutex
	out   io.Writer

	eng *search.Engine

	variantName string
	resolved    *variants.Resolved // the variant and house rules in force
	iniFile     *variants.File     // the loaded VariantPath file
	variantPath string
	chess960    bool
	houseRules  string
	specs       []rules.Spec
	layout      string
	modifiers   string
	rs          *rules.Ruleset

	fen   string   // "" = start position
	moves []string // moves played from fen
	// posRefused: the last position command was refused, so go answers
	// "bestmove (none)" rather than search an older position the GUI no
	// longer has
	posRefused bool

	hashMB, threads int

	// the running search
	cancel context.CancelFunc
	abort  func() // xboard: stop without playing the move
	done   chan struct{}
	ponder bool
	perft  bool // the running job is a go perft (quit does not wait for it)
}

// New returns a session writing to out, set to chess.
func New(out io.Writer) *Engine {
	e := &Engine{out: out, eng: search.NewEngine(16), hashMB: 16, threads: 1}
	if err := e.setVariant("chess"); err != nil {
		panic(err) // the catalogue always has chess
	}
	return e
}

// Search returns the underlying searcher (skill, MultiPV …).
func (e *Engine) Search() *search.Engine { return e.eng }

// Run reads commands from in until quit or end of input. A panic while
// handling a line is reported and the session goes on.
func (e *Engine) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	ll := &longLines{max: 1 << 23}
	sc.Split(ll.split)
	first := true
	for sc.Scan() {
		if sc.Text() == tooLongLine {
			e.infoString("a line of more than %d bytes was ignored", ll.max)
			continue
		}
		if first && strings.TrimSpace(sc.Text()) != "" {
			first = false
			if strings.TrimSpace(sc.Text()) == "xboard" {
				return e.runXboard(sc) // the xboard protocol, as Fairy-Stockfish
			}
		}
		if !e.Handle(sc.Text()) {
			return nil
		}
	}
	// end of input: a search stops (as after quit), a count is finished
	// (Fairy-Stockfish counts before it reads the next line, so a piped
	// "go perft 4" prints its total)
	e.finish()
	return sc.Err()
}

// tooLongLine stands for a dropped line in the scanner's output.
const tooLongLine = "\x00line too long"

// longLines splits input into lines like bufio.ScanLines, but a line longer
// than max bytes is dropped (the scanner yields tooLongLine for it) instead
// of ending the session.
type longLines struct {
	max      int
	skipping bool
}

func (l *longLines) split(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		if l.skipping {
			l.skipping = false
			return i + 1, []byte(tooLongLine), nil
		}
		return i + 1, bytes.TrimSuffix(data[:i], []byte{'\r'}), nil
	}
	if len(data) >= l.max {
		l.skipping = true
		return len(data), nil, nil
	}
	if atEOF && len(data) > 0 {
		if l.skipping {
			l.skipping = false
			return len(data), []byte(tooLongLine), nil
		}
		return len(data), bytes.TrimSuffix(data, []byte{'\r'}), nil
	}
	return 0, nil, nil
}

// Handle executes one command line; it returns false for quit.
func (e *Engine) Handle(line string) (cont bool) {
	defer func() {
		if r := recover(); r != nil {
			e.infoString("error: %v (line ignored)", r)
			cont = true
		}
	}()
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		e.cmdUCI()
	case "isready":
		e.println("readyok")
	case "ucinewgame":
		e.settle()
		e.eng.NewGame()
		e.fen, e.moves = "", nil
	case "setoption":
		e.cmdSetOption(args)
	case "position":
		e.cmdPosition(args)
	case "go":
		e.cmdGo(args)
	case "stop":
		e.stopSearch()
	case "ponderhit":
		// the pondered move was played: answer at once with what the
		// ponder search found
		if e.ponder {
			e.stopSearch()
		}
		e.ponder = false
	case "quit":
		if e.perft && e.cancel != nil {
			e.cancel() // a count is not waited for: its root move may take hours
			return false
		}
		e.stopSearch()
		return false
	case "d":
		e.cmdDisplay()
	case "debug", "register":
		// accepted, nothing to do
	default:
		e.infoString("Unknown command: %s", echoLine(line))
	}
	return true
}

// echoLine is a received line as an info string repeats it: at most 80
// characters, control bytes and invalid UTF-8 escaped as in Go (\x00).
func echoLine(line string) string {
	line = strings.TrimSpace(line)
	cut := ""
	if r := []rune(line); len(r) > 80 {
		line, cut = string(r[:80]), fmt.Sprintf("… (%d bytes)", len(line))
	}
	q := strconv.Quote(line)
	return q[1:len(q)-1] + cut
}

// Main runs a session on standard input and output (houserules uci).
func Main() error {
	w := bufio.NewWriter(os.Stdout)
	fw := &flushWriter{w: w}
	e := New(fw)
	return e.Run(os.Stdin)
}

// flushWriter flushes after every write so that GUIs see each line at once.
type flushWriter struct{ w *bufio.Writer }

func (f *flushWriter) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil {
		err = f.w.Flush()
	}
	return n, err
}
