package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchFlagErrors: bad time and opening settings, and UCI options
// without a UCI engine, are refused with the flag and the reason, before
// any engine starts.
func TestMatchFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--movetime", "0"}, "--movetime must be at least 1 (milliseconds per move), got 0"},
		{[]string{"--movetime", "-5"}, "--movetime must be at least 1"},
		{[]string{"--tc", "NaN+0"}, `--tc "NaN+0": the base must be a positive number of seconds`},
		{[]string{"--tc", "Inf+0"}, `--tc "Inf+0": the base must be a positive number of seconds`},
		{[]string{"--tc", "10+"}, `--tc "10+": the increment after "+" is missing`},
		{[]string{"--tc", "1+-1"}, `--tc "1+-1": the increment must be a number of seconds, 0 or more`},
		{[]string{"--openings", "1000", "--max-plies", "10"}, "--openings must be from 0 to --max-plies - 1 (9), got 1000"},
		{[]string{"--openings", "-5"}, "--openings must be from 0 to --max-plies - 1 (599), got -5"},
		{[]string{"--max-plies", "0"}, "--max-plies must be at least 1, got 0"},
		{[]string{"--depth", "-1"}, "--depth must be a positive number of plies per move (0: none), got -1"},
		{[]string{"--depth", "6", "--movetime", "50"}, "--depth is a limit per move of its own; do not give it with --nodes, --tc or --movetime"},
		{[]string{"--depth", "6", "--nodes", "500"}, "--depth is a limit per move of its own"},
		{[]string{"--tc", "1+0", "--movetime", "50"}, "--tc and --movetime are two limits per move; give one"},
		{[]string{"--option2", "Skill Level=3"}, `--option2 "Skill Level=3" is for a UCI engine: give --engine2 too`},
		{[]string{"--option", "Hash=1"}, `--option "Hash=1" is for a UCI engine: give --engine too`},
		{[]string{"--engine2", "true", "--level2", "5"}, `--level2 is the built-in AI's level: with --engine2 set the engine's own option instead (e.g. --option2 'Skill Level=5')`},
		{[]string{"--pgn", "/nonexistent-dir/games.pgn"}, "--pgn: open /nonexistent-dir/games.pgn: no such file or directory"},
	} {
		cmd := matchCmd()
		cmd.SetArgs(append([]string{"--games", "2", "--quiet"}, tc.args...))
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestPlayFlagErrors: the terminal game refuses a level or thinking time
// outside its range before it starts.
func TestPlayFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--movetime", "0"}, "--movetime must be at least 1 (milliseconds per move), got 0"},
		{[]string{"--movetime", "-5"}, "--movetime must be at least 1 (milliseconds per move), got -5"},
		{[]string{"--level", "21"}, "--level must be 0..20"},
	} {
		cmd := playCmd()
		cmd.SetArgs(tc.args)
		cmd.SetIn(strings.NewReader(""))
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestMatchKeepsPGNOnEarlyFailure: a match that fails before its first game
// (the engine does not play the variant) leaves an existing PGN file as it
// was and creates none.
func TestMatchKeepsPGNOnEarlyFailure(t *testing.T) {
	dir := t.TempDir()
	keep, fresh := filepath.Join(dir, "keep.pgn"), filepath.Join(dir, "fresh.pgn")
	if err := os.WriteFile(keep, []byte("[Event \"earlier\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// a UCI engine without a UCI_Variant option cannot play makruk
	fake := `sh -c 'while read l; do case "$l" in uci) echo "id name plain"; echo uciok;; isready) echo readyok;; quit) exit;; esac; done'`
	for _, path := range []string{keep, fresh} {
		cmd := matchCmd()
		cmd.SetArgs([]string{"--variant", "makruk", "--games", "2", "--quiet", "--nodes", "100", "--engine2", fake, "--pgn", path})
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "engine plain has no UCI_Variant option for makruk") {
			t.Fatalf("got %v, want the engine's missing UCI_Variant", err)
		}
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "[Event \"earlier\"]\n" {
		t.Errorf("the existing PGN now holds %q (%v)", b, err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("a PGN file was left behind: %v", err)
	}
}

// TestMatchPGNPresetsAsRegistered: the PGN's [HouseRules] holds the
// presets as the server writes them (IDs as registered, in the ruleset's
// order), not as typed on the command line.
func TestMatchPGNPresetsAsRegistered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.pgn")
	cmd := matchCmd()
	cmd.SetArgs([]string{"--variant", "MAKRUK", "--presets", " KING-HEALS , Piece-HP ", "--games", "1", "--quiet",
		"--level", "1", "--level2", "1", "--nodes", "50", "--max-plies", "4", "--openings", "0", "--pgn", path})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "[Variant \"makruk\"]\n[HouseRules \"piece-hp,king-heals\"]\n") {
		t.Errorf("PGN:\n%s", b)
	}
}
