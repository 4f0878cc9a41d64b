package server

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"houserules/variants"
)

// pieceFixtureVariant is one catalogue variant's piece types as the game
// state sends them, for the web app's piece-image tests.
type pieceFixtureVariant struct {
	Name       string         `json:"name"`
	Pieces     []pieceJSON    `json:"pieces"`
	BoardStyle boardStyleJSON `json:"boardStyle"`
}

// TestCataloguePiecesFixture keeps web/unit/fixtures/catalogue-pieces.json
// (the pieces of every playable catalogue variant, as the state's `pieces`
// field sends them) in step with the catalogue: web/unit/pieces.test.ts
// checks that no two piece types of a variant are drawn alike. Regenerate
// with UPDATE_FIXTURES=1 go test ./server -run TestCataloguePiecesFixture.
func TestCataloguePiecesFixture(t *testing.T) {
	var out []pieceFixtureVariant
	for _, d := range variants.Describe() {
		rs, why := startsGame(d)
		if why != "" {
			continue
		}
		out = append(out, pieceFixtureVariant{Name: d.Name, Pieces: pieceList(rs.Variant), BoardStyle: boardStyle(rs.Variant)})
	}
	if len(out) < 100 {
		t.Fatalf("only %d playable catalogue variants", len(out))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
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
