package server

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"houserules/lab"
)

// TestLabAPI starts a study through POST /api/lab/studies on a server with
// a lab and a worker, follows it with GET /api/lab/studies/{id} to the
// end (4 games of 2 rulesets), reads its plots, and checks the errors.
func TestLabAPI(t *testing.T) {
	ctx := context.Background()
	d, err := lab.Open(ctx, filepath.Join(t.TempDir(), "lab.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ts := newTestServerWith(t, RandomMover{}, func(c *Config) { c.Lab = d })
	code, m := call(t, "POST", ts.URL+"/api/lab/studies", "", map[string]any{"rulesets": "piece-hp;-", "games": 2, "nodes": 40, "maxPlies": 40, "seed": 5})
	if code != 201 || m["id"] != 1.0 {
		t.Fatalf("create: %d %v", code, m)
	}
	w, err := d.Work(ctx, lab.WorkOptions{Jobs: 1, Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop(ctx)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		code, m = call(t, "GET", ts.URL+"/api/lab/studies/1", "", nil)
		if code != 200 || m["finished"] == true || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	p := m["progress"].(map[string]any)
	if code != 200 || m["finished"] != true || p["done"] != 4.0 || p["total"] != 4.0 {
		t.Fatalf("get: %d %v", code, m)
	}
	rs := m["report"].(map[string]any)["rulesets"].([]any)
	if len(rs) != 2 || rs[0].(map[string]any)["ruleset"] != "piece-hp" || rs[1].(map[string]any)["games"] != 2.0 {
		t.Errorf("report rulesets %v", rs)
	}
	for _, name := range []string{"score.svg", "results.svg", "lengths.svg"} {
		resp, err := http.Get(ts.URL + "/api/lab/studies/1/plots/" + name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(b), ">piece-hp") ||
			!strings.Contains(string(b), ">no house rules") {
			t.Errorf("%s: %d %s %.100q", name, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
	// the games, and one opened as an ordinary finished game
	code, m = call(t, "GET", ts.URL+"/api/lab/studies/1/games", "", nil)
	games := m["games"].([]any)
	if code != 200 || len(games) != 4 {
		t.Fatalf("games: %d %v", code, m)
	}
	g0 := games[0].(map[string]any)
	if g0["job"] != 1.0 || g0["index"] != 0.0 || g0["ruleset"] != 0.0 || g0["pair"] != 0.0 {
		t.Errorf("first game %v", g0)
	}
	for range 2 { // the second open finds the stored game
		code, m = call(t, "POST", ts.URL+"/api/lab/games/1/0/open", "", nil)
		if code != 200 || m["id"] != "lab-1-0" {
			t.Fatalf("open: %d %v", code, m)
		}
	}
	code, m = call(t, "GET", ts.URL+"/api/games/lab-1-0", "", nil)
	st := m["state"].(map[string]any)
	if code != 200 || st["status"] != "over" || st["result"] != g0["result"] || st["ply"] != g0["plies"] || len(st["moves"].([]any)) != int(g0["plies"].(float64)) {
		t.Errorf("the opened game: %d status %v result %v ply %v; want over %v %v", code, st["status"], st["result"], st["ply"], g0["result"], g0["plies"])
	}
	if code, m = call(t, "POST", ts.URL+"/api/lab/games/1/5/open", "", nil); code != 404 || errCode(m) != CodeNotFound {
		t.Errorf("open a game that is not there: %d %v", code, m)
	}
	code, m = call(t, "GET", ts.URL+"/api/lab/studies", "", nil)
	if code != 200 || len(m["studies"].([]any)) != 1 {
		t.Errorf("list: %d %v", code, m)
	}
	for _, c := range []struct {
		method, path string
		body         any
		status       int
		code         string
	}{
		{"POST", "/api/lab/studies", map[string]any{"rulesets": "piece-hp;piece-hp", "games": 2}, 400, CodeBadPresets},
		{"POST", "/api/lab/studies", map[string]any{"rulesets": "no-such-rule", "games": 2}, 400, CodeBadRequest},
		{"POST", "/api/lab/studies", map[string]any{"rulesets": "-", "games": 3}, 400, CodeBadRequest},
		{"POST", "/api/lab/studies", map[string]any{"rulesets": "-", "games": 2000}, 400, CodeBadRequest},
		{"POST", "/api/lab/studies", map[string]any{"rulesets": "-", "games": 2, "nope": 1}, 400, CodeBadJSON},
		{"GET", "/api/lab/studies/9", nil, 404, CodeNotFound},
		{"GET", "/api/lab/studies/x", nil, 404, CodeNotFound},
		{"GET", "/api/lab/studies/1/plots/x.svg", nil, 404, CodeNotFound},
		{"POST", "/api/lab/studies/9/cancel", nil, 404, CodeNotFound},
	} {
		code, m := call(t, c.method, ts.URL+c.path, "", c.body)
		if code != c.status || errCode(m) != c.code {
			t.Errorf("%s %s %v: %d %s, want %d %s", c.method, c.path, c.body, code, errCode(m), c.status, c.code)
		}
	}
	// a study no worker plays: cancelled, its 4 jobs with it
	if err := w.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if code, m = call(t, "POST", ts.URL+"/api/lab/studies", "", map[string]any{"rulesets": "wrap-board;-", "games": 4, "level": 3}); code != 201 || m["id"] != 2.0 {
		t.Fatalf("create: %d %v", code, m)
	}
	code, m = call(t, "POST", ts.URL+"/api/lab/studies/2/cancel", "", nil)
	if code != 200 || m["cancelled"] != 4.0 {
		t.Errorf("cancel: %d %v", code, m)
	}
	code, m = call(t, "GET", ts.URL+"/api/lab/studies/2", "", nil)
	p = m["progress"].(map[string]any)
	if code != 200 || m["finished"] != true || p["study"].(map[string]any)["state"] != "cancelled" || p["done"] != 0.0 || p["jobs"].(map[string]any)["cancelled"] != 4.0 {
		t.Errorf("cancelled study: %d %v", code, m)
	}
}

// TestLabAPIOff: without a lab the routes are not there.
func TestLabAPIOff(t *testing.T) {
	ts := newTestServer(t, RandomMover{})
	code, m := call(t, "GET", ts.URL+"/api/lab/studies", "", nil)
	if code != 404 || errCode(m) != CodeNotFound {
		t.Errorf("%d %v", code, m)
	}
}
