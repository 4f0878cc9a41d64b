package server

import (
	"os"
	"slices"
	"strings"
	"testing"

	"houserules/variants"
)

// Issue 44, hostile inputs: the legend of every section of Fairy-Stockfish's
// variants.ini (custom blocks, not the catalogue) draws the engine's moves.
func TestBreakLegendFairyStockfishSections(t *testing.T) {
	data, err := os.ReadFile("../../shared/testdata/variants/fairy-stockfish-variants.ini")
	if err != nil {
		t.Skip(err)
	}
	ini := string(data)
	f, _ := variants.Load(customININame, strings.NewReader(ini))
	for _, s := range f.Sections {
		if s.Err != nil {
			continue
		}
		res, aerr := resolve(s.Name, ini, presetsField{})
		if aerr != nil || res.Name != s.Name {
			continue // a built-in of that name
		}
		for _, p := range legendOf(res.Ruleset) {
			what := s.Name + " " + p.Letter + " (" + p.Name + ")"
			if p.Diagram == nil {
				t.Errorf("%s: no diagram", what)
				continue
			}
			if _, err := res.NewGame(p.Diagram.FEN); err != nil {
				t.Errorf("%s: FEN %q: %v", what, p.Diagram.FEN, err)
				continue
			}
			got := engineTargets(t, res, p.Diagram.FEN, p.Diagram.From)
			if want := squaresOf(p, "move", "both"); !slices.Equal(got, want) {
				t.Errorf("%s: diagram moves %v, engine from %s in %q: %v", what, want, p.Diagram.From, p.Diagram.FEN, got)
			}
		}
	}
}

// A block that loads but whose startFen does not set up (Fairy-Stockfish's
// rookmate: a check count where the castling field goes) is not ok at the
// check: POST /api/games refuses it, so the page must not offer Play. The
// problem is on the startFen line.
func TestBreakCheckStartDoesNotSetUp(t *testing.T) {
	ts := newTestServer(t, nil)
	ini := "[rookmate:3check]\n# a comment\nstartFen = rnbqcbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQCBNK w 7+7 0 1\nking = k:R\ncommoner = c\n"
	code, m := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"ini": ini, "variant": "rookmate", "opponent": map[string]any{"type": "human"}})
	if code != 400 {
		t.Fatalf("create: %d %v", code, m)
	}
	code, m = call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": ini, "variant": "rookmate"})
	if code != 400 || m["ok"] == true {
		t.Fatalf("check: %d %v", code, m)
	}
	ic := m["iniCheck"].(map[string]any)
	s := ic["sections"].([]any)[0].(map[string]any)
	errs := s["errors"].([]any)
	if s["ok"] != false || len(errs) != 1 || errs[0].(map[string]any)["line"] != float64(3) {
		t.Errorf("section %v", s)
	}
	// inherited (no startFen line): the header's line
	if got := startFenLine("[a:b]\nfoo = 1\n[c]\nstartFen = x\n", 1); got != 1 {
		t.Errorf("startFenLine %d", got)
	}
}
