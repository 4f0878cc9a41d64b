package server

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"houserules/betza"
	"houserules/variants"
)

// pieceFixtureVariant is one catalogue variant's piece types as the game
// state sends them, for the web app's piece-image tests.
type pieceFixtureVariant struct {
	Name       string         `json:"name"`
	Pieces     []pieceJSON    `json:"pieces"`
	BoardStyle boardStyleJSON `json:"boardStyle"`
}

// pieceFixture is the file: the variants, and every Betza they use read
// by the engine's betza package (the web app's Betza reader is checked
// against it).
type pieceFixture struct {
	Variants []pieceFixtureVariant   `json:"variants"`
	Betza    map[string][]betza.Atom `json:"betza"`
}

// TestCataloguePiecesFixture keeps web/unit/fixtures/catalogue-pieces.json
// (the pieces of every playable catalogue variant, as the state's `pieces`
// field sends them) in step with the catalogue: web/unit/pieces.test.ts
// checks that no two piece types of a variant are drawn alike. Regenerate
// with UPDATE_FIXTURES=1 go test ./server -run TestCataloguePiecesFixture.
func TestCataloguePiecesFixture(t *testing.T) {
	out := pieceFixture{Betza: map[string][]betza.Atom{}}
	for _, d := range variants.Describe() {
		rs, why := startsGame(d)
		if why != "" {
			continue
		}
		pv := pieceFixtureVariant{Name: d.Name, Pieces: pieceList(rs.Variant), BoardStyle: boardStyle(rs.Variant)}
		out.Variants = append(out.Variants, pv)
		for _, p := range pv.Pieces {
			bp, err := betza.Parse(p.Betza)
			if err != nil {
				t.Errorf("%s: %s: %v", d.Name, p.Name, err)
				continue
			}
			out.Betza[p.Betza] = append([]betza.Atom{}, bp.Atoms...)
		}
	}
	if len(out.Variants) < 100 {
		t.Fatalf("only %d playable catalogue variants", len(out.Variants))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(out); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "web", "unit", "fixtures", "catalogue-pieces.json")
	if os.Getenv("UPDATE_FIXTURES") != "" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run UPDATE_FIXTURES=1 go test ./server -run TestCataloguePiecesFixture)", err)
	}
	if !bytes.Equal(have, buf.Bytes()) {
		t.Fatalf("%s is stale: run UPDATE_FIXTURES=1 go test ./server -run TestCataloguePiecesFixture", path)
	}
}
