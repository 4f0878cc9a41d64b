package variants_test

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"houserules/geom"
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

// TestPendingAction: seed 001's pending action — after a capture the
// capturer must step to a neighbouring empty square before the turn ends;
// the follow-up survives a save between the two plies (a game fact in the
// FEN's facts suffix).
func TestPendingAction(t *testing.T) {
	variants.Register("hitAndRunT", meta(variants.Config{
		PendingAction: func(g *rules.Game, m position.Move, info rules.MoveInfo) (geom.Square, bool) {
			return m.To(), info.Captured != position.NoPiece
		},
		FollowUp: func(g *rules.Game, from geom.Square, m position.Move) bool {
			df, dr := m.To().File()-from.File(), m.To().Rank()-from.Rank()
			return df*df+dr*dr <= 2 && g.Pos.PieceOn(m.To()) == position.NoPiece
		},
	}))
	res, err := variants.Resolve(variants.Request{Variant: "hitAndRunT"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := g.ParseMove("d1d5")
	g.Do(m)
	want := "d5c4 d5c5 d5c6 d5d4 d5d6 d5e4 d5e5 d5e6"
	list := func(g *rules.Game) string {
		l := g.UCIList(g.LegalMoves())
		sort.Strings(l)
		return strings.Join(l, " ")
	}
	if g.Pos.SideToMove() != position.White || list(g) != want {
		t.Fatalf("after Qxd5: %s: %s", g.FEN(), list(g))
	}
	g2, err := res.NewGame(g.FEN())
	if err != nil {
		t.Fatal(err)
	}
	if list(g2) != want {
		t.Errorf("resumed from %s: %s", g.FEN(), list(g2))
	}
	m, _ = g.ParseMove("d5c5")
	g.Do(m)
	if g.Pos.SideToMove() != position.Black || g.Pos.PieceOn(geom.Sq(2, 4)) == position.NoPiece {
		t.Errorf("after the follow-up: %s", g.FEN())
	}
	g.Undo()
	g.Undo()
	if l := list(g); !strings.Contains(l, "d1a4") {
		t.Errorf("after undo: %s", l)
	}
}
