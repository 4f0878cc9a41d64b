package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// countingMover counts its calls and plays a random move.
type countingMover struct{ calls chan struct{} }

func (m countingMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	m.calls <- struct{}{}
	return RandomMover{}.BestMove(ctx, g, level)
}

// TestCreateFinishedPosition: a game created from a position that is
// already over is created over, with the rules' result, stored so, and
// the AI does not try to move in it.
func TestCreateFinishedPosition(t *testing.T) {
	mover := countingMover{calls: make(chan struct{}, 16)}
	ts := newTestServer(t, mover)
	cases := []struct {
		name, fen, result, reason string
	}{
		{"checkmate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "1-0", "checkmate"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2", "stalemate"},
	}
	for _, c := range cases {
		for _, opp := range []string{"ai", "human"} {
			code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"fen": c.fen, "side": "white", "opponent": map[string]any{"type": opp, "level": 1}})
			if code != 201 {
				t.Fatalf("%s vs %s: create: %d %v", c.name, opp, code, g)
			}
			// the expected result is the one the rules report for the position
			gm, err := rules.NewGame(mustCompile(t), c.fen, false)
			if err != nil {
				t.Fatal(err)
			}
			if res, over := gm.Result(); !over || res.Score != c.result || res.Reason != c.reason {
				t.Fatalf("%s: rules report %v %v", c.name, res, over)
			}
			st := g["state"].(map[string]any)
			if st["status"] != "over" || st["result"] != c.result || st["reason"] != c.reason || len(st["legal"].([]any)) != 0 || st["aiThinking"] != false {
				t.Errorf("%s vs %s: status %v result %v reason %v legal %d aiThinking %v; want over %s %s, no legal moves, AI not thinking",
					c.name, opp, st["status"], st["result"], st["reason"], len(st["legal"].([]any)), st["aiThinking"], c.result, c.reason)
			}
			id := g["id"].(string)
			rec, err := ts.DB.GetGame(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Status != store.StatusOver || rec.Result != c.result || rec.Reason != c.reason {
				t.Errorf("%s vs %s: stored %q %q %q", c.name, opp, rec.Status, rec.Result, rec.Reason)
			}
			// a room loaded again from the store is over too
			ts.srv.hub.sweep(-time.Hour)
			code, m := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
			if st := m["state"].(map[string]any); code != 200 || st["status"] != "over" || st["result"] != c.result {
				t.Errorf("%s vs %s: reloaded: %d %v %v", c.name, opp, code, st["status"], st["result"])
			}
			code, m = call(t, "POST", ts.URL+"/api/games/"+id+"/moves", g["token"].(string), map[string]any{"move": "g6h6"})
			if code != 409 || errCode(m) != CodeGameOver {
				t.Errorf("%s vs %s: move in a finished game: %d %v", c.name, opp, code, m)
			}
		}
	}
	time.Sleep(100 * time.Millisecond)
	if n := len(mover.calls); n != 0 {
		t.Errorf("the AI was asked to move %d times in finished games", n)
	}
}

func mustCompile(t *testing.T) *rules.Ruleset {
	t.Helper()
	rs, aerr := compile("chess", "", presetsField{})
	if aerr != nil {
		t.Fatal(aerr)
	}
	return rs
}

// TestStoredActiveFinishedGameIsClosed: a game stored "active" although
// its position is over (created before the fix) is closed when loaded,
// and the AI does not try to move.
func TestStoredActiveFinishedGameIsClosed(t *testing.T) {
	mover := countingMover{calls: make(chan struct{}, 16)}
	ts := newTestServer(t, mover)
	rec := &store.Game{ID: "oldmate00001", Variant: "chess", StartFEN: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
		White: store.Seat{Kind: store.Human, TokenHash: store.HashToken("t")}, Black: store.Seat{Kind: store.AI, Level: 1},
		Status: store.StatusActive}
	if err := ts.DB.CreateGame(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	code, m := call(t, "GET", ts.URL+"/api/games/"+rec.ID, "", nil)
	if st := m["state"].(map[string]any); code != 200 || st["status"] != "over" || st["result"] != "1-0" || st["reason"] != "checkmate" {
		t.Errorf("loaded: %d %v %v %v", code, st["status"], st["result"], st["reason"])
	}
	got, _ := ts.DB.GetGame(context.Background(), rec.ID)
	if got.Status != store.StatusOver || got.Result != "1-0" || got.Reason != "checkmate" {
		t.Errorf("stored after load: %q %q %q", got.Status, got.Result, got.Reason)
	}
	time.Sleep(100 * time.Millisecond)
	if n := len(mover.calls); n != 0 {
		t.Errorf("the AI was asked to move %d times", n)
	}
}

// TestMoveAckOrder: a move is answered with its ack first, then one state
// per change (the human's move; later the AI's reply), no duplicate; an
// ack carries the id only when the move had one.
func TestMoveAckOrder(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai", "level": 1}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	w := dialWS(t, ts.URL, g["id"].(string), g["token"].(string))
	next := func() map[string]any {
		t.Helper()
		select {
		case m := <-w.msgs:
			return m
		case <-time.After(10 * time.Second):
			t.Fatal("timed out waiting for a message")
		}
		return nil
	}
	w.send(map[string]any{"type": "ping", "id": "start"}) // skip what the connection sent so far
	w.expect(func(m map[string]any) bool { return m["type"] == "pong" && m["id"] == "start" })
	// the AI's replies are its own: a planned move its reply made illegal
	// (a check) gives way to the first legal move of that state
	var legal []any
	for i, id := range []any{nil, 7.0, "x"} {
		mv := []string{"e2e4", "d2d4", "g1f3"}[i]
		if legal != nil && !slices.ContainsFunc(legal, func(l any) bool { return l.(map[string]any)["uci"] == mv }) {
			mv = legal[0].(map[string]any)["uci"].(string)
		}
		msg := map[string]any{"type": "move", "move": mv}
		if id != nil {
			msg["id"] = id
		}
		w.send(msg)
		ack := next()
		if ack["type"] != "ack" || ack["ply"] != float64(2*i+1) {
			t.Fatalf("move %d: first answer %v %v, want the ack of ply %d", i, ack["type"], ack["ply"], 2*i+1)
		}
		if got, has := ack["id"]; id == nil && has || id != nil && got != id {
			t.Errorf("move %d sent with id %v: ack id %v (present %v)", i, id, got, has)
		}
		if st := next(); st["type"] != "state" || st["ply"] != float64(2*i+1) {
			t.Fatalf("move %d: after the ack %v ply %v, want the state of ply %d", i, st["type"], st["ply"], 2*i+1)
		}
		st := next()
		if st["type"] != "state" || st["ply"] != float64(2*i+2) || st["aiThinking"] != false {
			t.Fatalf("move %d: then %v ply %v aiThinking %v, want the state after the AI's reply (ply %d)", i, st["type"], st["ply"], st["aiThinking"], 2*i+2)
		}
		legal, _ = st["legal"].([]any)
		w.send(map[string]any{"type": "ping", "id": i}) // nothing else came after
		if m := next(); m["type"] != "pong" || m["id"] != float64(i) {
			t.Fatalf("move %d: after the AI's state %v ply %v, want nothing more (pong)", i, m["type"], m["ply"])
		}
	}
	// pong: no id when none was sent
	w.send(map[string]any{"type": "ping"})
	if m := next(); m["type"] != "pong" {
		t.Fatalf("ping: %v", m)
	} else if _, has := m["id"]; has {
		t.Errorf("pong without id: %v", m)
	}
}

// TestNegativePly: a negative ply is refused as bad_request (HTTP and
// WebSocket); an omitted ply still plays, a wrong one is stale_ply.
func TestNegativePly(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	url := ts.URL + "/api/games/" + id + "/moves"
	code, m := call(t, "POST", url, wt, map[string]any{"move": "e2e4", "ply": -1})
	if code != 400 || errCode(m) != CodeBadRequest {
		t.Fatalf("ply -1: %d %s, want 400 bad_request", code, errCode(m))
	}
	if msg, _ := m["error"].(map[string]any)["message"].(string); !strings.Contains(msg, `"ply"`) {
		t.Errorf("message %q does not name the ply field", msg)
	}
	if code, m := call(t, "POST", url, wt, map[string]any{"move": "e2e4", "ply": 5}); code != 409 || errCode(m) != CodeStale {
		t.Errorf("ply 5: %d %v", code, m)
	}
	if got := storedMoves(t, ts.DB, id); len(got) != 0 {
		t.Fatalf("stored moves after refused moves: %v", got)
	}
	if code, m := call(t, "POST", url, wt, map[string]any{"move": "e2e4"}); code != 200 || m["state"].(map[string]any)["ply"] != 1.0 {
		t.Fatalf("omitted ply: %d %v", code, m)
	}
	b := dialWS(t, ts.URL, id, bt)
	b.send(map[string]any{"type": "move", "move": "e7e5", "ply": -3, "id": 1})
	if code := b.expectError(); code != CodeBadRequest {
		t.Errorf("ws ply -3: %s", code)
	}
	b.send(map[string]any{"type": "move", "move": "e7e5", "ply": 1})
	if m := b.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); m["type"] != "ack" {
		t.Errorf("ws ply 1: %v", m)
	}
	if got := storedMoves(t, ts.DB, id); len(got) != 2 {
		t.Errorf("stored moves = %v", got)
	}
}

// TestPresetErrorCodes: presets that are wrong in themselves (an unknown
// preset or option, one listed twice) are bad_presets; presets that exist
// but do not go together or with the variant are incompatible_presets.
// The message is the rules.Compile text; both endpoints answer the same.
func TestPresetErrorCodes(t *testing.T) {
	ts := newTestServer(t, nil)
	cases := []struct {
		name    string
		body    map[string]any
		code    string
		message string
	}{
		{"unknown preset", map[string]any{"presets": "nosuch"}, CodeBadPresets,
			"unknown preset \"nosuch\" (see `houserules rules list`)"},
		{"unknown preset in a list", map[string]any{"presets": []any{map[string]any{"id": "nosuch"}}}, CodeBadPresets,
			"unknown preset \"nosuch\" (see `houserules rules list`)"},
		{"unknown option", map[string]any{"presets": []any{map[string]any{"id": "piece-hp", "options": map[string]any{"foo": "1"}}}}, CodeBadPresets,
			`preset piece-hp has no option "foo"`},
		{"unknown option in text", map[string]any{"presets": "piece-hp:foo=1"}, CodeBadPresets,
			`preset piece-hp has no option "foo"`},
		{"scope on a preset without scope", map[string]any{"presets": "piece-hp:scope=white"}, CodeBadPresets,
			"preset piece-hp does not take a scope option"},
		{"listed twice", map[string]any{"presets": "piece-hp,piece-hp"}, CodeBadPresets,
			"preset piece-hp is listed twice"},
		{"incompatible pair", map[string]any{"presets": "piece-hp,explosive-rook"}, CodeIncompatible,
			"presets piece-hp and explosive-rook are incompatible: choose one"},
		{"missing requirement", map[string]any{"presets": "king-heals"}, CodeIncompatible,
			"preset king-heals requires piece-hp: add it, e.g. --presets piece-hp,king-heals"},
		{"does not fit the variant", map[string]any{"variant": "racingkings", "presets": "wrap-board"}, CodeIncompatible,
			"presets wrap-board do not fit racingkings: its start position: fen \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\": board: white is in check, which this variant's rules never allow (checking = false)"},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/games", "/api/rulesets/check"} {
			code, m := call(t, "POST", ts.URL+path, "", c.body)
			e, _ := m["error"].(map[string]any)
			if code != 400 || errCode(m) != c.code || e["message"] != c.message {
				t.Errorf("%s %s: got %d %s %q, want 400 %s %q", path, c.name, code, errCode(m), e["message"], c.code, c.message)
			}
		}
	}
}

// TestAILevel: an AI level must be 0..20 (the CLI's scale) when given;
// when omitted it is 0, the weakest.
func TestAILevel(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, lvl := range []int{-1, -3, 21, 99} {
		code, m := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"side": "white", "opponent": map[string]any{"type": "ai", "level": lvl}})
		e, _ := m["error"].(map[string]any)
		if want := fmt.Sprintf("AI level %d is not 0..20 (0 weakest, 20 strongest, as houserules play --level)", lvl); code != 400 || errCode(m) != CodeBadRequest || e["message"] != want {
			t.Errorf("level %d: got %d %s %q, want 400 bad_request %q", lvl, code, errCode(m), e["message"], want)
		}
	}
	for _, c := range []struct {
		opponent map[string]any
		want     int
	}{
		{map[string]any{"type": "ai"}, 0},
		{map[string]any{"type": "ai", "level": nil}, 0},
		{map[string]any{}, 0},
		{nil, 0},
		{map[string]any{"type": "ai", "level": 0}, 0},
		{map[string]any{"type": "ai", "level": 8}, 8},
		{map[string]any{"type": "ai", "level": 20}, 20},
	} {
		body := map[string]any{"side": "white"}
		if c.opponent != nil {
			body["opponent"] = c.opponent
		}
		code, g := call(t, "POST", ts.URL+"/api/games", "", body)
		if code != 201 {
			t.Errorf("opponent %v: %d %v", c.opponent, code, g)
			continue
		}
		rec, err := ts.DB.GetGame(context.Background(), g["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if rec.Black.Kind != store.AI || rec.Black.Level != c.want {
			t.Errorf("opponent %v: black is %s level %d, want ai level %d", c.opponent, rec.Black.Kind, rec.Black.Level, c.want)
		}
	}
}

// TestBodyNotAnObject: a body or message that is valid JSON but not an
// object (null, a list, a number, a string) is bad_json on every POST
// endpoint and over WebSocket; an empty body is still {}.
func TestBodyNotAnObject(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	const want = "the body is not a JSON object"
	for _, path := range []string{"/api/games", "/api/rulesets/check", "/api/games/" + id + "/join", "/api/games/" + id + "/moves"} {
		for _, body := range []string{"null", " null\n", "[]", "7", `"e2e4"`, "true"} {
			code, m := call(t, "POST", ts.URL+path, wt, body)
			e, _ := m["error"].(map[string]any)
			if code != 400 || errCode(m) != CodeBadJSON || e["message"] != want {
				t.Errorf("%s %q: got %d %s %q, want 400 bad_json %q", path, body, code, errCode(m), e["message"], want)
			}
		}
	}
	if code, m := call(t, "POST", ts.URL+"/api/games", "", ""); code != 201 {
		t.Errorf("empty body: %d %v, want 201 (an empty body is {})", code, m)
	}
	if code, m := call(t, "POST", ts.URL+"/api/rulesets/check", "", " "); code != 200 {
		t.Errorf("blank body: %d %v, want 200", code, m)
	}
	if got := storedMoves(t, ts.DB, id); len(got) != 0 {
		t.Errorf("stored moves = %v", got)
	}
	w := dialWS(t, ts.URL, id, wt)
	for _, msg := range []string{"null", " null ", "[]", "7", `"ping"`, "false"} {
		w.send(msg)
		m := w.expect(func(m map[string]any) bool { return m["type"] == "error" })
		if m["code"] != CodeBadJSON || m["message"] != `not a JSON object: messages are JSON objects such as {"type":"move","move":"e2e4"}` {
			t.Errorf("ws %q: got %v %q, want bad_json", msg, m["code"], m["message"])
		}
	}
}

// TestVariantNameAsCatalogue: a variant asked for in another case or
// with spaces around it ("MAKRUK", " makruk ") is stored, shown and
// exported as the catalogue spells it, not as typed.
func TestVariantNameAsCatalogue(t *testing.T) {
	ts := newTestServer(t, RandomMover{})
	for _, name := range []string{"MAKRUK", " makruk ", "Makruk"} {
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": name, "opponent": map[string]any{"type": "human"}})
		if code != 201 {
			t.Fatalf("%q: create: %d %v", name, code, g)
		}
		id := g["id"].(string)
		if v := g["state"].(map[string]any)["variant"]; v != "makruk" {
			t.Errorf("%q: state variant %q", name, v)
		}
		if rec, err := ts.DB.GetGame(context.Background(), id); err != nil || rec.Variant != "makruk" {
			t.Errorf("%q: stored variant %q (%v)", name, rec.Variant, err)
		}
		resp, err := http.Get(ts.URL + "/api/games/" + id + "/pgn")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), "[Variant \"makruk\"]\n") {
			t.Errorf("%q: PGN\n%s", name, body)
		}
	}
}

// TestUnknownVariantNamesBrokenSections: a variant not found beside an
// ini with sections that do not load (a header without "]") is unknown,
// and the message says which sections were skipped and why, as the CLI
// and UCI's VariantPath do.
func TestUnknownVariantNamesBrokenSections(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, path := range []string{"/api/games", "/api/rulesets/check"} {
		code, m := call(t, "POST", ts.URL+path, "", map[string]any{"variant": "x", "ini": "[x:chess\nfoo = 1\n"})
		e, _ := m["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if code != 400 || errCode(m) != CodeUnknownVariant || !strings.Contains(msg, `unknown variant "x"`) ||
			!strings.Contains(msg, `invalid section header "[x:chess": missing ']' (custom.ini:1)`) {
			t.Errorf("%s: %d %v", path, code, m)
		}
	}
}
