package variants

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// TestFileErrors: problems outside any section — no section at all, text
// before the first section, a file that is not UTF-8 text — are the error
// of Load (Fairy-Stockfish silently loads nothing or skips the text); each
// is an *Error of kind ErrSyntax with its place.
func TestFileErrors(t *testing.T) {
	const before = `: text before the first section (a variant starts with a [name] or [name:parent] line)`
	cases := []struct {
		name, text string
		want       string   // the error, exactly
		sections   []string // the sections still read, for reporting
	}{
		{"empty", "", "no [section] in the file: nothing to load (test.ini)", nil},
		{"blank and comments only", "# a comment\n\n; another\r\n   \n", "no [section] in the file: nothing to load (test.ini)", nil},
		{"UTF-8 byte order mark only", "\uFEFF", "no [section] in the file: nothing to load (test.ini)", nil},
		{"prose", "This is prose.\nIt has no sections at all.\n\nThe end.\n",
			`invalid syntax "This is prose."` + before + "; 2 more lines of such text, up to line 4 (test.ini:1)\n" +
				"no [section] in the file: nothing to load (test.ini)", nil},
		{"garbage", "garbage not ini",
			`invalid syntax "garbage not ini"` + before + " (test.ini:1)\n" +
				"no [section] in the file: nothing to load (test.ini)", nil},
		{"line before the first section", "# title\nMy variants\r\n[a:chess]\nmaxRank = 8\n",
			`invalid syntax "My variants"` + before + " (test.ini:2)", []string{"a"}},
		{"key before the first section", "maxRank = 8\n[a:chess]\n",
			`invalid syntax "maxRank = 8"` + before + " (test.ini:1)", []string{"a"}},
		{"UTF-16 LE byte order mark", "\xff\xfe[chess]\nmaxRank = 8\n",
			"UTF-16 byte order mark: the file must be UTF-8 text (test.ini:1)", nil},
		{"UTF-16 BE byte order mark", "\xfe\xff\x00[\x00a\x00]\x00\n",
			"UTF-16 byte order mark: the file must be UTF-8 text (test.ini:1)", nil},
		{"invalid UTF-8 before the first section", "# caf\xe9\n[a:chess]\n",
			"invalid UTF-8 (byte 0xe9 at column 6): the file must be UTF-8 text (test.ini:1)", []string{"a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Load("test.ini", strings.NewReader(c.text))
			if err == nil || err.Error() != c.want {
				t.Fatalf("error\n%v\nwant\n%s", err, c.want)
			}
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("error %q is not a syntax error", err)
			}
			var e *Error
			if !errors.As(err, &e) || e.File != "test.ini" {
				t.Errorf("error %q is not an *Error of test.ini", err)
			}
			if f == nil {
				t.Fatal("no File with the error")
			}
			var names []string
			for _, s := range f.Sections {
				names = append(names, s.Name)
			}
			if strings.Join(names, ",") != strings.Join(c.sections, ",") {
				t.Errorf("sections %q, want %q", names, c.sections)
			}
		})
	}
}

// TestEncodingInSection: a line of a section that is not UTF-8 (or has a
// NUL byte, as UTF-16 text without byte order mark does) is an error of
// that section; the other sections load.
func TestEncodingInSection(t *testing.T) {
	f := load(t, "[a:chess]\n# caf\xe9\nmaxRank = 8\n[b:chess]\ncastling = false\n[c\x00:chess]\n")
	if len(f.Sections) != 3 {
		t.Fatalf("%d sections", len(f.Sections))
	}
	for i, want := range []string{
		"invalid UTF-8 (byte 0xe9 at column 6): the file must be UTF-8 text (test.ini:2)",
		"",
		"NUL byte at column 3: the file must be UTF-8 text (is it UTF-16?) (test.ini:6)",
	} {
		s := f.Sections[i]
		switch {
		case want == "" && s.Err != nil:
			t.Errorf("%s: %v", s.Name, s.Err)
		case want != "" && (s.Err == nil || s.Err.Error() != want || !errors.Is(s.Err, ErrSyntax)):
			t.Errorf("%s: %v, want %s", s.Name, s.Err, want)
		}
	}
	// U+FFFD written as UTF-8 is valid text.
	f = load(t, "# \uFFFD\n[a:chess]\n# \uFFFD\n")
	if err := f.Sections[0].Err; err != nil {
		t.Error(err)
	}
}

// TestByteOrderMarkLoadsTheSection: a UTF-8 byte order mark before the
// first header is skipped; the header is line 1.
func TestByteOrderMarkLoadsTheSection(t *testing.T) {
	f := load(t, "\uFEFF[a:chess]\nmaxRank = 8\nchess960 = true\n")
	if len(f.Sections) != 1 || f.Sections[0].Name != "a" || f.Sections[0].Line != 1 {
		t.Fatalf("sections %+v", f.Sections)
	}
	if v, err := f.Lookup("a"); err != nil || !v.Chess960 {
		t.Errorf("%v %v", v, err)
	}
	// Before a comment too.
	f = load(t, "\uFEFF# variants\n[a:chess]\n")
	if len(f.Sections) != 1 || f.Sections[0].Err != nil {
		t.Errorf("sections %+v", f.Sections)
	}
}

// TestRealFilesHaveNoFileErrors: the shared test files and the catalogue's
// own files have only blank lines and comments before their first section
// (Fairy-Stockfish's variants.ini has a long commented header): they load
// without a file error, their sections exactly as the other tests expect.
// The shared files are checked in subtests, skipped when they are absent.
func TestRealFilesHaveNoFileErrors(t *testing.T) {
	for _, name := range []string{"shaolinking.ini", "fairy-stockfish-variants.ini", "all.ini"} {
		t.Run(name, func(t *testing.T) {
			f, err := LoadFile(needTestdata(t, name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(f.Sections) == 0 {
				t.Errorf("%s: no section", name)
			}
		})
	}
	names, err := fs.Glob(catalogueFS, "catalogue/*.ini")
	if err != nil || len(names) == 0 {
		t.Fatalf("catalogue files: %v %v", names, err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(catalogueFS, name)
		if err != nil {
			t.Fatal(err)
		}
		if _, fileErrs, err := readINI(name, bytes.NewReader(data)); err != nil || len(fileErrs) > 0 {
			t.Errorf("%s: %v %v", name, fileErrs, err)
		}
	}
}
