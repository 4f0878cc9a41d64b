package server

import (
	"fmt"
	"testing"

	"houserules/geom"
	"houserules/rules"
)

// fogPreset is a test-only preset with a view that hides the far half of
// the board from each player (a spectator sees everything) and puts a
// badge on every piece and a status line.
type fogPreset struct{}

func (fogPreset) Info() rules.Info {
	return rules.Info{ID: "test-fog", Name: "Fog (test)", Category: "Test", Mode: rules.Additive, Description: "the far half is hidden"}
}

func (fogPreset) Setup(b *rules.Builder, _ rules.Options) error {
	b.Hook(fogPreset{})
	return nil
}

func (fogPreset) View(g *rules.Game, seat rules.Seat, v *rules.View) {
	var far []int
	switch seat {
	case rules.SeatWhite:
		far = []int{4, 5, 6, 7}
	case rules.SeatBlack:
		far = []int{0, 1, 2, 3}
	}
	for _, r := range far {
		for f := 0; f < 8; f++ {
			v.Hidden.Add(geom.Sq(f, r))
		}
	}
	for occ := g.Pos.Occupied(); occ.Any(); {
		s := occ.Pop()
		v.Badges = append(v.Badges, rules.Badge{Square: s, Kind: "rank", Value: s.Rank() + 1, Text: fmt.Sprint(s.Rank() + 1)})
	}
	v.Status = append(v.Status, "fog: "+seat.String())
	v.Legend = append(v.Legend, rules.LegendItem{Kind: "rank", Text: "badges: the rank"})
}

func init() { rules.Register(fogPreset{}) }

// TestViewInState: the state carries the ruleset's view for the seat it
// is sent to; squares hidden from a seat are not sent to it (the board,
// the FEN, badges there); a spectator here sees everything.
func TestViewInState(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess", "presets": "test-fog"})
	code, m := call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	if code != 200 {
		t.Fatalf("get: %d %v", code, m)
	}
	st := m["state"].(map[string]any)
	if st["board"] != "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR" || st["fen"] != "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("white sees board %v, fen %v", st["board"], st["fen"])
	}
	if n := len(st["hidden"].([]any)); n != 32 {
		t.Errorf("white: %d hidden squares", n)
	}
	if n := len(st["badges"].([]any)); n != 16 {
		t.Errorf("white: %d badges, want its own 16", n)
	}
	if fmt.Sprint(st["statusText"]) != "[fog: white]" || fmt.Sprint(st["legend"]) != "[map[kind:rank text:badges: the rank]]" {
		t.Errorf("white: status %v legend %v", st["statusText"], st["legend"])
	}
	if r := st["rank"].(map[string]any); r["e2"] != 2.0 || r["e7"] != nil {
		t.Errorf("white: the badges by kind %v", r)
	}
	code, m = call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if code != 200 {
		t.Fatalf("get: %d %v", code, m)
	}
	st = m["state"].(map[string]any)
	if st["board"] != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" || len(st["hidden"].([]any)) != 0 || len(st["badges"].([]any)) != 32 {
		t.Errorf("spectator: board %v hidden %v badges %d", st["board"], st["hidden"], len(st["badges"].([]any)))
	}
}

// maskFEN empties hidden squares, keeps promoted pieces and pockets whole
// and drops the facts of hidden squares.
func TestMaskFEN(t *testing.T) {
	var hidden geom.Set
	hidden.Add(geom.Sq(0, 7)) // a8
	hidden.Add(geom.Sq(3, 5)) // d6
	hidden.Add(geom.Sq(4, 0)) // e1
	got := maskFEN("r+nb1k3/8/3p4/8/8/8/8/4K3[Pp] w - - 0 1 {Hp:d6=1,e1=3,b8=2;game:0=1}", 8, 8, hidden)
	if want := "1+nb1k3/8/8/8/8/8/8/8[Pp] w - - 0 1 {Hp:b8=2;game:0=1}"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestFogHidesOpponentMoves: in fogOfWar a seat's move list names its own
// moves but not the opponent's (Nc6's b8, c6 and SAN would show what the
// fog hides); the masked FEN after each move stays.
func TestFogHidesOpponentMoves(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "fogOfWar"})
	for i, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		tok := wt
		if i%2 == 1 {
			tok = bt
		}
		if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	code, m := call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	if code != 200 {
		t.Fatalf("get: %d %v", code, m)
	}
	st := m["state"].(map[string]any)
	for _, x := range st["moves"].([]any) {
		mv := x.(map[string]any)
		if mv["by"] == "black" && (mv["uci"] != "" || mv["san"] != "?" || mv["from"] != nil || mv["production"] != "") {
			t.Errorf("white sees Black's move %v", mv)
		}
		if mv["by"] == "white" && mv["uci"] == "" {
			t.Errorf("white's own move hidden %v", mv)
		}
	}
	if lm := st["lastMove"].(map[string]any); lm["uci"] != "" || lm["san"] != "?" {
		t.Errorf("white sees Black's last move %v", lm)
	}
}

// TestSpliceRaw: the encoded move list, legal moves and productions go
// into a state in place of their nulls, in one copy; a field left nil
// stays null; a key inside a string value is not taken for the field; the
// premoves, when given, close the object.
func TestSpliceRaw(t *testing.T) {
	b := []byte(`{"moves":null,"san":"\"legal\":null","legal":null,"x":1,"productions":null}`)
	got := string(spliceRaw(b, []rawField{{`"moves":null`, []byte(`[{"uci":"e2e4"}]`)}, {`"legal":null`, nil}, {`"productions":null`, []byte(`{}`)}}, nil))
	want := `{"moves":[{"uci":"e2e4"}],"san":"\"legal\":null","legal":null,"x":1,"productions":{}}`
	if got != want {
		t.Errorf("spliceRaw = %s\nwant %s", got, want)
	}
	got = string(spliceRaw(b, []rawField{{`"moves":null`, []byte(`[]`)}, {`"legal":null`, []byte(`[1]`)}, {`"productions":null`, nil}}, []byte(`[{"to":"e4"}]`)))
	want = `{"moves":[],"san":"\"legal\":null","legal":[1],"x":1,"productions":null,"premoves":[{"to":"e4"}]}`
	if got != want {
		t.Errorf("spliceRaw with premoves = %s\nwant %s", got, want)
	}
}
