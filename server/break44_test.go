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
