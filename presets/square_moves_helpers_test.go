package presets

import (
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// legalFrom returns the sorted legal moves (UCI) of the piece on square
// from (castling included: its UCI text starts with the king's square).
func legalFrom(t *testing.T, g *rules.Game, from string) []string {
	t.Helper()
	s := sq(t, from)
	var out []string
	for _, m := range g.LegalMoves() {
		if m.From() == s && m.Kind() != position.Drop {
			out = append(out, g.Pos.UCI(m))
		}
	}
	sort.Strings(out)
	return out
}

// prodOfMove returns the production name of the legal move uci and how
// many times the legal move list holds it ("", 0 when it is not legal).
func prodOfMove(g *rules.Game, uci string) (string, int) {
	name, n := "", 0
	for _, m := range g.LegalMoves() {
		if g.Pos.UCI(m) == uci {
			if n == 0 {
				name = position.ProductionName(m.Production())
			}
			n++
		}
	}
	return name, n
}

// namedVariantGame builds a game of a catalogue variant with presets;
// chess960 selects Chess960 castling.
func namedVariantGame(t *testing.T, variant, presets, fen string, chess960 bool) *rules.Game {
	t.Helper()
	rs := rulestest.Compile(t, variant, presets)
	g, err := rules.NewGame(rs, fen, chess960)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fenPart returns field i (0-based) of the game's FEN.
func fenPart(g *rules.Game, i int) string {
	f := strings.Fields(g.FEN())
	if i < len(f) {
		return f[i]
	}
	return ""
}

// compileWith compiles chess with the presets ("a,b:opt=v").
func compileWith(presets string) (*rules.Ruleset, error) {
	return compileVariantWith(position.NewVariant(), presets)
}

// compileVariantWith compiles variant v with the presets.
func compileVariantWith(v *position.Variant, presets string) (*rules.Ruleset, error) {
	specs, err := rules.ParseSpecs(presets)
	if err != nil {
		return nil, err
	}
	return rules.Compile(v, specs)
}
