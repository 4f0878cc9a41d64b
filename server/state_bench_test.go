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
	r := benchRoom(b, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7")
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

// BenchmarkBroadcastWaiting measures a move's broadcast on the instance
// of the seat that just moved (two instances on one database: the other
// seat, to move, is on the other one): the states of white's view (the
// seat that waits) and of a spectator are built and encoded, the legal
// moves of the new position built first (the generation bumped: a new
// position). "protocol1": the clients speak protocol 1 and get legal;
// "protocol2": they speak protocol 2 and cannot move, so their states go
// without legal and the legal moves are not built.
func BenchmarkBroadcastWaiting(b *testing.B) {
	r := benchRoom(b, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 c3c4")
	for _, proto := range []int{1, 2} {
		b.Run("protocol"+string(rune('0'+proto)), func(b *testing.B) {
			r.mu.Lock()
			cs := []*client{{r: r, seat: "white", proto: proto}, {r: r, proto: proto}}
			for _, c := range cs {
				r.clients[c] = struct{}{}
			}
			r.mu.Unlock()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.mu.Lock()
				r.gen++ // a new position: nothing cached
				r.broadcast()
				out := r.outbox
				r.outbox = nil
				r.mu.Unlock()
				for _, o := range out {
					if o.partial {
						o.e.tailBytes()
					} else {
						o.e.bytes()
					}
				}
			}
			b.StopTimer()
			r.mu.Lock()
			for _, c := range cs {
				delete(r.clients, c)
			}
			r.mu.Unlock()
		})
	}
}

// benchRoom is the room of a chess game between two humans after moves
// (UCI, space-separated), played through the HTTP API.
func benchRoom(b *testing.B, moves string) *room {
	ts := newTestServer(&testing.T{}, nil)
	_, g := call(&testing.T{}, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "human"}})
	id := g["id"].(string)
	_, invite, _ := strings.Cut(g["inviteUrl"].(string), "#invite=")
	_, j := call(&testing.T{}, "POST", ts.URL+"/api/games/"+id+"/join", "", map[string]any{"invite": invite})
	toks := []string{g["token"].(string), j["token"].(string)}
	for i, mv := range strings.Fields(moves) {
		if code, m := call(&testing.T{}, "POST", ts.URL+"/api/games/"+id+"/moves", toks[i%2], map[string]any{"move": mv}); code != 200 {
			b.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkNewPosition measures what the server does with the position
// a move reaches before its states are sent: the last move taken back
// and played again (rules.Game Undo, Do: a new position, nothing of it
// cached), then "legal" builds the legal list of its states (legalNow)
// and "ending+legal" first asks whether the game ended there, as play
// does (the legal moves listed for the result are kept for the list:
// endingAmong, keepLegal), and then builds the list.
func BenchmarkNewPosition(b *testing.B) {
	r := benchRoom(b, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7")
	for _, end := range []bool{false, true} {
		name := "legal"
		if end {
			name = "ending+legal"
		}
		b.Run(name, func(b *testing.B) {
			r.mu.Lock()
			defer r.mu.Unlock()
			m := r.moves[len(r.moves)-1].move
			b.ReportAllocs()
			for b.Loop() {
				r.game.Undo()
				r.game.Do(m)
				r.gen++
				if end {
					// as play does: the legal moves listed once, for the
					// result and then the states
					legal := r.game.LegalMoves()
					if endingAmong(r.game, legal) != nil {
						b.Fatal("the game ended")
					}
					r.keepLegal(legal)
				}
				r.legalNow()
			}
		})
	}
}
