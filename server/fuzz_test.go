package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"houserules/rules"
)

// FuzzPresetsField: the presets of a request (a --presets string or a list
// of {"id","options"}) never panic the decoder; a refusal says why.
func FuzzPresetsField(f *testing.F) {
	for _, s := range []string{`"piece-hp,king-heals"`, `[{"id":"piece-hp","options":{"hp":"3"}}]`, `[{"id":""}]`,
		`[{"id":"piece-hp","options":{"a:b":"1"}}]`, `42`, `null`, `[`, `""`, `[{"id":"wrap-board"},{"id":"rook-warp"}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var p presetsField
		if err := json.Unmarshal([]byte(s), &p); err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		if p.Err != nil && strings.TrimSpace(p.Err.Error()) == "" {
			t.Fatalf("%q: empty presets error", s)
		}
		if p.Err == nil {
			for _, sp := range p.Specs {
				if strings.TrimSpace(sp.ID) == "" {
					t.Fatalf("%q: accepted an empty preset ID", s)
				}
			}
		}
	})
}

// FuzzPositionCheck: the board editor's check (POST /api/positions/check:
// the FEN parser, the placement check, legal moves and the result under a
// variant and house rules) never panics on any FEN text; a refusal is
// bad_fen with a message, and a FEN it accepts comes back normalised to a
// FEN it accepts again and writes the same way.
func FuzzPositionCheck(f *testing.F) {
	for _, s := range []string{"", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1", "4k3/9/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 x", "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "+P3k3/8/8/8/8/8/8/4K3 w", "8/8/8/8/8/8/8/8[KkQ] w", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {x}"} {
		for v := range 4 {
			f.Add(s, v)
		}
	}
	type cfg struct{ variant, presets string }
	cfgs := []cfg{{"chess", ""}, {"crazyhouse", ""}, {"xiangqi", ""}, {"chess", "piece-hp"}}
	f.Fuzz(func(t *testing.T, fen string, v int) {
		c := cfgs[(v%len(cfgs)+len(cfgs))%len(cfgs)]
		specs, err := rules.ParseSpecs(c.presets)
		if err != nil {
			t.Fatal(err)
		}
		rs, aerr := compile(c.variant, "", presetsField{Specs: specs})
		if aerr != nil {
			t.Fatal(aerr)
		}
		out, aerr := checkPosition(rs, fen, false)
		if aerr != nil {
			if aerr.Code != CodeBadFEN || strings.TrimSpace(aerr.Message) == "" {
				t.Fatalf("%s %q: refusal %v", c.variant, fen, aerr)
			}
			return
		}
		again, aerr := checkPosition(rs, out.FEN, false)
		if aerr != nil {
			t.Fatalf("%s %q: the normalised %q is refused: %v", c.variant, fen, out.FEN, aerr)
		}
		if again.FEN != out.FEN {
			t.Fatalf("%s %q: normalised %q, then %q", c.variant, fen, out.FEN, again.FEN)
		}
	})
}

// FuzzParseMsg: a client's WebSocket message (parseMsg, outside the room's
// lock) never panics the server; a refusal is a JSON error message whose
// code is message_too_large, bad_json or duplicate_key, and a message it
// accepts is a JSON object.
func FuzzParseMsg(f *testing.F) {
	for _, s := range []string{`{"type":"ping"}`, `{"type":"move","move":"e2e4","ply":0,"id":7}`, `{"type":`, `[1]`,
		`{"type":"ping","type":"move"}`, `{"type":"move","move":5}`, `{"id":"\xff","type":3}`, `{"a":{"b":1,"B":2}}`,
		`{"type":"legal"}`, `{"type":"legal","id":"x"}`, `{"type":"legal","type":"sync"}`, `{"type":"legal","ply":"1"}`} {
		f.Add([]byte(s))
	}
	s := &Server{cfg: Config{MaxMessage: 64}}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, refused := s.parseMsg(websocket.MessageText, data)
		if refused == nil {
			if !json.Valid(data) || !isJSONObject(data) {
				t.Fatalf("%q accepted (%+v): not a JSON object", data, m)
			}
			return
		}
		var e map[string]any
		if err := json.Unmarshal(refused, &e); err != nil {
			t.Fatalf("%q: the refusal %q is not JSON: %v", data, refused, err)
		}
		switch c := errCode(e); c {
		case CodeTooLarge, CodeBadJSON, CodeDuplicateKey:
		default:
			t.Fatalf("%q: refused with %q (%s)", data, c, refused)
		}
	})
}
