package variants

import (
	"strings"
	"testing"

	"houserules/position"
)

// TestLetterSynonyms: the built-in xiangqi family reads Fairy-Stockfish's
// letter synonyms (horse h, elephant e) in FENs and writes the main
// letters, as Fairy-Stockfish does (FENs checked against its current
// build: the janggi FEN below reads back as its start position).
func TestLetterSynonyms(t *testing.T) {
	for _, c := range []struct{ variant, fen, want string }{
		{"xiangqi", "rhbakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKABHR w - - 0 1",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"janggi", "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
			"rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"},
		{"minixiangqi", "rchkhcr/p1ppp1p/7/7/7/P1PPP1P/RCHKHCR w - - 0 1",
			"rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"},
	} {
		v, err := Get(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := position.New(v, c.fen, false)
		if err != nil {
			t.Errorf("%s: %v", c.variant, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("%s: FEN %s, want %s", c.variant, got, c.want)
		}
	}
	// chess has no synonyms: h is not a piece
	v, _ := Get("chess")
	if _, err := position.New(v, "4k3/8/8/8/8/8/8/4K2H w - - 0 1", false); err == nil {
		t.Errorf("chess read an h")
	}
}

// TestLetterSynonymsOption: the extension's errors name the entry, and a
// piece that later takes the synonym's letter takes it over.
func TestLetterSynonymsOption(t *testing.T) {
	f := load(t, "[a:chess]\nletterSynonyms = knight:h\n"+
		"[b:chess]\nletterSynonyms = knight\n"+
		"[c:chess]\nletterSynonyms = wazir:w\n"+
		"[d:chess]\nletterSynonyms = knight:b\n"+
		"[e:a]\ncustomPiece1 = h:W\n")
	v, err := f.Lookup("a")
	if err != nil || v.PieceCharSynonym[position.Knight] != 'H' {
		t.Fatalf("a: %v %q", err, v.PieceCharSynonym[position.Knight])
	}
	for _, c := range []struct{ name, want string }{
		{"b", `invalid value "knight" for letterSynonyms: expected NAME:LETTER …: "knight" is not a piece name, ':' and one letter (test.ini:4)`},
		{"c", `"wazir:w": no piece wazir in the variant (test.ini:6)`},
		{"d", `"knight:b": the letter b is already a piece's (test.ini:8)`},
	} {
		if _, err := f.Lookup(c.name); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	e, err := f.Lookup("e")
	if err != nil {
		t.Fatal(err)
	}
	if e.PieceCharSynonym[position.Knight] != 0 || e.PieceChar[position.CustomPiece1] != 'H' {
		t.Errorf("e: knight synonym %q, customPiece1 %q", e.PieceCharSynonym[position.Knight], e.PieceChar[position.CustomPiece1])
	}
}
