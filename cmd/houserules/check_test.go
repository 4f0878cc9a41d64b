package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

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
	lines, bad := checkReport(f)
	want := []string{
		"ok foo (line 1)",
		"ok bar",
		"error foo (line 4): variant \"foo\" is already defined at " + path + ":1 (" + path + ":4)",
	}
	if bad != 1 || !reflect.DeepEqual(lines, want) {
		t.Fatalf("got %q (%d bad), want %q", lines, bad, want)
	}
}
