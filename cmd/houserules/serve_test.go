package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestServeDBErrors: a --db that cannot be a SQLite file is refused with
// the path and the reason, before the server listens.
func TestServeDBErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nonexistent", "dir")
	for _, tc := range []struct {
		db, want string
	}{
		{filepath.Join(missing, "x.db"), "--db " + filepath.Join(missing, "x.db") + ": the directory " + missing + " does not exist"},
		{dir, "--db " + dir + ": is a directory"},
		{dir + "/", "--db " + dir + "/: is a directory"},
		{filepath.Join(file, "x.db"), "--db " + filepath.Join(file, "x.db") + ": " + file + " is not a directory"},
	} {
		cmd := serveCmd()
		cmd.SetArgs([]string{"--addr", "127.0.0.1:0", "--db", tc.db})
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		if err == nil || err.Error() != tc.want {
			t.Errorf("--db %s: got %v, want %q", tc.db, err, tc.want)
		}
	}
}
