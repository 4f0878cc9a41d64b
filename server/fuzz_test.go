package server

import (
	"encoding/json"
	"strings"
	"testing"
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
