package main

import (
	"io"
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
