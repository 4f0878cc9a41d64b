package variants_test

import (
	"errors"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// order records the order the hooks of a test plugin and a preset ran in.
var order []string

type orderHook string

func (h orderHook) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	order = append(order, string(h))
}

// TestPluginHooksInherit: a child inherits its parent's hooks and
// overrides them one by one; the hooks compile through rules.CompileWith
// before the presets'.
func TestPluginHooksInherit(t *testing.T) {
	win := func(reason string) func(*rules.Game) (rules.Result, bool) {
		return func(g *rules.Game) (rules.Result, bool) {
			if g.Pos.GamePly() >= 1 {
				return rules.Result{Score: "1-0", Reason: reason}, true
			}
			return rules.Result{}, false
		}
	}
	variants.Register("hookParent", meta(variants.Config{
		WinCondition: win("parent"),
		AfterMove:    func(g *rules.Game, m position.Move, info rules.MoveInfo) { order = append(order, "plugin") },
	}))
	variants.Register("hookChild", meta(variants.Config{Extends: "hookParent", WinCondition: win("child")}))
	for key, reason := range map[string]string{"hookParent": "parent", "hookChild": "child"} {
		res, err := variants.Resolve(variants.Request{Variant: key})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := res.NewGame("")
		m, _ := g.ParseMove("e2e4")
		order = nil
		g.Do(m)
		if r, over := g.Result(); !over || r.Reason != reason {
			t.Errorf("%s: %v %v", key, r, over)
		}
		if len(order) != 1 || order[0] != "plugin" {
			t.Errorf("%s: the inherited after-move hook ran %v", key, order)
		}
	}
	// CompileWith registers a variant's hooks (rifleChess + piece-hp in
	// variants/plugins shows the presets' hooks running after them)
	v, _ := variants.Get("chess")
	rs, err := rules.CompileWith(v, func(b *rules.Builder) error { b.Hook(orderHook("plugin")); return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rs.Plain() {
		t.Error("a ruleset with a plugin hook is plain")
	}
	if _, err := rules.CompileWith(v, func(b *rules.Builder) error { return errors.New("no") }, nil); err == nil {
		t.Error("a failing plugin hook setup compiled")
	}
	// config errors of hooks
	variants.Register("hookBadReplace", meta(variants.Config{ReplaceMove: func(*rules.Game, position.Move) {}}))
	variants.Register("hookBadPiece", meta(variants.Config{GoPieces: map[string]variants.GoPiece{"m": {}}}))
	for _, k := range []string{"hookBadReplace", "hookBadPiece"} {
		if p := plugin(t, k); !errors.Is(p.Err, variants.ErrPlugin) {
			t.Errorf("%s: %v", k, p.Err)
		}
	}
}
