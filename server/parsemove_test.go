package server

import (
	"context"
	"strings"
	"testing"
)

// TestParseMoveFromLegalCache: a move text read through the legal moves
// built for the state (parseMove) is the move and SAN that the game's own
// ParseMove and SAN give, for every legal move (and its promotion letter
// in upper case) along random games of plain variants and of rulesets
// with house rules; the list is used only while it is the position's.
func TestParseMoveFromLegalCache(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	for _, body := range []map[string]any{
		{"variant": "chess"}, {"variant": "crazyhouse"}, {"variant": "duck"}, {"variant": "shogi"},
		{"variant": "seirawan"}, {"variant": "xiangqi"}, {"variant": "atomic"},
		{"variant": "chess", "presets": "piece-hp,knights-leap-twice"},
	} {
		name := body["variant"].(string)
		id, _, _ := createHuman(t, ts, body)
		r, err := ts.srv.hub.room(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		rng := uint64(3)
		for ply := 0; ply < 24 && !r.over(); ply++ {
			lc := r.legalNow()
			for _, lm := range lc.legal {
				texts := []string{lm.UCI}
				if lm.Kind == "promotion" {
					texts = append(texts, lm.UCI[:len(lm.UCI)-1]+strings.ToUpper(lm.UCI[len(lm.UCI)-1:]))
				}
				for _, s := range texts {
					m, san, err := r.parseMove(s)
					want, werr := r.game.ParseMove(s)
					if err != nil || werr != nil || m != want || san != r.game.SAN(want) {
						t.Fatalf("%s ply %d %s: parseMove %v %q %v, ParseMove %v %q %v", name, ply, s, m, san, err, want, r.game.SAN(want), werr)
					}
				}
			}
			rng = rng*6364136223846793005 + 1442695040888963407
			mv := lc.legal[(rng>>33)%uint64(len(lc.legal))].UCI
			if aerr := r.play(ctx, r.sideToMove(), mv, noPly, false, nil); aerr != nil {
				t.Fatalf("%s ply %d: %s: %v", name, ply, mv, aerr)
			}
			if r.over() {
				break
			}
			// before the next state's list is built, a move is read by the game
			next := r.game.Pos.UCI(r.game.LegalMoves()[0])
			if _, san, err := r.parseMove(next); err != nil || san != "" {
				t.Fatalf("%s ply %d: %s read from the list of the position before (SAN %q, %v)", name, ply, next, san, err)
			}
		}
		r.unlock()
	}
}
