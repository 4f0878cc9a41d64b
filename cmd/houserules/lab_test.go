package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runLab runs `houserules lab ARGS` in the process and returns its
// standard output.
func runLab(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := labCmd()
	var out bytes.Buffer
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	err := cmd.Execute()
	return out.String(), err
}

// TestLabCommands: run (enqueue and work, the table), status, report as
// CSV and HTML, a study only enqueued and then cancelled, and the errors.
func TestLabCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "lab.db")
	out, err := runLab(t, "run", "--db", db, "--rulesets", "wrap-board;-", "--games", "2", "--nodes", "40", "--max-plies", "30", "--seed", "3", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "study 1: chess, 2 games per ruleset, level 20, 40 nodes a move, 4 random opening plies, draw after 30 plies, seed 3 (4/4 games played)") ||
		!strings.HasPrefix(lines[2], "wrap-board  2 ") || !strings.HasPrefix(lines[3], "-           2 ") {
		t.Errorf("run:\n%s", out)
	}
	if out, err = runLab(t, "status", "--db", db); err != nil || !strings.Contains(out, "1      done   4/4    chess    2         completed 2") {
		t.Errorf("status: %v\n%s", err, out)
	}
	out, err = runLab(t, "report", "1", "--db", db, "--csv", "--html", filepath.Join(dir, "html"))
	if err != nil || !strings.HasPrefix(out, "ruleset,games,white_wins,") || !strings.Contains(out, "\nwrap-board,2,") || !strings.Contains(out, "\n-,2,") {
		t.Errorf("report --csv: %v\n%s", err, out)
	}
	for _, f := range []string{"report.html", "score.svg", "results.svg", "lengths.svg"} {
		if _, err := os.Stat(filepath.Join(dir, "html", f)); err != nil {
			t.Error(err)
		}
	}
	if out, err = runLab(t, "run", "--db", db, "--rulesets", "piece-hp", "--games", "4", "--no-work"); err != nil || out != "2\n" {
		t.Errorf("run --no-work: %q %v", out, err)
	}
	if out, err = runLab(t, "cancel", "2", "--db", db); err != nil || out != "study 2 cancelled: 2 jobs\n" {
		t.Errorf("cancel: %q %v", out, err)
	}
	if out, err = runLab(t, "status", "2", "--db", db); err != nil || !strings.Contains(out, "2      cancelled  0/4    chess    1         cancelled 2") {
		t.Errorf("status 2: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--db", db, "--rulesets", "x;x"}, `ruleset 2 ("x") is ruleset 1 again`},
		{[]string{"run", "--db", db, "--rulesets", "-", "--games", "3"}, "games per ruleset must be even and at least 2"},
		{[]string{"run", "--db", db, "--rulesets", "nope"}, `ruleset 1 ("nope"): `},
		{[]string{"report", "9", "--db", db}, "lab: study 9: no such study"},
		{[]string{"report", "x", "--db", db}, `study ID "x" is not a positive number`},
		{[]string{"report", "1", "--db", db, "--csv", "--json"}, "--csv and --json: give one"},
		{[]string{"cancel", "9", "--db", db}, "lab: study 9: no such study"},
	} {
		if _, err := runLab(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("lab %v = %v, want %q", tc.args, err, tc.want)
		}
	}
}
