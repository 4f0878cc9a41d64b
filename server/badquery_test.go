package server

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestQueryNotParsedRefused: a query that does not parse (a ; between
// parameters, which Go's url.ParseQuery does not take for a separator
// since Go 1.17, or a bad %-escape) is refused with 400 bad_request
// naming it, by every route that reads its query: the WebSocket (before
// the upgrade: ?x=1;protocol=3 was protocol 1, ?protocol=2;x=1 too), the
// game (?token=), the games list (?ids=), a move (?token=). The same
// queries with & are taken as before (protocol=3 refused for the
// protocol; x=1&protocol=2 accepted), and a route that reads no query
// ignores one that does not parse.
func TestQueryNotParsedRefused(t *testing.T) {
	ts := newTestServer(t, nil)
	id, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	do := func(method, path string, body string, ws bool) (int, string) {
		t.Helper()
		var req *http.Request
		if ws {
			req = upgradeRequest(t, ts.URL+path)
		} else {
			var rd io.Reader
			if body != "" {
				rd = strings.NewReader(body)
			}
			req, _ = http.NewRequestWithContext(context.Background(), method, ts.URL+path, rd)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusSwitchingProtocols {
			return resp.StatusCode, ""
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	wsPath := "/api/games/" + id + "/ws?"
	for _, c := range []struct {
		method, path, body string
		ws                 bool
		want               int
		says               string
	}{
		{"GET", wsPath + "x=1;protocol=3", "", true, 400, `{"error":{"code":"bad_request","message":"the query \"x=1;protocol=3\" does not parse: invalid semicolon separator in query (parameters are separated by &, not ;)"}}`},
		{"GET", wsPath + "protocol=2;x=1", "", true, 400, `{"error":{"code":"bad_request","message":"the query \"protocol=2;x=1\" does not parse: invalid semicolon separator in query (parameters are separated by &, not ;)"}}`},
		{"GET", wsPath + "protocol=%zz", "", true, 400, `{"error":{"code":"bad_request","message":"the query \"protocol=%zz\" does not parse: invalid URL escape \"%zz\""}}`},
		{"GET", wsPath + "x=1&protocol=3", "", true, 400, `"bad_request"`},
		{"GET", wsPath + "x=1&protocol=2", "", true, 101, ""},
		{"GET", "/api/games/" + id + "?token=x;y=1", "", false, 400, `the query \"token=x;y=1\" does not parse`},
		{"GET", "/api/games?ids=" + id + ";ids=zz", "", false, 400, `the query \"ids=` + id + `;ids=zz\" does not parse`},
		{"POST", "/api/games/" + id + "/moves?token=x;y=1", `{"move":"e2e4"}`, false, 400, `the query \"token=x;y=1\" does not parse`},
		{"GET", "/api/games/" + id + "?a=1", "", false, 200, `"state"`},
		{"GET", "/api/health?a;b", "", false, 200, `"ok":true`},
	} {
		code, body := do(c.method, c.path, c.body, c.ws)
		if code != c.want || !strings.Contains(body, c.says) {
			t.Errorf("%s %s: %d %s, want %d with %s", c.method, c.path, code, strings.TrimSpace(body), c.want, c.says)
		}
	}
}
