package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"houserules/loadtest"
	"houserules/store"
)

// BenchmarkAttack measures the move round-trip (move sent to its ack) of
// quiet games alone, then while attackers flood the server (the
// acceptance of issue 45: attacked p99 ≤ 2× quiet p99). The server runs in
// this process at its default limits, trusting X-Forwarded-For; the quiet
// games are loadtest.Run's (20 games, each slot its own client, players
// thinking 50-150 ms); the attackers run in another process (this test
// binary again, as TestAttackerProcess) at the fixed rates of
// `houserules bench attack` (loadtest.AttackConfig: 5,000 pings/s over 10
// connections, 1,000 oversized and malformed messages/s, 300 connection
// attempts/s on one room, 100 game creations/s from one address, the
// connecting attackers over 256 addresses) times HR_ATTACK_SCALE (default
// 1). Each phase lasts HR_ATTACK_PHASE seconds (default 10). Run it alone:
//
//	go test ./server -run XXX -bench Attack -benchtime 1x
//
// bench/serve-attack.sh is the same with the server in a process of its
// own, at several scales.
func BenchmarkAttack(b *testing.B) {
	db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	s := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TrustProxy: true})
	hs := httptest.NewServer(s)
	defer func() { hs.CloseClientConnections(); s.Close(); hs.Close(); db.Close() }()
	phase := time.Duration(envInt("HR_ATTACK_PHASE", 10)) * time.Second
	scale := os.Getenv("HR_ATTACK_SCALE")
	if scale == "" {
		scale = "1"
	}
	var quiet, attacked *loadtest.Report
	var qcpu, acpu time.Duration
	for range b.N {
		quiet, qcpu = quietPhase(b, hs.URL, phase)
		// the attack starts 3 s early (the connection flood fills its room)
		child := exec.Command(os.Args[0], "-test.run=^TestAttackerProcess$", "-test.count=1", "-test.v")
		child.Env = append(os.Environ(), "HR_ATTACKER_URL="+hs.URL, "HR_ATTACK_SCALE="+scale,
			fmt.Sprintf("HR_ATTACKER_SECONDS=%d", int(phase/time.Second)+5))
		out, err := os.CreateTemp(b.TempDir(), "attacker")
		if err != nil {
			b.Fatal(err)
		}
		child.Stdout, child.Stderr = out, out
		if err := child.Start(); err != nil {
			b.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		attacked, acpu = quietPhase(b, hs.URL, phase)
		if err := child.Wait(); err != nil {
			b.Fatalf("the attacker process: %v", err)
		}
		log, _ := os.ReadFile(out.Name())
		b.Logf("attacker process (scale %s):\n%s", scale, log)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(quiet.Latency.P50), "quiet_p50_ms")
	b.ReportMetric(ms(quiet.Latency.P95), "quiet_p95_ms")
	b.ReportMetric(ms(quiet.Latency.P99), "quiet_p99_ms")
	b.ReportMetric(ms(attacked.Latency.P50), "attack_p50_ms")
	b.ReportMetric(ms(attacked.Latency.P95), "attack_p95_ms")
	b.ReportMetric(ms(attacked.Latency.P99), "attack_p99_ms")
	b.ReportMetric(float64(attacked.Latency.P99)/float64(max(quiet.Latency.P99, 1)), "ratio")
	b.ReportMetric(float64(quiet.Latency.N), "quiet_moves")
	b.ReportMetric(float64(attacked.Latency.N), "attack_moves")
	b.ReportMetric(100*qcpu.Seconds()/phase.Seconds(), "quiet_cpu_%")
	b.ReportMetric(100*acpu.Seconds()/phase.Seconds(), "attack_cpu_%")
	b.Logf("quiet    %v\nattacked %v\nCPU of this process (server and quiet games): %v quiet, %v attacked", quiet.Latency, attacked.Latency, qcpu, acpu)
}

// quietPhase plays the quiet games for d; it fails b when one got an
// error, and returns the report and this process's CPU time over it.
func quietPhase(b *testing.B, base string, d time.Duration) (*loadtest.Report, time.Duration) {
	c0 := processCPU()
	rep, err := loadtest.Run(context.Background(), loadtest.Config{URLs: []string{base}, Games: 20, Forwarded: true,
		ThinkMin: 50 * time.Millisecond, ThinkMax: 150 * time.Millisecond, Plies: 40, Duration: d, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	if rep.ErrorCount() > 0 || rep.MovesAcked != rep.MovesSent {
		b.Fatalf("the quiet games were affected: %d of %d moves acked, errors %v", rep.MovesAcked, rep.MovesSent, rep.Errors)
	}
	return rep, processCPU() - c0
}

// processCPU is this process's user and system CPU time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestAttackerProcess is BenchmarkAttack's attacker process (skipped
// unless HR_ATTACKER_URL is set): bench attack's default rates times
// HR_ATTACK_SCALE, for HR_ATTACKER_SECONDS.
func TestAttackerProcess(t *testing.T) {
	u := os.Getenv("HR_ATTACKER_URL")
	if u == "" {
		t.Skip("the attacker process of BenchmarkAttack")
	}
	scale, err := strconv.ParseFloat(os.Getenv("HR_ATTACK_SCALE"), 64)
	if err != nil || scale <= 0 {
		scale = 1
	}
	cfg := loadtest.DefaultAttack(u)
	cfg.Scale(scale)
	cfg.Duration = time.Duration(envInt("HR_ATTACKER_SECONDS", 10)) * time.Second
	rep, err := loadtest.Attack(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep.Write(os.Stdout)
}
