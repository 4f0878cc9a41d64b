package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"houserules/server"
	"houserules/store"
	"houserules/variants"
)

// TestCheckReportDuplicateSection: a section defined twice is reported
// once as ok (the first definition, which is used) and once as an error,
// each with its line, so the two lines cannot be confused.
func TestCheckReportDuplicateSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dup.ini")
	if err := os.WriteFile(path, []byte("[foo:chess]\nmaxRank = 8\n[bar:chess]\n[foo:chess]\nmaxFile = 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := variants.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines, bad := checkReport(f, nil)
	want := []string{
		"ok foo (line 1)",
		"ok bar",
		"error foo (line 4): variant \"foo\" is already defined at " + path + ":1 (" + path + ":4)",
	}
	if bad != 1 || !reflect.DeepEqual(lines, want) {
		t.Fatalf("got %q (%d bad), want %q", lines, bad, want)
	}
}

// TestCheckReportFileErrors: problems outside any section come first, one
// "error: " line each, then the sections; an empty file has only its error.
func TestCheckReportFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"empty.ini", "", []string{"error: no [section] in the file: nothing to load (DIR/empty.ini)"}},
		{"utf16.ini", "\xff\xfe[chess]\n", []string{"error: UTF-16 byte order mark: the file must be UTF-8 text (DIR/utf16.ini:1)"}},
		{"preamble.ini", "My variants\n[a:chess]\nmaxRank = 8\n[b:chess]\nmaxRank = 13\n", []string{
			`error: invalid syntax "My variants": text before the first section (a variant starts with a [name] or [name:parent] line) (DIR/preamble.ini:1)`,
			"ok a",
			`error b: invalid value "13" for maxRank: expected Rank: out of 1..12 (DIR/preamble.ini:5)`,
		}},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := variants.LoadFile(path)
		var ve *variants.Error
		if !errors.As(err, &ve) || f == nil {
			t.Fatalf("%s: %v (file %v)", c.name, err, f)
		}
		lines, _ := checkReport(f, err)
		for i := range c.want {
			c.want[i] = strings.ReplaceAll(c.want[i], "DIR", dir)
		}
		if !reflect.DeepEqual(lines, c.want) {
			t.Errorf("%s: got\n%q\nwant\n%q", c.name, lines, c.want)
		}
	}
}

// TestPluginReport: "houserules check" without a file reports the variant
// plugins the binary registers (variants/plugins), all loading, and
// "houserules variants" lists them with the catalogue.
func TestPluginReport(t *testing.T) {
	lines, bad := pluginReport()
	var want []string
	for _, k := range []string{"antichessPlugin", "atomicChess", "berolinaChess", "breakthrough7x7", "capablancaChess",
		"chess960Plugin", "cylinderChess", "einsteinChess", "fiveCheck", "fogOfWar", "hoppelPoppelChess",
		"kingOfTheHillPlugin", "maharajaChess", "makpongPlugin", "makrukPromotion", "marseillaisChess",
		"monsterChess", "noCastling", "progressiveChess", "racingKingsPlugin", "rifleChess", "threeCheck", "toroidalChess", "torpedoChess"} {
		want = append(want, "ok "+k)
	}
	if bad != 0 || !reflect.DeepEqual(lines, want) {
		t.Errorf("got %q (%d bad), want %q", lines, bad, want)
	}
	names := strings.Join(variants.AllNames(), " ") + " "
	for _, n := range []string{"chess ", "torpedo ", "torpedoChess ", "cylinderChess "} {
		if !strings.Contains(" "+names, " "+n) {
			t.Errorf("variants lacks %s", n)
		}
	}
}

// TestCheckReportEqualsServer: the play server's check of a custom block
// (POST /api/rulesets/check, iniCheck.report, the block named custom.ini)
// prints the lines `houserules check custom.ini` prints, line numbers
// included.
func TestCheckReportEqualsServer(t *testing.T) {
	block := "[good:chess]\nmaxRank = 8\n[bad:chess]\nfooBar = 1\ncustomPiece1 = a:fmWfceFifmnD%\n[worse:nowhere]\n"
	t.Chdir(t.TempDir())
	if err := os.WriteFile("custom.ini", []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := variants.LoadFile("custom.ini")
	if err != nil {
		t.Fatal(err)
	}
	cli, bad := checkReport(f, nil)
	if bad != 2 || !strings.Contains(cli[1], "unknown option fooBar (custom.ini:4)") {
		t.Fatalf("cli report %q", cli)
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv := server.New(server.Config{Store: db})
	defer srv.Close()
	body, _ := json.Marshal(map[string]any{"ini": block, "variant": "bad"})
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rulesets/check", bytes.NewReader(body)))
	var out struct {
		IniCheck struct {
			Report []string `json:"report"`
		} `json:"iniCheck"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || rec.Code != 400 {
		t.Fatalf("server: %d %s", rec.Code, rec.Body)
	}
	if !reflect.DeepEqual(out.IniCheck.Report, cli) {
		t.Errorf("server report %q\ncli report    %q", out.IniCheck.Report, cli)
	}
}
