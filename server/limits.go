package server

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"houserules/variants"
)

// Default limits (Config; PROTOCOL.md "Limits"; houserules serve --help).
const (
	DefaultCreatePerMinute = 300              // games created per client per minute
	DefaultWSPerSecond     = 20               // WebSocket messages per second per connection
	DefaultWSBurst         = 40               // ... in a burst
	DefaultRoomConns       = 1000             // WebSocket connections per room
	DefaultClientConns     = 256              // WebSocket connections per client (all rooms)
	DefaultConnectsPerMin  = 120              // WebSocket connections opened per client per minute
	DefaultMaxFEN          = 1024             // bytes of a FEN
	DefaultMaxPresets      = 32               // house rules in one list
	DefaultMaxINI          = 8 << 10          // bytes of a custom ini block
	DefaultAIGameBudget    = 10 * time.Minute // AI think time per game
)

// wsStrikes: once over its message rate, a connection may send this many
// more refused messages (refilled at one a second) before it is closed.
const wsStrikes = 10

// limits fills the zero limits of cfg with the defaults; a negative value
// turns the limit off.
func (cfg *Config) limits() {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&cfg.CreatePerMinute, DefaultCreatePerMinute)
	def(&cfg.WSBurst, DefaultWSBurst)
	def(&cfg.RoomConns, DefaultRoomConns)
	def(&cfg.ClientConns, DefaultClientConns)
	def(&cfg.ConnectsPerMinute, DefaultConnectsPerMin)
	def(&cfg.MaxFEN, DefaultMaxFEN)
	def(&cfg.MaxPresets, DefaultMaxPresets)
	def(&cfg.MaxINI, DefaultMaxINI)
	if cfg.WSPerSecond == 0 {
		cfg.WSPerSecond = DefaultWSPerSecond
	}
	if cfg.AIGameBudget == 0 {
		cfg.AIGameBudget = DefaultAIGameBudget
	}
	if cfg.ExpireEmpty == 0 {
		cfg.ExpireEmpty = DefaultExpireEmpty
	}
}

// clientIP is the client a request counts against: its remote IP, or,
// when the proxy in front is trusted (Config.TrustProxy), the last
// address of X-Forwarded-For (the one that proxy added).
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiters holds one token bucket per client, forgetting the idle ones.
type limiters struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	m     map[string]*seen
}

type seen struct {
	l      *rate.Limiter
	last   time.Time
	banned time.Time // refused until then (ban)
}

func newLimiters(perMinute int) *limiters {
	return &limiters{every: rate.Limit(float64(perMinute) / 60), burst: perMinute, m: map[string]*seen{}}
}

// allow takes a token from key's bucket; when there is none it says how
// long until there is.
func (ls *limiters) allow(key string) (bool, time.Duration) {
	ok, wait, _ := ls.allowOrBanned(key)
	return ok, wait
}

// allowOrBanned is allow, and says whether a refusal is a ban.
func (ls *limiters) allowOrBanned(key string) (ok bool, wait time.Duration, banned bool) {
	now := time.Now()
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if len(ls.m) > 10000 {
		for k, v := range ls.m { // a full bucket is as good as a new one
			if now.Sub(v.last) > time.Duration(float64(ls.burst)/float64(ls.every)*float64(time.Second)) && now.After(v.banned) {
				delete(ls.m, k)
			}
		}
	}
	e := ls.m[key]
	if e == nil {
		e = &seen{l: rate.NewLimiter(ls.every, ls.burst)}
		ls.m[key] = e
	}
	e.last = now
	if now.Before(e.banned) {
		return false, e.banned.Sub(now), true
	}
	res := e.l.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d, false
	}
	return true, 0, false
}

// ban refuses key for d (allow says how long is left).
func (ls *limiters) ban(key string, d time.Duration) {
	now := time.Now()
	ls.mu.Lock()
	defer ls.mu.Unlock()
	e := ls.m[key]
	if e == nil {
		e = &seen{l: rate.NewLimiter(ls.every, ls.burst)}
		ls.m[key] = e
	}
	e.last = now
	e.banned = now.Add(d)
}

// allowCreate applies the game-creation limit to r's client.
func (s *Server) allowCreate(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.CreatePerMinute < 0 {
		return true
	}
	ok, wait := s.creates.allow(s.clientIP(r))
	if ok {
		return true
	}
	refuseRateLimited(w, wait, fmt.Sprintf("too many games created: at most %d a minute from one client", s.cfg.CreatePerMinute))
	return false
}

// refuseRateLimited answers HTTP 429 rate_limited: why, and Retry-After
// the wait in whole seconds, rounded up.
func refuseRateLimited(w http.ResponseWriter, wait time.Duration, why string) {
	secs := int(wait/time.Second) + 1
	w.Header().Set("Retry-After", fmt.Sprint(secs))
	writeError(w, errf(http.StatusTooManyRequests, CodeRateLimited, fmt.Sprintf("%s; try again in %d s", why, secs)))
}

// conns counts the WebSocket connections per client.
type conns struct {
	mu sync.Mutex
	n  map[string]int
}

// add counts one more connection of ip unless it has limit already
// (limit < 0: no limit).
func (c *conns) add(ip string, limit int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if limit >= 0 && c.n[ip] >= limit {
		return false
	}
	c.n[ip]++
	return true
}

func (c *conns) done(ip string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[ip]--; c.n[ip] <= 0 {
		delete(c.n, ip)
	}
}

// rulesetBodyLimit is the size limit of a request with a ruleset (game
// creation, the ruleset and position checks), in bytes: the message limit
// plus the ini and FEN limits, so that a body may hold an ini block and a
// FEN at their limits (else ini_too_large and fen_too_long could not be
// reached: the body would be refused first, as message_too_large).
func (s *Server) rulesetBodyLimit() int {
	return s.cfg.MaxMessage + max(s.cfg.MaxINI, 0) + max(s.cfg.MaxFEN, 0)
}

// readRuleset decodes a request body into v, applies the size limits to
// its ruleset part rr (and fen), and resolves the ruleset; on a refusal it
// has written the error and returns nil.
func (s *Server) readRuleset(w http.ResponseWriter, r *http.Request, v any, rr *rulesetReq, fen *string) *variants.Resolved {
	if aerr := s.decodeN(w, r, v, s.rulesetBodyLimit()); aerr != nil {
		writeError(w, aerr)
		return nil
	}
	f := ""
	if fen != nil {
		f = *fen
	}
	if aerr := s.checkInputs(rr, f); aerr != nil {
		writeError(w, aerr)
		return nil
	}
	res, aerr := resolve(rr.Variant, rr.INI, rr.Presets)
	if aerr != nil {
		writeError(w, aerr)
		return nil
	}
	return res
}

// checkInputs applies the size limits of a ruleset (and FEN) request.
func (s *Server) checkInputs(req *rulesetReq, fen string) *apiError {
	if n := len(req.INI); s.cfg.MaxINI >= 0 && n > s.cfg.MaxINI {
		return errf(http.StatusRequestEntityTooLarge, CodeINITooLarge, fmt.Sprintf("the ini block is %d bytes, over the limit of %d", n, s.cfg.MaxINI))
	}
	if n := len(fen); s.cfg.MaxFEN >= 0 && n > s.cfg.MaxFEN {
		return errf(http.StatusRequestEntityTooLarge, CodeFENTooLong, fmt.Sprintf("the FEN is %d bytes, over the limit of %d", n, s.cfg.MaxFEN))
	}
	if n := req.Presets.N; s.cfg.MaxPresets >= 0 && n > s.cfg.MaxPresets {
		return errf(http.StatusRequestEntityTooLarge, CodeTooManyPresets, fmt.Sprintf("%d house rules listed, over the limit of %d", n, s.cfg.MaxPresets))
	}
	return nil
}

// wsLimiter is the message rate of one connection, and its strikes.
type wsLimiter struct {
	msgs, strikes *rate.Limiter
}

func (s *Server) newWSLimiter() *wsLimiter {
	if s.cfg.WSPerSecond < 0 {
		return nil
	}
	return &wsLimiter{msgs: rate.NewLimiter(rate.Limit(s.cfg.WSPerSecond), max(1, s.cfg.WSBurst)),
		strikes: rate.NewLimiter(1, wsStrikes)}
}

// take says whether a message may be handled (ok), and if not whether the
// connection is to be closed.
func (l *wsLimiter) take() (ok, closeIt bool) {
	if l == nil || l.msgs.Allow() {
		return true, false
	}
	return false, !l.strikes.Allow()
}
