package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"houserules/store"
)

// BenchmarkGameStart measures the server's part of starting a game: POST
// /api/games (chess, human against human) and POST /api/games/{id}/join,
// in process (no network: the handlers, the store on SQLite, the answers).
// One op = one game started; "minimal" sends Prefer: return=minimal as the
// web client and the load tool do. The load tool's humans run starts 1,000
// games in 5 s (issue 45): this is the server's part of their CPU (with
// SQLite's commits, which PostgreSQL does in another process).
func BenchmarkGameStart(b *testing.B) {
	for _, prefer := range []string{"", "return=minimal"} {
		name := "full"
		if prefer != "" {
			name = "minimal"
		}
		b.Run(name, func(b *testing.B) { benchGameStart(b, prefer) })
	}
}

func benchGameStart(b *testing.B, prefer string) {
	db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), CreatePerMinute: -1})
	defer s.Close()
	post := func(url, body string, want int) []byte {
		req := httptest.NewRequest(http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if prefer != "" {
			req.Header.Set("Prefer", prefer)
		}
		req.RemoteAddr = "10.1.2.3:4567"
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != want {
			b.Fatalf("POST %s: %d %s", url, w.Code, w.Body.Bytes())
		}
		return w.Body.Bytes()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var c struct {
			ID        string `json:"id"`
			InviteURL string `json:"inviteUrl"`
		}
		json.Unmarshal(post("/api/games", `{"variant":"chess","side":"white","opponent":{"type":"human"}}`, http.StatusCreated), &c)
		_, invite, _ := strings.Cut(c.InviteURL, "#invite=")
		post("/api/games/"+c.ID+"/join", `{"invite":"`+invite+`"}`, http.StatusOK)
	}
}
