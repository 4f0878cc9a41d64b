package server

import (
	"testing"

	"github.com/coder/websocket"
)

// benchMsgs are the messages BenchmarkParseMsg reads: the common ones
// (a move, a ping, a hello with a token) and one the fast path leaves to
// the slow one (a nested id).
var benchMsgs = []struct{ name, msg string }{
	{"move", `{"type":"move","move":"e2e4","ply":12,"id":7}`},
	{"ping", `{"type":"ping"}`},
	{"hello", `{"type":"hello","token":"3f9a1c2e7b4d4e0fa1b2c3d4e5f60718"}`},
	{"nested", `{"type":"move","move":"e2e4","ply":12,"id":{"n":1,"s":"a\u00e9"}}`},
}

// BenchmarkParseMsg: parseMsg (what every client message costs outside
// the room's lock) on the messages of benchMsgs.
func BenchmarkParseMsg(b *testing.B) {
	s := &Server{cfg: Config{MaxMessage: 8 << 10}}
	for _, c := range benchMsgs {
		data := []byte(c.msg)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, refused := s.parseMsg(websocket.MessageText, data); refused != nil {
					b.Fatalf("%s refused: %s", data, refused)
				}
			}
		})
	}
}
