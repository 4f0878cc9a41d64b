package server

import (
	"bytes"
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
// (moves played and taken back too).
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
			g := r.game
			if ply%7 == 3 {
				// a move played and taken back on the game: the list kept
				// for the position must be the position's again after it
				g.Do(g.LegalMoves()[0])
				g.Undo()
			}
			if lc := r.legal; lc != nil && lc.enc == nil && lc.gen == r.gen && lc.ply == len(r.moves) {
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
