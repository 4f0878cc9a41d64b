package presets

import (
	"math/rand"
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

// TestDeclaredProductions: along random games under each preset (with the
// presets it requires), every production a legal move or an event of an
// applied move carries is one the ruleset's presets declare they add, or a
// base production of the variant that none of them retracts. And every
// production a preset declares it adds shows up in those games or in the
// preset's own scenario (the moves below), so the declarations say what
// the presets do.
func TestDeclaredProductions(t *testing.T) {
	// positions where a preset's added production appears at once: in
	// the events of the move, or (result productions, named here) as the
	// result the move brings
	type scene struct{ fen, move, result, prod string }
	scenario := map[string][]scene{
		"capture-to-win": {{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "1-0 first capture", "preset.first-capture-win"}},
		"last-piece-standing": {
			{"k7/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "1-0 extinction", "preset.annihilation-win"},
			{"8/8/8/8/p7/8/P7/7K w - - 0 1", "a2a3", "1-0 stalemate", "preset.no-legal-moves-loss"},
		},
		"king-heals":       {{"7k/8/8/8/8/8/3P4/K7 w - - 0 1 {Hp:a1=1}", "d2d3", "", ""}},
		"poisoned-squares": {{"7k/8/8/8/8/8/3P4/K7 w - - 0 1", "d2d4", "", ""}},
	}
	rng := rand.New(rand.NewSource(41))
	for _, pr := range rules.Presets() {
		inf := pr.Info()
		if strings.HasPrefix(inf.ID, "test-") {
			continue
		}
		ids := append(append([]string{}, inf.Requires...), inf.ID)
		g := newGame(t, strings.Join(ids, ","), "")
		allowed := map[string]bool{}
		retracted := map[string]bool{}
		added := map[string]bool{}
		for _, id := range ids {
			p, _ := rules.Lookup(id)
			for _, x := range p.Info().Retracts {
				retracted[x] = true
			}
			for _, x := range p.Info().Adds {
				allowed[x] = true
			}
		}
		for _, x := range inf.Adds {
			added[x] = false
		}
		for _, x := range rules.BaseProductions(g.R.Variant) {
			if !retracted[x] {
				allowed[x] = true
			}
		}
		seen := func(where string, prod uint16) {
			name := position.ProductionName(prod)
			if _, ok := added[name]; ok {
				added[name] = true
			}
			if !allowed[name] {
				allowed[name] = true // reported once
				t.Errorf("%s: %s carries production %q, which the presets %v neither add nor leave from the base rules", inf.ID, where, name, ids)
			}
		}
		check := func(g *rules.Game) bool {
			moves := g.LegalMoves()
			if _, over := g.Result(); over || len(moves) == 0 {
				return false
			}
			for _, m := range moves {
				seen("move "+g.Pos.UCI(m)+" in "+g.FEN(), m.Production())
			}
			m := moves[rng.Intn(len(moves))]
			uci, fen := g.Pos.UCI(m), g.FEN()
			g.Do(m)
			for _, e := range g.Events() {
				seen("event "+e.String()+" of "+uci+" in "+fen, e.Prod)
			}
			return true
		}
		for game := 0; game < 6; game++ {
			g := newGame(t, strings.Join(ids, ","), "")
			for ply := 0; ply < 80 && check(g); ply++ {
			}
		}
		for _, sc := range scenario[inf.ID] {
			g := newGame(t, strings.Join(ids, ","), sc.fen)
			play(t, g, sc.move)
			for _, e := range g.Events() {
				seen("event "+e.String()+" of "+sc.move, e.Prod)
			}
			r, over := g.Result()
			switch {
			case sc.result == "" && over:
				t.Errorf("%s: %s %s ends the game: %v", inf.ID, sc.fen, sc.move, r)
			case sc.result != "" && r.String() != sc.result:
				t.Errorf("%s: %s %s: result %v (over %v), want %s", inf.ID, sc.fen, sc.move, r, over, sc.result)
			case sc.result != "":
				seen("result "+r.String(), position.RegisterProduction(sc.prod))
			}
		}
		var missing []string
		for x, ok := range added {
			if !ok {
				missing = append(missing, x)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s declares it adds %v, never seen in its games", inf.ID, missing)
		}
	}
}
