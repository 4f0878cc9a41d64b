package search

import (
	"context"
	"testing"

	_ "houserules/presets"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestRulesetSwitchForgets: the position key does not cover the rules, so
// an engine that searched a position under one ruleset must search it
// under another exactly as a fresh engine does (the server's engines play
// many games with different rules). Here wrap-board lets Ra4 take the
// queen on h4 across the edge, which plain chess does not.
func TestRulesetSwitchForgets(t *testing.T) {
	const fen = "4k3/8/8/8/R2P3q/8/8/4K3 w - - 0 1"
	plain, wrap := rulestest.Compile(t, "chess", ""), rulestest.Compile(t, "chess", "wrap-board")
	search := func(e *Engine, rs *rules.Ruleset, depth int) Result {
		return e.Search(context.Background(), mustGame(t, rs, fen), Limits{Depth: depth}, nil)
	}
	used := NewEngine(4)
	search(used, plain, 8)
	got := search(used, wrap, 6)
	want := search(NewEngine(4), wrap, 6)
	if want.MoveText != "a4h4" {
		t.Fatalf("fresh engine under wrap-board: %s, want a4h4 (the queen across the edge)", want.MoveText)
	}
	if got.MoveText != want.MoveText || got.Score != want.Score || got.Nodes != want.Nodes {
		t.Errorf("after a plain-chess search: %s score %d in %d nodes; a fresh engine: %s score %d in %d nodes",
			got.MoveText, got.Score, got.Nodes, want.MoveText, want.Score, want.Nodes)
	}
}
