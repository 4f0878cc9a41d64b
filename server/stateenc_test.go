package server

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// sameEncoding fails t unless st encodes, whole and partial, to the bytes
// encodeReflect (the reflection encoder it replaced) writes; it returns
// the bytes compared.
func sameEncoding(t testing.TB, what string, st *gameState) int {
	t.Helper()
	n := 0
	for _, partial := range []bool{false, true} {
		want, werr := st.encodeReflect(partial)
		got, gerr := st.encode(partial)
		if werr != nil || gerr != nil {
			t.Fatalf("%s (partial %v): errors %v (reflect) and %v", what, partial, werr, gerr)
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			lo := max(i-80, 0)
			t.Fatalf("%s (partial %v): differs at byte %d of %d (want %d):\n got …%s\nwant …%s", what, partial, i, len(got), len(want),
				got[lo:min(i+80, len(got))], want[lo:min(i+80, len(want))])
		}
		if !json.Valid(got) {
			t.Fatalf("%s (partial %v): not valid JSON: %s", what, partial, got)
		}
		n += len(got)
	}
	return n
}

// sameViews compares the encoders on the room's state for each view, in
// its whole form and with partial forms from ply 0, half-way and the last
// move (r.mu held).
func sameViews(t *testing.T, what string, r *room, seen map[string]int) int {
	t.Helper()
	n := 0
	for _, seat := range []string{"", "white", "black"} {
		st := r.stateFor(seat)
		for k, ok := range map[string]bool{"hidden": len(st.Hidden) > 0, "kinds": len(st.byKind) > 0, "premoves": st.Premoves != nil,
			"pockets": st.Pockets != nil, "running clock": st.Clock != nil && st.Clock.Running != "", "rematch": st.Rematch != nil,
			"marks": len(st.Marks) > 0, "palaces": st.BoardStyle.Palaces != nil, "AI level": st.Seats["black"].Level != nil} {
			if ok {
				seen[k]++
			}
		}
		n += sameEncoding(t, what+" view "+seat, st)
		n += sameEncoding(t, what+" view "+seat+" of protocol 2", r.stateView(seat, false, false)) // protocol 2, cannot move: no legal, no premoves
		for _, since := range []int{0, len(r.moves) / 2, max(len(r.moves)-1, 0)} {
			cp := *st
			cp.tail = nil
			r.setTail(&cp, since)
			n += sameEncoding(t, what+" view "+seat+" partial", &cp)
		}
	}
	return n
}

// TestEncodeStateAsReflect: appendState writes the bytes of the
// reflection encoder (encodeReflect) for the states of real rooms: every
// view (spectator, white, black), whole and partial, along random games of
// variants with pockets (crazyhouse, shogi, free drops), fog (hidden
// squares: fogOfWar, a test preset), badges and marks (piece-hp,
// poisoned-squares, king-heals …: the view's kinds as fields), palaces and
// rivers, walls, a clock; then with a draw offer, over (resigned), with a
// rematch offered and agreed; and against the AI (seat levels).
func TestEncodeStateAsReflect(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, nil)
	ctx := context.Background()
	bodies := []map[string]any{
		{"variant": "chess"},
		{"variant": "chess", "clock": map[string]any{"initial": 300, "increment": 2}},
		{"variant": "crazyhouse"}, {"variant": "shogi"}, {"variant": "ataxx"}, {"variant": "seirawan"},
		{"variant": "xiangqi"}, {"variant": "janggi"}, {"variant": "duck"}, {"variant": "amazons"}, {"variant": "capablanca"},
		{"variant": "atomic"}, {"variant": "fogOfWar"},
		{"variant": "chess", "presets": "test-fog"},
		{"variant": "chess", "presets": "piece-hp"},
		{"variant": "chess", "presets": "explosive-rook"},
		{"variant": "chess", "presets": "piece-hp,poisoned-squares,wrap-board"},
		{"variant": "chess", "presets": "piece-hp,king-heals"},
		{"variant": "crazyhouse", "presets": "piece-hp"},
	}
	total, seen := 0, map[string]int{}
	for i, body := range bodies {
		what := body["variant"].(string)
		if p, ok := body["presets"].(string); ok {
			what += "+" + p
		}
		var rm *room
		walkRoom(t, ts, body, uint64(i)+1, 24, func(r *room, ply int) {
			rm = r
			total += sameViews(t, what, r, seen)
		})
		rm.mu.Lock()
		if !rm.over() {
			if aerr := rm.offerDraw(ctx, rm.sideToMove()); aerr != nil {
				t.Fatalf("%s: draw offer: %v", what, aerr)
			}
			total += sameViews(t, what+" draw offered", rm, seen)
			if aerr := rm.resign(ctx, "white"); aerr != nil {
				t.Fatalf("%s: resign: %v", what, aerr)
			}
		}
		total += sameViews(t, what+" over", rm, seen)
		for _, seat := range []string{"white", "black"} {
			if aerr := rm.offerRematch(ctx, seat); aerr != nil {
				t.Fatalf("%s: rematch offer by %s: %v", what, seat, aerr)
			}
			total += sameViews(t, what+" rematch offered by "+seat, rm, seen)
		}
		if rm.rm.id == "" {
			t.Fatalf("%s: no rematch", what)
		}
		rm.unlock()
	}

	// against the AI: the seat's level and its name, maybe thinking
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai", "level": 3}})
	if code != 201 {
		t.Fatalf("create AI game: %d %v", code, g)
	}
	id, tok := g["id"].(string), g["token"].(string)
	r, err := ts.srv.hub.room(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e2e4", ""} {
		if mv != "" {
			if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
				t.Fatalf("%s: %d %v", mv, code, m)
			}
		} else {
			time.Sleep(200 * time.Millisecond)
		}
		r.mu.Lock()
		total += sameViews(t, "AI game", r, seen)
		r.mu.Unlock()
	}
	for _, k := range []string{"hidden", "kinds", "premoves", "pockets", "running clock", "rematch", "marks", "palaces", "AI level"} {
		if seen[k] == 0 {
			t.Errorf("no state with %s compared", k)
		}
	}
	t.Logf("%d bytes compared; views with: %v", total, seen)
}

// TestEncodeStateKinds: the view's kinds go in as json.Marshal wrote the
// map of the state's fields and kinds: all sorted by key, a kind never in
// place of a field the state wrote (but in place of one it left out: a
// custom, clock, pockets or rematch it has not), never as a partialOnly
// field (premoves among them), keys escaped (HTML characters, invalid UTF-8) and
// values of any type.
func TestEncodeStateKinds(t *testing.T) {
	t.Parallel()
	base := gameState{Type: "state", Moves: json.RawMessage(`[{"uci":"e2e4"}]`), Legal: json.RawMessage("[]"),
		Productions: json.RawMessage(`{"a":{"id":"a"}}`), Pieces: []pieceJSON{{Letter: "p", Name: "pawn", Betza: "fmWfceF"}},
		tail: json.RawMessage("[]"), tailFrom: 3, Seats: map[string]seatState{"white": {Kind: "human"}, "black": {Kind: "ai"}}}
	kinds := []map[string]any{
		{"hp": map[string]int{"e1": 3, "a1": 1, "<&>": 2}, "hpMax": map[string]int{"K": 5, "p": 1}},
		{"since": 1, "productions": 2, "pieces": 3, "type": "x", "lastMove": 1, "hidden": []string{"a1"}, "legal": 4, "premoves": 1.5},
		{"custom": true, "clock": []string{"a1", "b2"}, "pockets": map[string]int{}, "rematch": nil, "zzz": "last"},
		{"": []string{}, "\xff": map[string]int(nil), "é": []string(nil), "<b>": "&", "A": struct{ X int }{1}, "\u2028": 1},
	}
	for i, k := range kinds {
		st := base
		st.byKind = k
		sameEncoding(t, "kinds "+string(rune('0'+i)), &st)
		st.Custom, st.Clock, st.Premoves = true, &clockJSON{Initial: 1, Running: "white"}, json.RawMessage(`[{"to":"e4"}]`)
		st.Rematch, st.Pockets = &rematchJSON{ID: "x", URL: "/g/x"}, &pocketsJSON{White: []pocketSlotJSON{{Letter: "p", Count: 2}}}
		sameEncoding(t, "kinds with all fields "+string(rune('0'+i)), &st)
	}
}

// TestAppendJSONStringAsMarshal: appendJSONString escapes as json.Marshal
// does: every single byte, HTML characters, control characters (\b \f
// \n \r \t and \u00XX), U+2028 and U+2029, invalid and truncated UTF-8,
// surrogates, and multi-byte characters kept.
func TestAppendJSONStringAsMarshal(t *testing.T) {
	t.Parallel()
	cases := []string{"", "e2e4", `a "quoted" \ <b>&</b>`, "\b\f\n\r\t\x00\x1f\x7f", "é ♔ 𝄞 \u2028 \u2029 \u2027 \u202a",
		"\xff", "a\xc3", "\xc3(", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98", "x\u00e9\xffy"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	for _, s := range cases {
		checkJSONString(t, s)
	}
}

func checkJSONString(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendJSONString([]byte("x"), s); !bytes.Equal(got[1:], want) || got[0] != 'x' {
		t.Fatalf("%q: got %s, want %s", s, got, want)
	}
}

// FuzzAppendJSONString: appendJSONString escapes any string as
// json.Marshal does.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "e2e4", "<&>", "\xff\u2028", "é\x01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkJSONString(t, s) })
}

// FuzzEncodeState: a state filled with fuzzed strings and numbers (every
// string field, nil or empty or full lists, the optional fields there or
// not, view kinds named by the strings) encodes, whole and partial, to the
// bytes of encodeReflect. The raw fields are json.Marshal's encodings, as
// the server's are.
func FuzzEncodeState(f *testing.F) {
	f.Add("chess", "e2e4", "hp,<b>,since,clock", int64(3), int64(-7), uint64(0))
	f.Add("", "\xff\u2028&", "", int64(0), int64(1)<<40, ^uint64(0))
	f.Add("fog\nof war", "é", "marks,a,,\xfe", int64(-1), int64(20), uint64(0x5555_5555_5555_5555))
	f.Fuzz(func(t *testing.T, s1, s2, s3 string, n1, n2 int64, bits uint64) {
		sameEncoding(t, "fuzzed", fuzzState(s1, s2, s3, n1, n2, bits))
	})
}

// fuzzState builds a state from fuzzed values: bits says which optional
// fields and lists it has (each list nil, empty or holding the strings).
func fuzzState(s1, s2, s3 string, n1, n2 int64, bits uint64) *gameState {
	bit := func(i int) bool { return bits>>i&1 == 1 }
	list := func(i int) []string { // bits i, i+1
		switch bits >> i & 3 {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		return []string{s1, s2, s3}
	}
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	lvl := int(n2)
	st := &gameState{Type: "state", ID: s1, Variant: s2, Custom: bit(0), Presets: s3, Files: int(n1), Ranks: int(n2), Topology: s1,
		BoardStyle: boardStyleJSON{Geometry: s2, Theme: s3, River: int(n1)}, StartFEN: s1 + s2, FEN: s2 + s3, Board: s3, Turn: s1,
		Ply: int(n2), Moves: raw([]playedMove{{UCI: s1, SAN: s2, FEN: s3, From: s1}}), Legal: raw([]legalMove{{UCI: s2, Production: s3}}),
		Check: list(1), Hidden: list(3), StatusText: list(5), Status: s1, Result: s2, Reason: s3, You: s1, DrawOffer: s2,
		AIThinking: bit(7), CanTakeback: bit(8), Productions: raw(map[string]production{s1: {ID: s1, Note: s2}, s3: {By: s3}}),
		Watchers: int(n1), CreatedAt: n1, UpdatedAt: n2, CanAbort: bit(9), RematchOffer: s3,
		tail: raw([]playedMove{{UCI: s3, To: s2}}), tailFrom: int(n1)}
	if bit(10) {
		st.BoardStyle.Palaces, st.BoardStyle.Walls = [][2]string{{s1, s2}, {s3, ""}}, s1
	}
	if bit(11) {
		st.LastMove = &playedMove{UCI: s1, SAN: s2, By: s3, Production: s1, To: s3, FEN: s2, Capture: bit(19)}
	}
	if bit(12) {
		st.Badges = []badgeJSON{{Square: s1, Kind: s2, Value: int(n1), Max: int(n2), Text: s3, Title: s1}, {Kind: s3}}
	} else if bit(13) {
		st.Badges = []badgeJSON{}
	}
	if bit(14) {
		st.Marks = []markJSON{{Square: s1, Kind: s2, Title: s3}, {Square: s3}}
	}
	if bit(15) {
		st.Legend = []legendJSON{{Kind: s1, Text: s2}}
	}
	if bit(16) {
		st.Seats = map[string]seatState{s1: {Kind: s2, Taken: true, LevelName: s3}, s2: {Kind: s3, Level: &lvl, Online: true}, "white": {}}
	}
	if bit(17) {
		st.Pieces = []pieceJSON{{Letter: s1, Name: s2, Betza: s3, Royal: true, Promoted: s1}, {}}
	}
	if bit(18) {
		st.Pockets = &pocketsJSON{White: []pocketSlotJSON{{Letter: s1, Count: int(n1)}}, Black: []pocketSlotJSON{}, Free: bit(19)}
	}
	if bit(20) {
		st.Clock = &clockJSON{Initial: n1, Increment: n2, White: n1 - n2, Black: n2, Running: s1}
	}
	if bit(21) {
		st.Rematch = &rematchJSON{ID: s1, URL: s2, Seat: s3, Token: s1}
	}
	if bit(22) {
		st.Premoves = raw([]premoveJSON{{From: s1, To: s2}, {Drop: s3}})
	}
	if bit(23) {
		since := int(n2)
		st.Since = &since
	}
	if bit(24) {
		st.Moves, st.Legal, st.Productions, st.tail = nil, nil, nil, nil
	}
	if bit(25) {
		st.byKind = map[string]any{}
		for i, k := range strings.Split(s3, ",") {
			switch i % 3 {
			case 0:
				st.byKind[k] = map[string]int{s1: int(n1), s2: i, k: int(n2)}
			case 1:
				st.byKind[k] = []string{s1, k}
			default:
				st.byKind[k+"Max"] = map[string]int{}
			}
		}
		st.byKind[s1] = list(26)
	}
	return st
}
