// Package loadtest drives a running houserules play server (houserules
// serve) as many WebSocket clients would: N concurrent games of two human
// players each, each player thinking a random time and then playing a
// random legal move taken from the state message; spectators on one room;
// games whose AI moves first. It measures the move round-trip (the move
// sent → its ack, PROTOCOL.md), moves per second, errors by code and,
// given the server's process id, its RSS and CPU (from /proc).
//
// `houserules bench serve` is its command line; tests call Run against an
// in-process server.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Config is one load run.
type Config struct {
	// URLs are the servers' base URLs (http://host:port). With more than
	// one (instances of one database), game i is created on URLs[i%n],
	// its white player connects there and its black player on the next.
	URLs []string
	// Games is the number of concurrent games of two human players.
	Games int
	// ThinkMin and ThinkMax bound each player's think time before a move
	// (uniform; both 0 = saturation: a move as soon as the state arrives).
	ThinkMin, ThinkMax time.Duration
	// Plies per game: a game ends after this many plies (or earlier by the
	// rules) and, while Duration runs, its slot starts a new one. 0 = play
	// each game to its end.
	Plies int
	// Duration of the run; 0 = each slot plays one game and stops.
	Duration time.Duration
	// Spectators connect to the room of game slot 0's first game (which,
	// with a Duration, plays to its end, ignoring Plies); its players'
	// round-trips are also reported apart (Report.Watched).
	Spectators int
	// AIFirst games are created against the AI (level 0) with the human
	// as black: the report counts how many got their AI move within
	// AIWait (default 60 s).
	AIFirst int
	AIWait  time.Duration
	// Ramp spreads the first games' starts evenly over this time (slot i
	// starts at i×Ramp/Games), so that a run measures play, not 2,000
	// connections opened at once. 0 = all at once.
	Ramp time.Duration
	// Timeline > 0 reports the round-trips and game starts in slices of
	// this width (Report.Timeline): where in the run the slow moves were.
	Timeline time.Duration
	// Variant of the human games ("" = chess).
	Variant string
	// Seed of the random think times and moves (0 = random).
	Seed uint64
	// AckTimeout: a move without an answer after this long counts as
	// error "no_answer" (default 30 s).
	AckTimeout time.Duration
	// Forwarded: each game slot is its own client, named in an
	// X-Forwarded-For header (10.250.x.y; both players of a slot's games
	// and their creation and join): against a server that trusts it
	// (serve --trust-proxy) the per-client limits hold at their defaults,
	// as for that many real players. The AI games and spectators are not
	// forwarded.
	Forwarded bool
	// PID of the server process, for its RSS and CPU (0 = not measured).
	PID int
	// Log, when not nil, gets a line per notable event (a failed game).
	Log func(format string, args ...any)
}

// Report is the outcome of a run.
type Report struct {
	Elapsed      time.Duration
	GamesStarted int            // human games created and joined
	GamesOver    int            // of them, ended by the rules before their ply limit
	MovesSent    int            // move messages sent by the players
	MovesAcked   int            // of them, answered with ack
	Errors       map[string]int // error codes answered (WebSocket error messages and HTTP errors; "no_answer", "dial", "http" for the others)
	Latency      Latency        // move round-trip of every acked move
	Watched      Latency        // the same for the players of the watched room (Spectators > 0)
	// Steady is the round-trip of the moves sent once every game slot's
	// first game was connected (the start-up over: with Ramp, its games
	// created and 2×Games WebSockets opened while the first moves are
	// played); RampTook is how long after the start that was (0: never).
	Steady   Latency
	RampTook time.Duration
	// Timeline: the run in slices of Config.Timeline (nil without).
	Timeline []Slice
	// Spectators connected and the messages they received (states and
	// presence messages).
	SpectatorsConnected int
	SpectatorMsgs       int64
	AIFirst, AIMoved    int           // games whose AI moves first; of them, those that got its move
	AIFirstMax          time.Duration // the longest wait for an AI's first move
	// Limits: the server's limits that answered (their error codes, e.g.
	// too_many_connections, rate_limited, too_many_messages) with counts.
	Limits map[string]int
	Server *ServerStats // nil without a PID
}

// MovesPerSecond is the acked moves over the elapsed time.
func (r *Report) MovesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.MovesAcked) / r.Elapsed.Seconds()
}

// ErrorCount is the number of errors of every code.
func (r *Report) ErrorCount() int {
	n := 0
	for _, v := range r.Errors {
		n += v
	}
	return n
}

// limitCodes are the server's limit error codes (PROTOCOL.md "Limits").
var limitCodes = map[string]bool{"too_many_connections": true, "rate_limited": true, "too_many_messages": true,
	"message_too_large": true, "fen_too_long": true, "too_many_presets": true, "ini_too_large": true}

// run is the shared state of one run.
type run struct {
	cfg  Config
	hc   *http.Client
	stop time.Time // no new move after it (zero: none)

	mu      sync.Mutex
	errs    map[string]int
	rtts    []time.Duration
	sent    []int64 // when each of rtts was sent, ns after began (Timeline)
	starts  []int64 // when each game was joined, ns after began (Timeline)
	began   time.Time
	watched []time.Duration
	steady  []time.Duration

	connected  atomic.Int64 // slots whose first game has both players connected
	steadyFrom atomic.Int64 // when the last of them was (UnixNano; 0: not yet)
	rep        Report
	specMsg    atomic.Int64
}

func (r *run) errorf(code string, format string, args ...any) {
	r.mu.Lock()
	r.errs[code]++
	r.mu.Unlock()
	if r.cfg.Log != nil {
		r.cfg.Log(code+": "+format, args...)
	}
}

func (r *run) url(i int) string { return strings.TrimRight(r.cfg.URLs[i%len(r.cfg.URLs)], "/") }

// Run runs the load described by cfg until it is done or ctx ends.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if len(cfg.URLs) == 0 {
		return nil, errors.New("loadtest: no server URL")
	}
	if cfg.Duration == 0 && cfg.Plies == 0 && cfg.Games > 0 {
		return nil, errors.New("loadtest: give a duration or a ply count (each game would be played to its end)")
	}
	if cfg.Ramp < 0 {
		return nil, fmt.Errorf("loadtest: ramp %v: give 0 (all games at once) or a positive duration", cfg.Ramp)
	}
	if cfg.Timeline < 0 || (cfg.Timeline > 0 && cfg.Timeline < minTimeline) {
		return nil, fmt.Errorf("loadtest: time line slices of %v: give 0 (none) or at least %v", cfg.Timeline, minTimeline)
	}
	if cfg.ThinkMax < cfg.ThinkMin {
		return nil, fmt.Errorf("loadtest: think time %v-%v: the maximum is below the minimum", cfg.ThinkMin, cfg.ThinkMax)
	}
	if cfg.AckTimeout <= 0 {
		cfg.AckTimeout = 30 * time.Second
	}
	if cfg.AIWait <= 0 {
		cfg.AIWait = 60 * time.Second
	}
	if cfg.Variant == "" {
		cfg.Variant = "chess"
	}
	if cfg.Seed == 0 {
		cfg.Seed = rand.Uint64()
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 0}
	r := &run{cfg: cfg, hc: &http.Client{Transport: tr, Timeout: 60 * time.Second}, errs: map[string]int{}}
	defer tr.CloseIdleConnections()
	var before *procSample
	if cfg.PID > 0 {
		s, err := sampleProc(cfg.PID)
		if err != nil {
			return nil, err
		}
		before = s
	}
	began := time.Now()
	r.began = began
	if cfg.Duration > 0 {
		r.stop = began.Add(cfg.Duration)
	}
	var wg, swg sync.WaitGroup
	watchedReady := make(chan string, 1)
	for i := range cfg.Games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.slot(ctx, i, watchedReady)
		}()
	}
	sctx, scancel := context.WithCancel(ctx) // the spectators stay until the games end
	defer scancel()
	if cfg.Spectators > 0 {
		swg.Add(1)
		go func() {
			defer swg.Done()
			var id string
			select {
			case id = <-watchedReady:
			case <-sctx.Done():
				return
			}
			r.spectate(sctx, id)
		}()
	}
	for i := range cfg.AIFirst {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.aiFirst(ctx, i)
		}()
	}
	wg.Wait()
	scancel()
	swg.Wait()
	rep := r.rep
	rep.Elapsed = time.Since(began)
	rep.Errors = r.errs
	rep.Latency = latencyOf(r.rtts)
	rep.Watched = latencyOf(r.watched)
	rep.Steady = latencyOf(r.steady)
	rep.Timeline = timeline(cfg.Timeline, rep.Elapsed, r.sent, r.rtts, r.starts)
	if sf := r.steadyFrom.Load(); sf != 0 {
		rep.RampTook = time.Unix(0, sf).Sub(began)
	}
	rep.SpectatorMsgs = r.specMsg.Load()
	rep.AIFirst = cfg.AIFirst
	rep.Limits = map[string]int{}
	for c, n := range r.errs {
		if limitCodes[c] {
			rep.Limits[c] = n
		}
	}
	if before != nil {
		after, err := sampleProc(cfg.PID)
		if err == nil {
			rep.Server = statsOf(before, after)
		}
	}
	return &rep, ctx.Err()
}

// over reports whether the run's time is up.
func (r *run) over(ctx context.Context) bool {
	return ctx.Err() != nil || (!r.stop.IsZero() && time.Now().After(r.stop))
}

// slot plays games one after another (one without a Duration).
func (r *run) slot(ctx context.Context, i int, watchedReady chan<- string) {
	if r.cfg.Ramp > 0 && r.cfg.Games > 0 {
		pause(ctx, r.cfg.Ramp*time.Duration(i)/time.Duration(r.cfg.Games))
	}
	for n := 0; ; n++ {
		watched := i == 0 && n == 0 && r.cfg.Spectators > 0
		r.game(ctx, i, n, watched, watchedReady)
		if r.cfg.Duration == 0 || r.over(ctx) {
			return
		}
	}
}

// seatResp is the part of POST /api/games and /join answers read here.
type seatResp struct {
	ID        string `json:"id"`
	Token     string `json:"token"`
	InviteURL string `json:"inviteUrl"`
}

// post sends a JSON request and decodes a 200 answer into out; an error
// answer is counted by its code and returned.
func (r *run) post(ctx context.Context, u, xff string, body any, out any) error {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(string(b)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Prefer", "return=minimal") // as the web client: the players read the state from their WebSocket
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			r.errorf("http", "POST %s: %v", u, err)
		}
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		code := errorCode(data)
		r.errorf(code, "POST %s: HTTP %d %s", u, resp.StatusCode, data)
		return fmt.Errorf("POST %s: %s", u, code)
	}
	return decodeHead(data, out)
}

// decodeHead decodes an answer of create or join into out without its
// "state" (the long last field, which the players read from their
// WebSocket; a server that applies "Prefer: return=minimal" leaves it
// out): the fields before it, or the whole answer when it has none or the
// head does not decode. The tool's own CPU competes with the
// server's on one machine.
func decodeHead(data []byte, out any) error {
	if i := bytes.Index(data, []byte(`,"state":`)); i > 0 {
		if json.Unmarshal(append(data[:i:i], '}'), out) == nil {
			return nil
		}
	}
	return json.Unmarshal(data, out)
}

// errorCode reads the code of an error answer ({"error":{"code":…}}).
func errorCode(body []byte) string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) == nil && e.Error.Code != "" {
		return e.Error.Code
	}
	return "http"
}

// game creates one human game on instance i, joins it from the next
// instance and plays it with two players.
func (r *run) game(ctx context.Context, i, n int, watched bool, watchedReady chan<- string) {
	var w, b seatResp
	xff := r.slotAddr(i)
	if err := r.post(ctx, r.url(i)+"/api/games", xff, map[string]any{"variant": r.cfg.Variant, "side": "white", "opponent": map[string]any{"type": "human"}}, &w); err != nil {
		pause(ctx, time.Second) // e.g. rate_limited: do not spin
		return
	}
	_, code, _ := strings.Cut(w.InviteURL, "#invite=")
	if err := r.post(ctx, r.url(i+1)+"/api/games/"+w.ID+"/join", xff, map[string]any{"invite": code}, &b); err != nil {
		pause(ctx, time.Second)
		return
	}
	r.mu.Lock()
	r.rep.GamesStarted++
	if r.cfg.Timeline > 0 {
		r.starts = append(r.starts, time.Since(r.began).Nanoseconds())
	}
	r.mu.Unlock()
	plies := r.cfg.Plies
	if watched && r.cfg.Duration > 0 {
		plies = 0
	}
	gctx, gcancel := context.WithCancel(ctx)
	defer gcancel()
	g := &gameRun{plies: plies, abort: gcancel}
	seed := r.cfg.Seed + uint64(i)*1_000_003 + uint64(n)*7919
	players := []*player{
		{r: r, g: g, color: "white", watched: watched, rng: rand.New(rand.NewPCG(seed, 1))},
		{r: r, g: g, color: "black", watched: watched, rng: rand.New(rand.NewPCG(seed, 2))},
	}
	urls := []string{r.url(i), r.url(i + 1)}
	toks := []string{w.Token, b.Token}
	var conns []*websocket.Conn
	for k, p := range players {
		c, err := r.dial(ctx, urls[k], w.ID, toks[k], xff)
		if err != nil {
			for _, c := range conns {
				c.CloseNow()
			}
			return
		}
		p.conn = c
		conns = append(conns, c)
	}
	if watched {
		watchedReady <- w.ID
	}
	if n == 0 && r.connected.Add(1) == int64(r.cfg.Games) {
		r.steadyFrom.Store(time.Now().UnixNano())
	}
	var wg sync.WaitGroup
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.play(gctx)
		}()
	}
	wg.Wait()
	for _, c := range conns {
		c.Close(websocket.StatusNormalClosure, "")
	}
	if g.over.Load() {
		r.mu.Lock()
		r.rep.GamesOver++
		r.mu.Unlock()
	}
}

// slotAddr is the X-Forwarded-For of game slot i (Config.Forwarded), or "".
func (r *run) slotAddr(i int) string {
	if !r.cfg.Forwarded {
		return ""
	}
	return fmt.Sprintf("10.250.%d.%d", i/250, i%250+1)
}

// dial opens the WebSocket of game id with a seat token ("" = spectator),
// as client xff ("" = none).
func (r *run) dial(ctx context.Context, base, id, token, xff string) (*websocket.Conn, error) {
	// protocol 2, as the web page: partial states after the first (the
	// players read the ply and turn of each, and the legal moves of those
	// where they are to move: the only ones that carry them)
	u := strings.Replace(base, "http", "ws", 1) + "/api/games/" + id + "/ws?protocol=2"
	if token != "" {
		u += "&token=" + url.QueryEscape(token)
	}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	opts := &websocket.DialOptions{HTTPClient: r.hc}
	if xff != "" {
		opts.HTTPHeader = http.Header{"X-Forwarded-For": {xff}}
	}
	c, resp, err := websocket.Dial(dctx, u, opts)
	if err != nil {
		code := "dial"
		if resp != nil && resp.Body != nil {
			data, _ := io.ReadAll(resp.Body)
			code = errorCode(data)
			if code == "http" {
				code = "dial"
			}
		}
		if ctx.Err() == nil {
			r.errorf(code, "connect to %s: %v", u, err)
		}
		return nil, err
	}
	c.SetReadLimit(16 << 20)
	return c, nil
}

func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// gameRun is what the two players of a game share.
type gameRun struct {
	plies int // stop at this ply (0 = the end of the game)
	over  atomic.Bool
	abort context.CancelFunc // ends both players (one of them failed)
}

// player is one seat's connection.
type player struct {
	r       *run
	g       *gameRun
	color   string
	watched bool
	rng     *rand.Rand
	conn    *websocket.Conn
}

// play reads the player's messages and moves when it is its turn, until
// the game ends, reaches its ply limit or the run's time is up (a move
// in flight is waited for).
func (p *player) play(ctx context.Context) {
	in := make(chan serverMsg, 64)
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// the connection is closed when the player stops (or the run ends):
	// its reads and writes then fail. One watcher for the connection, not
	// a context on each read and write (the library arms and disarms a
	// watcher per call for a context that can end: a tenth of the tool's
	// CPU at saturation).
	context.AfterFunc(rctx, func() { p.conn.CloseNow() })
	go p.read(rctx, in)
	var (
		think    *time.Timer
		thinkC   <-chan time.Time
		fired    = make(chan time.Time, 1) // thinkC of a move made at once (no think time)
		latest   *serverMsg
		sentAt   time.Time
		inflight = -1 // id of the move waiting for its answer
		seq      = 0
		moved    = -1 // the ply of the last move sent
		refused  = 0  // moves answered with an error in this game
		tick     = time.NewTicker(250 * time.Millisecond)
	)
	defer tick.Stop()
	stopThink := func() {
		if think != nil {
			think.Stop()
		}
		select {
		case <-fired:
		default:
		}
		think, thinkC = nil, nil
	}
	defer stopThink()
	schedule := func() {
		m := latest
		if m == nil || m.Turn != p.color || m.Status != "active" || m.Ply <= moved || inflight >= 0 || thinkC != nil || p.r.over(ctx) {
			return
		}
		d := p.r.cfg.ThinkMin
		if span := p.r.cfg.ThinkMax - p.r.cfg.ThinkMin; span > 0 {
			d += time.Duration(p.rng.Int64N(int64(span)))
		}
		if d <= 0 {
			// no think time: move at once (a timer of 0 is a wake-up of
			// its own)
			select {
			case fired <- time.Time{}:
			default: // one is there already
			}
			thinkC = fired
			return
		}
		think = time.NewTimer(d)
		thinkC = think.C
	}
	fail := func() {
		p.g.abort()
	}
	for {
		select {
		case m, ok := <-in:
			if !ok {
				if inflight >= 0 && ctx.Err() == nil {
					p.r.errorf("no_answer", "game connection closed with a move in flight")
				}
				fail()
				return
			}
			switch m.Type {
			case "state":
				if m.Status == "over" {
					p.g.over.Store(true)
				}
				if m.Status == "over" || (p.g.plies > 0 && m.Ply >= p.g.plies) {
					if inflight < 0 {
						return
					}
					continue
				}
				latest = &m
				schedule()
			case "ack", "error":
				if m.Type == "error" {
					p.r.errorf(m.Code, "%s: error %s", p.color, m.Code)
				}
				if inflight >= 0 && string(m.ID) == strconv.Itoa(inflight) {
					if m.Type == "ack" {
						rtt := time.Since(sentAt)
						p.r.mu.Lock()
						p.r.rep.MovesAcked++
						p.r.rtts = append(p.r.rtts, rtt)
						if p.r.cfg.Timeline > 0 {
							p.r.sent = append(p.r.sent, sentAt.Sub(p.r.began).Nanoseconds())
						}
						if p.watched {
							p.r.watched = append(p.r.watched, rtt)
						}
						if sf := p.r.steadyFrom.Load(); sf != 0 && sentAt.UnixNano() >= sf {
							p.r.steady = append(p.r.steady, rtt)
						}
						p.r.mu.Unlock()
					}
					inflight = -1
					if p.r.over(ctx) || p.g.over.Load() {
						return
					}
					if m.Type == "error" {
						// try again on the state as it is (at most 3 times a game)
						if refused++; refused > 3 {
							fail()
							return
						}
						moved = -1
						schedule()
					}
				}
			}
		case <-thinkC:
			think, thinkC = nil, nil
			if p.r.over(ctx) {
				return
			}
			if latest == nil || latest.legal() == 0 {
				continue
			}
			seq++
			sentAt = time.Now()
			if err := p.send(latest, seq); err != nil {
				p.r.errorf("no_answer", "%s: send: %v", p.color, err)
				fail()
				return
			}
			inflight, moved = seq, latest.Ply
		case <-tick.C:
			if inflight >= 0 && time.Since(sentAt) > p.r.cfg.AckTimeout {
				p.r.errorf("no_answer", "%s: no answer to a move after %v", p.color, p.r.cfg.AckTimeout)
				fail()
				return
			}
			if inflight < 0 && p.r.over(ctx) {
				return
			}
		}
	}
}

// read passes the player's messages to in until ctx ends or the
// connection fails (then it closes in). Its reads have no context: play
// closes the connection when ctx ends.
func (p *player) read(ctx context.Context, in chan<- serverMsg) {
	defer close(in)
	scratch := make([]byte, 8<<10)
	for {
		data, err := readMessage(context.Background(), p.conn, &scratch) // (play closes the connection when it stops)
		if err != nil {
			return
		}
		m, ok := parseMsg(data)
		if !ok {
			continue
		}
		select {
		case in <- m:
		case <-ctx.Done():
			return
		}
	}
}

// readMessage reads the next message of c into *scratch (grown, and
// kept grown, when the message is longer) and returns a copy of the
// message's own size (parseMsg keeps it): a whole state (several KB,
// growing with the game's move list) is read in one piece, with one
// system call when the connection holds it (websocket's Conn.Read grows
// its buffer from 512 bytes: a tenth of the tool's CPU), and the small
// messages (acks, partial states) cost a small allocation, not one the
// size of the longest message read so far (a sixth of the tool's CPU in
// allocating and clearing).
func readMessage(ctx context.Context, c *websocket.Conn, scratch *[]byte) ([]byte, error) {
	_, r, err := c.Reader(ctx)
	if err != nil {
		return nil, err
	}
	buf := (*scratch)[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
			*scratch = buf[:cap(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return append([]byte(nil), buf...), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// send plays a random legal move of state st as message id and counts it
// as sent.
// The write has no context (play closes the connection when the game or
// the run ends, which ends a write that is stuck).
func (p *player) send(st *serverMsg, id int) error {
	mv, _ := json.Marshal(st.uci(p.rng.IntN(st.legal())))
	b := make([]byte, 0, 64)
	b = append(append(append(b, `{"type":"move","move":`...), mv...), `,"ply":`...)
	b = append(strconv.AppendInt(b, int64(st.Ply), 10), `,"id":`...)
	b = append(strconv.AppendInt(b, int64(id), 10), '}')
	err := p.conn.Write(context.Background(), websocket.MessageText, b)
	p.r.mu.Lock()
	p.r.rep.MovesSent++
	p.r.mu.Unlock()
	return err
}

// spectate connects Spectators watchers to game id (spread over the
// URLs) and reads their messages until the run ends.
func (r *run) spectate(ctx context.Context, id string) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64) // connects in flight
	for k := range r.cfg.Spectators {
		sem <- struct{}{}
		if r.over(ctx) {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := r.dial(ctx, r.url(k), id, "", "")
			<-sem
			if err != nil {
				return
			}
			r.mu.Lock()
			r.rep.SpectatorsConnected++
			r.mu.Unlock()
			defer c.CloseNow()
			for {
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
				r.specMsg.Add(1)
			}
		}()
	}
	wg.Wait()
}

// aiFirst creates a game against the AI with the human as black and waits
// for the AI's first move.
func (r *run) aiFirst(ctx context.Context, i int) {
	var s seatResp
	began := time.Now()
	if err := r.post(ctx, r.url(i)+"/api/games", "", map[string]any{"variant": r.cfg.Variant, "side": "black", "opponent": map[string]any{"type": "ai", "level": 0}}, &s); err != nil {
		return
	}
	c, err := r.dial(ctx, r.url(i), s.ID, s.Token, "")
	if err != nil {
		return
	}
	defer c.CloseNow()
	wctx, cancel := context.WithTimeout(ctx, r.cfg.AIWait)
	defer cancel()
	for {
		_, data, err := c.Read(wctx)
		if err != nil {
			r.errorf("ai_no_move", "game %s: no AI move after %v", s.ID, r.cfg.AIWait)
			return
		}
		var m serverMsg
		if json.Unmarshal(data, &m) == nil && m.Type == "state" && m.Ply >= 1 {
			d := time.Since(began)
			r.mu.Lock()
			r.rep.AIMoved++
			r.rep.AIFirstMax = max(r.rep.AIFirstMax, d)
			r.mu.Unlock()
			c.Close(websocket.StatusNormalClosure, "")
			return
		}
	}
}

// Latency is a distribution of round-trips.
type Latency struct {
	N                  int
	P50, P95, P99, Max time.Duration
}

func latencyOf(d []time.Duration) Latency {
	if len(d) == 0 {
		return Latency{}
	}
	s := slices.Clone(d)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return Latency{N: len(s), P50: at(0.50), P95: at(0.95), P99: at(0.99), Max: s[len(s)-1]}
}

func (l Latency) String() string {
	if l.N == 0 {
		return "no moves"
	}
	return fmt.Sprintf("n=%d p50=%v p95=%v p99=%v max=%v", l.N, round(l.P50), round(l.P95), round(l.P99), round(l.Max))
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
