package arena

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"houserules/rules"
)

// ExternalPlayer is a UCI engine run as a command (e.g.
// "/usr/games/fairy-stockfish" or "houserules uci").
type ExternalPlayer struct {
	Cmd     string
	Options map[string]string // setoption name → value, sent after uci
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	options map[string]bool
	// variants are the UCI_Variant choices the engine lists (nil: it lists none)
	variants map[string]bool
	log      io.Writer
	out      io.Closer // the read end of the engine's stdout
	exitErr  *error    // the engine's exit status, set before lines closes
	stderr   *tailBuffer
	exited   chan struct{}
	broken   bool // it exited or did not answer go: start it again for the next game
}

// StartExternal runs the command and does the UCI handshake.
func StartExternal(command string, options map[string]string) (*ExternalPlayer, error) {
	p := &ExternalPlayer{Cmd: command, Options: options}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// start runs p.Cmd, does the UCI handshake and sets p.Options.
func (p *ExternalPlayer) start() error {
	command, options := p.Cmd, p.Options
	// each run of the command has its own channels and exit status: the
	// reader of a run that was replaced (restarted) touches only its own
	lines, exited, exitErr := make(chan string, 1024), make(chan struct{}), new(error)
	p.lines, p.options, p.variants, p.exited, p.exitErr = lines, map[string]bool{}, nil, exited, exitErr
	cmd := exec.Command("sh", "-c", command)
	ownGroup(cmd) // Close kills the engine and whatever its shell started
	p.cmd = cmd
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	p.stdin, p.out = in, out
	stderr := &tailBuffer{max: 2048}
	p.cmd.Stderr = stderr
	p.stderr = stderr
	if f := strings.Fields(command); len(f) > 0 && !strings.ContainsAny(f[0], "$`'\"\\|&;<>()=") {
		if _, err := exec.LookPath(f[0]); err != nil {
			return fmt.Errorf("engine %q: %s: no such executable file (not found in $PATH, or not executable)", command, f[0])
		}
	}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("engine %q: %v", command, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			lines <- sc.Text()
		}
		*exitErr = cmd.Wait() // the output is read to its end
		close(lines)
		close(exited)
	}()
	p.send("uci")
	err = p.waitFor("uciok", 20*time.Second, func(l string) {
		if strings.HasPrefix(l, "id name ") {
			p.name = strings.TrimPrefix(l, "id name ")
		}
		if strings.HasPrefix(l, "option name ") {
			rest := strings.TrimPrefix(l, "option name ")
			if i := strings.Index(rest, " type "); i >= 0 {
				p.options[strings.ToLower(rest[:i])] = true
				if strings.EqualFold(rest[:i], "UCI_Variant") {
					p.variants = comboChoices(rest[i:])
				}
			}
		}
	})
	if err != nil {
		p.Close()
		if t := strings.TrimSpace(stderr.String()); t != "" {
			return fmt.Errorf("engine %q: %v; it wrote: %s", command, err, t)
		}
		return fmt.Errorf("engine %q: %v", command, err)
	}
	if p.name == "" {
		p.name = command
	}
	names := make([]string, 0, len(options))
	for k := range options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !p.HasOption(k) {
			p.Close()
			return fmt.Errorf("engine %s has no UCI option %q (an option is set by its name as the engine lists it after \"uci\")", p.name, k)
		}
		p.setOption(k, options[k])
	}
	return nil
}

// comboChoices returns the "var" values of a UCI combo option's
// declaration (" type combo default chess var chess var makruk"), or nil.
func comboChoices(decl string) map[string]bool {
	var choices map[string]bool
	f := strings.Fields(decl)
	for j := 0; j+1 < len(f); j++ {
		if f[j] == "var" {
			if choices == nil {
				choices = map[string]bool{}
			}
			choices[f[j+1]] = true
		}
	}
	return choices
}

// tailBuffer keeps the last max bytes written to it (an engine's stderr,
// shown when the engine fails to start).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func (p *ExternalPlayer) send(line string) {
	if p.log != nil {
		fmt.Fprintf(p.log, "> %s\n", line)
	}
	fmt.Fprintln(p.stdin, line)
}

func (p *ExternalPlayer) setOption(name, value string) {
	p.send("setoption name " + name + " value " + value)
}

// waitFor reads lines until one starts with prefix; each line goes to seen.
func (p *ExternalPlayer) waitFor(prefix string, timeout time.Duration, seen func(string)) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return &exitedError{err: *p.exitErr}
			}
			if p.log != nil {
				fmt.Fprintf(p.log, "< %s\n", l)
			}
			if seen != nil {
				seen(l)
			}
			if strings.HasPrefix(l, prefix) {
				return nil
			}
		case <-t.C:
			return &silentError{prefix: prefix, timeout: timeout}
		}
	}
}

// replyGrace is how long past its time an external engine may take to
// answer go before it loses on time.
var replyGrace = 10 * time.Second

// nodesWait is how long a `go nodes N` may take before the engine is
// taken to have stopped answering (a node budget has no clock).
var nodesWait = time.Minute

// silentError: an engine did not send the awaited line in time (a move
// not answered is lost on time, not by a rules infraction).
type silentError struct {
	prefix  string
	timeout time.Duration
}

func (e *silentError) Error() string { return fmt.Sprintf("no %q within %v", e.prefix, e.timeout) }

// Name implements Player.
func (p *ExternalPlayer) Name() string { return p.name }

// HasOption reports whether the engine declared a UCI option.
func (p *ExternalPlayer) HasOption(name string) bool { return p.options[strings.ToLower(name)] }

// NewGame implements Player: variant, variants file and house rules. An
// engine that exited or stopped answering in the last game is started
// again first (as cutechess does), so one crash costs one game.
func (p *ExternalPlayer) NewGame(m *MatchConfig) error {
	if p.broken {
		p.Close()
		name := p.name
		if err := p.start(); err != nil {
			return fmt.Errorf("engine %s could not be started again after the last game: %v", name, err)
		}
		p.name, p.broken = name, false
	}
	if m.VariantPath != "" {
		p.setOption("VariantPath", m.VariantPath)
	}
	if m.Variant != "chess" || p.HasOption("UCI_Variant") {
		if !p.HasOption("UCI_Variant") {
			return fmt.Errorf("engine %s has no UCI_Variant option for %s", p.name, m.Variant)
		}
		// a variant the engine does not list would be played as another
		// game (or crash it): refuse before any game, unless a variants
		// file may add it
		if p.variants != nil && !p.variants[m.Variant] && m.VariantPath == "" {
			return fmt.Errorf("engine %s does not play %s: it is not among its UCI_Variant choices", p.name, m.Variant)
		}
		p.setOption("UCI_Variant", m.Variant)
	}
	if m.Chess960 {
		p.setOption("UCI_Chess960", "true")
	}
	if m.HouseRules != "" {
		if !p.HasOption("HouseRules") {
			return fmt.Errorf("engine %s does not know house rules (no HouseRules option): it cannot play %s", p.name, m.HouseRules)
		}
		p.setOption("HouseRules", m.HouseRules)
	}
	p.send("ucinewgame")
	p.send("isready")
	if err := p.waitFor("readyok", 30*time.Second, nil); err != nil {
		p.broken = true
		return fmt.Errorf("engine %s, after its options and ucinewgame: %v%s", p.name, err, p.wrote())
	}
	return nil
}

// wrote is "; it wrote: …" with the end of the engine's stderr, or "".
func (p *ExternalPlayer) wrote() string {
	if p.stderr == nil {
		return ""
	}
	if t := strings.TrimSpace(p.stderr.String()); t != "" {
		return "; it wrote: " + t
	}
	return ""
}

// Move implements Player.
func (p *ExternalPlayer) Move(g *rules.Game, startFEN string, moves []string, c Clock) (string, Thought, error) {
	// lines the engine sent after its last bestmove (a second bestmove,
	// late info) answer no question: isready and its readyok leave them
	// behind before the next go
	p.send("isready")
	if err := p.waitFor("readyok", replyGrace, nil); err != nil {
		p.broken = true
		return "", Thought{}, err
	}
	pos := "position fen " + startFEN
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	p.send(pos)
	var goCmd string
	var limit time.Duration
	switch {
	case c.Nodes > 0:
		goCmd = fmt.Sprintf("go nodes %d", c.Nodes)
		// a minute, and a second per 50,000 nodes beyond (a slow engine
		// on a busy machine), at most a day
		limit = nodesWait + time.Duration(min(c.Nodes/50000, 86400))*time.Second
	case c.Depth > 0:
		goCmd = fmt.Sprintf("go depth %d", c.Depth)
		limit = nodesWait * time.Duration(1+c.Depth/10) // a fixed depth has no clock: minutes, more for deep ones
	case c.MoveTime > 0:
		goCmd = fmt.Sprintf("go movetime %d", c.MoveTime.Milliseconds())
		limit = c.MoveTime
	default:
		goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", c.WTime.Milliseconds(), c.BTime.Milliseconds(), c.WInc.Milliseconds(), c.BInc.Milliseconds())
		limit = max(c.WTime, c.BTime)
	}
	p.send(goCmd)
	var best string
	var t Thought
	err := p.waitFor("bestmove", limit+replyGrace, func(l string) {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
		parseThought(l, &t)
	})
	if err != nil {
		p.broken = true // restarted before the next game
		return "", Thought{}, err
	}
	return best, t, nil
}

// Close implements Player.
func (p *ExternalPlayer) Close() error {
	if p.cmd == nil || p.cmd.Process == nil {
		return nil
	}
	p.send("quit")
	p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		// the engine (or a process it started, holding its output) lingers
		killGroup(p.cmd)
		p.out.Close()
		go func() {
			for range p.lines { // let the reader reach Wait
			}
		}()
		select {
		case <-p.exited:
		case <-time.After(time.Second):
		}
	}
	return nil
}

// exitedError: the engine process ended (err is its exit status).
type exitedError struct{ err error }

func (e *exitedError) Error() string {
	if e.err == nil {
		return "the engine exited"
	}
	return "the engine exited: " + e.err.Error()
}
