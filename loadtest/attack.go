package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// AttackConfig is a hostile load on a play server (houserules bench
// attack), each attacker at a fixed rate, so that a run measures the
// server's defences, not how fast an attacker on the same cores can spin.
// Rates are totals per second; 0 turns an attacker off. Clients are told
// apart by X-Forwarded-For (the server must trust it: serve --trust-proxy):
// the connecting attackers take their addresses in turn from a pool of
// Addresses (a distributed attack), the creation flood comes from one.
type AttackConfig struct {
	URL string
	// Games attacked: the flooded room, the malformed messages' room and
	// the room of the connection flood. The tool creates them when empty.
	Games []string
	// FloodRate: {"type":"ping"} messages a second, over FloodConns
	// connections (default 10); a connection the server closes is
	// replaced by a new one from the next address (a refused one after
	// 100 ms).
	FloodRate  float64
	FloodConns int
	// BadRate: oversized (9 KB) and malformed messages a second (bad JSON,
	// duplicate keys, wrong types, unknown types, a spectator's move), over
	// BadConns connections (default 2).
	BadRate  float64
	BadConns int
	// ConnectRate: WebSocket connection attempts a second on one room,
	// each held open when accepted (the room fills up, then refuses).
	ConnectRate float64
	// CreateRate: game creations a second, from one address.
	CreateRate float64
	// Addresses: the pool of client addresses of the connecting attackers
	// (default 256).
	Addresses int
	Duration  time.Duration
}

// DefaultAttack is the attack of `houserules bench attack` without flags
// on the server at url: a real attack for one server, each attacker far
// over the limit it meets (a connection may send 20 messages a second, a
// client create 5 games a second: PROTOCOL.md "Limits").
func DefaultAttack(url string) AttackConfig {
	return AttackConfig{URL: url, FloodRate: 5000, FloodConns: 10, BadRate: 1000, BadConns: 2,
		ConnectRate: 300, CreateRate: 100, Addresses: 256, Duration: 30 * time.Second}
}

// Scale multiplies every rate by f.
func (c *AttackConfig) Scale(f float64) {
	c.FloodRate *= f
	c.BadRate *= f
	c.ConnectRate *= f
	c.CreateRate *= f
}

// AttackReport counts what the attackers did and how the server answered.
type AttackReport struct {
	Elapsed time.Duration
	Sent    map[string]int // per attacker: flood and bad (messages), connect (attempts), create (requests), dial (connections opened by flood and bad)
	Answers map[string]int // the server's answers: error codes, "http_<status>_<code>", "close_<code>", "accepted" (connections), "created" (games)
	CPU     time.Duration  // the attacking process's CPU time (user + system; 0 where /proc is missing)
}

// Write prints the report, one fact a line.
func (r *AttackReport) Write(w io.Writer) {
	fmt.Fprintf(w, "attack       %v\n", r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "sent        %s\n", counts(r.Sent))
	s := r.Elapsed.Seconds()
	fmt.Fprintf(w, "rates        flood %.0f/s, bad %.0f/s, connect %.0f/s, create %.0f/s (achieved)\n",
		float64(r.Sent["flood"])/s, float64(r.Sent["bad"])/s, float64(r.Sent["connect"])/s, float64(r.Sent["create"])/s)
	fmt.Fprintf(w, "answers     %s\n", counts(r.Answers))
	fmt.Fprintf(w, "attacker     cpu %v (%.0f%% of one core)\n", r.CPU.Round(time.Millisecond), 100*r.CPU.Seconds()/max(r.Elapsed.Seconds(), 1e-9))
}

type attackRun struct {
	cfg    AttackConfig
	hc     *http.Client
	drains sync.WaitGroup // the readers of the open connections
	mu     sync.Mutex
	rep    AttackReport
}

func (a *attackRun) count(m map[string]int, k string, n int) {
	a.mu.Lock()
	m[k] += n
	a.mu.Unlock()
}

// addr is the i-th address of attacker group g.
func (a *attackRun) addr(g, i int) string {
	i %= a.cfg.Addresses
	return fmt.Sprintf("10.%d.%d.%d", 100+g, i/250, i%250+1)
}

// Attack runs the attackers of cfg for cfg.Duration (or until ctx ends).
func Attack(ctx context.Context, cfg AttackConfig) (*AttackReport, error) {
	if cfg.URL == "" || cfg.Duration <= 0 {
		return nil, errors.New("loadtest: an attack needs a server URL and a duration")
	}
	if cfg.FloodConns <= 0 {
		cfg.FloodConns = 10
	}
	if cfg.BadConns <= 0 {
		cfg.BadConns = 2
	}
	if cfg.Addresses <= 0 {
		cfg.Addresses = 256
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	a := &attackRun{cfg: cfg, hc: &http.Client{Transport: tr, Timeout: 30 * time.Second},
		rep: AttackReport{Sent: map[string]int{}, Answers: map[string]int{}}}
	for len(a.cfg.Games) < 3 {
		id, err := a.create(ctx, "10.99.0.1")
		if err != nil {
			return nil, fmt.Errorf("loadtest: creating the attacked games: %w", err)
		}
		a.cfg.Games = append(a.cfg.Games, id)
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	began := time.Now()
	cpu0, _ := sampleProc(os.Getpid())
	var wg sync.WaitGroup
	goN := func(n int, f func(k int)) {
		for k := range n {
			wg.Add(1)
			go func() { defer wg.Done(); f(k) }()
		}
	}
	if cfg.FloodRate > 0 {
		goN(cfg.FloodConns, func(k int) {
			a.sender(ctx, 0, k, cfg.FloodConns, cfg.FloodRate/float64(cfg.FloodConns), "flood", [][]byte{[]byte(`{"type":"ping"}`)})
		})
	}
	if cfg.BadRate > 0 {
		goN(cfg.BadConns, func(k int) {
			a.sender(ctx, 1, k, cfg.BadConns, cfg.BadRate/float64(cfg.BadConns), "bad", badMessages)
		})
	}
	if cfg.ConnectRate > 0 {
		goN(1, func(int) { a.connector(ctx) })
	}
	if cfg.CreateRate > 0 {
		goN(1, func(int) { a.creator(ctx) })
	}
	wg.Wait()
	a.drains.Wait()
	a.rep.Elapsed = time.Since(began)
	if cpu1, _ := sampleProc(os.Getpid()); cpu0 != nil && cpu1 != nil {
		a.rep.CPU = cpu1.cpu - cpu0.cpu
	}
	return &a.rep, nil
}

// badMessages are the malformed attacker's messages, in turn.
var badMessages = [][]byte{
	[]byte(`{"type":"ping","id":"` + strings.Repeat("x", 9000) + `"}`),
	[]byte(`{"type":`), []byte(`{"type":"ping","type":"move","move":"e2e4"}`),
	[]byte(`{"type":"move","move":5}`), []byte(`{"type":"nuke"}`), []byte(`{"type":"move","move":"e2e4"}`),
}

// redialWait: a flood connection refused redials after this long (at
// most 10 dials a second per connection).
const redialWait = 100 * time.Millisecond

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// pacer spaces events at a fixed rate: wait returns when the next one is
// due (at once when behind), false when ctx ends.
type pacer struct {
	every time.Duration
	next  time.Time
}

func newPacer(rate float64) *pacer {
	return &pacer{every: time.Duration(float64(time.Second) / rate), next: time.Now()}
}

func (p *pacer) wait(ctx context.Context) bool {
	p.next = p.next.Add(p.every)
	if d := time.Until(p.next); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return false
		}
	}
	return ctx.Err() == nil
}

// sender is connection k of n of attacker group g: it sends msgs in turn
// at rate on the group's game, and redials from its next address when the
// server closes it or refuses it.
func (a *attackRun) sender(ctx context.Context, g, k, n int, rate float64, name string, msgs [][]byte) {
	p := newPacer(rate)
	game := a.cfg.Games[g]
	i := 0
	for try := k; ctx.Err() == nil; try += n {
		conn := a.dial(ctx, game, a.addr(g, try))
		if conn == nil {
			// refused (e.g. its address banned for a flood): the next
			// address after redialWait, so that this attacker stays a
			// message flood (the connection flood is ConnectRate's)
			if !sleepCtx(ctx, redialWait) {
				return
			}
			p.next = time.Now()
			continue
		}
		a.count(a.rep.Sent, "dial", 1)
		sent := 0
		for p.wait(ctx) {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := conn.Write(wctx, websocket.MessageText, msgs[i%len(msgs)])
			cancel()
			if err != nil {
				break
			}
			i++
			sent++
		}
		a.count(a.rep.Sent, name, sent)
		conn.CloseNow()
	}
}

// connector opens connections to the third game at its rate from the
// pool's addresses and holds those accepted until the end.
func (a *attackRun) connector(ctx context.Context) {
	p := newPacer(a.cfg.ConnectRate)
	var open []*websocket.Conn
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; p.wait(ctx); i++ {
		a.count(a.rep.Sent, "connect", 1)
		wg.Add(1)
		go func() { // a slow handshake must not slow the rate
			defer wg.Done()
			if c := a.dial(ctx, a.cfg.Games[2], a.addr(2, i)); c != nil {
				mu.Lock()
				open = append(open, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, c := range open {
		c.CloseNow()
	}
}

// creator posts game creations at its rate from one address.
func (a *attackRun) creator(ctx context.Context) {
	p := newPacer(a.cfg.CreateRate)
	var wg sync.WaitGroup
	for p.wait(ctx) {
		a.count(a.rep.Sent, "create", 1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.create(ctx, "10.2.0.1")
		}()
	}
	wg.Wait()
}

// create posts one human game as client xff and returns its ID.
func (a *attackRun) create(ctx context.Context, xff string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(a.cfg.URL, "/")+"/api/games",
		strings.NewReader(`{"opponent":{"type":"human"}}`))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", xff)
	resp, err := a.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		a.count(a.rep.Answers, errorCode(data), 1)
		return "", fmt.Errorf("HTTP %d %s", resp.StatusCode, data)
	}
	a.count(a.rep.Answers, "created", 1)
	var s seatResp
	if err := json.Unmarshal(data, &s); err != nil {
		return "", err
	}
	return s.ID, nil
}

// dial opens a WebSocket on game as client xff and drains it, counting
// the error codes and the close; nil when refused (counted by its code).
func (a *attackRun) dial(ctx context.Context, game, xff string) *websocket.Conn {
	u := strings.Replace(strings.TrimRight(a.cfg.URL, "/"), "http", "ws", 1) + "/api/games/" + game + "/ws"
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(dctx, u, &websocket.DialOptions{HTTPClient: a.hc, HTTPHeader: http.Header{"X-Forwarded-For": {xff}}})
	if err != nil {
		code := "dial"
		if resp != nil {
			code = fmt.Sprintf("http_%d", resp.StatusCode)
			if resp.Body != nil {
				if data, _ := io.ReadAll(resp.Body); len(data) > 0 {
					code += "_" + errorCode(data)
				}
				resp.Body.Close()
			}
		}
		if ctx.Err() == nil {
			a.count(a.rep.Answers, code, 1)
		}
		return nil
	}
	a.count(a.rep.Answers, "accepted", 1)
	c.SetReadLimit(1 << 22)
	a.drains.Add(1)
	go func() {
		defer a.drains.Done()
		codes := map[string]int{}
		defer func() {
			a.mu.Lock()
			for k, v := range codes {
				a.rep.Answers[k] += v
			}
			a.mu.Unlock()
		}()
		for {
			_, data, err := c.Read(context.Background())
			if err != nil {
				if st := websocket.CloseStatus(err); st > 0 && st != websocket.StatusNormalClosure {
					codes[fmt.Sprintf("close_%d", st)]++
				}
				return
			}
			if i := bytes.Index(data, []byte(`"code":"`)); i >= 0 {
				rest := data[i+8:]
				if j := bytes.IndexByte(rest, '"'); j >= 0 {
					codes[string(rest[:j])]++
				}
			}
		}
	}()
	return c
}
