package presets

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// The 15 v1 presets of the seed RULES.md, with the seed's "Requires" and
// "Incompatible With" lines.
var seedPresets = []string{
	"pawns-move-backward", "double-pawn-sprint", "pawn-diagonal-no-capture",
	"knights-leap-twice", "bishops-ignore-color", "rook-warp", "wrap-board",
	"queen-splits", "king-heals", "explosive-rook", "capture-to-win",
	"last-piece-standing", "piece-hp", "knight-immunity", "poisoned-squares",
}

var seedIncompatible = [][2]string{
	{"pawns-move-backward", "double-pawn-sprint"},
	{"rook-warp", "wrap-board"},
	{"explosive-rook", "piece-hp"},
	{"capture-to-win", "last-piece-standing"},
}

var seedRequires = map[string][]string{
	"king-heals":       {"piece-hp"},
	"poisoned-squares": {"piece-hp"},
}

func incompatiblePair(a, b string) bool {
	for _, p := range seedIncompatible {
		if (p[0] == a && p[1] == b) || (p[0] == b && p[1] == a) {
			return true
		}
	}
	return false
}

// registeredIDs returns the IDs in the registry.
func registeredIDs() []string {
	var ids []string
	for _, p := range rules.Presets() {
		ids = append(ids, p.Info().ID)
	}
	return ids
}

func compileIDs(ids ...string) (*rules.Ruleset, error) {
	var specs []rules.Spec
	for _, id := range ids {
		specs = append(specs, rules.Spec{ID: id})
	}
	return rules.Compile(position.NewVariant(), specs)
}

// Every preset of the seed is registered, and nothing else.
func TestComposition_AllSeedPresetsRegistered(t *testing.T) {
	got := registeredIDs()
	want := slices.Clone(seedPresets)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		var missing []string
		for _, id := range want {
			if !slices.Contains(got, id) {
				missing = append(missing, id)
			}
		}
		t.Errorf("registered presets %v\nwant the 15 of the seed; missing %v", got, missing)
	}
	if err := rules.CheckRegistry(); err != nil {
		t.Error(err)
	}
}

// Each preset declares exactly the seed's Requires and Incompatible With.
func TestComposition_Declarations(t *testing.T) {
	for _, p := range rules.Presets() {
		inf := p.Info()
		var inc []string
		for _, pair := range seedIncompatible {
			switch inf.ID {
			case pair[0]:
				inc = append(inc, pair[1])
			case pair[1]:
				inc = append(inc, pair[0])
			}
		}
		got := slices.Clone(inf.Incompatible)
		sort.Strings(got)
		sort.Strings(inc)
		if !slices.Equal(got, inc) {
			t.Errorf("%s: Incompatible %v, seed says %v", inf.ID, inf.Incompatible, inc)
		}
		if !slices.Equal(inf.Requires, seedRequires[inf.ID]) {
			t.Errorf("%s: Requires %v, seed says %v", inf.ID, inf.Requires, seedRequires[inf.ID])
		}
	}
}

// Every incompatible pair is rejected, in either order, and the error names
// both presets.
func TestComposition_IncompatibleRejected(t *testing.T) {
	ids := registeredIDs()
	for _, pair := range seedIncompatible {
		if !slices.Contains(ids, pair[0]) || !slices.Contains(ids, pair[1]) {
			continue // reported by TestComposition_AllSeedPresetsRegistered
		}
		for _, order := range [][2]string{pair, {pair[1], pair[0]}} {
			_, err := compileIDs(order[0], order[1])
			if err == nil {
				t.Errorf("%s + %s compiled", order[0], order[1])
				continue
			}
			if !strings.Contains(err.Error(), order[0]) || !strings.Contains(err.Error(), order[1]) {
				t.Errorf("%s + %s: error %q does not name both", order[0], order[1], err)
			}
		}
	}
}

// king-heals and poisoned-squares without piece-hp are rejected (alone,
// together, or with any other preset), naming both IDs.
func TestComposition_RequiresPieceHP(t *testing.T) {
	ids := registeredIDs()
	for id, reqs := range seedRequires {
		if !slices.Contains(ids, id) {
			continue
		}
		cases := [][]string{{id}}
		for _, other := range ids {
			if other != id && !slices.Contains(reqs, other) && !incompatiblePair(id, other) {
				cases = append(cases, []string{id, other}, []string{other, id})
			}
		}
		for _, c := range cases {
			if slices.ContainsFunc(c, func(x string) bool { return slices.Contains(reqs, x) }) {
				continue
			}
			_, err := compileIDs(c...)
			if err == nil {
				t.Errorf("%v compiled without %v", c, reqs)
				continue
			}
			// The error names the missing preset and a preset of c that
			// requires it (the first one, when both of c need piece-hp).
			named := slices.ContainsFunc(c, func(x string) bool {
				return len(seedRequires[x]) > 0 && strings.Contains(err.Error(), "preset "+x+" requires")
			})
			for _, r := range reqs {
				if !named || !strings.Contains(err.Error(), r) {
					t.Errorf("%v: error %q does not name both the preset and %s", c, err, r)
				}
			}
		}
	}
}

// withRequires adds the presets that ids require.
func withRequires(ids ...string) []string {
	out := slices.Clone(ids)
	for _, id := range ids {
		for _, r := range seedRequires[id] {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

func anyIncompatible(ids []string) bool {
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			if incompatiblePair(a, b) {
				return true
			}
		}
	}
	return false
}

// Every other pair compiles (with piece-hp added for the presets that need
// it) and plays: a game starts and has its 20-odd first moves. A pair that
// needs piece-hp while the other preset excludes it (explosive-rook with
// king-heals or poisoned-squares) is rejected as incompatible.
func TestComposition_CompatiblePairsCompile(t *testing.T) {
	ids := registeredIDs()
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			if incompatiblePair(a, b) {
				continue
			}
			set := withRequires(a, b)
			rs, err := compileIDs(set...)
			if anyIncompatible(set) {
				if err == nil || !strings.Contains(err.Error(), "incompatible") {
					t.Errorf("%v: error %v, want incompatible", set, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%v: %v", set, err)
				continue
			}
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				t.Errorf("%v: %v", set, err)
				continue
			}
			if n := len(g.LegalMoves()); n < 20 {
				t.Errorf("%v: %d first moves", set, n)
			}
			if _, over := g.Result(); over {
				t.Errorf("%v: game over at the start", set)
			}
		}
	}
}

// The largest rulesets: one preset of each incompatible pair, everything
// else, compile together (the per-piece fact slots suffice) and play.
func TestComposition_MaximalSets(t *testing.T) {
	ids := registeredIDs()
	for mask := range 1 << len(seedIncompatible) {
		var drop []string
		for i, pair := range seedIncompatible {
			drop = append(drop, pair[(mask>>i)&1])
		}
		var set []string
		for _, id := range ids {
			if slices.Contains(drop, id) {
				continue
			}
			if slices.Contains(drop, "piece-hp") && len(seedRequires[id]) > 0 {
				continue
			}
			set = append(set, id)
		}
		rs, err := compileIDs(set...)
		if err != nil {
			t.Errorf("%v: %v", set, err)
			continue
		}
		g, err := rules.NewGame(rs, "", false)
		if err != nil {
			t.Errorf("%v: %v", set, err)
			continue
		}
		if n := rules.PerftGame(g, 2); n < 400 {
			t.Errorf("%v: perft 2 = %d", set, n)
		}
	}
}

// Presets whose rules leave the variant's start position already decided
// do not compile, and the error names the presets, the variant and the
// reason: racingkings' kings (a2, h2) touch across wrap-board's seam, so
// White starts in check, which racing kings never allows. The same
// presets on chess compile.
func TestComposition_StartPositionOver(t *testing.T) {
	rk, err := variants.Get("racingkings")
	if err != nil {
		t.Fatal(err)
	}
	_, err = rules.Compile(rk, []rules.Spec{{ID: "wrap-board"}})
	want := "presets wrap-board do not fit racingkings: its start position: fen \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\": board: white is in check, which this variant's rules never allow (checking = false)"
	if err == nil || err.Error() != want {
		t.Errorf("racingkings + wrap-board: got %v, want %q", err, want)
	}
	chess, err := variants.Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rules.Compile(chess, []rules.Spec{{ID: "wrap-board"}}); err != nil {
		t.Errorf("chess + wrap-board: %v", err)
	}
}

// Preset IDs match without regard to case, in every check: a preset listed
// twice in two spellings is refused, an incompatible pair in capitals is
// refused, a requirement written in capitals is met, and the ruleset names
// the presets by their own IDs.
func TestComposition_IDsIgnoreCase(t *testing.T) {
	if _, err := compileIDs("piece-hp", "PIECE-HP"); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("piece-hp + PIECE-HP: err %v, want listed twice", err)
	}
	for _, pair := range seedIncompatible {
		a, b := strings.ToUpper(pair[0]), strings.ToUpper(pair[1])
		if _, err := compileIDs(a, b); err == nil || !strings.Contains(err.Error(), "incompatible") {
			t.Errorf("%s + %s: err %v, want incompatible", a, b, err)
		}
	}
	rs, err := compileIDs("Piece-HP", "king-heals")
	if err != nil {
		t.Fatalf("Piece-HP + king-heals: %v", err)
	}
	var got []string
	for _, s := range rs.Specs {
		got = append(got, s.ID)
	}
	if strings.Join(got, ",") != "piece-hp,king-heals" {
		t.Errorf("specs %v, want [piece-hp king-heals]", got)
	}
}

// TestResultIndependentOfListOrder: capture-to-win and explosive-rook on
// one move — the rook's capture wins by the first, its blast takes the
// mover's own king by the second: the mover loses (RULINGS explosive-rook:
// the mover whose last royal goes loses, whatever else the blast did),
// whichever order the presets are listed in.
func TestResultIndependentOfListOrder(t *testing.T) {
	for _, presets := range []string{"capture-to-win,explosive-rook", "explosive-rook,capture-to-win"} {
		g := newGame(t, presets, "7k/8/8/3K4/R2p4/8/8/8 w - - 0 1")
		play(t, g, "a4d4")
		if r, over := g.Result(); !over || r.Score != "0-1" || r.Reason != "king detonated" {
			t.Errorf("%s: %v %v, want 0-1 king detonated", presets, r, over)
		}
	}
}
