package server

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkEncodeState measures the encoding alone of one state of a game
// after 20 plies, as the writer does it (encoded.bytes, tailBytes): a
// chess state whole and partial, and a piece-hp one (badges: the view's
// kinds as extra top-level fields).
func BenchmarkEncodeState(b *testing.B) {
	ts := newTestServer(&testing.T{}, nil)
	moves := strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7")
	for _, c := range []struct{ name, presets string }{{"chess", ""}, {"piece-hp", "piece-hp"}} {
		id, wt, bt := createHuman(&testing.T{}, ts, map[string]any{"variant": "chess", "presets": c.presets})
		for i, mv := range moves {
			tok := wt
			if i%2 == 1 {
				tok = bt
			}
			if code, m := call(&testing.T{}, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
				b.Fatalf("%s: %d %v", mv, code, m)
			}
		}
		r, err := ts.srv.hub.room(context.Background(), id)
		if err != nil {
			b.Fatal(err)
		}
		r.mu.Lock()
		st := r.stateFor("black")
		r.setTail(st, len(r.moves)-1)
		r.mu.Unlock()
		for _, partial := range []bool{false, true} {
			name := c.name + "/whole"
			if partial {
				name = c.name + "/partial"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := st.encode(partial); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
