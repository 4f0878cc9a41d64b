package rules_test

import (
	"testing"

	"houserules/position"
	"houserules/rules"
)

// hookPreset is a test-only preset that installs the given hooks.
type hookPreset struct {
	id    string
	hooks func() []any
}

func (h hookPreset) Info() rules.Info {
	return rules.Info{ID: h.id, Name: h.id, Category: "Test", Mode: rules.Additive, Description: "test hooks"}
}

func (h hookPreset) Setup(b *rules.Builder, _ rules.Options) error {
	for _, x := range h.hooks() {
		b.Hook(x)
	}
	return nil
}

// hookGame registers (once) a test preset named id with hooks and starts a
// chess game from fen under it.
func hookGame(t *testing.T, id, fen string, hooks func() []any) *rules.Game {
	t.Helper()
	if _, ok := rules.Lookup(id); !ok {
		rules.Register(hookPreset{id, hooks})
	}
	rs, err := rules.Compile(position.NewVariant(), []rules.Spec{{ID: id}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func playUCI(t *testing.T, g *rules.Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		g.Do(m)
	}
}
