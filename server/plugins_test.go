package server

import (
	"fmt"
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
