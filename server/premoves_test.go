package server

import (
	"fmt"
	"testing"

	"houserules/rules"
	"houserules/variants"
)

// TestPremovesPlainSkipLegal: without house rules, premoveList skips the
// legal moves (hooked false) and lists the same premoves as with them,
// in every variant of the catalogue and the plugins, ply after ply of a
// random game, after the null move premoves makes: the position
// package's legal moves are among its pseudo-legal ones, square for
// square.
func TestPremovesPlainSkipLegal(t *testing.T) {
	checked := 0
	for _, name := range variants.AllNames() {
		rs, aerr := compile(name, "", presetsField{})
		if aerr != nil || !rs.Plain() {
			continue
		}
		g, err := rules.NewGame(rs, "", false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := uint64(len(name))
		for ply := 0; ply < 24; ply++ {
			if !premovesAgree(t, name, ply, g) {
				break
			}
			checked++
			if _, over := g.Ended(); over {
				break
			}
			legal := g.LegalMoves()
			if len(legal) == 0 {
				break
			}
			rng = rng*6364136223846793005 + 1442695040888963407
			g.Do(legal[(rng>>33)%uint64(len(legal))])
		}
	}
	t.Logf("%d positions", checked)
	if checked < 1000 {
		t.Errorf("%d positions checked, want over 1,000", checked)
	}
}

// premovesAgree compares premoveList with and without the legal moves
// after a null move in g; false when the null move is refused here.
func premovesAgree(t *testing.T, name string, ply int, g *rules.Game) (ok bool) {
	t.Helper()
	defer func() {
		if recover() != nil {
			ok = false // a null move the variant does not foresee: premoves() gives none
		}
	}()
	g.Pos.DoNull()
	defer g.Pos.Undo()
	fast, full := fmt.Sprint(premoveList(g, false)), fmt.Sprint(premoveList(g, true))
	if fast != full {
		t.Errorf("%s ply %d (%s): premoves without the legal moves %s, with them %s", name, ply, g.FEN(), fast, full)
	}
	return true
}
