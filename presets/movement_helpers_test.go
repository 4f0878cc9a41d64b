package presets

import (
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// movesFrom returns the sorted legal moves (UCI) starting on square from.
func movesFrom(g *rules.Game, from string) []string {
	var out []string
	for _, m := range legal(g) {
		if strings.HasPrefix(m, from) && len(m) > len(from) && m[len(from)] >= 'a' && m[len(from)] <= 'z' {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

// production returns the production name of the legal move uci ("" when
// it is not legal).
func production(g *rules.Game, uci string) string {
	for _, m := range g.LegalMoves() {
		if g.Pos.UCI(m) == uci {
			return position.ProductionName(m.Production())
		}
	}
	return ""
}

// catalogueGame builds a game of the named catalogue variant with presets.
func catalogueGame(t *testing.T, variant, presets, fen string) *rules.Game {
	t.Helper()
	v, err := variants.Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	return newVariantGame(t, v, presets, fen)
}

// fenField returns field i (0-based) of the game's FEN.
func fenField(g *rules.Game, i int) string {
	f := strings.Fields(g.FEN())
	if i < len(f) {
		return f[i]
	}
	return ""
}

// sorted splits a space-separated list of moves and sorts it.
func sorted(s string) []string {
	out := strings.Fields(s)
	sort.Strings(out)
	return out
}
