package variants_test

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// meta is the required metadata, for test configs.
func meta(c variants.Config) variants.Config {
	c.Label, c.Group, c.Title, c.Description, c.Rule = "T", "Test", "T", "A test plugin.", "Board: 8×8"
	return c
}

func plugin(t *testing.T, key string) *variants.Plugin {
	t.Helper()
	p, ok := variants.LookupPlugin(key)
	if !ok {
		t.Fatalf("plugin %s is not registered", key)
	}
	return p
}

func loaded(t *testing.T, key string) *variants.Plugin {
	t.Helper()
	p := plugin(t, key)
	if p.Err != nil {
		t.Fatalf("%s: %v\n%s", key, p.Err, p.INI)
	}
	return p
}

func tPerft(t *testing.T, key, fen string, depth int) uint64 {
	t.Helper()
	res, err := variants.Resolve(variants.Request{Variant: key})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame(fen)
	if err != nil {
		t.Fatalf("%s %q: %v", key, fen, err)
	}
	return rules.PerftGame(g, depth)
}

func tLegal(t *testing.T, key, fen string) string {
	t.Helper()
	res, err := variants.Resolve(variants.Request{Variant: key})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame(fen)
	if err != nil {
		t.Fatalf("%s %q: %v", key, fen, err)
	}
	out := g.UCIList(g.LegalMoves())
	sort.Strings(out)
	return strings.Join(out, " ")
}

// A bad config is recorded, not panicked on: the plugin is listed with an
// error naming it and the field, and Resolve says why it cannot be played.
func TestPluginErrors(t *testing.T) {
	variants.Register("tDup", meta(variants.Config{}))
	variants.Register("TDUP", meta(variants.Config{Torpedo: true}))
	variants.Register("tCycA", meta(variants.Config{Extends: "tCycB"}))
	variants.Register("tCycB", meta(variants.Config{Extends: "tCycA"}))
	for _, tc := range []struct {
		key  string
		cfg  variants.Config
		kind error
		msg  string
	}{
		{"tRows", meta(variants.Config{Rows: 13}), variants.ErrPlugin,
			`plugin "tRows": Rows: bad plugin config: 13 is out of 4..12`},
		{"tCols", meta(variants.Config{Cols: 3}), variants.ErrPlugin,
			`plugin "tCols": Cols: bad plugin config: 3 is out of 4..12`},
		{"tNoLabel", variants.Config{Group: "g", Title: "t", Description: "d", Rule: "r"}, variants.ErrPlugin,
			`plugin "tNoLabel": Label: bad plugin config: required (the picker and the description panel show it)`},
		{"tParent", meta(variants.Config{Extends: "nosuch"}), variants.ErrParent,
			`plugin "tParent": Extends: bad parent variant: unknown parent "nosuch": neither a registered plugin nor a variant of the built-in catalogue`},
		{"tBetza", meta(variants.Config{Pieces: map[string]string{"x": "Zz"}}), variants.ErrBetza,
			`plugin "tBetza": Pieces: invalid Betza notation: customPiece1: `},
		{"tBoard", meta(variants.Config{Cols: 10}), variants.ErrInconsistent,
			`plugin "tBoard": FEN: inconsistent variant: variant tBoard: invalid startFen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": `},
		{"tFEN", meta(variants.Config{FEN: "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"}), variants.ErrInconsistent,
			`plugin "tFEN": FEN: inconsistent variant: the start position: `},
		{"tWrap", meta(variants.Config{WrapRanks: true}), variants.ErrPlugin,
			`plugin "tWrap": WrapRanks: bad plugin config: needs WrapFiles`},
		{"tStyle", meta(variants.Config{PawnMoveStyle: "sideways"}), variants.ErrPlugin,
			`plugin "tStyle": PawnMoveStyle: bad plugin config: "sideways": expected standard or berolina`},
		{"tDir", meta(variants.Config{PawnDirection: variants.ByColour{1, 1}}), variants.ErrPlugin,
			`plugin "tDir": PawnDirection: bad plugin config: [1 1]: the directions must mirror each other`},
		{"tPromo", meta(variants.Config{PromotionPieces: "qz"}), variants.ErrInvalidValue,
			`plugin "tPromo": PromotionPieces: invalid value: invalid value "qz" for promotionPieceTypes: expected PieceSet: no piece type has the letter "z" in this variant (as ini: promotionPieceTypes = qz)`},
		{"tTorpedo", meta(variants.Config{Torpedo: true, PawnStartRank: variants.ByColour{3, 6}}), variants.ErrPlugin,
			`plugin "tTorpedo": Torpedo: bad plugin config: give either Torpedo or PawnStartRank, not both`},
		{"Makruk", meta(variants.Config{}), variants.ErrBuiltin,
			`plugin "Makruk": built-in variant name: "Makruk" is the name of the built-in variant "makruk": give the plugin another key`},
		{"TDUP", variants.Config{}, variants.ErrDuplicate,
			`plugin "TDUP": duplicate variant: plugin "tDup" is already registered`},
		{"tCycA", variants.Config{}, variants.ErrParent, `plugin "tCycA": Extends: bad parent variant: `},
	} {
		if tc.cfg.Label != "" || tc.cfg.Group != "" {
			variants.Register(tc.key, tc.cfg)
		}
		var p *variants.Plugin
		for _, q := range variants.Plugins() {
			if q.Key == tc.key {
				p = q // the last registration of the key
			}
		}
		var pe *variants.PluginError
		switch {
		case p == nil:
			t.Errorf("%s: not listed", tc.key)
		case !errors.As(p.Err, &pe) || !errors.Is(p.Err, tc.kind):
			t.Errorf("%s: error %v, want kind %v", tc.key, p.Err, tc.kind)
		case !strings.HasPrefix(p.Err.Error(), tc.msg):
			t.Errorf("%s:\n got  %s\n want %s…", tc.key, p.Err, tc.msg)
		}
	}
	// The first registration of a key stands.
	if p := loaded(t, "tDup"); p.Variant().DoubleStepRegion[position.White] != position.NewVariant().DoubleStepRegion[position.White] {
		t.Error("the second registration of tDup replaced the first")
	}
	// A refused registration names no plugin: "tdup" is tDup, "makruk" the
	// catalogue's.
	for name, want := range map[string]string{"tdup": "tDup", "TDUP": "tDup", "Makruk": "makruk"} {
		if r, err := variants.Resolve(variants.Request{Variant: name}); err != nil || r.Name != want {
			t.Errorf("resolve %s: %v, want %s", name, err, want)
		}
	}
	_, err := variants.Resolve(variants.Request{Variant: "tRows"})
	if !errors.Is(err, variants.ErrBadVariant) || !strings.Contains(err.Error(), "Rows: bad plugin config") {
		t.Errorf("resolve a bad plugin: %v", err)
	}
}

// Extends inherits every field; the child's fields override; a flag of the
// parent stays on. An ini section may extend a plugin too.
func TestPluginExtends(t *testing.T) {
	variants.Register("tBase", variants.Config{Label: "Base", Group: "Test", Title: "Base", Description: "d", Rule: "r",
		Torpedo: true, NoCastling: true})
	variants.Register("tChild", variants.Config{Extends: "tBase", Label: "Child", NoEnPassant: true})
	p := loaded(t, "tChild")
	if p.Base != "chess" || p.Merged.Label != "Child" || p.Merged.Title != "Base" || !p.Merged.Torpedo || !p.Merged.NoCastling {
		t.Errorf("merged %+v, base %s", p.Merged, p.Base)
	}
	want := "[tChild:chess]\ncastling = false\nenPassantRegion = -\n" +
		"doubleStepRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8\ndoubleStepRegionBlack = *1 *2 *3 *4 *5 *6 *7 *8\n" +
		"startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"
	if got := sortedLines(p.INI); got != sortedLines(want) {
		t.Errorf("ini\n%s\nwant\n%s", p.INI, want)
	}
	v := p.Variant()
	torpedo, _ := variants.Get("torpedo")
	if v.Castling || v.EnPassantRegion[position.White].Any() || v.DoubleStepRegion != torpedo.DoubleStepRegion {
		t.Errorf("castling %v, en passant %v, double step %v", v.Castling, v.EnPassantRegion, v.DoubleStepRegion)
	}
	f, err := variants.Load("x.ini", strings.NewReader("[mine:tChild]\nmaxFile = 7\nstartFen = rnbqkbn/ppppppp/7/7/7/7/PPPPPPP/RNBQKBN w - - 0 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if mv, err := f.Lookup("mine"); err != nil || mv.Castling || mv.MaxFile != 6 {
		t.Errorf("section extending a plugin: %v", err)
	}
}

func sortedLines(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	sort.Strings(l[1:])
	return strings.Join(l, "\n")
}
