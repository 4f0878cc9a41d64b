// Command perftspeed times perft in two engines on the same position and
// depth, interleaved in one run, and prints both speeds and their ratio.
// It is the benchmark of issue 42 (pockets, drops, gating): crazyhouse and
// seirawan perft 5 against the current Fairy-Stockfish, shogi perft 4
// against its largeboards build, and plain chess perft 6 against the
// houserules of before (see bench/perft-drops.sh, which builds both); and
// of issue 43: ataxx perft 5 and flipello perft 8 against the current
// Fairy-Stockfish, duck chess perft 3 against the largeboards build
// (bench/perft-walls.sh).
//
//	go run ./bench/perftspeed -ours /tmp/houserules -base /tmp/houserules-base \
//	    -fsf /tmp/fsf-c19b5f6 -fsf-lb /tmp/fsf-lb-c19b5f6 -runs 5
//
// A UCI engine is started once per case and kept: the time of a run is
// from sending `go perft N` to reading `Nodes searched`, so process start
// and variant set-up are not counted, for either side. Besides wall time
// it reads the process's CPU time (the sum over its threads of
// /proc/PID/task/*/schedstat), which other load on the machine disturbs
// less. A "cli" engine is houserules' `perft` command, for plain chess,
// and crazyhouse, whose 64-bit fast paths the UCI `go perft` (a divide)
// does not take; its wall time is the one the command prints for the
// perft alone, its CPU time the process's less that of the same command
// at depth 1 (start-up and variant set-up).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// engine is one side of a case.
type engine struct {
	label string
	kind  string // "uci" or "cli"
	bin   string
	args  []string // a uci engine's arguments (houserules: "uci")
}

// benchCase is one comparison: a position, a depth and two engines.
type benchCase struct {
	name, variant, fen string // fen "" = the start position
	depth              int
	a, b               string // engine labels
}

// The crazyhouse and chess cases run ours through the perft command (its
// 64-bit fast paths, chess64.Board and chess64.ZH); the -generic cases
// through UCI `go perft` (a divide, on the generic core), as do seirawan
// and shogi, which have no fast path.
const zhMid = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1[Pp] w - - 0 8"

var cases = []benchCase{
	{"crazyhouse", "crazyhouse", "", 5, "ours-cli", "fsf"},
	{"crazyhouse-mid", "crazyhouse", zhMid, 4, "ours-cli", "fsf"},
	{"zh-generic", "crazyhouse", "", 5, "ours", "fsf"},
	{"zh-mid-generic", "crazyhouse", zhMid, 4, "ours", "fsf"},
	{"seirawan", "seirawan", "", 5, "ours", "fsf"},
	{"shogi", "shogi", "", 4, "ours", "fsf-lb"},
	// issue 43: enclosing drops and flips (free drops and jumps; reversi)
	{"ataxx", "ataxx", "", 5, "ours", "fsf"},
	{"flipello", "flipello", "", 8, "ours", "fsf"},
	// issue 43: xiangqi and janggi
	{"xiangqi", "xiangqi", "", 5, "ours", "fsf-lb"},
	{"janggi", "janggi", "", 5, "ours", "fsf-lb"},
	{"chess", "chess", "", 6, "ours-cli", "base-cli"},
	{"chess-generic", "chess", "", 5, "ours", "base"},
	// walls (issue 43): duck chess, the duck placed after every move
	{"duck", "duck", "", 3, "ours", "fsf-lb"},
	{"duck-cli", "duck", "", 3, "ours-cli", "fsf-lb"},
}

// sample is one timed run.
type sample struct {
	nodes     uint64
	wall, cpu time.Duration // cpu < 0: not measured
}

func main() {
	ours := flag.String("ours", "", "houserules binary to time (required)")
	base := flag.String("base", "", "houserules binary of before, for the chess cases (skipped without)")
	fsf := flag.String("fsf", "/tmp/fsf-c19b5f6", "Fairy-Stockfish, normal build")
	fsfLB := flag.String("fsf-lb", "/tmp/fsf-lb-c19b5f6", "Fairy-Stockfish, largeboards build (shogi)")
	runs := flag.Int("runs", 5, "timed runs of each engine per case, interleaved, after one untimed")
	only := flag.String("cases", "", "comma-separated case names (default: all)")
	flag.Parse()
	if *ours == "" {
		fmt.Fprintln(os.Stderr, "perftspeed: -ours is required")
		os.Exit(2)
	}
	engines := map[string]engine{
		"ours": {"ours", "uci", *ours, []string{"uci"}}, "ours-cli": {"ours", "cli", *ours, nil},
		"base": {"base", "uci", *base, []string{"uci"}}, "base-cli": {"base", "cli", *base, nil},
		"fsf": {"fsf", "uci", *fsf, nil}, "fsf-lb": {"fsf-lb", "uci", *fsfLB, nil},
	}
	fmt.Printf("%-15s %5s %11s  %-7s %9s  %-7s %9s  %10s %10s\n",
		"case", "depth", "nodes", "a", "a Mnps", "b", "b Mnps", "a/b wall", "a/b cpu")
	status := 0
	for _, c := range cases {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), c.name) {
			continue
		}
		a, b := engines[c.a], engines[c.b]
		if a.bin == "" || b.bin == "" {
			fmt.Printf("%-15s skipped: no binary for %s or %s\n", c.name, c.a, c.b)
			continue
		}
		if why := loads(*ours, c.variant); why != "" {
			fmt.Printf("%-15s skipped: %s\n", c.name, why)
			continue
		}
		sa, sb, err := timeCase(c, a, b, *runs)
		if err != nil {
			fmt.Printf("%-15s error: %v\n", c.name, err)
			status = 1
			continue
		}
		nodes := strconv.FormatUint(sa[0].nodes, 10)
		if sa[0].nodes != sb[0].nodes {
			nodes, status = fmt.Sprintf("MISMATCH %d/%d", sa[0].nodes, sb[0].nodes), 1
		}
		wa, wb := median(sa, false), median(sb, false)
		ca, cb := median(sa, true), median(sb, true)
		cpuRatio := "-"
		if ca > 0 && cb > 0 {
			cpuRatio = fmt.Sprintf("%.2f", cb.Seconds()/ca.Seconds())
		}
		fmt.Printf("%-15s %5d %11s  %-7s %9.1f  %-7s %9.1f  %10.2f %10s\n", c.name, c.depth, nodes,
			a.label, mnps(sa[0].nodes, wa), b.label, mnps(sb[0].nodes, wb), wb.Seconds()/wa.Seconds(), cpuRatio)
	}
	fmt.Printf("(median of %d interleaved runs after one untimed; Mnps = million nodes/s of wall time; "+
		"a/b = a's speed over b's; cpu = process CPU time: a uci engine's during the perft, "+
		"a cli run's less that of the same command at depth 1)\n", *runs)
	os.Exit(status)
}

// loads returns "" when houserules bin sets up variant, else why not.
func loads(bin, variant string) string {
	out, err := exec.Command(bin, "perft", "--variant", variant, "--depth", "1").CombinedOutput()
	if err == nil {
		return ""
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return "houserules does not play " + variant + " yet: " + line
}

func mnps(nodes uint64, d time.Duration) float64 { return float64(nodes) / d.Seconds() / 1e6 }

// median is the median wall (or CPU) time of the samples.
func median(s []sample, cpu bool) time.Duration {
	var d []time.Duration
	for _, x := range s {
		if cpu {
			d = append(d, x.cpu)
		} else {
			d = append(d, x.wall)
		}
	}
	slices.Sort(d)
	return d[len(d)/2]
}

// timeCase runs both engines runs+1 times, alternating, and returns the
// timed samples of each.
func timeCase(c benchCase, a, b engine, runs int) ([]sample, []sample, error) {
	ra, err := newRunner(a, c)
	if err != nil {
		return nil, nil, err
	}
	defer ra.close()
	rb, err := newRunner(b, c)
	if err != nil {
		return nil, nil, err
	}
	defer rb.close()
	var sa, sb []sample
	for i := 0; i <= runs; i++ {
		x, err := ra.run()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", a.label, err)
		}
		y, err := rb.run()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", b.label, err)
		}
		if i > 0 {
			sa, sb = append(sa, x), append(sb, y)
		}
	}
	return sa, sb, nil
}

// runner times one engine on one case.
type runner struct {
	e     engine
	c     benchCase
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
	// startCPU: a cli engine's CPU time for the same command at depth 1
	// (start-up, variant set-up), the least of three runs
	startCPU time.Duration
}

func newRunner(e engine, c benchCase) (*runner, error) {
	r := &runner{e: e, c: c}
	if e.kind == "cli" {
		r.startCPU = -1
		for range 3 {
			s, err := r.runCLIAt(1)
			if err != nil {
				return nil, err
			}
			if r.startCPU < 0 || s.cpu < r.startCPU {
				r.startCPU = s.cpu
			}
		}
		return r, nil
	}
	r.cmd = exec.Command(e.bin, e.args...)
	var err error
	if r.in, err = r.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := r.cmd.Start(); err != nil {
		return nil, err
	}
	r.lines = bufio.NewScanner(out)
	r.lines.Buffer(make([]byte, 1<<16), 1<<20)
	r.send("uci")
	if _, err := r.until("uciok"); err != nil {
		return nil, err
	}
	r.send("setoption name UCI_Variant value " + c.variant)
	return r, nil
}

func (r *runner) send(s string) { io.WriteString(r.in, s+"\n") }

// until reads lines up to one starting with prefix and returns it.
func (r *runner) until(prefix string) (string, error) {
	for r.lines.Scan() {
		if l := r.lines.Text(); strings.HasPrefix(l, prefix) {
			return l, nil
		}
	}
	return "", fmt.Errorf("the engine ended before %q", prefix)
}

func (r *runner) run() (sample, error) {
	if r.e.kind == "cli" {
		return r.runCLI()
	}
	pos := "position startpos"
	if r.c.fen != "" {
		pos = "position fen " + r.c.fen
	}
	r.send(pos)
	r.send("isready")
	if _, err := r.until("readyok"); err != nil {
		return sample{}, err
	}
	cpu0, t0 := cpuTime(r.cmd.Process.Pid), time.Now()
	r.send(fmt.Sprintf("go perft %d", r.c.depth))
	l, err := r.until("Nodes searched")
	wall, cpu1 := time.Since(t0), cpuTime(r.cmd.Process.Pid)
	if err != nil {
		return sample{}, err
	}
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:")), 10, 64)
	return sample{nodes: n, wall: wall, cpu: cpu1 - cpu0}, err
}

// runCLI runs houserules' perft command and reads the perft's own time
// from its "time 1.234s, 123456789 nodes/s" line (from the nodes/s, which
// has more digits). Its CPU time is the process's less that of the same
// command at depth 1 (startCPU).
func (r *runner) runCLI() (sample, error) {
	s, err := r.runCLIAt(r.c.depth)
	s.cpu -= r.startCPU
	return s, err
}

// runCLIAt runs the perft command at depth; cpu is the whole process's.
func (r *runner) runCLIAt(depth int) (sample, error) {
	args := []string{"perft", "--variant", r.c.variant, "--depth", strconv.Itoa(depth)}
	if r.c.fen != "" {
		args = append(args, "--fen", r.c.fen)
	}
	cmd := exec.Command(r.e.bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return sample{}, fmt.Errorf("%v: %s", err, stderr.String())
	}
	s := sample{cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			s.nodes, _ = strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		}
	}
	f := strings.Fields(stderr.String()) // time 0.035s, 140816397 nodes/s
	if len(f) < 4 || f[0] != "time" || f[3] != "nodes/s" {
		return sample{}, fmt.Errorf("no time in %q", stderr.String())
	}
	nps, err := strconv.ParseFloat(f[2], 64)
	if err != nil || nps <= 0 {
		return sample{}, fmt.Errorf("no nodes/s in %q", stderr.String())
	}
	s.wall = time.Duration(float64(s.nodes) / nps * float64(time.Second))
	if s.wall == 0 { // depth 1: too fast to time
		s.wall = time.Nanosecond
	}
	return s, nil
}

func (r *runner) close() {
	if r.cmd == nil {
		return
	}
	r.send("quit")
	r.in.Close()
	done := make(chan struct{})
	go func() { r.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		r.cmd.Process.Kill()
		<-done
	}
}

// cpuTime is the CPU time process pid has used so far: the sum over its
// threads of the first field of /proc/PID/task/TID/schedstat
// (nanoseconds on a CPU); -1 where that cannot be read.
func cpuTime(pid int) time.Duration {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return -1
	}
	var total time.Duration
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that ended
		}
		f := strings.Fields(string(b))
		if len(f) > 0 {
			n, _ := strconv.ParseInt(f[0], 10, 64)
			total += time.Duration(n)
		}
	}
	return total
}
