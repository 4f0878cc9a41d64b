package server

import (
	"strings"
	"testing"
)

// TestDuplicateKey: a key named twice in one object, at any depth and in
// any letter case, is found and named with where it is; the same key in
// two different objects is not a duplicate.
func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"type":"ping","type":"move","move":"e2e4"}`, `duplicate key "type" in the top-level object`},
		{`{"type":"ping","Type":"move"}`, `duplicate key "Type" in the top-level object`},
		{`{"type":"move","id":{"a":1,"b":[{"c":1},{"c":2,"c":3}]}}`, `duplicate key "c" in the object "id.b[1]"`},
		{`{"variant":"chess","opponent":{"type":"human","type":"ai"}}`, `duplicate key "type" in the object "opponent"`},
		{`{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}`, ``},
		{`{"type":"move","move":"e2e4","ply":0,"id":"m1"}`, ``},
		{`{"type":"move",}`, ``}, // not JSON: the decoder says why
		{`[{"a":1},{"a":1,"a":2}]`, `duplicate key "a" in the object "[1]"`},
	} {
		if got := duplicateKey([]byte(c.in)); got != c.want {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWSDuplicateKeyRefused: the message of issue 45,
// {"type":"ping","type":"move",…}, was played as a move (the last key
// won); it is now answered with duplicate_key and nothing is done, and so
// is a message with a duplicate inside a nested object. An HTTP body with
// a nested duplicate key is refused the same way (400 duplicate_key).
func TestWSDuplicateKeyRefused(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	c := dialWS(t, ts.URL, id, wt)
	for _, msg := range []string{
		`{"type":"ping","type":"move","move":"e2e4","ply":0}`,
		`{"type":"move","move":"e2e4","ply":0,"id":{"n":1,"n":2}}`,
	} {
		c.send(msg)
		m := c.expect(func(m map[string]any) bool { return m["type"] == "error" || m["type"] == "state" && m["ply"] != 0.0 })
		if m["type"] != "error" || m["code"] != CodeDuplicateKey || !strings.Contains(m["message"].(string), "duplicate key") {
			t.Errorf("%s: answered %v, want error %s", msg, m, CodeDuplicateKey)
		}
	}
	if code, g := call(t, "GET", ts.URL+"/api/games/"+id, "", nil); code != 200 || g["state"].(map[string]any)["ply"] != 0.0 {
		t.Errorf("after the refused messages: %d %v, want ply 0", code, g["state"].(map[string]any)["ply"])
	}
	// the connection still works: a move with each key once is played
	c.send(`{"type":"move","move":"e2e4","ply":0}`)
	c.expectState(1)

	code, m := call(t, "POST", ts.URL+"/api/games", "", `{"variant":"chess","side":"white","opponent":{"type":"human","type":"ai"}}`)
	if code != 400 || errCode(m) != CodeDuplicateKey {
		t.Errorf("POST /api/games with a nested duplicate: %d %v", code, m)
	}
}
