package server

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds cmd/houserules once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "houserules")
	cmd := exec.Command("go", "build", "-o", bin, "houserules/cmd/houserules")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// startServe runs `houserules serve --addr 127.0.0.1:0 --db dsn` with
// the flags extra and returns the process and its base URL (read from its
// first line).
func startServe(t *testing.T, bin, dsn string, extra ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn}, extra...)...)
	cmd.Dir = t.TempDir()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			line <- sc.Text()
		}
		for sc.Scan() {
		}
	}()
	select {
	case l := <-line:
		m := regexp.MustCompile(`http://[0-9.:]+`).FindString(l)
		if m == "" {
			t.Fatalf("serve said %q", l)
		}
		return cmd, m
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not start")
	}
	return nil, ""
}

// TestCrashSafetySQLite kills the server with SIGKILL mid-game, restarts
// it on the same SQLite file, and the game continues from the exact
// position.
func TestCrashSafetySQLite(t *testing.T) {
	bin := buildBinary(t)
	crashSafety(t, bin, filepath.Join(t.TempDir(), "crash.db"))
}

// TestCrashSafetyPostgres is the same on PostgreSQL, when
// HOUSERULES_TEST_POSTGRES holds a DSN (postgres://…).
func TestCrashSafetyPostgres(t *testing.T) {
	dsn := os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES is not set")
	}
	crashSafety(t, buildBinary(t), dsn)
}

func crashSafety(t *testing.T, bin, dsn string) {
	proc, url := startServe(t, bin, dsn)
	ts := &testServer{t: t, URL: url}
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess", "presets": "piece-hp,king-heals"})
	// a game with a clock: the clock survives the restart (standing still
	// while the server is down)
	ck, _, _ := createHuman(t, ts, map[string]any{"variant": "chess", "clock": map[string]any{"initial": 600, "increment": 0}})
	// an AI game too, stopped while the AI is to move
	code, ai := call(t, "POST", url+"/api/games", "", map[string]any{"variant": "chess", "opponent": map[string]any{"type": "ai"}})
	if code != 201 {
		t.Fatalf("create AI game: %d %v", code, ai)
	}
	w := dialWS(t, url, id, wt)
	b := dialWS(t, url, id, bt)
	moves := []string{"e2e4", "d7d5", "e4d5", "g8f6"} // e4d5: the d5 pawn survives with 1 HP on d6
	var fen string
	for i, mv := range moves {
		c := w
		if i%2 == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect(func(m map[string]any) bool { return m["type"] == "ack" })
	}
	st := w.expectState(len(moves))
	fen = st["fen"].(string)
	if !strings.Contains(fen, "Hp:") {
		t.Fatalf("the position should carry HP facts: %s", fen)
	}
	// kill -9 right after an acknowledged move
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.Wait()

	proc, url = startServe(t, bin, dsn)
	code, g := call(t, "GET", url+"/api/games/"+id, wt, nil)
	if code != 200 {
		t.Fatalf("after restart: %d %v", code, g)
	}
	st = g["state"].(map[string]any)
	if st["fen"] != fen || st["you"] != "white" || int(st["ply"].(float64)) != len(moves) {
		t.Fatalf("after restart: fen %v ply %v you %v, want %s", st["fen"], st["ply"], st["you"], fen)
	}
	var got []string
	for _, m := range st["moves"].([]any) {
		got = append(got, m.(map[string]any)["uci"].(string))
	}
	if !reflect.DeepEqual(got, moves) {
		t.Fatalf("moves after restart = %v, want %v", got, moves)
	}
	_, cg := call(t, "GET", url+"/api/games/"+ck, "", nil)
	if c := cg["state"].(map[string]any)["clock"].(map[string]any); c["white"] != 600000.0 || c["running"] != "" {
		t.Errorf("clock after restart = %v", c)
	}
	// the game continues: both seats reconnect with their tokens
	w = dialWS(t, url, id, wt)
	b = dialWS(t, url, id, bt)
	w.send(map[string]any{"type": "move", "move": "g1f3", "ply": 4})
	w.expect(func(m map[string]any) bool { return m["type"] == "ack" })
	b.send(map[string]any{"type": "move", "move": "b8c6"})
	if m := b.expect(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); m["type"] != "ack" {
		t.Fatalf("black after restart: %v", m)
	}
	code, g = call(t, "GET", url+"/api/games/"+id, "", nil)
	if n := len(g["state"].(map[string]any)["moves"].([]any)); code != 200 || n != 6 {
		t.Fatalf("after two more moves: %d plies", n)
	}
	// the AI game: play the human's move, kill at once, restart: the AI
	// move (if it was not stored before the kill) is made after the restart
	aiID, aiTok := ai["id"].(string), ai["token"].(string)
	if code, m := call(t, "POST", url+"/api/games/"+aiID+"/moves", aiTok, map[string]any{"move": "e2e4"}); code != 200 {
		t.Fatalf("AI game move: %d %v", code, m)
	}
	proc.Process.Signal(syscall.SIGKILL)
	proc.Wait()
	_, url = startServe(t, bin, dsn)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, g := call(t, "GET", url+"/api/games/"+aiID, "", nil)
		st := g["state"].(map[string]any)
		if int(st["ply"].(float64)) == 2 && st["turn"] == "white" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the AI did not answer after the restart: ply %v", st["ply"])
		}
		time.Sleep(100 * time.Millisecond)
	}
}
