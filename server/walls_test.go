package server

import "testing"

// TestDuckMoves: a duck chess game lists each move with the duck square
// it places ("wall"), in Fairy-Stockfish's text (e2e4,e4e5; a promotion's
// letter before the comma); a move played over HTTP in that text moves
// the duck, which the board shows as '*'.
func TestDuckMoves(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "duck", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"})
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	legal := legalBy(g["state"].(map[string]any))
	for uci, want := range map[string]string{
		"e1d2,d2e1":  `{"from":"e1","kind":"normal","to":"d2","uci":"e1d2,d2e1","wall":"e1"}`,
		"a7a8q,a8c6": `{"from":"a7","kind":"promotion","promotion":"q","to":"a8","uci":"a7a8q,a8c6","wall":"c6"}`,
	} {
		if legal[uci] != want {
			t.Errorf("%s: %s, want %s", uci, legal[uci], want)
		}
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", wt, map[string]any{"move": "a7a8q,a8c6"}); code != 200 {
		t.Fatalf("a7a8q,a8c6: %d %v", code, m)
	}
	_, g = call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	if st := g["state"].(map[string]any); st["board"] != "Q3k3/8/2*5/8/8/8/8/4K3" {
		t.Errorf("board %v", st["board"])
	}
}
