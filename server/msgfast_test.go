package server

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// fastSeeds are real messages of every type handleMsg answers and tricky
// ones (keys differing in case, escapes, whitespace, odd numbers, null,
// nesting, trailing text, bytes that are not UTF-8): the seeds of
// FuzzParseMsgFast and the inputs of TestParseMsgFastAgrees.
var fastSeeds = []string{
	`{"type":"hello"}`, `{"type":"hello","token":"3f9a1c2e7b4d4e0fa1b2c3d4e5f60718"}`,
	`{"type":"move","move":"e2e4","ply":12,"id":7}`, `{"type":"move","move":"e7e8q","ply":0,"id":"m1"}`,
	`{"type":"resign"}`, `{"type":"draw_offer"}`, `{"type":"draw_accept"}`, `{"type":"draw_decline"}`,
	`{"type":"takeback"}`, `{"type":"abort"}`, `{"type":"rematch_offer"}`, `{"type":"rematch_accept"}`,
	`{"type":"rematch_decline"}`, `{"type":"sync"}`, `{"type":"legal","id":3}`, `{"type":"ping","id":"p"}`,
	`{"type":"nonsense"}`, `{}`, ` { } `, `{"a":1}`,
	// letter case and duplicates
	`{"Type":"ping"}`, `{"TYPE":"ping","ID":1,"Ply":2,"MOVE":"a","ToKeN":"t"}`,
	`{"type":"ping","Type":"move"}`, `{"type":"ping","type":"move"}`, `{"a":1,"A":2}`,
	`{"id":1,"iD":2}`, `{"x":1,"y":2,"z":3,"w":4,"v":5,"u":6,"t":7,"s":8,"r":9}`,
	"{\"to\u212aen\":\"t\"}", "{\"\u017fync\":1,\"type\":\"sync\"}", "{\"k\":1,\"\u212a\":2}",
	// escapes and strings
	`{"\u0074ype":"ping"}`, `{"type":"p\u0069ng"}`, `{"type":"a\"b"}`, `{"type":"a\\b"}`,
	"{\"type\":\"\u00e9\"}", "{\"type\":\"\xff\"}", "{\"id\":\"\xff\",\"type\":\"ping\"}", "{\"\xff\":1}",
	"{\"type\":\"a\tb\"}", "{\"type\":\"\x7f\"}", "{\"type\":\"\xed\xa0\x80\"}", `{"":1}`,
	// whitespace
	"{ \"type\" : \"move\" ,\n\"move\":\t\"e2e4\",\r\n\"ply\" : 1 }\n", "\t{\"type\":\"ping\"}  ", "{\"type\":\"ping\"}\v",
	"{\"type\"\u00a0:\"ping\"}",
	// numbers
	`{"type":"move","ply":1e2}`, `{"type":"move","ply":-0}`, `{"type":"move","ply":12.0}`, `{"type":"move","ply":-12}`,
	`{"type":"move","ply":999999999999999999}`, `{"type":"move","ply":9223372036854775807}`,
	`{"type":"move","ply":9223372036854775808}`, `{"type":"move","ply":-9223372036854775808}`,
	`{"type":"move","ply":01}`, `{"type":"move","ply":-}`, `{"type":"move","ply":1.}`, `{"type":"move","ply":.5}`,
	`{"id":1e2}`, `{"id":-0.5E+3}`, `{"id":0}`, `{"id":01}`, `{"x":1.5e-7}`, `{"ply":+1}`,
	// null, booleans, wrong types
	`{"type":null}`, `{"ply":null}`, `{"id":null}`, `{"type":null,"type":"ping"}`, `{"type":true}`,
	`{"id":true}`, `{"id":false}`, `{"x":null,"y":true}`, `{"ply":"1"}`, `{"move":5}`, `{"type":nul}`,
	`{"type":nullx}`, `{"type":truee}`,
	// nesting, trailing text, not objects
	`{"type":"move","id":{"n":1,"n":2}}`, `{"type":"ping","id":[1,2]}`, `{"x":{}}`, `{"type":"ping"}x`,
	`{"type":"ping"}{}`, `{"type":"ping",}`, `{"type":"ping"`, `{"type"}`, `{"type":}`, `{,}`, `[1]`, `null`,
	`"x"`, ``, `{`, `{"type":"ping"}}`, `{"type" "ping"}`, `{"type":"ping" "id":1}`, `{'type':'ping'}`,
}

// TestParseMsgFast: the shapes the fast path reads, with the message each
// gives, and messages it leaves to the slow path.
func TestParseMsgFast(t *testing.T) {
	ply := func(n int) *int { return &n }
	for _, c := range []struct {
		in   string
		want clientMsg
	}{
		{`{"type":"move","move":"e2e4","ply":12,"id":7}`, clientMsg{Type: "move", Move: "e2e4", Ply: ply(12), ID: json.RawMessage(`7`)}},
		{`{"type":"ping"}`, clientMsg{Type: "ping"}},
		{`{"type":"hello","token":"t0k"}`, clientMsg{Type: "hello", Token: "t0k"}},
		{`{}`, clientMsg{}},
		{" {\n \"TYPE\" : \"ping\" , \"Id\" :\t\"x\" }\r\n", clientMsg{Type: "ping", ID: json.RawMessage(`"x"`)}},
		{`{"type":"move","ply":-0}`, clientMsg{Type: "move", Ply: ply(0)}},
		{`{"type":"move","ply":-17}`, clientMsg{Type: "move", Ply: ply(-17)}},
		{`{"ply":999999999999999999}`, clientMsg{Ply: ply(999999999999999999)}},
		{`{"type":null,"ply":null,"move":null,"token":null}`, clientMsg{}},
		{`{"id":null}`, clientMsg{ID: json.RawMessage(`null`)}},
		{`{"id":true}`, clientMsg{ID: json.RawMessage(`true`)}},
		{`{"id":-1.5e+3}`, clientMsg{ID: json.RawMessage(`-1.5e+3`)}},
		{`{"type":"sync","extra":1.5,"more":false,"s":"x","n":null}`, clientMsg{Type: "sync"}},
		{"{\"type\":\"\u00e9t\u00e9\"}", clientMsg{Type: "\u00e9t\u00e9"}},
		{`{"type":"a b/c"}`, clientMsg{Type: "a b/c"}},
	} {
		got, ok := parseMsgFast([]byte(c.in))
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v %v, want %+v", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{
		`{"type":"ping","Type":"move"}`, `{"a":1,"A":2}`, `{"\u0074ype":"ping"}`, `{"type":"p\u0069ng"}`,
		"{\"type\":\"\xff\"}", "{\"\u00e9\":1}", "{\"to\u212aen\":\"t\"}", `{"type":"move","ply":1e2}`,
		`{"type":"move","ply":12.0}`, `{"ply":1234567890123456789}`, `{"ply":01}`, `{"id":{"n":1}}`, `{"id":[1]}`,
		`{"type":"ping"}x`, `{"type":"ping",}`, `{"type":5}`, `{"ply":"1"}`, `{"move":true}`, `[1]`, ``, `null`,
		`{"x":1,"y":2,"z":3,"w":4,"v":5,"u":6,"t":7,"s":8,"r":9}`, "{\"type\":\"ping\"}\v",
	} {
		if got, ok := parseMsgFast([]byte(in)); ok {
			t.Errorf("%q: read as %+v, want it left to the slow path", in, got)
		}
	}
}

// TestParseMsgFastAgrees: on every seed of FuzzParseMsgFast, parseMsg (fast
// path first) answers as parseMsgSlow does.
func TestParseMsgFastAgrees(t *testing.T) {
	for _, s := range fastSeeds {
		checkFastAgrees(t, []byte(s), false)
	}
}

// FuzzParseMsgFast: the fast path and the slow one read any bytes alike.
// When parseMsgFast accepts a message, parseMsgSlow accepts it too, with the
// same clientMsg; and parseMsg (the fast path, else the slow one) gives the
// same clientMsg and the same refusal bytes as parseMsgSlow.
func FuzzParseMsgFast(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s), false)
	}
	f.Add([]byte(`{"type":"ping"}`), true)
	f.Fuzz(func(t *testing.T, data []byte, binary bool) {
		checkFastAgrees(t, data, binary)
	})
}

// checkFastAgrees fails t when the fast path and the slow one read data
// (a text frame, else a binary one, which parseMsg never gives the fast
// path) differently.
func checkFastAgrees(t *testing.T, data []byte, binary bool) {
	t.Helper()
	typ := websocket.MessageText
	if binary {
		typ = websocket.MessageBinary
	}
	slow, slowRefused := parseMsgSlow(typ, data)
	if fast, ok := parseMsgFast(data); ok && !binary {
		if slowRefused != nil || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: fast %+v, slow %+v refused %s", data, fast, slow, slowRefused)
		}
	}
	s := &Server{cfg: Config{MaxMessage: len(data) + 1}}
	got, refused := s.parseMsg(typ, data)
	if !reflect.DeepEqual(got, slow) || string(refused) != string(slowRefused) || (refused == nil) != (slowRefused == nil) {
		t.Fatalf("%q: parseMsg %+v %q, parseMsgSlow %+v %q", data, got, refused, slow, slowRefused)
	}
}

// TestParseMsgFastKnowsEveryField: each field of clientMsg is a field the
// fast path fills (fieldOf knows its JSON name): a field added to
// clientMsg and not to the fast path would be left empty for the flat
// messages it reads, where json.Unmarshal fills it.
func TestParseMsgFastKnowsEveryField(t *testing.T) {
	typ := reflect.TypeOf(clientMsg{})
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if fieldOf([]byte(name)) == fieldNone {
			t.Errorf("clientMsg.%s (JSON %q) is not read by the fast path (fieldOf, fastValue)", typ.Field(i).Name, name)
		}
	}
}
