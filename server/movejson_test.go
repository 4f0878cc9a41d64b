package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"houserules/rules"
	"houserules/variants"
)

// appendLegal appends the JSON array of ms to b, each move by
// appendLegalMove as legalNow writes them: the bytes json.Marshal gives
// for a []legalMove (the same keys in the same order, the omitempty
// fields left out alike, strings escaped alike) is what
// TestAppendLegalAsMarshal checks.
func appendLegal(b []byte, ms []legalMove) []byte {
	b = append(b, '[')
	for i := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendLegalMove(b, &ms[i])
	}
	return append(b, ']')
}

// TestAppendLegalAsMarshal: appendLegal writes the bytes json.Marshal
// writes, for the legal moves of every catalogue variant along a random
// game (drops, walls, promotions, piece promotions, captures), for the
// empty list, and for strings json.Marshal escapes.
func TestAppendLegalAsMarshal(t *testing.T) {
	t.Parallel()
	same := func(what string, ms []legalMove) {
		t.Helper()
		want, err := json.Marshal(ms)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendLegal(nil, ms); !bytes.Equal(got, want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got, want)
		}
	}
	same("empty", []legalMove{})
	same("escapes", []legalMove{
		{UCI: "e2e4", SAN: "e4", From: "e2", To: "e4", Kind: "normal", Production: `a "quoted" \\ <b>&</b>`},
		{UCI: "P@e4", SAN: "P@e4", To: "e4", Drop: "p", Kind: "drop", Production: "ctrl\x01\n\t", Capture: true},
		{UCI: "x", SAN: "é", To: "a1", Promotion: "+", Wall: "d5", Kind: "k", Production: "bad utf-8 \xff, line sep \u2028"},
	})
	moves := 0
	walkCatalogue(7, 16, func(name string, g *rules.Game) {
		legal, sans := g.LegalSANs()
		ms := make([]legalMove, len(legal))
		for i := range legal {
			ms[i] = legalOf(g.Pos, legal[i], g.Pos.UCI(legal[i]), sans[i])
		}
		same(name, ms)
		moves += len(ms)
	})
	if moves < 10000 {
		t.Errorf("%d legal moves compared, want over 10,000", moves)
	}
	t.Logf("%d legal moves", moves)
}

// TestAppendPremovesAsMarshal: appendPremoves writes the bytes
// json.Marshal writes, for every shape of a premove and for the premoves
// of every catalogue variant along a random game.
func TestAppendPremovesAsMarshal(t *testing.T) {
	t.Parallel()
	same := func(what string, ps []premoveJSON) {
		t.Helper()
		want, err := json.Marshal(ps)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendPremoves(nil, ps); !bytes.Equal(got, want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got, want)
		}
	}
	same("empty", []premoveJSON{})
	same("shapes", []premoveJSON{{From: "e2", To: "e4"}, {Drop: "p", To: "e4"}, {From: "a1", Drop: "q", To: "a8"}, {To: "<&>"}})
	lists := 0
	walkCatalogue(11, 12, func(name string, g *rules.Game) {
		if ps, ok := premovesOf(g); ok {
			same(name, ps)
			lists++
		}
	})
	if lists < 1000 {
		t.Errorf("%d premove lists compared, want over 1,000", lists)
	}
}

// premovesOf is premoveList after a null move in g (false: the variant
// refuses the null move).
func premovesOf(g *rules.Game) (ps []premoveJSON, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	g.Pos.DoNull()
	defer g.Pos.Undo()
	return premoveList(g, !g.R.Plain()), true
}

// walkCatalogue plays a random game of up to plies plies in every
// catalogue variant (the random walk seeded by seed and the variant's
// name) and calls f at each position before its move, until the game
// ends or has no legal move.
func walkCatalogue(seed uint64, plies int, f func(name string, g *rules.Game)) {
	for _, name := range variants.AllNames() {
		rs, aerr := compile(name, "", presetsField{})
		if aerr != nil {
			continue
		}
		g, err := rules.NewGame(rs, "", false)
		if err != nil {
			continue
		}
		rng := uint64(len(name)) + seed
		for ply := 0; ply < plies; ply++ {
			if _, over := g.Ended(); over {
				break
			}
			f(name, g)
			legal := g.LegalMoves()
			if len(legal) == 0 {
				break
			}
			rng = rng*6364136223846793005 + 1442695040888963407
			g.Do(legal[(rng>>33)%uint64(len(legal))])
		}
	}
}
