package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"houserules/position"
	"houserules/rules"
	"houserules/store"

	"github.com/coder/websocket"
)

// TestPlayOverWebSocket creates a game over HTTP, plays moves over
// WebSocket from both seats, watches as a spectator and reads the stored
// game back.
func TestPlayOverWebSocket(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wt)
	b := dialWS(t, ts.URL, id, bt)
	spec := dialWS(t, ts.URL, id, "")
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}
	for i, mv := range moves {
		c := w
		if i%2 == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv, "id": i, "ply": i})
		ack := c.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" })
		if ack["type"] != "ack" || int(ack["ply"].(float64)) != i+1 {
			t.Fatalf("move %s: %v", mv, ack)
		}
	}
	st := spec.expectState(5)
	if st["you"] != "spectator" || st["turn"] != "black" {
		t.Errorf("spectator state: you=%v turn=%v", st["you"], st["turn"])
	}
	wantFEN := "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	if st["fen"] != wantFEN {
		t.Errorf("fen = %v, want %s", st["fen"], wantFEN)
	}
	last := st["lastMove"].(map[string]any)
	if last["san"] != "Bb5" || last["production"] != "fide.bishop-move" || last["by"] != "white" {
		t.Errorf("last move = %v", last)
	}
	var sans []string
	for _, m := range st["moves"].([]any) {
		sans = append(sans, m.(map[string]any)["san"].(string))
	}
	if strings.Join(sans, " ") != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("SAN list = %v", sans)
	}
	// legal moves carry SAN and their production
	found := false
	for _, lm := range st["legal"].([]any) {
		m := lm.(map[string]any)
		if m["uci"] == "g8f6" {
			found = m["san"] == "Nf6" && m["production"] == "fide.knight-move"
		}
	}
	if !found || len(st["legal"].([]any)) != 30 {
		t.Errorf("legal moves: %d, g8f6 found with SAN and production: %v", len(st["legal"].([]any)), found)
	}
	if got := storedMoves(t, ts.DB, id); !reflect.DeepEqual(got, moves) {
		t.Errorf("stored moves = %v, want %v", got, moves)
	}
	g, _ := ts.DB.GetGame(context.Background(), id)
	if g.Moves[4].FENAfter != wantFEN || g.Moves[4].SAN != "Bb5" || g.Variant != "chess" {
		t.Errorf("stored last move = %+v", g.Moves[4])
	}
	// PGN export
	code, _ := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if code != 200 {
		t.Errorf("GET game: %d", code)
	}
	// reconnect resumes: a new connection of white gets the same position
	w2 := dialWS(t, ts.URL, id, wt)
	w2.send(map[string]any{"type": "sync"})
	if st := w2.expectState(5); st["you"] != "white" || st["fen"] != wantFEN {
		t.Errorf("reconnect: you=%v fen=%v", st["you"], st["fen"])
	}
}

// TestAuthorization: a move with the other seat's token, as a spectator,
// or with a wrong token is refused with an error code, and the stored game
// is unchanged.
func TestAuthorization(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wt)
	b := dialWS(t, ts.URL, id, bt)
	spec := dialWS(t, ts.URL, id, "")

	b.send(map[string]any{"type": "move", "move": "e2e4"}) // black moving white's pawn on white's turn
	if code := b.expectError(); code != CodeNotYourTurn {
		t.Errorf("black moving on white's turn: %s", code)
	}
	b.send(map[string]any{"type": "move", "move": "e7e5"}) // black's own pawn, not its turn
	if code := b.expectError(); code != CodeNotYourTurn {
		t.Errorf("black moving its pawn on white's turn: %s", code)
	}
	spec.send(map[string]any{"type": "move", "move": "e2e4"})
	if code := spec.expectError(); code != CodeSpectator {
		t.Errorf("spectator move: %s", code)
	}
	spec.send(map[string]any{"type": "resign"})
	if code := spec.expectError(); code != CodeSpectator {
		t.Errorf("spectator resign: %s", code)
	}
	spec.send(map[string]any{"type": "hello", "token": "0123456789abcdef0123456789abcdef"})
	if code := spec.expectError(); code != CodeBadToken {
		t.Errorf("wrong token: %s", code)
	}
	spec.send(map[string]any{"type": "move", "move": "e2e4"})
	if code := spec.expectError(); code != CodeSpectator {
		t.Errorf("move after a wrong token: %s", code)
	}
	// over HTTP: black's token, no token, a wrong token
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", bt, map[string]any{"move": "e2e4"}); code != 403 || errCode(m) != CodeNotYourTurn {
		t.Errorf("HTTP move with black's token: %d %v", code, m)
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", "", map[string]any{"move": "e2e4"}); code != 403 || errCode(m) != CodeSpectator {
		t.Errorf("HTTP move without token: %d %v", code, m)
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", "nope", map[string]any{"move": "e2e4"}); code != 403 || errCode(m) != CodeBadToken {
		t.Errorf("HTTP move with a wrong token: %d %v", code, m)
	}
	// a move request without its move is refused as such, whoever sends it
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", bt, map[string]any{"ply": 0}); code != 400 || errCode(m) != CodeBadRequest {
		t.Errorf("HTTP move without a move field: %d %v", code, m)
	}
	b.send(map[string]any{"type": "move", "move": "  "})
	if code := b.expectError(); code != CodeBadRequest {
		t.Errorf("WebSocket move with an empty move: %s", code)
	}
	// the invite cannot be used twice
	if got := storedMoves(t, ts.DB, id); len(got) != 0 {
		t.Fatalf("stored moves after refused moves: %v", got)
	}
	// white's move works; then white may not move again
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	w.expect(func(m map[string]any) bool { return m["type"] == "ack" })
	w.send(map[string]any{"type": "move", "move": "d2d4"})
	if code := w.expectError(); code != CodeNotYourTurn {
		t.Errorf("white moving twice: %s", code)
	}
	if got := storedMoves(t, ts.DB, id); !reflect.DeepEqual(got, []string{"e2e4"}) {
		t.Fatalf("stored moves = %v, want [e2e4]", got)
	}
}

// TestBadInput: each bad input gets a clear code and the server keeps
// serving.
func TestBadInput(t *testing.T) {
	// two connections closed with 1009 from one address: without the
	// connect limit, whose ban would refuse the second (TestFloodBan)
	ts := newTestServerWith(t, nil, func(c *Config) { c.ConnectsPerMinute = -1 })
	cases := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"malformed JSON", `{"variant": "chess"`, 400, CodeBadJSON},
		{"wrong JSON type", `{"variant": 7}`, 400, CodeBadJSON},
		{"unknown variant", map[string]any{"variant": "no-such-variant"}, 400, CodeUnknownVariant},
		{"incompatible presets", map[string]any{"variant": "chess", "presets": "piece-hp,explosive-rook"}, 400, CodeIncompatible},
		{"missing requirement", map[string]any{"variant": "chess", "presets": []any{map[string]any{"id": "king-heals"}}}, 400, CodeIncompatible},
		{"unknown preset", map[string]any{"variant": "chess", "presets": "no-such-preset"}, 400, CodeBadPresets},
		{"bad presets text", map[string]any{"variant": "chess", "presets": "piece-hp:scope"}, 400, CodeBadPresets},
		{"bad FEN", map[string]any{"variant": "chess", "fen": "not a fen"}, 400, CodeBadFEN},
		{"bad side", map[string]any{"variant": "chess", "side": "green"}, 400, CodeBadRequest},
		{"oversized body", `{"variant":"chess","ini":"` + strings.Repeat("x", 20000) + `"}`, 413, CodeTooLarge},
	}
	for _, c := range cases {
		code, m := call(t, "POST", ts.URL+"/api/games", "", c.body)
		if code != c.status || errCode(m) != c.code {
			t.Errorf("%s: got %d %v, want %d %s", c.name, code, m, c.status, c.code)
		}
		if e, _ := m["error"].(map[string]any); e == nil || e["message"] == "" {
			t.Errorf("%s: no message", c.name)
		}
	}
	// the incompatible-presets message is the rules.Compile text
	_, m := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "presets": "piece-hp,explosive-rook"})
	if msg := m["error"].(map[string]any)["message"]; msg != "presets piece-hp and explosive-rook are incompatible: choose one" {
		t.Errorf("incompatible message = %q", msg)
	}
	if code, m := call(t, "GET", ts.URL+"/api/games/nope", "", nil); code != 404 || errCode(m) != CodeNotFound {
		t.Errorf("unknown game: %d %v", code, m)
	}
	if code, m := call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"variant": "chess", "presets": "king-heals"}); code != 400 || errCode(m) != CodeIncompatible ||
		!strings.Contains(m["error"].(map[string]any)["message"].(string), "requires piece-hp") {
		t.Errorf("check: %d %v", code, m)
	}

	// over WebSocket
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wt)
	wsCases := []struct {
		name string
		msg  string
		code string
	}{
		{"malformed JSON", `{"type":"move",`, CodeBadJSON},
		{"not an object", `[1,2]`, CodeBadJSON},
		{"unknown type", `{"type":"teleport"}`, CodeUnknownType},
		{"illegal move", `{"type":"move","move":"e2e5"}`, CodeIllegalMove},
		{"garbage move", `{"type":"move","move":"zz99"}`, CodeIllegalMove},
		{"empty move", `{"type":"move"}`, CodeBadRequest},
		{"stale ply", `{"type":"move","move":"e2e4","ply":3}`, CodeStale},
		{"oversized message", `{"type":"move","move":"` + strings.Repeat("e", 9000) + `"}`, CodeTooLarge},
		{"no draw offer", `{"type":"draw_accept"}`, CodeNoDrawOffer},
		{"takeback vs human", `{"type":"takeback"}`, CodeNoTakeback},
	}
	for _, c := range wsCases {
		w.send(c.msg)
		if code := w.expectError(); code != c.code {
			t.Errorf("ws %s: got %s, want %s", c.name, code, c.code)
		}
	}
	// a message over the hard limit closes that connection with 1009 …
	big := dialWS(t, ts.URL, id, "")
	big.send(`{"type":"ping","pad":"` + strings.Repeat("x", 100000) + `"}`)
	for range big.msgs {
	}
	// … whose reason is message_too_large (PROTOCOL.md), read on a raw
	// connection
	{
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		raw, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		raw.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","pad":"`+strings.Repeat("x", 70000)+`"}`))
		var ce websocket.CloseError
		for {
			if _, _, err = raw.Read(ctx); err != nil {
				break
			}
		}
		if !errors.As(err, &ce) || ce.Code != websocket.StatusMessageTooBig || ce.Reason != CodeTooLarge {
			t.Errorf("over the hard limit: %v, want close 1009 %q", err, CodeTooLarge)
		}
	}
	// … and the server keeps serving: the same connection plays on
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); m["type"] != "ack" {
		t.Fatalf("legal move after bad input: %v", m)
	}
	if code, _ := call(t, "GET", ts.URL+"/api/health", "", nil); code != 200 {
		t.Errorf("health after bad input: %d", code)
	}
	if got := storedMoves(t, ts.DB, id); !reflect.DeepEqual(got, []string{"e2e4"}) {
		t.Errorf("stored moves = %v", got)
	}
}

// TestAIGame: the AI answers in the background; a takeback removes the
// human's move and the AI's reply; resign ends the game.
func TestAIGame(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai", "level": 2}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id, tok := g["id"].(string), g["token"].(string)
	w := dialWS(t, ts.URL, id, tok)
	st := w.expectState(0)
	for i := 0; i < 3; i++ {
		var mv string
		for _, lm := range st["legal"].([]any) {
			mv = lm.(map[string]any)["uci"].(string) // any legal move
			break
		}
		w.send(map[string]any{"type": "move", "move": mv})
		st = w.expectState(2*i + 2)
		if st["turn"] != "white" || st["status"] != "active" {
			t.Fatalf("after the AI's reply: %v %v", st["turn"], st["status"])
		}
	}
	_ = st
	if n := len(storedMoves(t, ts.DB, id)); n != 6 {
		t.Fatalf("stored %d plies, want 6", n)
	}
	w.send(map[string]any{"type": "takeback"})
	st = w.expectState(4)
	if st["turn"] != "white" {
		t.Errorf("after takeback: turn %v", st["turn"])
	}
	if n := len(storedMoves(t, ts.DB, id)); n != 4 {
		t.Errorf("stored %d plies after takeback, want 4", n)
	}
	// another move than the one taken back, and the AI's reply: the
	// state's move list (encoded once per move, movesJSON) is the stored one
	// again at the same length as before the takeback
	w.send(map[string]any{"type": "move", "move": st["legal"].([]any)[1].(map[string]any)["uci"]})
	st = w.expectState(6)
	var listed []string
	for _, m := range st["moves"].([]any) {
		listed = append(listed, m.(map[string]any)["uci"].(string))
	}
	if stored := storedMoves(t, ts.DB, id); !reflect.DeepEqual(listed, stored) || st["lastMove"].(map[string]any)["uci"] != stored[5] {
		t.Errorf("state's moves %v (last %v), stored %v", listed, st["lastMove"], stored)
	}
	w.send(map[string]any{"type": "draw_offer"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "draw_declined" }); m["by"] != "black" {
		t.Errorf("draw vs AI: %v", m)
	}
	w.send(map[string]any{"type": "resign"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "game_over" }); m["result"] != "0-1" {
		t.Errorf("game_over = %v", m)
	}
	w.send(map[string]any{"type": "sync"})
	st = w.expect(func(m map[string]any) bool { return m["type"] == "state" && m["status"] == "over" })
	if st["result"] != "0-1" || st["reason"] != "white resigned" {
		t.Errorf("resign: %v %v", st["result"], st["reason"])
	}
	rec, _ := ts.DB.GetGame(context.Background(), id)
	if rec.Result != "0-1" || rec.Status != "over" {
		t.Errorf("stored result %q status %q", rec.Result, rec.Status)
	}
}

// slowMover blocks until its context ends: the AI of one room must not
// block another room.
type slowMover struct{}

func (slowMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	<-ctx.Done()
	return position.NoMove, ctx.Err()
}

func TestAIDoesNotBlockOtherRooms(t *testing.T) {
	ts := newTestServer(t, slowMover{})
	// AI plays white and thinks forever
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "black", "opponent": map[string]any{"type": "ai"}})
	if code != 201 || g["state"].(map[string]any)["aiThinking"] != true {
		t.Fatalf("create: %d %v", code, g["state"])
	}
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	start := time.Now()
	for i, mv := range []string{"d2d4", "d7d5"} {
		tok := wt
		if i == 1 {
			tok = bt
		}
		if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("move %s: %d %v", mv, code, m)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("moves in another room took %v", d)
	}
}

// TestPieceHPState: the state carries HP per piece under piece-hp, and a
// capture lowers the captured piece's HP.
func TestPieceHPState(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess", "presets": []any{map[string]any{"id": "piece-hp"}}})
	for i, mv := range []string{"e2e4", "d7d5", "e4d5"} {
		tok := wt
		if i%2 == 1 {
			tok = bt
		}
		code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv})
		if code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
		if i == 2 {
			st := m["state"].(map[string]any)
			hp := st["hp"].(map[string]any)
			// the d5 pawn survives with 1 HP and is pushed to the first
			// empty square clockwise from north: d6
			if hp["d6"] != 1.0 || hp["d5"] != 2.0 || hp["e1"] != 1.0 {
				t.Errorf("hp = %v (fen %v)", hp, st["fen"])
			}
			if !strings.HasSuffix(st["fen"].(string), "{Hp:d6=1}") {
				t.Errorf("fen = %v", st["fen"])
			}
			if p := st["productions"].(map[string]any)["fide.capture"].(map[string]any); p["by"] != "piece-hp" {
				t.Errorf("production fide.capture = %v", p)
			}
		}
	}
}

func TestVariantsAndPresets(t *testing.T) {
	ts := newTestServer(t, nil)
	_, v := call(t, "GET", ts.URL+"/api/variants", "", nil)
	fams := v["families"].([]any)
	var capa map[string]any
	for _, f := range fams {
		for _, x := range f.(map[string]any)["variants"].([]any) {
			if x.(map[string]any)["name"] == "capablanca" {
				capa = x.(map[string]any)
			}
		}
	}
	if capa == nil || capa["files"] != 10.0 || capa["ranks"] != 8.0 || capa["title"] != "Capablanca chess" {
		t.Errorf("capablanca = %v", capa)
	}
	_, p := call(t, "GET", ts.URL+"/api/presets", "", nil)
	ok := false
	for _, x := range p["presets"].([]any) {
		m := x.(map[string]any)
		if m["id"] == "king-heals" {
			ok = fmt.Sprint(m["requires"]) == "[piece-hp]"
		}
	}
	if !ok {
		t.Errorf("king-heals does not list requires [piece-hp]")
	}
	// a 10x8 game accepts a move
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "capablanca", "opponent": map[string]any{"type": "ai"}})
	if code != 201 {
		t.Fatalf("capablanca: %d %v", code, g)
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/"+g["id"].(string)+"/moves", g["token"].(string), map[string]any{"move": "j2j4"}); code != 200 {
		t.Errorf("capablanca j2j4: %d %v", code, m)
	}
}

func TestPoisonedAndWrapState(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "presets": "piece-hp,poisoned-squares,wrap-board"})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	st := g["state"].(map[string]any)
	if fmt.Sprint(st["poisoned"]) != "[d4 d5 e4 e5]" || st["topology"] != "cylinder" {
		t.Errorf("poisoned = %v, topology = %v", st["poisoned"], st["topology"])
	}
}

// TestSearchMover: the real searcher answers as the AI, for chess and a
// ruleset with house rules.
func TestSearchMover(t *testing.T) {
	ts := newTestServer(t, NewSearchMover(1, 1))
	for _, presets := range []string{"", "piece-hp,king-heals"} {
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "presets": presets, "side": "black", "opponent": map[string]any{"type": "ai", "level": 3}})
		if code != 201 {
			t.Fatalf("create: %d %v", code, g)
		}
		w := dialWS(t, ts.URL, g["id"].(string), g["token"].(string))
		w.send(map[string]any{"type": "sync"})
		st := w.expectState(1) // the AI (white) moved first
		if st["turn"] != "black" || len(st["legal"].([]any)) == 0 {
			t.Fatalf("%q: after the AI's first move: turn %v", presets, st["turn"])
		}
		mv := st["legal"].([]any)[0].(map[string]any)["uci"].(string)
		w.send(map[string]any{"type": "move", "move": mv})
		if st := w.expectState(3); st["turn"] != "black" {
			t.Fatalf("%q: after the AI's second move: turn %v", presets, st["turn"])
		}
	}
}

// panicMover panics: the server must survive and play a random move.
type panicMover struct{}

func (panicMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	panic("boom")
}

func TestAIPanicFallsBack(t *testing.T) {
	ts := newTestServer(t, panicMover{})
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "black", "opponent": map[string]any{"type": "ai"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	w := dialWS(t, ts.URL, g["id"].(string), g["token"].(string))
	w.send(map[string]any{"type": "sync"})
	if st := w.expectState(1); st["turn"] != "black" {
		t.Fatalf("turn %v", st["turn"])
	}
}

// TestIdleRoomsLeaveMemory: an idle room is dropped and loaded again from
// the store with its moves.
func TestIdleRoomsLeaveMemory(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "e2e4"})
	c := dialWS(t, ts.URL, id, bt)
	if n := ts.srv.hub.sweep(0); n != 0 {
		t.Errorf("swept %d rooms with a client connected", n)
	}
	c.conn.CloseNow()
	time.Sleep(200 * time.Millisecond)
	if n := ts.srv.hub.sweep(0); n != 1 {
		t.Errorf("swept %d rooms, want 1", n)
	}
	code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", bt, map[string]any{"move": "e7e5"})
	if code != 200 || m["state"].(map[string]any)["ply"] != 2.0 {
		t.Fatalf("after reload: %d %v", code, m)
	}
}

// TestIdleRoomWithRunningClockStays: a room whose clock runs is not swept
// however idle (its flag timer ends the game in the room the players see,
// and the stored game agrees); once the flag has fallen it is swept and
// loads again as over.
func TestIdleRoomWithRunningClockStays(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess", "clock": map[string]any{"initial": 1, "increment": 0}})
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "e2e4"}); code != 200 {
		t.Fatalf("e2e4: %d %v", code, m)
	}
	if n := ts.srv.hub.sweep(-time.Hour); n != 0 {
		t.Fatalf("swept %d rooms with Black's clock running, want 0", n)
	}
	time.Sleep(1300 * time.Millisecond) // Black's second runs out
	_, m := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if st := m["state"].(map[string]any); st["status"] != "over" || st["result"] != "1-0" || st["reason"] != "black ran out of time" {
		t.Fatalf("after Black's time ran out: %v %v %v", st["status"], st["result"], st["reason"])
	}
	rec, err := ts.DB.GetGame(context.Background(), id)
	if err != nil || rec.Status != store.StatusOver || rec.Result != "1-0" {
		t.Fatalf("stored: %v %v", rec, err)
	}
	if n := ts.srv.hub.sweep(-time.Hour); n != 1 {
		t.Fatalf("swept %d rooms after the flag fell, want 1", n)
	}
	_, m = call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if st := m["state"].(map[string]any); st["status"] != "over" || st["reason"] != "black ran out of time" {
		t.Fatalf("reloaded: %v %v", st["status"], st["reason"])
	}
}

// TestClock: the clock starts after the first move, the increment is
// added, a side out of time loses, and the clock is stored.
func TestClock(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess", "clock": map[string]any{"initial": 1.5, "increment": 1}})
	_, m := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if c := m["state"].(map[string]any)["clock"].(map[string]any); c["white"] != 1500.0 || c["running"] != "" {
		t.Fatalf("clock before the first move = %v", c)
	}
	b := dialWS(t, ts.URL, id, bt)
	_, m = call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "e2e4"})
	c := m["state"].(map[string]any)["clock"].(map[string]any)
	// white's first move is free: 1.5 s + 1 s increment
	if c["running"] != "black" || c["white"] != 2500.0 {
		t.Fatalf("clock after e4 = %v", c)
	}
	// black does not move: after 1.5 s black loses on time
	over := b.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	if over["result"] != "1-0" || over["reason"] != "black ran out of time" {
		t.Fatalf("game_over = %v", over)
	}
	rec, _ := ts.DB.GetGame(context.Background(), id)
	if rec.Result != "1-0" || rec.Clock.BlackMS > 0 || rec.Clock.Since != 0 || rec.Clock.WhiteMS != 2500 {
		t.Errorf("stored: %s %+v", rec.Result, rec.Clock)
	}
	b.send(map[string]any{"type": "move", "move": "e7e5"})
	if code := b.expectError(); code != CodeGameOver {
		t.Errorf("move after the flag: %s", code)
	}
	if code, m := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "clock": map[string]any{"initial": 0}}); code != 400 || errCode(m) != CodeBadRequest {
		t.Errorf("bad clock: %d %v", code, m)
	}
}

// TestDrawOffer: an offer is shown to both, declined, offered again and
// accepted.
func TestDrawOffer(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wt)
	b := dialWS(t, ts.URL, id, bt)
	w.send(map[string]any{"type": "draw_offer"})
	if st := b.expect(func(m map[string]any) bool { return m["type"] == "state" && m["drawOffer"] == "white" }); st["status"] != "active" {
		t.Fatalf("offer: %v", st["status"])
	}
	w.send(map[string]any{"type": "draw_accept"}) // one's own offer
	if code := w.expectError(); code != CodeNoDrawOffer {
		t.Errorf("accepting one's own offer: %s", code)
	}
	b.send(map[string]any{"type": "draw_decline"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "draw_declined" }); m["by"] != "black" {
		t.Errorf("declined: %v", m)
	}
	w.send(map[string]any{"type": "draw_offer"})
	b.expect(func(m map[string]any) bool { return m["type"] == "state" && m["drawOffer"] == "white" })
	b.send(map[string]any{"type": "draw_accept"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "game_over" }); m["result"] != "1/2-1/2" || m["reason"] != "draw by agreement" {
		t.Errorf("game_over = %v", m)
	}
	rec, _ := ts.DB.GetGame(context.Background(), id)
	if rec.Result != "1/2-1/2" {
		t.Errorf("stored result %q", rec.Result)
	}
}

// TestPGNMoveNumbers: the PGN of a game set up from a FEN numbers its
// moves from that FEN's fullmove number and side to move, with SetUp and
// FEN tags.
func TestPGNMoveNumbers(t *testing.T) {
	ts := newTestServer(t, nil)
	fen := "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess", "fen": fen})
	for i, mv := range []string{"e8d7", "e2e4", "d7d6"} {
		tok := bt
		if i%2 == 1 {
			tok = wt
		}
		if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	resp, err := http.Get(ts.URL + "/api/games/" + id + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	pgn := string(body)
	if !strings.Contains(pgn, "\n30... Kd7 31. e4 Kd6 *\n") || !strings.Contains(pgn, `[FEN "`+fen+`"]`) || !strings.Contains(pgn, `[SetUp "1"]`) {
		t.Errorf("PGN:\n%s", pgn)
	}
}

// TestAPIMethodNotAllowed: a route called with a method it does not take
// answers 405 method_not_allowed with an Allow header; a path no route has
// answers 404.
func TestAPIMethodNotAllowed(t *testing.T) {
	ts := newTestServer(t, nil)
	id, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	for _, c := range []struct{ method, path, allow string }{
		{"PUT", "/api/games", "GET, HEAD, POST"},
		{"DELETE", "/api/games/" + id, "GET, HEAD"},
		{"POST", "/api/games/" + id, "GET, HEAD"},
		{"GET", "/api/rulesets/check", "POST"},
		{"GET", "/api/games/" + id + "/moves", "POST"},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != c.allow || !strings.Contains(string(body), CodeMethodNotAllowed) {
			t.Errorf("%s %s: %d Allow %q %s; want 405 Allow %q", c.method, c.path, resp.StatusCode, resp.Header.Get("Allow"), body, c.allow)
		}
	}
	if code, m := call(t, "PUT", ts.URL+"/api/nothing", "", nil); code != 404 || errCode(m) != CodeNotFound {
		t.Errorf("PUT /api/nothing: %d %v", code, m)
	}
}

// TestWSURLTokenBad: a ?token= on the WebSocket URL that is no seat of the
// game is answered with bad_token after the welcome (as a wrong token in
// hello), and the connection watches; a right one takes the seat.
func TestWSURLTokenBad(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	base := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	c := dialWSURL(t, base+"?token=wrongtoken")
	if w := c.expect(func(m map[string]any) bool { return m["type"] == "welcome" }); w["you"] != "spectator" {
		t.Errorf("welcome: %v", w)
	}
	if code := c.expectError(); code != CodeBadToken {
		t.Errorf("wrong URL token: error %q, want %q", code, CodeBadToken)
	}
	ok := dialWSURL(t, base+"?token="+wt)
	if w := ok.expect(func(m map[string]any) bool { return m["type"] == "welcome" }); w["you"] != "white" {
		t.Errorf("right URL token: welcome %v", w)
	}
}

// TestWSInvalidUTF8ID: an id with invalid UTF-8 bytes goes back as valid
// UTF-8 (U+FFFD for each bad byte): a text frame must be UTF-8, and a
// browser drops a connection that sends anything else.
func TestWSInvalidUTF8ID(t *testing.T) {
	b, err := json.Marshal(withID(map[string]any{"type": "pong"}, json.RawMessage("\"a\xff\xfe\"")))
	if err != nil || !utf8.Valid(b) || string(b) != "{\"id\":\"a\ufffd\ufffd\",\"type\":\"pong\"}" {
		t.Errorf("withID: %q %v", b, err)
	}
	b, _ = json.Marshal(withID(map[string]any{"type": "pong"}, json.RawMessage(`7`)))
	if string(b) != `{"id":7,"type":"pong"}` {
		t.Errorf("withID number: %s", b)
	}
}

// TestWSBadJSONSaysWhy: a message that cannot be read is answered with
// bad_json naming what is wrong (the field and its type, a syntax error's
// byte, a binary frame), echoing the id when it could be read.
func TestWSBadJSONSaysWhy(t *testing.T) {
	for _, c := range []struct {
		typ       websocket.MessageType
		msg, want string
		wantID    any
	}{
		{websocket.MessageText, `{"type":"move","move":123,"id":"m1"}`, `field "move" is a JSON number, want a string`, "m1"},
		{websocket.MessageText, `{"type":"move","move":"e2e4","ply":"0"}`, `field "ply" is a JSON string, want an integer`, nil},
		{websocket.MessageText, `{"type":"move","move":"e2e4","ply":1.5,"id":4}`, `field "ply" is a JSON number 1.5, want an integer`, 4.0},
		{websocket.MessageText, `{"type":"move","move":["e2e4"]}`, `field "move" is a JSON array, want a string`, nil},
		{websocket.MessageText, `{"type":"move",}`, `bad JSON at byte 16`, nil},
		{websocket.MessageText, `[1]`, `not a JSON object`, nil},
		{websocket.MessageBinary, `{"type":"ping"}`, `a binary frame`, nil},
	} {
		var m clientMsg
		got := badMessage(c.typ, []byte(c.msg), &m)
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want it to begin %q", c.msg, got, c.want)
		}
		var id any
		if len(m.ID) > 0 {
			json.Unmarshal(m.ID, &id)
		}
		if id != c.wantID {
			t.Errorf("%s: id %v, want %v", c.msg, id, c.wantID)
		}
	}
}
