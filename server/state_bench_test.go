package server

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkStateFor measures one state message of a chess game after 20
// plies, as a move's broadcast builds it for each view: "cold" builds the
// legal moves too (the first view after a move), "warm" reuses them (the
// other views); both encode the state as the writer does.
func BenchmarkStateFor(b *testing.B) {
	ts := newTestServer(&testing.T{}, nil)
	_, g := call(&testing.T{}, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "human"}})
	id := g["id"].(string)
	_, invite, _ := strings.Cut(g["inviteUrl"].(string), "#invite=")
	_, j := call(&testing.T{}, "POST", ts.URL+"/api/games/"+id+"/join", "", map[string]any{"invite": invite})
	toks := []string{g["token"].(string), j["token"].(string)}
	for i, mv := range strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7") {
		if code, m := call(&testing.T{}, "POST", ts.URL+"/api/games/"+id+"/moves", toks[i%2], map[string]any{"move": mv}); code != 200 {
			b.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	for _, cold := range []bool{true, false} {
		name := "warm"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.mu.Lock()
				if cold {
					r.gen++
				}
				st := r.stateFor("black")
				r.mu.Unlock()
				if _, err := st.MarshalJSON(); err != nil { // as the writer encodes it (encoded.bytes)
					b.Fatal(err)
				}
			}
		})
	}
}
