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
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"houserules/geom"
	"houserules/position"
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

func (e *Engine) println(a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintln(e.out, a...)
}

func (e *Engine) printf(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format, a...)
}

func (e *Engine) infoString(format string, a ...any) {
	// one info string: the lines of a multi-line message (several errors
	// of one variant file) are joined with "; ", so none is left without
	// the message's prefix or read by a GUI as a command
	msg := strings.TrimRight(fmt.Sprintf(format, a...), "\n")
	if len(msg) > maxInfoString {
		// a message quoting a huge input (a 100 KB FEN) is cut, not sent whole
		cut := maxInfoString
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = fmt.Sprintf("%s… (%d bytes)", msg[:cut], len(msg))
	}
	e.println("info string " + strings.ReplaceAll(strings.ReplaceAll(msg, "\r", ""), "\n", "; "))
}

// maxInfoString is the longest info string message sent, in bytes.
const maxInfoString = 4096

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

// VariantNames lists the selectable variants: the catalogue and the
// sections of the loaded VariantPath file.
func (e *Engine) VariantNames() []string {
	names := variants.Names()
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	if e.iniFile != nil {
		for _, s := range e.iniFile.Sections {
			if s.Err == nil && s.Name != "" && !seen[s.Name] {
				seen[s.Name] = true
				names = append(names, s.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

func (e *Engine) cmdUCI() {
	var sb strings.Builder
	fmt.Fprintf(&sb, "id name %s\n", EngineName)
	fmt.Fprintf(&sb, "id author the houserules authors\n\n")
	fmt.Fprintf(&sb, "option name Threads type spin default 1 min 1 max 512\n")
	fmt.Fprintf(&sb, "option name Hash type spin default 16 min 1 max 33554432\n")
	fmt.Fprintf(&sb, "option name Clear Hash type button\n")
	fmt.Fprintf(&sb, "option name Ponder type check default false\n")
	fmt.Fprintf(&sb, "option name MultiPV type spin default 1 min 1 max 500\n")
	fmt.Fprintf(&sb, "option name Skill Level type spin default 20 min 0 max 20\n")
	fmt.Fprintf(&sb, "option name UCI_Chess960 type check default false\n")
	sb.WriteString("option name UCI_Variant type combo default chess")
	for _, n := range e.VariantNames() {
		sb.WriteString(" var " + n)
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "option name VariantPath type string default <empty>\n")
	fmt.Fprintf(&sb, "option name HouseRules type string default <empty>\n")
	fmt.Fprintf(&sb, "option name Layout type string default <empty>\n")
	fmt.Fprintf(&sb, "option name Modifiers type string default <empty>\n")
	sb.WriteString("uciok")
	e.println(sb.String())
}

// setVariant selects a variant by name (variants.Resolve): a section of
// the VariantPath file first, then the catalogue; a name that differs
// only in case ("Chess") finds the variant too. House rules that do not
// fit the new variant are dropped.
func (e *Engine) setVariant(name string) error {
	req := variants.Request{Variant: name, File: e.iniFile, Specs: e.specs}
	res, err := variants.Resolve(req)
	if errors.Is(err, variants.ErrBadPresets) || errors.Is(err, variants.ErrIncompatiblePresets) {
		// the house rules do not fit the new variant: drop them
		req.Specs = nil
		res2, err2 := variants.Resolve(req)
		if err2 != nil {
			return err2
		}
		if e.houseRules != "" {
			e.infoString("HouseRules %q dropped: %v", e.houseRules, err)
		}
		e.houseRules, e.specs = "", nil
		res, err = res2, nil
	}
	if err != nil {
		return err
	}
	e.variantName, e.resolved, e.rs = name, res, res.Ruleset
	if e.fen != "" || len(e.moves) > 0 {
		// as in Fairy-Stockfish, a variant switch starts from the new
		// variant's start position; said, so a GUI is not surprised
		e.infoString("UCI_Variant: the position is reset to the start position of %s", name)
	}
	e.fen, e.moves, e.posRefused = "", nil, false
	return nil
}

// keepPosition checks the current position (FEN and moves) under the
// ruleset just set by option: it stays when it is still legal there, and
// is otherwise reset to the start position with an info string naming the
// reason.
func (e *Engine) keepPosition(option string) {
	if e.fen == "" && len(e.moves) == 0 {
		return
	}
	if _, err := e.Game(); err != nil {
		e.infoString("%s: the position does not hold under the new rules (%v); reset to the start position", option, err)
		e.fen, e.moves = "", nil
	}
}

// maxHashMB is the largest hash table Hash accepts: 32768 MB (one search
// thread gains nothing from more), and at most half the physical memory so
// a large value cannot exhaust the machine.
func maxHashMB() int {
	limit := 1 << 15
	if phys := physicalMB(); phys > 0 {
		limit = min(limit, max(1, phys/2))
	}
	return limit
}

func (e *Engine) cmdSetOption(args []string) {
	// setoption name <id> [value <x>]
	if len(args) < 2 || args[0] != "name" {
		e.infoString("setoption: expected \"setoption name <id> [value <x>]\"")
		return
	}
	rest := args[1:]
	var nameParts, valueParts []string
	inValue := false
	for _, a := range rest {
		if !inValue && a == "value" {
			inValue = true
			continue
		}
		if inValue {
			valueParts = append(valueParts, a)
		} else {
			nameParts = append(nameParts, a)
		}
	}
	name := strings.Join(nameParts, " ")
	value := strings.Join(valueParts, " ")
	if value == "<empty>" {
		value = ""
	}
	e.settle()
	switch strings.ToLower(name) {
	case "uci_variant":
		if err := e.setVariant(value); err != nil {
			e.infoString("UCI_Variant: %v", err)
		}
	case "variantpath":
		e.loadVariantPath(value)
	case "uci_chess960":
		b, ok := parseBool(value)
		if !ok {
			e.infoString("UCI_Chess960: %q is not true or false", value)
			return
		}
		e.chess960 = b
	case "skill level":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 20 {
			e.infoString("Skill Level: %q is not an integer 0..20", value)
			return
		}
		e.eng.Skill = n
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("Hash: %q is not a positive integer", value)
			return
		}
		if limit := maxHashMB(); n > limit {
			e.infoString("Hash: %d MB is more than this engine takes here; using %d MB", n, limit)
			n = limit
		}
		e.hashMB = n
		e.eng.SetHash(n)
	case "clear hash":
		e.eng.NewGame()
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("Threads: %q is not a positive integer", value)
			return
		}
		e.threads = n // accepted; the search uses one thread
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("MultiPV: %q is not a positive integer", value)
			return
		}
		if n > 500 {
			e.infoString("MultiPV: %d is above the maximum 500; 500 is used", n)
			n = 500
		}
		e.eng.MultiPV = n
	case "ponder":
		// a GUI's declaration that it may send go ponder: nothing to set,
		// but a value that is not a check value is reported
		if _, ok := parseBool(value); !ok {
			e.infoString("Ponder: %q is not true or false", value)
		}
	case "uci_analysemode", "uci_limitstrength", "move overhead":
		// accepted (not listed; GUIs send them unasked)
	case "houserules":
		// the variant in force, looked up where it was found, with the
		// new house rules
		res, err := variants.Resolve(variants.Request{Variant: e.resolved.Name, File: e.resolved.File, Presets: value})
		if err != nil {
			e.infoString("HouseRules: %v", err)
			return
		}
		// the position is the FEN and moves replayed under the new rules:
		// say so when the board they give is not the one before (an empty
		// facts suffix, " {}", does not count)
		board := func() string {
			if g, err := e.Game(); err == nil && (e.fen != "" || len(e.moves) > 0) {
				return strings.TrimSuffix(g.FEN(), " {}")
			}
			return ""
		}
		before := board()
		e.houseRules, e.specs, e.resolved, e.rs = value, res.Specs, res, res.Ruleset
		e.keepPosition("HouseRules")
		if after := board(); before != "" && after != "" && after != before {
			e.infoString("HouseRules: the moves replayed under the new rules give %s (before: %s)", after, before)
		}
	case "layout":
		e.layout = value
		if value != "" {
			e.infoString("Layout: starting layouts are not supported yet; use position fen")
		}
	case "modifiers":
		e.modifiers = value
		if value != "" {
			e.infoString("Modifiers: modifier descriptors are not supported yet")
		}
	default:
		e.infoString("No such option: %s", name)
	}
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (e *Engine) loadVariantPath(path string) {
	e.variantPath = path
	e.iniFile = nil
	if path == "" {
		return
	}
	f, err := variants.LoadFile(path)
	if err != nil {
		e.infoString("VariantPath: %v", err)
		return
	}
	for _, s := range f.Sections {
		if s.Err != nil {
			e.infoString("VariantPath: section %s skipped: %v", s.Name, s.Err)
		}
	}
	e.iniFile = f
}

func (e *Engine) cmdPosition(args []string) {
	e.settle()
	e.posRefused = true
	if len(args) == 0 {
		e.infoString("position: expected startpos or fen")
		return
	}
	var fen string
	var moves []string
	i := 0
	switch args[0] {
	case "startpos":
		i = 1
	case "fen":
		j := 1
		for j < len(args) && args[j] != "moves" {
			j++
		}
		fen = strings.Join(args[1:j], " ")
		i = j
		if fen == "" {
			e.infoString("position fen: the FEN is missing")
			return
		}
	default:
		e.infoString("position: expected startpos or fen, got %q", args[0])
		return
	}
	if i < len(args) {
		if args[i] != "moves" {
			// the base position still stands, as in Fairy-Stockfish
			e.infoString("position: expected \"moves\" after the position, got %q; the rest of the line is ignored", args[i])
		} else {
			moves = args[i+1:]
		}
	}
	g, err := rules.NewGame(e.rs, fen, e.chess960)
	if err != nil {
		e.infoString("position: %v", err)
		return
	}
	played := moves[:0:0]
	for _, mv := range moves {
		m, err := g.ParseMove(mv)
		if err != nil {
			// Fairy-Stockfish stops at the first illegal move.
			e.infoString("position: illegal move %s ignored with the rest of the line%s", mv, rules.WhyIllegal(err))
			break
		}
		g.Do(m)
		played = append(played, mv)
	}
	e.fen, e.moves, e.posRefused = fen, played, false
}

// Game rebuilds the current position as a fresh game.
func (e *Engine) Game() (*rules.Game, error) {
	g, err := rules.NewGame(e.rs, e.fen, e.chess960)
	if err != nil {
		return nil, err
	}
	for _, mv := range e.moves {
		m, err := g.ParseMove(mv)
		if err != nil {
			return nil, err
		}
		g.Do(m)
	}
	return g, nil
}

func parseMs(s string) (time.Duration, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, err
	}
	return time.Duration(n) * time.Millisecond, nil
}

// goKeywords are the parameters of go; searchmoves takes the tokens up to
// the next one of them.
var goKeywords = map[string]bool{"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
	"perft": true}

func (e *Engine) cmdGo(args []string) {
	e.finish()
	// without a position a search answers bestmove (none) and a count
	// its total line, 0, so that a script waiting for either goes on
	none := func() {
		if slices.Contains(args, "perft") {
			e.println(perftTotal(0))
		} else {
			e.println("bestmove (none)")
		}
	}
	if e.posRefused {
		e.infoString("go: the last position command was refused; no search until a position is set")
		none()
		return
	}
	g, err := e.Game()
	if err != nil {
		e.infoString("go: %v", err)
		none()
		return
	}
	var lim search.Limits
	var clock [2]bool // wtime / btime given
	ponder := false
	bad := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			e.infoString("go: %s needs a value", a)
			bad = true
			return "", false
		}
		var err error
		switch a {
		case "perft":
			v, ok := next()
			if !ok {
				return
			}
			d, err := strconv.Atoi(v)
			if err != nil || d < 0 {
				e.infoString("go perft: bad depth %q", v)
				return
			}
			// counted beside the command loop, so isready is answered
			// and stop ends the count after the root move in hand
			e.start(false, true, func(ctx context.Context) { e.runPerft(ctx, g, d) })
			return
		case "wtime", "btime", "winc", "binc", "movetime":
			v, ok := next()
			if !ok {
				continue
			}
			var d time.Duration
			if d, err = parseMs(v); err == nil {
				switch a {
				case "wtime":
					lim.WTime, clock[position.White] = d, true
				case "btime":
					lim.BTime, clock[position.Black] = d, true
				case "winc":
					lim.WInc = max(d, 0)
				case "binc":
					lim.BInc = max(d, 0)
				case "movetime":
					if d <= 0 {
						e.infoString("go: movetime %s is not a positive number of milliseconds; ignored", v)
						bad = true
					} else {
						lim.MoveTime = d
					}
				}
			}
		case "movestogo", "depth", "mate":
			v, ok := next()
			if !ok {
				continue
			}
			var n int
			if n, err = strconv.Atoi(v); err == nil {
				if n <= 0 {
					e.infoString("go: %s %s is not a positive integer; ignored", a, v)
					bad = true
					continue
				}
				switch a {
				case "movestogo":
					lim.MovesToGo = n
				case "depth":
					lim.Depth = n
				case "mate":
					lim.Mate = n
				}
			}
		case "nodes":
			v, ok := next()
			if !ok {
				continue
			}
			var n uint64
			if n, err = strconv.ParseUint(v, 10, 64); err == nil {
				if n == 0 {
					e.infoString("go: nodes 0 is not a positive integer; ignored")
					bad = true
					continue
				}
				lim.Nodes = n
			}
		case "infinite":
			lim.Infinite = true
		case "ponder":
			ponder = true
		case "searchmoves":
			// every following token up to the next keyword is a move
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				m, err := g.ParseMove(args[i])
				if err != nil {
					e.infoString("go searchmoves: %q is not a legal move here; ignored", args[i])
					continue
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			if len(lim.SearchMoves) == 0 {
				e.infoString("go searchmoves: no legal move given; all moves are searched")
			}
		default:
			e.infoString("go: unknown parameter %q ignored", a)
			bad = true
		}
		if err != nil {
			e.infoString("go: bad value for %s: %v", a, err)
			bad = true
		}
	}
	stm := g.Pos.SideToMove()
	if clock[stm] && !lim.Infinite && !ponder && lim.MoveTime == 0 {
		left := lim.WTime
		if stm == position.Black {
			left = lim.BTime
		}
		if left <= 0 {
			// the flag has fallen or is about to: answer at once
			e.infoString("go: no time left on the clock (%d ms); moving at once", left.Milliseconds())
			lim = search.Limits{Depth: 1, SearchMoves: lim.SearchMoves}
		}
	}
	if !clock[position.White] && !clock[position.Black] && lim.MoveTime == 0 && lim.Depth == 0 && lim.Nodes == 0 && lim.Mate == 0 && !lim.Infinite {
		if bad {
			// a broken go line must not start a search nobody will stop
			e.infoString("go: no valid limit, searching for 1 second")
			lim.MoveTime = time.Second
		} else {
			lim.Infinite = true // a bare go searches until stop, as in Stockfish
		}
	}
	if ponder {
		lim.Infinite = true // until ponderhit or stop
	}
	e.start(ponder, false, func(ctx context.Context) {
		res := e.eng.Search(ctx, g, lim, func(inf search.Info) { e.println(FormatInfo(inf)) })
		if res.Move == position.NoMove {
			e.println("bestmove (none)")
			return
		}
		if res.Ponder != position.NoMove && len(res.PVText) > 1 {
			e.println("bestmove " + res.MoveText + " ponder " + res.PVText[1])
		} else {
			e.println("bestmove " + res.MoveText)
		}
	})
}

// start runs job beside the command loop as the session's running job:
// stop cancels its ctx and waits for it (stopSearch); position,
// ucinewgame and setoption stop a search and leave a count running
// (settle); go stops a search and waits for a count (finish); Wait waits
// for it. A panic in job is reported as an
// info string, and a search then still answers "bestmove (none)", as the
// GUI waits for one.
func (e *Engine) start(ponder, perft bool, job func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	e.cancel, e.done, e.ponder, e.perft = cancel, done, ponder, perft
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				if perft {
					e.infoString("go perft error: %v", r)
					return
				}
				e.infoString("search error: %v", r)
				e.println("bestmove (none)")
			}
		}()
		job(ctx)
	}()
}

// FormatInfo renders a search report as a UCI info line, in
// Fairy-Stockfish's field order.
func FormatInfo(inf search.Info) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d score ", inf.Depth, inf.SelDepth, inf.MultiPV)
	if n, ok := search.MateIn(inf.Score); ok {
		fmt.Fprintf(&sb, "mate %d", n)
	} else {
		fmt.Fprintf(&sb, "cp %d", inf.Score)
	}
	fmt.Fprintf(&sb, " nodes %d nps %d", inf.Nodes, inf.NPS)
	if inf.Time > time.Second {
		fmt.Fprintf(&sb, " hashfull %d", inf.Hashfull)
	}
	fmt.Fprintf(&sb, " tbhits 0 time %d", inf.Time.Milliseconds())
	if len(inf.PVText) > 0 {
		sb.WriteString(" pv " + strings.Join(inf.PVText, " "))
	}
	return sb.String()
}

// stopSearch stops a running search and waits for its bestmove.
func (e *Engine) stopSearch() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	<-e.done
	e.cancel, e.done, e.perft = nil, nil, false
}

// settle readies the session for ucinewgame, setoption or position: a
// search is stopped; a go perft counts on (it counts on its own copy of
// the game), so stop, quit and isready stay answered.
func (e *Engine) settle() {
	if e.perft {
		return
	}
	e.stopSearch()
}

// finish ends the running job before go and at the end of input: a search
// is stopped, a go perft is waited for (Fairy-Stockfish's go waits for
// the count too; only stop and quit end a count early).
func (e *Engine) finish() {
	if e.perft {
		e.Wait()
	}
	e.stopSearch()
}

// Wait blocks until the running search (if any) has printed bestmove.
func (e *Engine) Wait() {
	if e.done != nil {
		<-e.done
		e.cancel, e.done, e.perft = nil, nil, false
	}
}

// runPerft prints the node count below each root move, then the total,
// the way Fairy-Stockfish's "go perft" does. When ctx is cancelled (stop)
// it ends after the root move in hand: an info string says how many root
// moves were counted, and the total is theirs.
func (e *Engine) runPerft(ctx context.Context, g *rules.Game, depth int) {
	var sb strings.Builder
	var total uint64
	if depth == 0 {
		total = 1
	} else {
		moves := g.LegalMoves()
		for i, m := range moves {
			if ctx.Err() != nil {
				e.infoString("go perft: stopped after %d of %d root moves; the total below counts those", i, len(moves))
				break
			}
			uci := g.Pos.UCI(m)
			g.Do(m)
			n := rules.PerftGame(g, depth-1)
			g.Undo()
			fmt.Fprintf(&sb, "%s: %d\n", uci, n)
			total += n
		}
	}
	sb.WriteString(perftTotal(total))
	e.println(sb.String())
}

// perftTotal is go perft's last line, after an empty one, as
// Fairy-Stockfish prints it.
func perftTotal(n uint64) string { return fmt.Sprintf("\nNodes searched: %d\n", n) }

func (e *Engine) cmdDisplay() {
	g, err := e.Game()
	if err != nil {
		e.infoString("d: %v", err)
		return
	}
	var sb strings.Builder
	sb.WriteString(Board(g.Pos, false))
	fmt.Fprintf(&sb, "\nFen: %s\n", g.FEN())
	fmt.Fprintf(&sb, "Key: %016X\n", g.Pos.Key())
	sb.WriteString("Checkers:")
	for c := g.Checkers(); c.Any(); {
		sb.WriteString(" " + c.Pop().String())
	}
	sb.WriteString("\n")
	if e.houseRules != "" {
		fmt.Fprintf(&sb, "HouseRules: %s\n", e.houseRules)
	}
	if r, over := g.Result(); over {
		fmt.Fprintf(&sb, "Result: %s\n", r)
	}
	e.printf("%s", sb.String())
}

// Board draws the position in Fairy-Stockfish's style, with rank numbers
// on the right and file letters below, for any board size; flip puts
// Black at the bottom. The side to move is marked with * on its home edge.
func Board(p *position.Position, flip bool) string {
	b := p.V.Board()
	var sb strings.Builder
	sep := " " + strings.Repeat("+---", b.Files) + "+\n"
	sb.WriteString(sep)
	for i := 0; i < b.Ranks; i++ {
		r := b.Ranks - 1 - i
		if flip {
			r = i
		}
		sb.WriteString(" |")
		for j := 0; j < b.Files; j++ {
			f := j
			if flip {
				f = b.Files - 1 - j
			}
			s := geom.Sq(f, r)
			pc := p.PieceOn(s)
			ch := byte(' ')
			if pc != position.NoPiece {
				ch = p.PieceChar(pc)
			}
			prom := byte(' ')
			if pc != position.NoPiece && p.IsPromoted(s) {
				prom = '+'
			}
			sb.WriteByte(prom)
			sb.WriteByte(ch)
			sb.WriteString(" |")
		}
		fmt.Fprintf(&sb, " %d", r+1)
		top := i == 0
		bottom := i == b.Ranks-1
		stm := p.SideToMove()
		white := (!flip && bottom) || (flip && top)
		black := (!flip && top) || (flip && bottom)
		if (white && stm == position.White) || (black && stm == position.Black) {
			sb.WriteString(" *")
		}
		sb.WriteString("\n")
		sb.WriteString(sep)
	}
	sb.WriteString(" ")
	for j := 0; j < b.Files; j++ {
		f := j
		if flip {
			f = b.Files - 1 - j
		}
		fmt.Fprintf(&sb, "  %c ", 'a'+f)
	}
	sb.WriteString("\n")
	return sb.String()
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
