package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	_ "houserules/variants/plugins" // the variant plugins register themselves
)

// TestPluginVariants: GET /api/variants lists the variant plugins in the
// families of their groups (with board size, label and rule), and a game
// of every plugin starts; on the torus the b2 knight takes on a8 across the
// edge at once.
func TestPluginVariants(t *testing.T) {
	ts := newTestServer(t, nil)
	_, v := call(t, "GET", ts.URL+"/api/variants", "", nil)
	found := map[string]string{} // plugin → family key
	byName := map[string]map[string]any{}
	for _, f := range v["families"].([]any) {
		fm := f.(map[string]any)
		for _, x := range fm["variants"].([]any) {
			m := x.(map[string]any)
			byName[m["name"].(string)] = m
			found[m["name"].(string)] = fm["key"].(string)
		}
	}
	for name, fam := range map[string]string{"noCastling": "plugins-classic", "torpedoChess": "plugins-classic",
		"cylinderChess": "plugins-alternate-rules", "toroidalChess": "plugins-alternate-rules",
		"capablancaChess": "capablanca", "berolinaChess": "plugins-classic", "hoppelPoppelChess": "plugins-classic",
		"makrukPromotion": "plugins-alternate-rules"} {
		if found[name] != fam {
			t.Errorf("%s in family %q, want %q", name, found[name], fam)
		}
	}
	if c := byName["capablancaChess"]; c == nil || c["files"] != 10.0 || c["ranks"] != 8.0 || c["label"] != "Capablanca" || c["rule"] != "Board: 10×8 · Win: Checkmate" {
		t.Errorf("capablancaChess = %v", c)
	}
	for name := range found {
		if _, plugin := byName[name]["label"]; !plugin {
			continue
		}
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": name, "side": "white", "opponent": map[string]any{"type": "ai"}})
		if code != 201 {
			t.Errorf("create %s: %d %v", name, code, g)
			continue
		}
		if name != "toroidalChess" {
			continue
		}
		legal := fmt.Sprint(g["state"].(map[string]any)["legal"])
		if code, m := call(t, "POST", ts.URL+"/api/games/"+g["id"].(string)+"/moves", g["token"].(string), map[string]any{"move": "b2a8"}); code != 200 {
			t.Errorf("toroidalChess b2a8: %d %v (legal %s)", code, m, legal)
		}
	}
}

// TestPluginGameResumes: a Marseillais game (a plugin with a turn-logic
// hook) is stored under the plugin's key, dropped from memory between the
// two plies of Black's turn, loaded again from the store, and plays on:
// Black's second ply, then White's two.
func TestPluginGameResumes(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "marseillaisChess"})
	move := func(tok, mv, turn string) {
		t.Helper()
		code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv})
		if code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
		if st := m["state"].(map[string]any); st["turn"] != turn {
			t.Fatalf("after %s: turn %v, want %s", mv, st["turn"], turn)
		}
	}
	move(wt, "e2e4", "black") // White's first turn is one ply
	move(bt, "e7e5", "black")
	rec, err := ts.DB.GetGame(context.Background(), id)
	if err != nil || rec.Variant != "marseillaisChess" {
		t.Fatalf("stored variant %q: %v", rec.Variant, err)
	}
	if n := ts.srv.hub.sweep(0); n != 1 {
		t.Fatalf("swept %d rooms, want 1", n)
	}
	move(bt, "d7d5", "white")
	move(wt, "d2d4", "white")
	move(wt, "g1f3", "black")
	if got := storedMoves(t, ts.DB, id); strings.Join(got, " ") != "e2e4 e7e5 d7d5 d2d4 g1f3" {
		t.Errorf("stored moves %v", got)
	}
}

// TestPluginWithPresets: presets stack on a plugin's hooks (rifle chess
// with piece-hp), and the game record rebuilds both.
func TestPluginWithPresets(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "rifleChess", "presets": "piece-hp"})
	for i, mv := range []string{"e2e4", "d7d5", "e4d5"} {
		tok := wt
		if i%2 == 1 {
			tok = bt
		}
		if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	rec, err := ts.DB.GetGame(context.Background(), id)
	if err != nil || rec.Variant != "rifleChess" || !strings.Contains(rec.Presets, "piece-hp") {
		t.Fatalf("stored %q %q: %v", rec.Variant, rec.Presets, err)
	}
	ts.srv.hub.sweep(0)
	_, m := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if st := m["state"].(map[string]any); st["ply"] != 3.0 {
		t.Errorf("reloaded: %v", st)
	}
}
