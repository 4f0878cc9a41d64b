package store

import (
	"context"
	"errors"
	"testing"
)

// TestSetRematch: the offer, the offerer's hash and the link are stored
// with a finished game only, and read back by GetGame.
func TestSetRematch(t *testing.T) {
	ctx := context.Background()
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open()
			defer db.Close()
			g := &Game{ID: NewToken()[:12], Variant: "chess", StartFEN: "8/8/8/8/8/8/8/K6k w - - 0 1",
				White: Seat{Kind: Human, TokenHash: "w"}, Black: Seat{Kind: Human, TokenHash: "b"}}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if err := db.SetRematch(ctx, g.ID, "white", "h", ""); !errors.Is(err, ErrConflict) {
				t.Fatalf("offer in a game that is not over: %v, want ErrConflict", err)
			}
			if err := db.SetRematch(ctx, "nosuchgame00", "white", "h", ""); !errors.Is(err, ErrNotFound) {
				t.Fatalf("unknown game: %v, want ErrNotFound", err)
			}
			if err := db.Finish(ctx, g.ID, Ending{Result: "1-0", Reason: "black resigned"}, nil); err != nil {
				t.Fatal(err)
			}
			for _, want := range [][3]string{{"black", "hb", ""}, {"", "", "newgame00001"}} {
				if err := db.SetRematch(ctx, g.ID, want[0], want[1], want[2]); err != nil {
					t.Fatal(err)
				}
				got, err := db.GetGame(ctx, g.ID)
				if err != nil || got.RematchOffer != want[0] || got.RematchHash != want[1] || got.RematchID != want[2] {
					t.Fatalf("stored rematch %q %q %q (%v), want %q", got.RematchOffer, got.RematchHash, got.RematchID, err, want)
				}
			}
		})
	}
}
