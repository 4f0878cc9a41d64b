package variants_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "houserules/presets" // the presets register themselves
	"houserules/rules"
	"houserules/variants"
)

// TestResolve: what a user names becomes a variant (exact spelling, then
// without regard to case; the ini first, then the catalogue) and a
// compiled ruleset; each error has its kind and the message callers show.
func TestResolve(t *testing.T) {
	const ini = "[mini-knights:chess]\nstartFen = nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1\ncastling = false\n" +
		"[makruk:chess]\nmaxRank = 8\n" +
		"[broken:chess]\nnosuchkey = 1\n"
	tests := []struct {
		name    string
		req     variants.Request
		want    string   // the variant's name as found
		specs   []string // the compiled ruleset's presets
		kind    error    // the error's kind, or nil
		msg     string   // the error's message
		skipped []string // sections reported to SectionError
	}{
		{name: "catalogue name", req: variants.Request{Variant: "makruk"}, want: "makruk"},
		{name: "wrong case", req: variants.Request{Variant: "MAKRUK"}, want: "makruk"},
		{name: "spaces around", req: variants.Request{Variant: " makruk\t"}, want: "makruk"},
		{name: "ini section, spaces around", req: variants.Request{Variant: " mini-knights ", INI: ini, ININame: "test.ini"},
			want: "mini-knights", skipped: []string{"makruk", "broken"}},
		{name: "ini section", req: variants.Request{Variant: "mini-knights", INI: ini, ININame: "test.ini"},
			want: "mini-knights", skipped: []string{"makruk", "broken"}},
		{name: "ini section, wrong case", req: variants.Request{Variant: "Mini-Knights", INI: ini, ININame: "test.ini"},
			want: "mini-knights", skipped: []string{"makruk", "broken"}},
		{name: "ini section shadowing a built-in: the built-in", req: variants.Request{Variant: "makruk", INI: ini, ININame: "test.ini"},
			want: "makruk", skipped: []string{"makruk", "broken"}},
		{name: "catalogue name beside an ini", req: variants.Request{Variant: "Capablanca", INI: ini, ININame: "test.ini"},
			want: "capablanca", skipped: []string{"makruk", "broken"}},
		{name: "unknown variant", req: variants.Request{Variant: "no-such-variant"},
			kind: variants.ErrUnknownVariant, msg: `unknown variant "no-such-variant": not in the built-in catalogue nor a plugin`},
		{name: "unknown variant beside an ini", req: variants.Request{Variant: "no-such-variant", INI: ini, ININame: "test.ini"},
			kind: variants.ErrUnknownVariant, msg: `unknown variant "no-such-variant": not a section of test.ini, in the built-in catalogue nor a plugin`,
			skipped: []string{"makruk", "broken"}},
		{name: "no name", req: variants.Request{},
			kind: variants.ErrUnknownVariant, msg: `unknown variant "": not in the built-in catalogue nor a plugin`},
		{name: "ini section with an error", req: variants.Request{Variant: "broken", INI: ini, ININame: "test.ini"},
			kind: variants.ErrBadVariant, msg: `variant "broken": unknown option nosuchkey (test.ini:7)`,
			skipped: []string{"makruk", "broken"}},
		{name: "ini that does not load", req: variants.Request{Variant: "chess", INI: "junk\n", ININame: "test.ini"},
			kind: variants.ErrBadVariant,
			msg:  `invalid syntax "junk": text before the first section (a variant starts with a [name] or [name:parent] line) (test.ini:1)` + "\n" + `no [section] in the file: nothing to load (test.ini)`},
		{name: "built-in of the xiangqi family", req: variants.Request{Variant: "xiangqi"}, want: "xiangqi"},
		{name: "presets", req: variants.Request{Variant: "chess", Presets: "king-heals,PIECE-HP"},
			want: "chess", specs: []string{"piece-hp", "king-heals"}},
		{name: "presets as specs", req: variants.Request{Variant: "chess", Specs: []rules.Spec{{ID: "piece-hp"}}},
			want: "chess", specs: []string{"piece-hp"}},
		{name: "bad presets text", req: variants.Request{Variant: "chess", Presets: "piece-hp:foo"},
			kind: variants.ErrBadPresets, msg: `presets item 1 ("piece-hp:foo"): option "foo" is not key=value`},
		{name: "unknown preset", req: variants.Request{Variant: "chess", Presets: "no-such-preset"},
			kind: variants.ErrBadPresets, msg: "unknown preset \"no-such-preset\" (see `houserules rules list`)"},
		{name: "preset listed twice", req: variants.Request{Variant: "chess", Presets: "piece-hp,piece-hp"},
			kind: variants.ErrBadPresets, msg: "preset piece-hp is listed twice"},
		{name: "incompatible presets", req: variants.Request{Variant: "chess", Presets: "piece-hp,explosive-rook"},
			kind: variants.ErrIncompatiblePresets, msg: "presets piece-hp and explosive-rook are incompatible: choose one"},
		{name: "a required preset missing", req: variants.Request{Variant: "chess", Presets: "king-heals"},
			kind: variants.ErrIncompatiblePresets, msg: "preset king-heals requires piece-hp: add it, e.g. --presets piece-hp,king-heals"},
		{name: "presets that do not fit the variant", req: variants.Request{Variant: "racingkings", Presets: "wrap-board"},
			kind: variants.ErrIncompatiblePresets,
			msg:  `presets wrap-board do not fit racingkings: its start position: fen "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1": board: white is in check, which this variant's rules never allow (checking = false)`},
		{name: "unknown variant before bad presets", req: variants.Request{Variant: "no-such-variant", Presets: "piece-hp:foo"},
			kind: variants.ErrUnknownVariant, msg: `unknown variant "no-such-variant": not in the built-in catalogue nor a plugin`},
		{name: "chess960", req: variants.Request{Variant: "chess", Chess960: true}, want: "chess"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var skipped []string
			tc.req.SectionError = func(s *variants.Section) { skipped = append(skipped, s.Name) }
			res, err := variants.Resolve(tc.req)
			if strings.Join(skipped, ",") != strings.Join(tc.skipped, ",") {
				t.Errorf("sections reported %q, want %q", skipped, tc.skipped)
			}
			if tc.kind != nil {
				var re *variants.ResolveError
				if err == nil || !errors.Is(err, tc.kind) || !errors.As(err, &re) || err.Error() != tc.msg {
					t.Fatalf("error %v, want %v: %s", err, tc.kind, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Name != tc.want || res.Variant == nil || res.Ruleset == nil || res.Chess960 != tc.req.Chess960 {
				t.Fatalf("resolved %q (chess960 %v), want %q", res.Name, res.Chess960, tc.want)
			}
			var specs []string
			for _, s := range res.Ruleset.Specs {
				specs = append(specs, s.String())
			}
			if strings.Join(specs, ",") != strings.Join(tc.specs, ",") {
				t.Errorf("presets %q, want %q", specs, tc.specs)
			}
		})
	}
}

// TestResolveFindsWhere: a section of the ini is the ini's variant, a
// section named like a built-in leaves the built-in, and chess960 reaches
// the games.
func TestResolveFindsWhere(t *testing.T) {
	const ini = "[mini-knights:chess]\nstartFen = nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1\ncastling = false\n" +
		"[makruk:chess]\nmaxRank = 8\n"
	res, err := variants.Resolve(variants.Request{Variant: "mini-knights", INI: ini, ININame: "test.ini"})
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := res.NewGame(""); g == nil || !strings.HasPrefix(g.FEN(), "nnnnknnn/") {
		t.Errorf("mini-knights is not the ini's variant")
	}
	res, err = variants.Resolve(variants.Request{Variant: "makruk", INI: ini, ININame: "test.ini"})
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := variants.Get("makruk")
	if res.Variant.StartFEN != builtin.StartFEN || res.File == nil {
		t.Errorf("makruk: start %q, want the built-in's %q", res.Variant.StartFEN, builtin.StartFEN)
	}
	res, err = variants.Resolve(variants.Request{Variant: "chess", Chess960: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.NewGame("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if moves := strings.Join(g.UCIList(g.LegalMoves()), " "); !strings.Contains(moves, "b1h1") || !strings.Contains(moves, "b1a1") {
		t.Errorf("chess960 castling is not king-takes-rook: %s", moves)
	}
}

// TestResolveFiles: an ini read from a path, and one already loaded, are
// looked in as ini text is.
func TestResolveFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.ini")
	if err := os.WriteFile(path, []byte("[mixed:chess]\ncastling = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := variants.Resolve(variants.Request{Variant: "MIXED", INIPath: path})
	if err != nil || res.Name != "mixed" {
		t.Fatalf("from the path: %v, %v", res, err)
	}
	res, err = variants.Resolve(variants.Request{Variant: "mixed", File: res.File, Presets: "piece-hp"})
	if err != nil || res.Name != "mixed" || len(res.Ruleset.Specs) != 1 {
		t.Fatalf("from the loaded file: %v, %v", res, err)
	}
	_, err = variants.Resolve(variants.Request{Variant: "chess", INIPath: filepath.Join(t.TempDir(), "none.ini")})
	if !errors.Is(err, variants.ErrBadVariant) || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
