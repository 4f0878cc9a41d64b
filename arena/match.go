package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// Player is one side of a match: the built-in AI at a skill level, or an
// external UCI engine.
type Player interface {
	Name() string
	// NewGame prepares a game of the match's ruleset.
	NewGame(m *MatchConfig) error
	// Move returns the UCI text of the move to play in g (reached from
	// the start FEN by moves) under the clock, and what the engine
	// reported about it.
	Move(g *rules.Game, startFEN string, moves []string, c Clock) (string, Thought, error)
	Close() error
}

// Thought is what an engine reported about the move it played: its last
// score (centipawns from the mover's side, or mate in Mate moves: > 0 the
// mover mates, < 0 it is mated) and the depth of that search. Known is
// false when the engine sent no score.
type Thought struct {
	Known bool
	Score int
	Mate  int
	Depth int
}

// comment is the PGN move comment in the form cutechess writes: the score
// in pawns from the mover's side (or +M3/-M3 for a mate), "/" the depth,
// and the time taken, e.g. "+0.35/9 0.101s"; only the time when the
// engine sent no score.
func (t Thought) comment(used time.Duration) string {
	secs := fmt.Sprintf("%.3fs", used.Seconds())
	if !t.Known {
		return secs
	}
	var sc string
	switch {
	case t.Mate > 0:
		sc = fmt.Sprintf("+M%d", t.Mate)
	case t.Mate < 0:
		sc = fmt.Sprintf("-M%d", -t.Mate)
	default:
		sc = fmt.Sprintf("%+.2f", float64(t.Score)/100)
	}
	return fmt.Sprintf("%s/%d %s", sc, t.Depth, secs)
}

// parseThought reads the score and depth of a UCI info line into t;
// lines without a score (currmove, strings) leave t as it was, and so do
// the lines of a second or later MultiPV line.
func parseThought(line string, t *Thought) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return
	}
	var next Thought
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "multipv":
			if f[i+1] != "1" {
				return
			}
		case "string":
			return
		case "depth":
			next.Depth, _ = strconv.Atoi(f[i+1])
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err != nil {
					return
				}
				switch f[i+1] {
				case "cp":
					next.Known, next.Score = true, v
				case "mate":
					next.Known, next.Mate = true, v
					if v == 0 {
						next.Mate = -1 // mated (Stockfish's "mate 0")
					}
				}
			}
		}
	}
	if next.Known {
		*t = next
	}
}

// Clock is the time left and increments (all zero with a fixed move time).
type Clock struct {
	WTime, BTime, WInc, BInc time.Duration
	MoveTime                 time.Duration
	// Nodes limits each move to this many nodes instead of a time (UCI
	// `go nodes N`); 0 = no limit.
	Nodes int64
	// Depth limits each move to this many plies instead of a time (UCI
	// `go depth N`); 0 = no limit.
	Depth int
}

// BuiltinPlayer is the houserules AI at a skill level.
type BuiltinPlayer struct {
	Level int
	Depth int // optional depth limit
	eng   *search.Engine
	games int64 // games begun, for the seed of the weak levels' choices
}

// NewBuiltin returns the built-in AI at a level 0..20.
func NewBuiltin(level int) *BuiltinPlayer {
	e := search.NewEngine(16)
	e.Skill = max(0, min(20, level))
	return &BuiltinPlayer{Level: e.Skill, eng: e}
}

// Name implements Player.
func (b *BuiltinPlayer) Name() string { return fmt.Sprintf("houserules level %d", b.Level) }

// NewGame implements Player.
// The weak levels' random choices follow the match's seed (and the game's
// number), so a match with --seed and --nodes replays move for move.
func (b *BuiltinPlayer) NewGame(m *MatchConfig) error {
	b.eng.NewGame()
	if m.Seed != 0 {
		b.eng.Seed(m.Seed*1000003 + b.games)
	}
	b.games++
	return nil
}

// Move implements Player.
func (b *BuiltinPlayer) Move(g *rules.Game, _ string, _ []string, c Clock) (string, Thought, error) {
	lim := search.Limits{WTime: c.WTime, BTime: c.BTime, WInc: c.WInc, BInc: c.BInc, MoveTime: c.MoveTime, Depth: b.Depth, Nodes: uint64(c.Nodes)}
	if c.Depth > 0 && (lim.Depth <= 0 || c.Depth < lim.Depth) {
		lim.Depth = c.Depth
	}
	res := b.eng.Search(context.Background(), g, lim, nil)
	if res.Move == position.NoMove {
		return "", Thought{}, errors.New("no move")
	}
	t := Thought{Known: true, Score: res.Score, Depth: res.Depth}
	if n, ok := search.MateIn(res.Score); ok {
		t.Mate = n
		if n == 0 {
			t.Mate = -1 // mated (as "mate 0")
		}
	}
	return res.MoveText, t, nil
}

// Close implements Player.
func (b *BuiltinPlayer) Close() error { return nil }

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

// MatchConfig describes a match.
type MatchConfig struct {
	Variant     string // UCI_Variant name
	VariantPath string // variants.ini for both engines ("" = none)
	Ruleset     *rules.Ruleset
	HouseRules  string // the --presets text ("" = none)
	FEN         string // start position ("" = the variant's; for a shuffle variant a shuffled back rank per pair of games)
	Chess960    bool

	Games        int
	MoveTime     time.Duration // fixed time per move, or
	Nodes        int64         // a node budget per move (go nodes N; no clock), or
	Depth        int           // a depth per move in plies (go depth N; no clock), or
	Base, Inc    time.Duration // a clock: base time and increment
	OpeningPlies int           // random opening plies, the same for both colours of a pair
	MaxPlies     int           // adjudicated a draw after this many plies (0 = 600)
	Seed         int64

	PGN io.Writer // games in PGN ("" = none)
	// OnGame is called after each game (progress).
	OnGame func(done int, r MatchResult)
}

// GameRecord is one played game.
type GameRecord struct {
	White, Black string
	Result       string // 1-0, 0-1, 1/2-1/2
	Reason       string
	Termination  string // normal, rules infraction, time forfeit, adjudication
	Moves        []string
	SAN          []string
	// Comments are the PGN comments of the plies ("book" for the random
	// opening; score/depth and time for the engines' moves)
	Comments []string
	Opening  int // plies of random opening
}

// MatchResult is the score of player A (the first player).
type MatchResult struct {
	Wins, Losses, Draws int
	Games               []GameRecord
}

// Score returns A's points and the number of games.
func (r MatchResult) Score() (float64, int) {
	return float64(r.Wins) + float64(r.Draws)/2, r.Wins + r.Losses + r.Draws
}

// Elo returns the Elo difference of A over B implied by the score and the
// half-width of its 95% confidence interval (from the per-game variance of
// the score). A score of 0% or 100% is read as if one more game had been
// drawn (so one won game is +191, not infinite or, clamped to half a game,
// +0).
func (r MatchResult) Elo() (elo, errorBar float64) {
	pts, n := r.Score()
	if n == 0 {
		return 0, 0
	}
	N := float64(n)
	s := pts / N
	clamp := func(x float64) float64 { return math.Min(math.Max(x, 0.5/(N+1)), 1-0.5/(N+1)) }
	eloOf := func(x float64) float64 {
		x = clamp(x)
		return -400 * math.Log10(1/x-1)
	}
	w, d, l := float64(r.Wins)/N, float64(r.Draws)/N, float64(r.Losses)/N
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	if variance == 0 {
		// all games alike: add a virtual win and loss so the bar is not zero
		N2 := N + 2
		s2 := (pts + 1) / N2
		variance = ((float64(r.Wins)+1)*(1-s2)*(1-s2) + float64(r.Draws)*(0.5-s2)*(0.5-s2) + (float64(r.Losses)+1)*s2*s2) / N2
	}
	se := math.Sqrt(variance / N)
	lo, hi := eloOf(s-1.96*se), eloOf(s+1.96*se)
	elo = eloOf(s)
	if math.Abs(elo) < 0.5 {
		elo = 0 // an even score prints +0, not -0
	}
	return elo, (hi - lo) / 2
}

// String is the summary line: score, W/L/D, Elo ± error.
func (r MatchResult) String() string {
	pts, n := r.Score()
	elo, e := r.Elo()
	pct := 0.0
	if n > 0 {
		pct = 100 * pts / float64(n)
	}
	return fmt.Sprintf("score %.1f/%d (%.1f%%), +%d -%d =%d, Elo %+.0f ± %.0f (95%%)", pts, n, pct, r.Wins, r.Losses, r.Draws, elo, e)
}

// perMove reports whether each move has a limit of its own (a move time, a
// node budget or a depth) rather than a clock that runs down.
func (cfg *MatchConfig) perMove() bool {
	return cfg.MoveTime > 0 || cfg.Nodes > 0 || cfg.Depth > 0
}

// RunMatch plays cfg.Games games between a and b, alternating colours
// (game 1: a has White); each pair of games starts from the same random
// opening. The result is from a's point of view.
func RunMatch(a, b Player, cfg MatchConfig) (MatchResult, error) {
	var res MatchResult
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 600
	}
	if !cfg.perMove() && cfg.Base <= 0 {
		cfg.MoveTime = 100 * time.Millisecond
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = time.Now().UnixNano()
		cfg.Seed = seed // the players' own choices follow it too
	}
	r := rand.New(rand.NewSource(seed))
	picker := search.NewEngine(4)
	// a shuffle variant (fischerandom, caparandom, --chess960) without a
	// --fen starts each pair of games from its own shuffled back rank
	fen := cfg.FEN
	var opening []string
	for i := 0; i < cfg.Games; i++ {
		if i%2 == 0 {
			cfg.FEN = rules.StartFEN(cfg.Ruleset.Variant, fen, cfg.Chess960, r)
			var err error
			opening, err = randomOpening(cfg, picker, r)
			if err != nil {
				return res, err
			}
		}
		white, black := a, b
		if i%2 == 1 {
			white, black = b, a
		}
		rec, err := playGame(white, black, &cfg, opening)
		if err != nil {
			return res, err
		}
		switch {
		case rec.Result == "1/2-1/2":
			res.Draws++
		case (rec.Result == "1-0") == (white == a):
			res.Wins++
		default:
			res.Losses++
		}
		res.Games = append(res.Games, rec)
		if cfg.PGN != nil {
			writePGN(cfg.PGN, &cfg, rec, i+1)
		}
		if cfg.OnGame != nil {
			cfg.OnGame(i+1, res)
		}
	}
	return res, nil
}

// randomOpening plays OpeningPlies plies chosen at random among the moves
// a shallow search finds within 50 centipawns of the best.
func randomOpening(cfg MatchConfig, picker *search.Engine, r *rand.Rand) ([]string, error) {
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return nil, err
	}
	var moves []string
	for ply := 0; ply < cfg.OpeningPlies; ply++ {
		if _, over := g.Result(); over {
			break
		}
		legal := g.LegalMoves()
		type scored struct {
			m position.Move
			s int
		}
		var cands []scored
		best := -search.Infinite
		us := g.Pos.SideToMove()
		for _, m := range legal {
			g.Do(m)
			s := 0
			if rr, over := g.Result(); over {
				s = resultFor(rr, us) * search.Mate
			} else {
				sr := picker.Search(context.Background(), g, search.Limits{Depth: 1}, nil)
				s = sr.Score
				if g.Pos.SideToMove() != us {
					s = -s
				}
			}
			g.Undo()
			cands = append(cands, scored{m, s})
			best = max(best, s)
		}
		var ok []position.Move
		for _, c := range cands {
			if c.s >= best-50 {
				ok = append(ok, c.m)
			}
		}
		if len(ok) == 0 {
			break
		}
		m := ok[r.Intn(len(ok))]
		moves = append(moves, g.Pos.UCI(m))
		g.Do(m)
	}
	return moves, nil
}

func resultFor(r rules.Result, c position.Color) int {
	switch {
	case r.Score == "1-0" && c == position.White, r.Score == "0-1" && c == position.Black:
		return 1
	case r.Score == "1/2-1/2":
		return 0
	}
	return -1
}

// playGame plays one game; an illegal or missing move loses for its side.
func playGame(white, black Player, cfg *MatchConfig, opening []string) (GameRecord, error) {
	rec := GameRecord{White: white.Name(), Black: black.Name(), Opening: len(opening)}
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return rec, err
	}
	startFEN := g.FEN()
	for _, p := range []Player{white, black} {
		if err := p.NewGame(cfg); err != nil {
			return rec, err
		}
	}
	play := func(mv string) error {
		m, err := g.ParseMove(mv)
		if err != nil {
			return err
		}
		rec.SAN = append(rec.SAN, g.SAN(m))
		rec.Moves = append(rec.Moves, g.Pos.UCI(m))
		g.Do(m)
		return nil
	}
	for _, mv := range opening {
		if err := play(mv); err != nil {
			return rec, fmt.Errorf("opening move %s: %v", mv, err)
		}
		rec.Comments = append(rec.Comments, "book")
	}
	clock := Clock{MoveTime: cfg.MoveTime}
	if cfg.Nodes > 0 {
		clock = Clock{Nodes: cfg.Nodes}
	} else if cfg.Depth > 0 {
		clock = Clock{Depth: cfg.Depth}
	} else if cfg.MoveTime <= 0 {
		clock = Clock{WTime: cfg.Base, BTime: cfg.Base, WInc: cfg.Inc, BInc: cfg.Inc}
	}
	loss := func(c position.Color) string {
		if c == position.White {
			return "0-1"
		}
		return "1-0"
	}
	for {
		if r, over := g.Result(); over {
			rec.Result, rec.Reason, rec.Termination = r.Score, r.Reason, "normal"
			return rec, nil
		}
		if len(rec.Moves) >= cfg.MaxPlies {
			rec.Result, rec.Reason, rec.Termination = "1/2-1/2", fmt.Sprintf("adjudicated a draw after %d plies", cfg.MaxPlies), "adjudication"
			return rec, nil
		}
		stm := g.Pos.SideToMove()
		p := white
		if stm == position.Black {
			p = black
		}
		start := time.Now()
		mv, thought, err := p.Move(g, startFEN, rec.Moves, clock)
		used := time.Since(start)
		if err != nil {
			rec.Result, rec.Reason, rec.Termination = loss(stm), fmt.Sprintf("%s: %v", p.Name(), err), "rules infraction"
			var silent *silentError
			var exited *exitedError
			switch {
			case errors.As(err, &silent):
				rec.Reason, rec.Termination = fmt.Sprintf("%s lost on time: %v", p.Name(), err), "time forfeit"
				if loneKing(g, stm.Other()) {
					rec.Result, rec.Reason = "1/2-1/2", fmt.Sprintf("%s ran out of time: %v, against a lone king (a draw)", p.Name(), err)
				}
			case errors.As(err, &exited):
				rec.Termination = "abandoned" // PGN's term for a player who left
				if w, ok := p.(interface{ wrote() string }); ok {
					rec.Reason += w.wrote()
				}
			}
			return rec, nil
		}
		if !cfg.perMove() {
			t := &clock.WTime
			inc := clock.WInc
			if stm == position.Black {
				t, inc = &clock.BTime, clock.BInc
			}
			*t -= used
			if *t < -200*time.Millisecond { // a little grace for a shared machine
				rec.Result, rec.Reason, rec.Termination = loss(stm), p.Name()+" lost on time", "time forfeit"
				if loneKing(g, stm.Other()) {
					rec.Result, rec.Reason = "1/2-1/2", p.Name()+" ran out of time against a lone king (a draw)"
				}
				return rec, nil
			}
			*t = max(*t, 0) + inc
		}
		if err := play(mv); err != nil {
			rec.Result, rec.Reason, rec.Termination = loss(stm), fmt.Sprintf("%s played the illegal move %s", p.Name(), mv), "rules infraction"
			return rec, nil
		}
		rec.Comments = append(rec.Comments, thought.comment(used))
	}
}

// loneKing reports whether side c has nothing but its king in a game won
// only by checkmate (no house rules, no extinction, flag or check-count
// win): c cannot win, so running out of time against it is a draw, as
// FIDE's Laws (6.9) and cutechess score it.
func loneKing(g *rules.Game, c position.Color) bool {
	p, v := g.Pos, g.Pos.V
	if !g.R.Plain() || !v.Checking || v.ExtinctionValue != position.ValueNone || v.CheckCounting ||
		v.FlagRegion[0].Any() || v.FlagRegion[1].Any() || v.MustCapture {
		return false
	}
	return p.Pieces(c).Count() == 1 && p.PiecesOf(c, position.King).Count() == 1
}

// writePGN writes one game with the [Variant] and [HouseRules] tags.
func writePGN(w io.Writer, cfg *MatchConfig, rec GameRecord, round int) {
	var sb strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&sb, "[%s \"%s\"]\n", k, strings.ReplaceAll(v, `"`, `'`)) }
	tag("Event", "houserules match")
	tag("Site", "houserules")
	tag("Date", time.Now().Format("2006.01.02"))
	tag("Round", fmt.Sprint(round))
	tag("White", rec.White)
	tag("Black", rec.Black)
	tag("Result", rec.Result)
	tag("Variant", cfg.Variant)
	if cfg.HouseRules != "" {
		tag("HouseRules", cfg.HouseRules)
	}
	if cfg.FEN != "" || cfg.Chess960 {
		g, _ := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
		if g != nil {
			tag("FEN", g.FEN())
			tag("SetUp", "1")
		}
	}
	switch {
	case cfg.Nodes > 0:
		tag("TimeControl", "-") // PGN: no time control
		tag("NodesPerMove", fmt.Sprint(cfg.Nodes))
	case cfg.Depth > 0:
		tag("TimeControl", "-")
		tag("DepthPerMove", fmt.Sprint(cfg.Depth))
	case cfg.MoveTime > 0:
		tag("TimeControl", fmt.Sprintf("movetime %dms", cfg.MoveTime.Milliseconds()))
	default:
		secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
		tag("TimeControl", secs(cfg.Base)+"+"+secs(cfg.Inc))
	}
	tag("PlyCount", fmt.Sprint(len(rec.Moves)))
	tag("Termination", rec.Termination)
	sb.WriteString("\n")
	// move text: "N." before White's plies, "N..." before a Black ply
	// that does not follow White's (the first ply, multi-ply turns)
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	num := 1
	if err == nil {
		if f := strings.Fields(g.Pos.FEN()); len(f) >= 6 {
			fmt.Sscan(f[len(f)-1], &num)
		}
	}
	line := 0
	emit := func(s string) {
		if line+len(s)+1 > 79 {
			sb.WriteString("\n")
			line = 0
		} else if line > 0 {
			sb.WriteString(" ")
			line++
		}
		sb.WriteString(s)
		line += len(s)
	}
	prev := position.Black
	for i, san := range rec.SAN {
		stm := position.Color(i % 2)
		if err == nil {
			stm = g.Pos.SideToMove()
		}
		if stm == position.White {
			emit(fmt.Sprintf("%d.", num))
		} else if i == 0 || prev != position.White {
			emit(fmt.Sprintf("%d...", num))
		}
		emit(san)
		if i < len(rec.Comments) && rec.Comments[i] != "" {
			emit("{" + rec.Comments[i] + "}")
		}
		if err == nil {
			if m, perr := g.ParseMove(rec.Moves[i]); perr == nil {
				g.Do(m)
			} else {
				err = perr
			}
		}
		if stm == position.Black {
			num++
		}
		prev = stm
	}
	emit(fmt.Sprintf("{%s}", rec.Reason))
	emit(rec.Result)
	sb.WriteString("\n\n")
	io.WriteString(w, sb.String())
}
