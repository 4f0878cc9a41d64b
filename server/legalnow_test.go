package server

import (
	"bytes"
	"context"
	"slices"
	"testing"
)

// TestLegalNowAsLegalOf: the legal list legalNow builds (the moves play
// listed for the position's result, kept by keepLegal; SANs and UCI
// texts written into one buffer each; each move encoded straight from
// legalOf) is, byte for byte, appendLegal of the list built one move at
// a time from a fresh generation (rules.Game.LegalSANs, Position.UCI,
// legalOf), and the moves play kept are the game's LegalMoves, along
// random games of plain variants and of rulesets with house rules
// (moves played and taken back too), with a client of protocol 1 in the
// room (without one, play keeps no list: TestPlayListsLegalOnlyWhenUsed).
func TestLegalNowAsLegalOf(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, body := range []map[string]any{
		{"variant": "chess"}, {"variant": "crazyhouse"}, {"variant": "duck"}, {"variant": "shogi"},
		{"variant": "seirawan"}, {"variant": "xiangqi"}, {"variant": "atomic"}, {"variant": "makruk"},
		{"variant": "chess", "presets": "piece-hp,knights-leap-twice"},
		{"variant": "chess", "presets": "explosive-rook,pawn-diagonal-no-capture"},
		{"variant": "crazyhouse", "presets": "rook-warp"},
	} {
		name := body["variant"].(string)
		if ps, ok := body["presets"].(string); ok {
			name += "+" + ps
		}
		kept := 0
		walkRoom(t, ts, body, 5, 40, func(r *room, ply int) {
			if ply == 0 {
				// a client of protocol 1 here: every state carries the
				// list, so play keeps it (legalSoon)
				r.clients[&client{r: r, proto: ProtocolVersion, out: make(chan []byte, 64), kill: func() {}, wake: make(chan struct{}, 1)}] = struct{}{}
			}
			g := r.game
			if ply%7 == 3 {
				// a move played and taken back on the game: the list kept
				// for the position must be the position's again after it
				g.Do(g.LegalMoves()[0])
				g.Undo()
			}
			// the list play kept (legalSoon: the client here), completed
			// by the broadcast's legalNow in place
			if lc := r.legal; lc != nil && lc.gen == r.gen && lc.ply == len(r.moves) {
				if fresh := g.LegalMoves(); !slices.Equal(lc.moves, fresh) {
					t.Fatalf("%s ply %d: play kept %d moves, the position has %d", name, ply, len(lc.moves), len(fresh))
				}
				kept++
			}
			legal, sans := g.LegalSANs()
			ms := make([]legalMove, len(legal))
			for i, m := range legal {
				ms[i] = legalOf(g.Pos, m, g.Pos.UCI(m), sans[i])
			}
			want := appendLegal(nil, ms)
			lc := r.legalNow()
			if !bytes.Equal(lc.enc, want) {
				t.Fatalf("%s ply %d (%s):\n got %s\nwant %s", name, ply, g.FEN(), lc.enc, want)
			}
			for i, m := range lc.moves {
				if lc.ucis[i] != g.Pos.UCI(m) || lc.sans[i] != sans[i] {
					t.Fatalf("%s ply %d: move %d is %q %q, want %q %q", name, ply, i, lc.ucis[i], lc.sans[i], g.Pos.UCI(m), sans[i])
				}
			}
		})
		if kept == 0 {
			t.Errorf("%s: no list kept by play was seen", name)
		}
	}
}

// TestPlayListsLegalOnlyWhenUsed: play lists the legal moves of the
// position it reached (for its result, then kept for the states) only
// when a client here gets them (legalSoon: protocol 1, or the seat to
// move); without one (the seat to move plays on another instance, whose
// own states build the list) the game's end is told from the first
// legal move found, and a mate is still a mate.
func TestPlayListsLegalOnlyWhenUsed(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	id, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	r, err := ts.srv.hub.room(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	kept := func() bool { lc := r.legal; return lc != nil && lc.gen == r.gen && lc.ply == len(r.moves) }
	play := func(mv string) {
		t.Helper()
		if aerr := r.play(ctx, r.sideToMove(), mv, noPly, false, nil); aerr != nil {
			t.Fatalf("%s: %v", mv, aerr)
		}
	}
	play("f2f3")
	if kept() {
		t.Error("no client here: play listed black's legal moves")
	}
	w := &client{r: r, seat: "white", proto: ProtocolPartial, out: make(chan []byte, 64), kill: func() {}, wake: make(chan struct{}, 1)}
	r.clients[w] = struct{}{}
	play("e7e5")
	if !kept() || len(r.legal.moves) != 19 {
		t.Errorf("white to move after 1.f3 e5, its client here: want white's 19 legal moves kept, got %v", kept())
	}
	play("g2g4")
	if kept() {
		t.Error("black to move, only white's client (protocol 2) here: play listed black's legal moves")
	}
	delete(r.clients, w)
	play("d8h4")
	if kept() || !r.over() || r.rec.Result != "0-1" || r.rec.Reason != "checkmate" {
		t.Errorf("fool's mate with no client here: kept %v, status %s %s %s, want over 0-1 checkmate", kept(), r.rec.Status, r.rec.Result, r.rec.Reason)
	}
}
