package server

import (
	"strings"
	"testing"

	"houserules/position"
)

// TestParseMoveFromLegalCache: a move text read through the legal moves
// built for the state (parseMove) is the move and SAN that the game's own
// ParseMove and SAN give, for every legal move (and its promotion letter
// in upper case) along random games of plain variants and of rulesets
// with house rules; the list is used only while it is the position's.
func TestParseMoveFromLegalCache(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, body := range []map[string]any{
		{"variant": "chess"}, {"variant": "crazyhouse"}, {"variant": "duck"}, {"variant": "shogi"},
		{"variant": "seirawan"}, {"variant": "xiangqi"}, {"variant": "atomic"},
		{"variant": "chess", "presets": "piece-hp,knights-leap-twice"},
	} {
		name := body["variant"].(string)
		walkRoom(t, ts, body, 3, 24, func(r *room, ply int) {
			if ply > 0 {
				// before the position's list is built, a move is read by the game
				next := r.game.Pos.UCI(r.game.LegalMoves()[0])
				if _, san, err := r.parseMove(next); err != nil || san != "" {
					t.Fatalf("%s ply %d: %s read from the list of the position before (SAN %q, %v)", name, ply, next, san, err)
				}
			}
			lc := r.legalNow()
			for i, uci := range lc.ucis {
				texts := []string{uci}
				if lc.moves[i].Kind() == position.Promotion {
					texts = append(texts, uci[:len(uci)-1]+strings.ToUpper(uci[len(uci)-1:]))
				}
				for _, s := range texts {
					m, san, err := r.parseMove(s)
					want, werr := r.game.ParseMove(s)
					if err != nil || werr != nil || m != want || san != r.game.SAN(want) {
						t.Fatalf("%s ply %d %s: parseMove %v %q %v, ParseMove %v %q %v", name, ply, s, m, san, err, want, r.game.SAN(want), werr)
					}
				}
			}
		})
	}
}
