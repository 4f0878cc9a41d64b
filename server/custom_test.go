package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"houserules/store"
)

// seedShaolin is seed 002's Shaolin King block (the part after
// "Fairy-Stockfish rules"), or the test is skipped without the seeds.
func seedShaolin(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob("../../shared/seeds/002_*.txt")
	if len(files) == 0 {
		t.Skip("no ../../shared/seeds/002_*.txt (the seeds are outside the repository)")
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(b), "Fairy-Stockfish rules")
	if !ok {
		t.Fatal("seed 002 has no \"Fairy-Stockfish rules\" part")
	}
	return strings.TrimSpace(block) + "\n"
}

// TestCheckCustomBlock: the check of a custom block reports each section
// and each problem with its line, as `houserules check` does; the variant
// defaults to the block's first section; a block that loads gives its
// pieces.
func TestCheckCustomBlock(t *testing.T) {
	ts := newTestServer(t, nil)
	block := seedShaolin(t)
	code, m := call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": block})
	if code != 200 || m["variant"] != "shaolinking" || m["chess960"] != true {
		t.Fatalf("check of the seed's block (no variant): %d %v", code, m)
	}
	ic := m["iniCheck"].(map[string]any)
	if r := ic["report"].([]any); len(r) != 1 || r[0] != "ok shaolinking" {
		t.Errorf("report %v", r)
	}
	if p := m["pieces"].([]any); len(p) != 7 {
		t.Errorf("pieces %v", p)
	}
	// the preview is the block's own start (not shuffled, for all its chess960 = true)
	if pv := m["preview"].(map[string]any); pv["board"] != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" || pv["pockets"] != nil {
		t.Errorf("preview %v", pv)
	}
	code, m = call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": "[myhouse:crazyhouse]\n"})
	if pv, _ := m["preview"].(map[string]any); code != 200 || pv == nil || pv["pockets"] == nil {
		t.Errorf("a variant with pockets: preview %v", m["preview"])
	}
	// an unknown key on line 3, a bad Betza on the line of customPiece1
	lines := strings.Split(block, "\n")
	bad := append([]string{lines[0], lines[1], "fooBar = 1"}, lines[2:]...)
	pieceLine := 0
	for i, l := range bad {
		if strings.HasPrefix(l, "customPiece1") {
			bad[i], pieceLine = "customPiece1 = p:fmWfceFifmnD%", i+1
		}
	}
	code, m = call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": strings.Join(bad, "\n"), "variant": "shaolinking"})
	if code != 400 || errCode(m) != CodeBadVariant {
		t.Fatalf("check of the bad block: %d %v", code, m)
	}
	msg := m["error"].(map[string]any)["message"].(string)
	if !strings.Contains(msg, "unknown option fooBar (custom.ini:3)") {
		t.Errorf("message %q does not name line 3", msg)
	}
	sec := m["iniCheck"].(map[string]any)["sections"].([]any)[0].(map[string]any)
	errs := sec["errors"].([]any)
	if sec["ok"] != false || len(errs) != 2 {
		t.Fatalf("section %v", sec)
	}
	for i, want := range []int{3, pieceLine} {
		e := errs[i].(map[string]any)
		if int(e["line"].(float64)) != want || !strings.HasSuffix(e["message"].(string), fmt.Sprintf(":%d)", want)) {
			t.Errorf("problem %d: %v, want line %d", i, e, want)
		}
	}
	// text before the first section: a problem of the file, line 1
	code, m = call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": "oops\n" + block, "variant": "shaolinking"})
	fe := m["iniCheck"].(map[string]any)["fileErrors"].([]any)
	if code != 400 || len(fe) != 1 || fe[0].(map[string]any)["line"].(float64) != 1 {
		t.Errorf("text before the section: %d %v", code, m)
	}
}

// TestCustomGameSurvivesRestart: a custom variant's game keeps its block in
// the store; after a restart the room is rebuilt from it, the state says
// custom and GET /api/games/{id} gives the block back.
func TestCustomGameSurvivesRestart(t *testing.T) {
	block := seedShaolin(t)
	dbPath := filepath.Join(t.TempDir(), "games.db")
	open := func() (*store.DB, *Server, *httptest.Server) {
		db, err := store.Open(context.Background(), dbPath)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		return db, s, httptest.NewServer(s)
	}
	db, s, hs := open()
	// the block's start position (its chess960 = true would shuffle it)
	code, g := call(t, "POST", hs.URL+"/api/games", "", map[string]any{"variant": "shaolinking", "ini": block,
		"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "opponent": map[string]any{"type": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id, tok := g["id"].(string), g["token"].(string)
	st := g["state"].(map[string]any)
	if st["custom"] != true || st["variant"] != "shaolinking" {
		t.Fatalf("state: custom %v variant %v", st["custom"], st["variant"])
	}
	// the master's two forms are two piece types, +K being the second
	forms := map[string]string{}
	for _, p := range st["pieces"].([]any) {
		p := p.(map[string]any)
		pr, _ := p["promoted"].(string)
		forms[p["letter"].(string)] = p["betza"].(string) + ">" + pr
	}
	if forms["k"] != "Q>g" || forms["g"] != "pQ>" {
		t.Errorf("the master's forms in the state's pieces: %v", forms)
	}
	invite := strings.TrimPrefix(g["inviteUrl"].(string), "/g/"+id+"#invite=")
	code, j := call(t, "POST", hs.URL+"/api/games/"+id+"/join", "", map[string]any{"invite": invite})
	if code != 200 {
		t.Fatalf("join: %d %v", code, j)
	}
	btok := j["token"].(string)
	for i, mv := range []string{"e2e4", "e7e5", "e1e2+"} {
		tk := tok
		if i%2 == 1 {
			tk = btok
		}
		if code, m := call(t, "POST", hs.URL+"/api/games/"+id+"/moves", tk, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	hs.Close()
	s.Close()
	db.Close()

	db, s, hs = open()
	defer func() { hs.Close(); s.Close(); db.Close() }()
	code, m := call(t, "GET", hs.URL+"/api/games/"+id, "", nil)
	if code != 200 {
		t.Fatalf("after restart: %d %v", code, m)
	}
	st = m["state"].(map[string]any)
	if m["ini"] != block || st["custom"] != true || st["variant"] != "shaolinking" {
		t.Errorf("after restart: ini kept %v, custom %v, variant %v", m["ini"] == block, st["custom"], st["variant"])
	}
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP+KPPP/RNBQ1BNR"; st["board"] != want {
		t.Errorf("board after restart %v, want %s", st["board"], want)
	}
	// a catalogue game has neither
	code, c := call(t, "POST", hs.URL+"/api/games", "", map[string]any{"variant": "shaolinking"})
	if code != 201 {
		t.Fatalf("catalogue shaolinking: %d %v", code, c)
	}
	if c["state"].(map[string]any)["custom"] != nil {
		t.Errorf("a catalogue game says custom")
	}
	if _, m := call(t, "GET", hs.URL+"/api/games/"+c["id"].(string), "", nil); m["ini"] != nil {
		t.Errorf("a catalogue game has an ini: %v", m["ini"])
	}
}
