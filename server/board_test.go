package server

import (
	"fmt"
	"testing"

	"houserules/variants"
)

// palaceINI is xiangqi written with options this branch's engine loads
// (no flyingGeneral, chasing or soldier rank): the board style must come
// from the definition, not the name.
const palaceINI = `
[palaceboard:chess]
maxRank = 10
maxFile = 9
pawn = -
knight = -
bishop = -
queen = -
rook = r
horse = n
elephant = b
fers = a
cannon = c
soldier = p
king = k:W
promotionPieceTypes = -
doubleStep = false
castling = false
stalemateValue = loss
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5
mobilityRegionBlackElephant = *6 *7 *8 *9 *10

# the same board with janggi's pieces: no river (its elephants go anywhere)
[palacejanggi:palaceboard]
cannon = -
elephant = -
janggiCannon = c
janggiElephant = b

# a xiangqi template without palaces: still lines (minixiangqi-like)
[linesonly:chess]
variantTemplate = xiangqi
maxRank = 7
maxFile = 7
pawn = -
knight = -
bishop = -
queen = -
rook = r
king = k:W
promotionPieceTypes = -
doubleStep = false
castling = false
startFen = 3k3/7/7/7/7/7/R2K3 w - - 0 1

# a king kept in a region that is not a rectangle: no palace
[oddregion:chess]
mobilityRegionWhiteKing = *1 *2 e3
mobilityRegionBlackKing = *7 *8 e6
`

func styleString(b boardStyleJSON) string {
	return fmt.Sprintf("%s/%s river=%d palaces=%v walls=%q", b.Geometry, b.Theme, b.River, b.Palaces, b.Walls)
}

func TestBoardStyleFromDefinition(t *testing.T) {
	for _, c := range []struct{ variant, ini, want string }{
		{"chess", "", `squares/ river=0 palaces=[] walls=""`},
		{"shogi", "", `squares/ river=0 palaces=[] walls=""`},
		{"palaceboard", palaceINI, `intersections/xiangqi river=5 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"palacejanggi", palaceINI, `intersections/janggi river=0 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"linesonly", palaceINI, `intersections/xiangqi river=0 palaces=[] walls=""`},
		{"oddregion", palaceINI, `squares/ river=0 palaces=[] walls=""`},
	} {
		rs, aerr := compile(c.variant, c.ini, presetsField{})
		if aerr != nil {
			t.Fatalf("%s: %v", c.variant, aerr)
		}
		if got := styleString(boardStyle(rs.Variant)); got != c.want {
			t.Errorf("%s: %s, want %s", c.variant, got, c.want)
		}
	}
}

// TestBoardStyleCatalogue: the catalogue's xiangqi family and the walled
// variants.
func TestBoardStyleCatalogue(t *testing.T) {
	for _, c := range []struct{ variant, want string }{
		{"xiangqi", `intersections/xiangqi river=5 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"manchu", `intersections/xiangqi river=5 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"minixiangqi", `intersections/xiangqi river=0 palaces=[[c1 e3] [c5 e7]] walls=""`},
		// template bughouse, but palaces; the drop regions are the halves
		{"supply", `intersections/xiangqi river=5 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"janggi", `intersections/janggi river=0 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"janggimodern", `intersections/janggi river=0 palaces=[[d1 f3] [d8 f10]] walls=""`},
		{"duck", `squares/ river=0 palaces=[] walls="duck"`},
		{"amazons", `squares/ river=0 palaces=[] walls="arrow"`},
		{"gustav3", `squares/ river=0 palaces=[] walls=""`},
	} {
		rs, aerr := compile(c.variant, "", presetsField{})
		if aerr != nil {
			t.Errorf("%s: %v", c.variant, aerr)
			continue
		}
		if got := styleString(boardStyle(rs.Variant)); got != c.want {
			t.Errorf("%s: %s, want %s", c.variant, got, c.want)
		}
	}
}

// TestPickerListsTheCatalogue: every built-in variant and plugin is in
// GET /api/variants exactly once, with a title and a description: among
// the family's variants (with its board style) when it can be played,
// among its unavailable ones (with the reason) when not.
func TestPickerListsTheCatalogue(t *testing.T) {
	ts := newTestServer(t, nil)
	_, v := call(t, "GET", ts.URL+"/api/variants", "", nil)
	seen := map[string]string{}
	for _, f := range v["families"].([]any) {
		fam := f.(map[string]any)
		for _, list := range []string{"variants", "unavailable"} {
			for _, x := range fam[list].([]any) {
				e := x.(map[string]any)
				name, _ := e["name"].(string)
				if prev, dup := seen[name]; dup {
					t.Errorf("%s listed twice (%s, %s)", name, prev, list)
				}
				seen[name] = list
				if e["title"] == "" || e["description"] == "" {
					t.Errorf("%s: no title or description: %v", name, e)
				}
				_, styled := e["boardStyle"].(map[string]any)
				if list == "variants" && !styled {
					t.Errorf("%s: no boardStyle", name)
				}
				if list == "unavailable" && (styled || e["error"] == "") {
					t.Errorf("%s: unavailable without a reason, or with a board style: %v", name, e)
				}
			}
		}
	}
	all := variants.Describe()
	for _, d := range all {
		if _, ok := seen[d.Name]; !ok {
			t.Errorf("%s (%s) is not listed", d.Name, d.Family)
		}
	}
	if len(seen) != len(all) {
		t.Errorf("%d listed, the catalogue has %d", len(seen), len(all))
	}
	if seen["chess"] != "variants" || seen["capablanca"] != "variants" {
		t.Errorf("chess, capablanca: %s, %s", seen["chess"], seen["capablanca"])
	}
}

// TestStateBoardStyle: the game state carries the board style of its
// variant, a custom one too.
func TestStateBoardStyle(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "palaceboard", "ini": palaceINI, "opponent": map[string]any{"type": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	st := g["state"].(map[string]any)
	if got := fmt.Sprint(st["boardStyle"]); got != "map[geometry:intersections palaces:[[d1 f3] [d8 f10]] river:5 theme:xiangqi]" {
		t.Errorf("boardStyle = %s", got)
	}
	_, c := call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"variant": "chess"})
	if got := fmt.Sprint(c["boardStyle"]); got != "map[geometry:squares]" {
		t.Errorf("check: boardStyle = %s", got)
	}
}

func TestWallMoveTo(t *testing.T) {
	for _, c := range []struct{ uci, from, to, want string }{
		{"a2a3,a3a4", "a2", "a4", "a3"},
		{"a2a3,a3a4", "a2", "a3", "a3"},
		{"e7e8q,e8h5", "e7", "h5", "e8"},
		{"P@e4,e4d5", "", "d5", "e4"},
		{"b10b9,b9j10", "b10", "j10", "b9"},
		{"e1e1,e1h6", "e1", "e1", "e1"},
		{"x,e4", "e2", "e4", "e4"},
	} {
		if got := wallMoveTo(c.uci, c.from, c.to); got != c.want {
			t.Errorf("wallMoveTo(%q, %q, %q) = %q, want %q", c.uci, c.from, c.to, got, c.want)
		}
	}
}
