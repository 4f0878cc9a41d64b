package search

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
	_ "houserules/variants/plugins" // the plugin variants are built-ins too
)

// fsfVariantsINI is Fairy-Stockfish's variants.ini in the shared oracle
// data (not in the repository).
var fsfVariantsINI = filepath.Join("..", "..", "shared", "testdata", "variants", "fairy-stockfish-variants.ini")

// catalogueRulesets compiles every built-in variant (catalogue and
// plugins) and every section of Fairy-Stockfish's variants.ini that loads,
// by name ("ini:" before a section's name). The ini is skipped when the
// shared data is absent; the number of each is returned for the log.
func catalogueRulesets(t *testing.T) (names []string, sets []*rules.Ruleset, builtins, sections int) {
	t.Helper()
	add := func(name string, req variants.Request) {
		r, err := variants.Resolve(req)
		if err != nil {
			t.Fatalf("%s loads but does not compile: %v", name, err)
		}
		names, sets = append(names, name), append(sets, r.Ruleset)
	}
	for _, n := range variants.Names() {
		add(n, variants.Request{Variant: n})
		builtins++
	}
	for _, p := range variants.Plugins() {
		if p.Err == nil {
			add(p.Key, variants.Request{Variant: p.Key})
			builtins++
		}
	}
	f, err := variants.LoadFile(fsfVariantsINI)
	if err != nil {
		if os.IsNotExist(err) {
			t.Logf("no %s (shared oracle data): its sections are not played", fsfVariantsINI)
			return
		}
		t.Fatal(err)
	}
	for _, s := range f.Sections {
		if s.Err == nil {
			add("ini:"+s.Name, variants.Request{Variant: s.Name, File: f})
			sections++
		}
	}
	return
}

// TestSearchPlaysLegalEverywhere: in every variant that loads, from the
// start position and from positions reached by random legal moves (some of
// them finished games), a small search answers a legal move exactly when
// the side to move has one, and "(none)" with NoMove when it has none (a
// mate, a stalemate, an immediate end such as extinction or a flag).
// Positions drawn by a claimable rule (n-move, repetition) still have moves
// and get one, as in Fairy-Stockfish.
func TestSearchPlaysLegalEverywhere(t *testing.T) {
	names, sets, builtins, sections := catalogueRulesets(t)
	r := rand.New(rand.NewSource(43))
	e := NewEngine(1)
	searched, over := 0, 0
	var noStart []string
	depths := []int{0, 7, 24, 90}
	if raceEnabled {
		depths = []int{24} // single-goroutine: the race detector finds nothing here
	}
	for i, rs := range sets {
		for _, plies := range depths {
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				// the loader's business, not the search's: listed below
				noStart = append(noStart, names[i]+": "+err.Error())
				break
			}
			var played []string
			for len(played) < plies {
				ms := g.LegalMoves()
				if len(ms) == 0 {
					break
				}
				m := ms[r.Intn(len(ms))]
				played = append(played, g.Pos.UCI(m))
				g.Do(m)
			}
			legal := g.LegalMoves()
			fen := g.FEN()
			res := e.Search(context.Background(), g, Limits{Depth: 3, Nodes: 400}, nil)
			searched++
			if g.FEN() != fen {
				t.Fatalf("%s after %v: the search left %s as %s", names[i], played, fen, g.FEN())
			}
			if len(legal) == 0 {
				over++
				if res.Move != position.NoMove || res.MoveText != "(none)" {
					t.Errorf("%s after %v (%s): no legal move, the search answered %q", names[i], played, fen, res.MoveText)
				}
				if _, ended := g.Result(); !ended {
					t.Errorf("%s after %v (%s): no legal move but the game goes on", names[i], played, fen)
				}
				continue
			}
			found := false
			for _, m := range legal {
				found = found || m == res.Move
			}
			if !found {
				t.Errorf("%s after %v (%s): the search answered %q, not a legal move", names[i], played, fen, res.MoveText)
			}
		}
	}
	for _, n := range noStart {
		t.Logf("not played, its start position does not load: %s", n)
	}
	t.Logf("%d built-ins, %d ini sections: %d searches, %d of them in finished games", builtins, sections, searched, over)
}
