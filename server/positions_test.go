package server

import (
	"strings"
	"testing"

	"houserules/variants"
)

// checkFEN posts a FEN to POST /api/positions/check.
func checkFEN(t *testing.T, ts *testServer, body map[string]any) (int, map[string]any) {
	t.Helper()
	return call(t, "POST", ts.URL+"/api/positions/check", "", body)
}

func TestPositionCheckValid(t *testing.T) {
	ts := newTestServer(t, nil)
	// a FEN without counters and with a castling right the board does not
	// allow (no rook on h1) comes back normalised
	code, r := checkFEN(t, ts, map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/8/R3K3 b KQ"})
	if code != 200 || r["ok"] != true {
		t.Fatalf("answer %d %v", code, r)
	}
	if got, want := r["fen"], "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1"; got != want {
		t.Errorf("fen %q, want %q", got, want)
	}
	if r["status"] != "in play" || r["turn"] != "black" || r["moves"] != float64(5) || r["check"] != false {
		t.Errorf("status %v turn %v moves %v check %v, want in play, black, 5 (the king's moves), false", r["status"], r["turn"], r["moves"], r["check"])
	}
	if r["files"] != float64(8) || r["ranks"] != float64(8) {
		t.Errorf("board %v×%v", r["files"], r["ranks"])
	}
	c := r["castling"].(map[string]any)
	if c["allowed"] != true || c["king"] != "k" || c["rooks"] != "r" || c["rank"] != float64(1) || c["kingFile"] != "e" {
		t.Errorf("castling %v", c)
	}
	// a mate: the status names it, no moves
	_, r = checkFEN(t, ts, map[string]any{"variant": "chess", "fen": "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"})
	if r["status"] != "checkmate" || r["result"] != "1-0" || r["moves"] != float64(0) || r["check"] != true {
		t.Errorf("mate: %v", r)
	}
	// the start position ("" fen) of a board of another size, with pockets
	_, r = checkFEN(t, ts, map[string]any{"variant": "crazyhouse", "fen": "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1"})
	if r["fen"] != "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1" {
		t.Errorf("crazyhouse fen %v", r["fen"])
	}
	p := r["pockets"].(map[string]any)
	if w := p["white"].([]any); len(w) != 5 {
		t.Errorf("crazyhouse white pocket slots %v, want p n b r q", w)
	}
	_, r = checkFEN(t, ts, map[string]any{"variant": "capablanca"})
	if r["files"] != float64(10) || r["startFen"] != r["fen"] || len(r["pieces"].([]any)) != 8 {
		t.Errorf("capablanca: files %v fen %v pieces %v", r["files"], r["fen"], r["pieces"])
	}
}

func TestPositionCheckRefusals(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, c := range []struct {
		variant, fen string
		want         []string // in the message
	}{
		{"chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", []string{"board", "rank 1", "white piece 'P' (pawn) on a1"}},
		{"chess", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", []string{"board", "rank 8", "white piece 'P' (pawn) on h8", "promotion zone"}},
		{"chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", []string{"board", "white has 0 kings"}},
		{"chess", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", []string{"board", "9 ranks, the board has 8"}},
		{"chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", []string{"side", `"x" is not w or b`}},
		{"chess", "4k3/9/8/8/8/8/8/4K3 w - - 0 1", []string{"board", "rank 7"}},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", []string{"en passant"}},
		// issue 45: a king off its square with castling rights (Fairy-Stockfish
		// would castle d1c1), the side not to move in check
		{"chess", "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", []string{"castling", `'K' but the white king is on d1, not e1`}},
		{"chess", "8/8/8/8/8/8/8/kK6 w - - 0 1", []string{"side to move", "black is in check but white is to move"}},
		{"xiangqi", "4k4/9/9/9/4K4/9/9/9/9/9 w - - 0 1", []string{"board", "white piece 'K' (king) on e6", "mobility region"}},
		{"shogi", "4kN3/9/9/9/9/9/9/9/4K4[] w - - 0 1", []string{"board", "rank 9", "white piece 'N' (shogi knight) on f9"}},
		{"shogi", "4kP3/9/9/9/9/9/9/9/4K4[] w - - 0 1", []string{"board", "rank 9", "white piece 'P' (shogi pawn) on f9"}},
	} {
		code, r := checkFEN(t, ts, map[string]any{"variant": c.variant, "fen": c.fen})
		if code != 400 || errCode(r) != CodeBadFEN {
			t.Errorf("%s %q: answer %d %v, want 400 bad_fen", c.variant, c.fen, code, r)
			continue
		}
		msg := r["error"].(map[string]any)["message"].(string)
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s %q: message %q lacks %q", c.variant, c.fen, msg, w)
			}
		}
	}
	// the same position cannot start a game either
	code, r := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"})
	if code != 400 || errCode(r) != CodeBadFEN {
		t.Errorf("create with a pawn on a1: %d %v", code, r)
	}
	code, r = call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1"})
	if code != 400 || errCode(r) != CodeBadFEN {
		t.Errorf("create with the king on d1 and KQ: %d %v", code, r)
	}
	// a K whose only rook is on a1 is dropped (Fairy-Stockfish would make it
	// Q): the normalised FEN has no right, and no castling move
	code, r = checkFEN(t, ts, map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/8/R3K3 w K - 0 1"})
	if code != 200 || r["fen"] != "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" || r["moves"] != float64(15) {
		t.Errorf("R3K3 w K: %d fen %v moves %v, want 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 and 15", code, r["fen"], r["moves"])
	}
}

// TestPlacementStartPositions: every catalogue variant's start position
// passes the placement check (horde's pawns on the first rank, shogi's
// knights …): the check refuses only what no game reaches.
func TestPlacementStartPositions(t *testing.T) {
	for _, d := range variants.Describe() {
		rs, why := startsGame(d)
		if why != "" {
			continue
		}
		g, aerr := setUp(rs, rs.Variant.StartFEN, false, true)
		if aerr != nil {
			t.Errorf("%s: its start position %q is refused: %s", d.Name, rs.Variant.StartFEN, aerr.Message)
			continue
		}
		// and the FEN as the engine writes it back
		if _, aerr := setUp(rs, g.FEN(), false, true); aerr != nil {
			t.Errorf("%s: the normalised start %q is refused: %s", d.Name, g.FEN(), aerr.Message)
		}
	}
}

// TestListByIDs: GET /api/games?ids= returns those games that were played,
// in the order asked, unknown IDs left out; too many IDs are refused.
func TestListByIDs(t *testing.T) {
	ts := newTestServer(t, nil)
	id1, w1, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	id2, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"}) // no move: left out
	if code, r := call(t, "POST", ts.URL+"/api/games/"+id1+"/moves", w1, map[string]any{"move": "e2e4"}); code != 200 {
		t.Fatalf("move: %d %v", code, r)
	}
	code, r := call(t, "GET", ts.URL+"/api/games?ids="+id2+",nosuchgame,"+id1, "", nil)
	if code != 200 {
		t.Fatalf("ids: %d %v", code, r)
	}
	games := r["games"].([]any)
	if len(games) != 1 || games[0].(map[string]any)["id"] != id1 || games[0].(map[string]any)["plies"] != float64(1) {
		t.Errorf("ids: %v, want only %s with 1 ply", games, id1)
	}
	code, r = call(t, "GET", ts.URL+"/api/games?ids="+strings.Repeat("x,", maxListIDs+1), "", nil)
	if code != 400 || errCode(r) != CodeBadRequest {
		t.Errorf("too many ids: %d %v", code, r)
	}
}

// TestPositionCheckCustomAndPresets: a custom variant's block (the ini) and
// house rules reach the check as they reach a game.
func TestPositionCheckCustomAndPresets(t *testing.T) {
	ts := newTestServer(t, nil)
	code, r := checkFEN(t, ts, map[string]any{"variant": "minipromodrop", "ini": promoDropINI, "fen": "4k/1S3/5/5/K4[Ss] w - - 0 1"})
	if code != 200 || r["fen"] != "4k/1S3/5/5/K4[Ss] w - - 0 1" || r["files"] != float64(5) {
		t.Fatalf("custom ini: %d %v", code, r)
	}
	code, r = checkFEN(t, ts, map[string]any{"variant": "minipromodrop", "ini": promoDropINI, "fen": "4k/1S3/5/5/K4/5[Ss] w - - 0 1"})
	if code != 400 || errCode(r) != CodeBadFEN || !strings.Contains(r["error"].(map[string]any)["message"].(string), "board: 6 ranks, the board has 5") {
		t.Errorf("custom ini, 6 ranks: %d %v", code, r)
	}
	code, r = checkFEN(t, ts, map[string]any{"variant": "chess", "presets": "piece-hp", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})
	if code != 200 || !strings.HasPrefix(r["fen"].(string), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 {") {
		t.Errorf("piece-hp: the facts suffix of the hit points: %d %v", code, r)
	}
	code, r = checkFEN(t, ts, map[string]any{"variant": "nosuch", "fen": ""})
	if code != 400 || errCode(r) != CodeUnknownVariant {
		t.Errorf("unknown variant: %d %v", code, r)
	}
}
