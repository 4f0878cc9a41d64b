package server

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// promoDropINI is the catalogue's minishogi with pieces also dropped as
// their promoted type (dropPromoted).
const promoDropINI = "[minipromodrop:minishogi]\ndropPromoted = true\n"

// pocketsOf renders the state's pockets as "white: p1 n0 …; black: …".
func pocketsOf(st map[string]any) string {
	ps, ok := st["pockets"].(map[string]any)
	if !ok {
		return "none"
	}
	var parts []string
	for _, c := range []string{"white", "black"} {
		var slots []string
		for _, x := range ps[c].([]any) {
			s := x.(map[string]any)
			slots = append(slots, fmt.Sprintf("%s%v", s["letter"], s["count"]))
		}
		parts = append(parts, c+": "+strings.Join(slots, " "))
	}
	return strings.Join(parts, "; ")
}

// legalBy returns the state's legal moves by UCI text (each as JSON).
func legalBy(st map[string]any) map[string]string {
	out := map[string]string{}
	for _, x := range st["legal"].([]any) {
		m := x.(map[string]any)
		delete(m, "production")
		delete(m, "san") // the SAN of drops and shogi moves is not this test's concern
		b, _ := json.Marshal(m)
		out[m["uci"].(string)] = string(b)
	}
	return out
}

// TestCrazyhousePocketsAndDrops: the state carries both pockets, the
// legal moves include the drops (from no square, with the pocket piece's
// letter), a drop sent over the WebSocket is played and empties its
// slot, and a chess game has no pockets.
func TestCrazyhousePocketsAndDrops(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "crazyhouse"})
	w := dialWS(t, ts.URL, id, wt)
	b := dialWS(t, ts.URL, id, bt)
	w.send(map[string]any{"type": "sync"})
	if st := w.expectState(0); pocketsOf(st) != "white: p0 n0 b0 r0 q0; black: p0 n0 b0 r0 q0" || st["board"] != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]" {
		t.Errorf("start: pockets %s, board %v", pocketsOf(st), st["board"])
	}
	for i, mv := range []string{"e2e4", "d7d5", "e4d5", "d8d5"} {
		c := w
		if i%2 == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv, "ply": i})
		if ack := c.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); ack["type"] != "ack" {
			t.Fatalf("%s: %v", mv, ack)
		}
	}
	st := w.expectState(4)
	if got := pocketsOf(st); got != "white: p1 n0 b0 r0 q0; black: p1 n0 b0 r0 q0" {
		t.Errorf("after exd5 Qxd5: pockets %s", got)
	}
	legal := legalBy(st)
	if got, want := legal["P@e6"], `{"drop":"p","kind":"drop","to":"e6","uci":"P@e6"}`; got != want {
		t.Errorf("P@e6 in the legal list: %s, want %s", got, want)
	}
	var drops []string
	for u := range legal {
		if strings.Contains(u, "@") {
			drops = append(drops, u)
		}
	}
	sort.Strings(drops)
	// a pawn on any empty square of ranks 2..7 (d7, e7 … are empty too)
	if len(drops) != 33 || drops[0] != "P@a3" || drops[32] != "P@h6" {
		t.Errorf("%d drops %v", len(drops), drops)
	}
	w.send(map[string]any{"type": "move", "move": "P@e6", "ply": 4})
	if ack := w.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); ack["type"] != "ack" {
		t.Fatalf("P@e6: %v", ack)
	}
	st = b.expectState(5)
	if got := pocketsOf(st); got != "white: p0 n0 b0 r0 q0; black: p1 n0 b0 r0 q0" {
		t.Errorf("after P@e6: pockets %s", got)
	}
	last := st["lastMove"].(map[string]any)
	if last["uci"] != "P@e6" || last["to"] != "e6" || last["from"] != nil || st["board"] != "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p]" {
		t.Errorf("after P@e6: last move %v, board %v", last, st["board"])
	}
	if got := storedMoves(t, ts.DB, id); strings.Join(got, " ") != "e2e4 d7d5 e4d5 d8d5 P@e6" {
		t.Errorf("stored %v", got)
	}
	// an illegal drop is refused: no knight in Black's pocket
	b.send(map[string]any{"type": "move", "move": "N@e5", "ply": 5})
	if code := b.expectError(); code != CodeIllegalMove {
		t.Errorf("N@e5: %s", code)
	}
	_, chess := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "opponent": map[string]any{"type": "human"}})
	if st := chess["state"].(map[string]any); pocketsOf(st) != "none" {
		t.Errorf("chess has pockets: %v", st["pockets"])
	}
}

// TestShogiStylePromotionAndPromotedDrops: in a shogi-style variant the
// legal list holds the promoting and the plain move to the same square
// (b4b5+ and b4b5) and both drops of a piece that may be dropped promoted
// (+S@c3 and S@c3); the promoted ones are played over HTTP.
func TestShogiStylePromotionAndPromotedDrops(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "minipromodrop", "ini": promoDropINI, "fen": "4k/1S3/5/5/K4[Ss] w - - 0 1"})
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	st := g["state"].(map[string]any)
	if got := pocketsOf(st); got != "white: p0 s1 g0 b0 r0; black: p0 s1 g0 b0 r0" {
		t.Errorf("pockets %s", got)
	}
	legal := legalBy(st)
	for uci, want := range map[string]string{
		"b4b5+": `{"from":"b4","kind":"piece-promotion","promotion":"+","to":"b5","uci":"b4b5+"}`,
		"b4b5":  `{"from":"b4","kind":"normal","to":"b5","uci":"b4b5"}`,
		"+S@c3": `{"drop":"s","kind":"drop","promotion":"+","to":"c3","uci":"+S@c3"}`,
		"S@c3":  `{"drop":"s","kind":"drop","to":"c3","uci":"S@c3"}`,
	} {
		if legal[uci] != want {
			t.Errorf("%s: %s, want %s", uci, legal[uci], want)
		}
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "b4b5+"}); code != 200 {
		t.Fatalf("b4b5+: %d %v", code, m)
	}
	code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", bt, map[string]any{"move": "+S@c3"})
	if code != 200 {
		t.Fatalf("+S@c3: %d %v", code, m)
	}
	_, g = call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	st = g["state"].(map[string]any)
	if st["board"] != "1+S2k/5/2+s2/5/K4[S]" || pocketsOf(st) != "white: p0 s1 g0 b0 r0; black: p0 s0 g0 b0 r0" {
		t.Errorf("board %v, pockets %s", st["board"], pocketsOf(st))
	}
}

// TestPickerListsWhatLoads: every variant GET /api/variants lists (the
// picker's list) starts a game, and the drop variants that load are
// among them.
func TestPickerListsWhatLoads(t *testing.T) {
	ts := newTestServer(t, nil)
	_, v := call(t, "GET", ts.URL+"/api/variants", "", nil)
	listed := map[string]bool{}
	for _, f := range v["families"].([]any) {
		for _, x := range f.(map[string]any)["variants"].([]any) {
			name := x.(map[string]any)["name"].(string)
			listed[name] = true
			code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": name, "opponent": map[string]any{"type": "human"}})
			if code != 201 {
				t.Errorf("%s is listed but does not start: %d %v", name, code, g)
			}
		}
	}
	for _, name := range []string{"crazyhouse", "bughouse", "pocketknight", "capahouse", "loop", "chessgi"} {
		if !listed[name] {
			t.Errorf("%s loads but is not listed", name)
		}
	}
}

// TestAtaxxFreePockets: ataxx drops from an unlimited supply
// (variants.ini freeDrops): the state's pockets say so (free, counts 0),
// the legal list has the clone drops next to the side's stones, and a
// drop keeps the pockets free and empty.
func TestAtaxxFreePockets(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "ataxx"})
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	st := g["state"].(map[string]any)
	ps, _ := st["pockets"].(map[string]any)
	if got := pocketsOf(st); got != "white: p0; black: p0" || ps["free"] != true {
		t.Errorf("pockets %s, free %v", got, ps["free"])
	}
	var drops []string
	for u := range legalBy(st) {
		if strings.Contains(u, "@") {
			drops = append(drops, u)
		}
	}
	sort.Strings(drops)
	if got := strings.Join(drops, " "); got != "P@a6 P@b6 P@b7 P@f1 P@f2 P@g2" {
		t.Errorf("drops %s", got)
	}
	code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "P@f2"})
	if code != 200 {
		t.Fatalf("P@f2: %d %v", code, m)
	}
	st = m["state"].(map[string]any)
	ps, _ = st["pockets"].(map[string]any)
	if pocketsOf(st) != "white: p0; black: p0" || ps["free"] != true || st["board"] != "P5p/7/7/7/7/5P1/p5P" {
		t.Errorf("after P@f2: pockets %s free %v board %v", pocketsOf(st), ps["free"], st["board"])
	}
	_, cz := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "crazyhouse", "opponent": map[string]any{"type": "human"}})
	if p := cz["state"].(map[string]any)["pockets"].(map[string]any); p["free"] != nil {
		t.Errorf("crazyhouse pockets are not free: %v", p)
	}
}
