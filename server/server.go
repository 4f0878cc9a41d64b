// Package server is the play server: an HTTP JSON API and WebSocket rooms
// over the rules engine and the store. It is server-authoritative: every
// move is validated by the engine (rules.Game), a client moves only for
// the seat whose token it holds, spectators only watch, and every move is
// stored before anyone is told about it. PROTOCOL.md documents the
// WebSocket messages, openapi.yaml the HTTP API.
package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"houserules/lab"
	"houserules/rules"
	"houserules/search"
	"houserules/store"
	"houserules/variants"
)

// The protocols of the WebSocket (PROTOCOL.md), named in the welcome
// message: ProtocolVersion without ?protocol=, ProtocolPartial (2) with
// ?protocol=2, whose broadcast states after the first are partial
// (statetail.go).
const (
	ProtocolVersion = 1
	ProtocolPartial = 2
)

// Config configures a Server.
type Config struct {
	Store      *store.DB
	Mover      Mover         // the AI; nil = RandomMover
	Static     fs.FS         // the front end (index.html at its root); nil = API only
	Logger     *slog.Logger  // nil = slog.Default()
	MaxMessage int           // bytes; WebSocket messages and request bodies (default 8 KiB)
	AITimeout  time.Duration // per AI move, from the start of its search (default 30 s)
	AISlots    int           // AI searches at once, over all rooms, served in arrival order (default GOMAXPROCS)
	// OriginPatterns lists other hosts allowed to open WebSockets
	// (the page's own host always is).
	OriginPatterns []string

	// Limits (PROTOCOL.md "Limits"): 0 is the default (Default…), a
	// negative value turns the limit off.
	CreatePerMinute int     // games created per client per minute (a burst of as many)
	WSPerSecond     float64 // WebSocket messages per second per connection
	WSBurst         int     // ... in a burst
	RoomConns       int     // WebSocket connections per room
	ClientConns     int     // WebSocket connections per client, all rooms together
	// ConnectsPerMinute: WebSocket connections a client may open per
	// minute (a burst of as many), checked before anything else
	ConnectsPerMinute int
	MaxFEN            int           // bytes of a FEN (games, editor)
	MaxPresets        int           // house rules in one list
	MaxINI            int           // bytes of a custom ini block
	AIGameBudget      time.Duration // AI think time per game (then 100 ms a move)
	// ExpireEmpty: a game with no move that nobody finished, not updated
	// for this long, is deleted (checked every minute); its invite link
	// stops working (DefaultExpireEmpty).
	ExpireEmpty time.Duration
	// TrustProxy: the server is behind a proxy that appends the client's
	// address to X-Forwarded-For; its last address is the client.
	TrustProxy bool

	// Several instances on one PostgreSQL (cluster.go; ignored with SQLite):
	// Instance names this process in the notifications ("" = random),
	// Lease is the AI lease and the period of the pickup of games nobody
	// looks after (default DefaultLease).
	Instance string
	Lease    time.Duration
	// Lab is the balance lab's database (serve --lab): the Lab page and
	// /api/lab (lab.go); nil = none.
	Lab *lab.DB
}

// DefaultLease is Config.Lease's default.
const DefaultLease = 10 * time.Second

// Server serves the API, the WebSocket rooms and the front end.
type Server struct {
	cfg    Config
	hub    *hub
	ctx    context.Context
	cancel context.CancelFunc
	mux    *http.ServeMux

	pickerOnce sync.Once
	picker     []familyJSON // GET /api/variants, built once (pickerList)

	creates *limiters // games created per client
	conns   conns     // WebSocket connections per client

	connects    *limiters  // WebSocket connections opened per client
	refuse      wsRefusals // the pre-upgrade refusals, encoded once
	tooManyMsgs []byte     // the too_many_messages answer, encoded once
}

// New returns a server over cfg.Store.
func New(cfg Config) *Server {
	if cfg.Mover == nil {
		cfg.Mover = RandomMover{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = 8 << 10
	}
	if cfg.AISlots <= 0 {
		cfg.AISlots = runtime.GOMAXPROCS(0)
	}
	if cfg.AITimeout <= 0 {
		cfg.AITimeout = 30 * time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Instance == "" {
		cfg.Instance = store.NewToken()[:8]
	}
	cfg.Store.SetInstance(cfg.Instance)
	cfg.limits()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, ctx: ctx, cancel: cancel, creates: newLimiters(max(1, cfg.CreatePerMinute)),
		conns: conns{n: map[string]int{}}, connects: newLimiters(max(1, cfg.ConnectsPerMinute))}
	s.refuse = s.newWSRefusals()
	s.tooManyMsgs, _ = json.Marshal(errorMsg(nil, errf(0, CodeTooManyMessages, fmt.Sprintf("over %g messages a second (a burst of %d): this message was not read; the connection closes if this goes on", cfg.WSPerSecond, cfg.WSBurst))))
	s.hub = &hub{ctx: ctx, store: cfg.Store, mover: cfg.Mover, log: cfg.Logger, aiTimeout: cfg.AITimeout, aiGameBudget: cfg.AIGameBudget,
		aiSlots: newSlotQueue(cfg.AISlots), rooms: map[string]*roomEntry{}, lease: cfg.Lease}
	s.routes()
	go s.hub.sweeper(10 * time.Minute)
	if s.hub.clustered() {
		s.hub.wg.Add(2)
		go s.hub.listen()
		go s.hub.pickup()
	}
	go s.hub.expirer(cfg.ExpireEmpty, time.Minute)
	return s
}

// Instance returns the name of this process in notifications to the
// other instances (Config.Instance, or the random one New chose).
func (s *Server) Instance() string { return s.cfg.Instance }

// Close stops the AI goroutines and closes the WebSocket connections.
func (s *Server) Close() {
	s.cancel()
	s.hub.wg.Wait()
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, map[string]any{"ok": true, "store": s.cfg.Store.Backend()})
	})
	m.HandleFunc("GET /api/variants", s.handleVariants)
	m.HandleFunc("GET /api/presets", s.handlePresets)
	m.HandleFunc("GET /api/levels", s.handleLevels)
	m.HandleFunc("POST /api/rulesets/check", s.handleCheck)
	m.HandleFunc("POST /api/positions/check", s.handlePositionCheck)
	m.HandleFunc("GET /api/games", s.handleList)
	m.HandleFunc("POST /api/games", s.handleCreate)
	m.HandleFunc("GET /api/games/{id}", s.handleGet)
	m.HandleFunc("GET /api/games/{id}/pgn", s.handlePGN)
	m.HandleFunc("GET /api/games/{id}/rules", s.handleRules)
	m.HandleFunc("POST /api/games/{id}/join", s.handleJoin)
	m.HandleFunc("POST /api/games/{id}/moves", s.handleMove)
	m.HandleFunc("GET /api/games/{id}/ws", func(w http.ResponseWriter, r *http.Request) {
		s.serveWS(w, r, r.PathValue("id"))
	})
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		// a route that exists under other methods answers 405 with Allow
		var allow []string
		for _, meth := range []string{http.MethodGet, http.MethodPost} {
			r2 := r.Clone(r.Context())
			r2.Method = meth
			if _, pat := m.Handler(r2); pat != "/api/" && pat != "" {
				allow = append(allow, meth)
				if meth == http.MethodGet {
					allow = append(allow, http.MethodHead)
				}
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, errf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, fmt.Sprintf("%s %s: the route takes %s (see openapi.yaml)", r.Method, r.URL.Path, strings.Join(allow, ", "))))
			return
		}
		writeError(w, errf(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no API route %s %s (see openapi.yaml)", r.Method, r.URL.Path)))
	})
	if s.cfg.Static != nil {
		files := http.FileServerFS(s.cfg.Static)
		m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				writeError(w, errf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, r.Method+" is not allowed here"))
				return
			}
			p := strings.TrimPrefix(r.URL.Path, "/")
			if p == "" || p == "custom" || p == "editor" || strings.HasPrefix(p, "g/") {
				s.serveIndex(w)
				return
			}
			if strings.HasPrefix(p, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			files.ServeHTTP(w, r)
		})
	}
	s.labRoutes(m) // the balance lab's page and API (lab.go), with serve --lab
	s.mux = m
}

func (s *Server) serveIndex(w http.ResponseWriter) {
	b, err := fs.ReadFile(s.cfg.Static, "index.html")
	if err != nil {
		http.Error(w, "front end not built", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}

// decode reads a JSON body of at most MaxMessage bytes into v.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) *apiError {
	return s.decodeN(w, r, v, s.cfg.MaxMessage)
}

// decodeN reads a JSON body of at most limit bytes into v.
func (s *Server) decodeN(w http.ResponseWriter, r *http.Request, v any, limit int) *apiError {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(limit)))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return errf(http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("the body is over the limit of %d bytes", limit))
		}
		return errf(http.StatusBadRequest, CodeBadJSON, "could not read the body: "+err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	if !isJSONObject(body) {
		// null would decode into v as nothing at all (a request with every
		// field omitted); lists, numbers and strings fail below anyway
		return errf(http.StatusBadRequest, CodeBadJSON, "the body is not a JSON object")
	}
	if why := duplicateKey(body); why != "" {
		return errf(http.StatusBadRequest, CodeDuplicateKey, why+": the body is refused")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errf(http.StatusBadRequest, CodeBadJSON, "the body is not the JSON expected: "+err.Error())
	}
	if dec.More() {
		return errf(http.StatusBadRequest, CodeBadJSON, "the body has more than one JSON value")
	}
	return nil
}

// isJSONObject reports whether b, after leading white space, starts a
// JSON object (the decoder then checks the rest).
func isJSONObject(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

// answer writes v, or the error when v is an *apiError.
func answer(w http.ResponseWriter, status int, v any) {
	if e, ok := v.(*apiError); ok {
		writeError(w, e)
		return
	}
	writeJSON(w, status, v)
}

func bearer(r *http.Request) string {
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		return strings.TrimSpace(a[len("Bearer "):])
	}
	return r.URL.Query().Get("token")
}

func (s *Server) roomError(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, errf(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no game %q", id)))
		return
	}
	s.cfg.Logger.Error("load game", "game", id, "err", err)
	writeError(w, errf(http.StatusInternalServerError, CodeInternal, "the game could not be loaded"))
}

// --- catalogue ---

type variantJSON struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	URL         string `json:"url,omitempty"`
	Description string `json:"description"`
	Files       int    `json:"files"`
	Ranks       int    `json:"ranks"`
	// a plugin's picker label and one-line rule summary
	Label string `json:"label,omitempty"`
	Rule  string `json:"rule,omitempty"`
	// how its board is drawn (nil for a variant that does not load)
	BoardStyle *boardStyleJSON `json:"boardStyle,omitempty"`
	// why a catalogue variant cannot be played yet (in Unavailable only)
	Error string `json:"error,omitempty"`
}

type familyJSON struct {
	Key         string        `json:"key"`
	Name        string        `json:"name"`
	Description string        `json:"description"`
	Variants    []variantJSON `json:"variants"`
	// the family's catalogue variants that cannot be played yet (they do
	// not load, or their start position does not set up), with the reason
	Unavailable []variantJSON `json:"unavailable"`
}

func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	s.pickerOnce.Do(func() { s.picker = pickerList() })
	writeJSON(w, 200, map[string]any{"families": s.picker})
}

// pickerList is the catalogue by family as the variant picker shows it:
// in Variants every built-in variant and plugin that loads and whose
// start position sets up; in Unavailable the others with the reason (a
// variant whose definition loads but whose start FEN the engine refuses
// cannot start a game either). The catalogue is fixed while the server
// runs, so it is built once.
func pickerList() []familyJSON {
	byFam := map[string][]variantJSON{}
	unavailable := map[string][]variantJSON{}
	for _, d := range variants.Describe() {
		vj := variantJSON{Name: d.Name, Title: d.Title, URL: d.URL, Description: d.Description, Files: d.Files, Ranks: d.Ranks, Label: d.Label, Rule: d.Rule}
		rs, why := startsGame(d)
		if why != "" {
			vj.Error = why
			unavailable[d.Family] = append(unavailable[d.Family], vj)
			continue
		}
		bs := boardStyle(rs.Variant)
		vj.BoardStyle = &bs
		byFam[d.Family] = append(byFam[d.Family], vj)
	}
	out := []familyJSON{}
	for _, f := range variants.Families() {
		if len(byFam[f.Key])+len(unavailable[f.Key]) > 0 {
			out = append(out, familyJSON{f.Key, f.Name, f.Description, nonNilVariants(byFam[f.Key]), nonNilVariants(unavailable[f.Key])})
		}
	}
	return out
}

// startsGame compiles a described variant, or says why it cannot start a
// game.
func startsGame(d variants.Description) (*rules.Ruleset, string) {
	if !d.Loads {
		return nil, d.Error
	}
	rs, aerr := compile(d.Name, "", presetsField{})
	if aerr != nil {
		return nil, aerr.Message
	}
	if _, err := rules.NewGame(rs, rs.StartFEN("", false, rand.New(rand.NewPCG(1, 2))), rs.Variant.Chess960); err != nil {
		return nil, "the start position does not set up: " + err.Error()
	}
	return rs, ""
}

func nonNilVariants(v []variantJSON) []variantJSON {
	if v == nil {
		return []variantJSON{}
	}
	return v
}

type presetInfoJSON struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Category     string   `json:"category"`
	Mode         string   `json:"mode"`
	Description  string   `json:"description"`
	Requires     []string `json:"requires"`
	Incompatible []string `json:"incompatible"`
	Adds         []string `json:"adds"`
	Retracts     []string `json:"retracts"`
	Overrides    []string `json:"overrides"`
	ScopeAware   bool     `json:"scopeAware"`
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Server) handlePresets(w http.ResponseWriter, r *http.Request) {
	out := []presetInfoJSON{}
	for _, p := range rules.Presets() {
		in := p.Info()
		out = append(out, presetInfoJSON{in.ID, in.Name, in.Category, string(in.Mode), in.Description,
			nonNil(in.Requires), nonNil(in.Incompatible), nonNil(in.Adds), nonNil(in.Retracts), nonNil(in.Overrides), in.ScopeAware})
	}
	writeJSON(w, 200, map[string]any{"presets": out})
}

type rulesetReq struct {
	Variant string       `json:"variant"`
	INI     string       `json:"ini"`
	Presets presetsField `json:"presets"`
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req rulesetReq
	if aerr := s.decodeN(w, r, &req, s.rulesetBodyLimit()); aerr != nil {
		writeError(w, aerr)
		return
	}
	if aerr := s.checkInputs(&req, ""); aerr != nil {
		writeError(w, aerr)
		return
	}
	rs, aerr := compile(req.Variant, req.INI, req.Presets)
	if aerr != nil {
		writeCheckError(w, aerr, req.INI)
		return
	}
	if req.INI != "" {
		// a block that loads but whose start position does not set up
		// cannot be played: say so now, at its startFen line
		if _, err := rules.NewGame(rs, "", false); err != nil {
			writeStartError(w, req.INI, rs.Variant.Name, err)
			return
		}
	}
	b := rs.Variant.Board()
	out := map[string]any{"ok": true, "presets": specsString(rs.Specs), "explain": rules.Explain(rs),
		"files": b.Files, "ranks": b.Ranks, "startFen": rs.Variant.StartFEN, "boardStyle": boardStyle(rs.Variant),
		"legend": legendOf(rs)}
	if req.INI != "" {
		out["variant"], out["pieces"], out["chess960"], out["iniCheck"] = rs.Variant.Name, pieceList(rs.Variant), rs.Variant.Chess960, checkINI(req.INI)
		out["preview"] = previewOf(rs)
	}
	writeJSON(w, 200, out)
}

// --- games ---

type opponentReq struct {
	Type  string `json:"type"`  // "ai" or "human"
	Level *int   `json:"level"` // AI level 0..20 (the CLI's scale, search.LevelName); nil (omitted or null): 0
}

type createReq struct {
	rulesetReq
	FEN      string      `json:"fen"`
	Chess960 bool        `json:"chess960"`
	Side     string      `json:"side"` // white, black, random
	Opponent opponentReq `json:"opponent"`
	Clock    *clockReq   `json:"clock"` // nil: no clock
}

type clockReq struct {
	Initial   float64 `json:"initial"`   // seconds per side
	Increment float64 `json:"increment"` // seconds added after each turn
}

type seatResp struct {
	ID        string     `json:"id"`
	Seat      string     `json:"seat"`
	Token     string     `json:"token"`
	SeatURL   string     `json:"seatUrl"`
	InviteURL string     `json:"inviteUrl,omitempty"`
	WatchURL  string     `json:"watchUrl"`
	State     *gameState `json:"state,omitempty"` // nil when the client prefers return=minimal
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.allowCreate(w, r) {
		return
	}
	var req createReq
	res := s.readRuleset(w, r, &req, &req.rulesetReq, &req.FEN)
	if res == nil {
		return
	}
	rs := res.Ruleset
	side := req.Side
	switch side {
	case "", "white", "black":
		if side == "" {
			side = "white"
		}
	case "random":
		side = []string{"white", "black"}[rand.IntN(2)]
	default:
		writeError(w, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("side %q is not white, black or random", req.Side)))
		return
	}
	opp := store.Seat{Kind: store.Human}
	switch req.Opponent.Type {
	case "", "ai":
		lvl := search.MinLevel
		if req.Opponent.Level != nil {
			lvl = *req.Opponent.Level
		}
		if lvl < search.MinLevel || lvl > search.MaxLevel {
			writeError(w, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("AI level %d is not %d..%d (%d weakest, %d strongest, as houserules play --level)", lvl, search.MinLevel, search.MaxLevel, search.MinLevel, search.MaxLevel)))
			return
		}
		opp = store.Seat{Kind: store.AI, Level: lvl}
	case "human":
	default:
		writeError(w, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("opponent type %q is not ai or human", req.Opponent.Type)))
		return
	}
	var clock store.Clock
	if c := req.Clock; c != nil {
		if c.Initial < 1 || c.Initial > 3*3600 || c.Increment < 0 || c.Increment > 180 {
			writeError(w, errf(http.StatusBadRequest, CodeBadRequest, "clock: initial is 1..10800 seconds, increment 0..180"))
			return
		}
		ini := int64(c.Initial * 1000)
		clock = store.Clock{InitialMS: ini, IncrementMS: int64(c.Increment * 1000), WhiteMS: ini, BlackMS: ini}
	}
	start := rs.StartFEN(req.FEN, req.Chess960, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	// a FEN given by the client also passes the editor's placement check
	g, aerr := setUp(rs, start, req.Chess960, strings.TrimSpace(req.FEN) != "")
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	tok := store.NewToken()
	rec := &store.Game{ID: store.NewToken()[:12], Variant: rs.Variant.Name, VariantINI: req.INI,
		Presets: specsString(rs.Specs), StartFEN: g.FEN(), Chess960: req.Chess960 || rs.Variant.Chess960,
		Status: store.StatusActive, Clock: clock}
	if req.INI == "" {
		rec.Variant = res.Name // as the catalogue spells it
	}
	mine := store.Seat{Kind: store.Human, TokenHash: store.HashToken(tok)}
	if side == "white" {
		rec.White, rec.Black = mine, opp
	} else {
		rec.White, rec.Black = opp, mine
	}
	if opp.Kind == store.Human {
		rec.Invite = store.NewToken()
		rec.Status = store.StatusWaiting
	}
	if end := ending(g); end != nil { // a finished position: the game is over from the start
		rec.Status, rec.Result, rec.Reason = store.StatusOver, end.Result, end.Reason
	}
	if err := s.cfg.Store.CreateGame(r.Context(), rec); err != nil {
		s.cfg.Logger.Error("create game", "err", err)
		writeError(w, errf(http.StatusServiceUnavailable, CodeStorage, "the game could not be stored"))
		return
	}
	room, err := s.hub.created(r.Context(), *rec)
	if err != nil {
		s.roomError(w, rec.ID, err)
		return
	}
	var st *gameState
	if preferMinimal(r) {
		appliedMinimal(w)
	} else {
		room.mu.Lock()
		st = room.stateFor(side)
		room.unlock()
	}
	resp := seatResp{ID: rec.ID, Seat: side, Token: tok, SeatURL: "/g/" + rec.ID + "#seat=" + tok,
		WatchURL: "/g/" + rec.ID, State: st}
	if rec.Invite != "" {
		resp.InviteURL = "/g/" + rec.ID + "#invite=" + rec.Invite
	}
	writeJSON(w, http.StatusCreated, resp)
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q, qerr := queryOf(r)
	if qerr != nil {
		writeError(w, qerr)
		return
	}
	var list []store.Summary
	if ids, ok := q["ids"]; ok {
		// the games of these IDs (the page's own games), same filter
		var aerr *apiError
		if list, aerr = s.listByIDs(r.Context(), strings.Join(ids, ",")); aerr != nil {
			writeError(w, aerr)
			return
		}
	} else {
		var err error
		if list, err = s.cfg.Store.ListGames(r.Context(), 50); err != nil {
			writeError(w, errf(http.StatusServiceUnavailable, CodeStorage, "could not list the games"))
			return
		}
	}
	out := []map[string]any{}
	for _, g := range list {
		out = append(out, map[string]any{"id": g.ID, "variant": g.Variant, "presets": g.Presets, "status": g.Status,
			"result": g.Result, "reason": g.Reason, "plies": g.Plies, "updatedAt": g.UpdatedAt.UnixMilli(), "watchUrl": "/g/" + g.ID})
	}
	writeJSON(w, 200, map[string]any{"games": out})
}

// roomFor loads the room of the {id} path value, answering errors.
func (s *Server) roomFor(w http.ResponseWriter, r *http.Request) *room {
	id := r.PathValue("id")
	room, err := s.hub.room(r.Context(), id)
	if err != nil {
		s.roomError(w, id, err)
		return nil
	}
	return room
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	if _, aerr := queryOf(r); aerr != nil { // bearer reads ?token=
		writeError(w, aerr)
		return
	}
	room := s.roomFor(w, r)
	if room == nil {
		return
	}
	// build the answer under the lock, write it after (a slow client must
	// not hold the room)
	status, resp := func() (int, any) {
		room.mu.Lock()
		defer room.unlock()
		tok := bearer(r)
		seat := room.seatOf(tok)
		if tok != "" && seat == "" {
			return 0, errf(http.StatusForbidden, CodeBadToken, "this token is not a seat of this game")
		}
		resp := map[string]any{"state": room.stateFor(seat)}
		if room.rec.VariantINI != "" {
			resp["ini"] = room.rec.VariantINI // a custom variant: its block, for "view / reuse"
		}
		if seat != "" && room.rec.Invite != "" && !(room.rec.White.TokenHash != "" && room.rec.Black.TokenHash != "") {
			resp["inviteUrl"] = "/g/" + room.id + "#invite=" + room.rec.Invite
		}
		return 200, resp
	}()
	answer(w, status, resp)
}

func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	room := s.roomFor(w, r)
	if room == nil {
		return
	}
	room.mu.Lock()
	pgn := room.pgn()
	room.unlock()
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", "houserules-"+room.id+".pgn"))
	io.WriteString(w, pgn)
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Invite string `json:"invite"`
	}
	if aerr := s.decode(w, r, &req); aerr != nil {
		writeError(w, aerr)
		return
	}
	room := s.roomFor(w, r)
	if room == nil {
		return
	}
	minimal := preferMinimal(r)
	status, resp := s.join(r, room, req.Invite, minimal)
	if minimal && status == http.StatusOK {
		appliedMinimal(w)
	}
	answer(w, status, resp)
}

// join gives the open seat to the holder of the invite code; minimal:
// the answer without the state (preferMinimal).
func (s *Server) join(r *http.Request, room *room, invite string, minimal bool) (int, any) {
	room.mu.Lock()
	defer room.unlock()
	if room.rec.Invite == "" || invite != room.rec.Invite {
		return 0, errf(http.StatusForbidden, CodeBadInvite, "the invite code is not this game's")
	}
	seat := ""
	for _, c := range []string{"white", "black"} {
		if st := room.seat(c); st.Kind == store.Human && st.TokenHash == "" {
			seat = c
		}
	}
	if seat == "" {
		return 0, errf(http.StatusConflict, CodeSeatTaken, "both seats are taken: you can watch the game")
	}
	tok := store.NewToken()
	if err := s.cfg.Store.TakeSeat(r.Context(), room.id, seat, store.HashToken(tok)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			room.refresh(r.Context()) // taken on another instance: show it
			return 0, errf(http.StatusConflict, CodeSeatTaken, "the seat was just taken")
		}
		return 0, errf(http.StatusServiceUnavailable, CodeStorage, "the seat could not be stored")
	}
	room.seat(seat).TokenHash = store.HashToken(tok)
	if room.rec.Status == store.StatusWaiting {
		room.rec.Status = store.StatusActive
	}
	room.changedNotMoves()
	room.scheduleAI()
	room.broadcast()
	resp := seatResp{ID: room.id, Seat: seat, Token: tok, SeatURL: "/g/" + room.id + "#seat=" + tok, WatchURL: "/g/" + room.id}
	if !minimal {
		resp.State = room.stateFor(seat)
	}
	return 200, resp
}

// plyOf returns the ply a move request was sent for, or noPly when it gave
// none. A negative ply is refused: it would pass for "none" and skip the
// stale_ply test.
func plyOf(ply *int) (int, *apiError) {
	switch {
	case ply == nil:
		return noPly, nil
	case *ply < 0:
		return 0, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf(`the "ply" field is %d: send the game's ply (0 or more), or leave it out`, *ply))
	}
	return *ply, nil
}

// missingMove refuses a move request without its move text before anything
// else is looked at (seat, turn, game state).
func missingMove(mv string) *apiError {
	if strings.TrimSpace(mv) == "" {
		return errf(http.StatusBadRequest, CodeBadRequest, `the "move" field is missing or empty: send UCI text such as {"move":"e2e4"}`)
	}
	return nil
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Move string `json:"move"`
		Ply  *int   `json:"ply"`
	}
	if _, aerr := queryOf(r); aerr != nil { // bearer reads ?token=
		writeError(w, aerr)
		return
	}
	if aerr := s.decode(w, r, &req); aerr != nil {
		writeError(w, aerr)
		return
	}
	if aerr := missingMove(req.Move); aerr != nil {
		writeError(w, aerr)
		return
	}
	ply, aerr := plyOf(req.Ply)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	room := s.roomFor(w, r)
	if room == nil {
		return
	}
	status, resp := func() (int, any) {
		room.mu.Lock()
		defer room.unlock()
		tok := bearer(r)
		seat := room.seatOf(tok)
		if tok != "" && seat == "" {
			return 0, errf(http.StatusForbidden, CodeBadToken, "this token is not a seat of this game")
		}
		if aerr := room.play(r.Context(), seat, req.Move, ply, false, nil); aerr != nil {
			return 0, aerr
		}
		return 200, map[string]any{"state": room.stateFor(seat)}
	}()
	answer(w, status, resp)
}
