// Command catalogue-check compares the variant catalogue (variants/catalogue/*.ini)
// with the built-in variants of a Fairy-Stockfish binary.
//
// For every section S of the catalogue it writes a temporary ini in which every
// catalogue section is renamed S_ours (parents too, when they are catalogue
// sections), loads it into the engine through the VariantPath option and
// compares, for S_ours and the built-in S:
//
//   - the start FEN printed by "d",
//   - "go perft N" from the start position (total and per-move counts),
//   - optionally perft from every corpus FEN of S (-corpus),
//   - optionally a few random walks from the start position (-walks), comparing
//     the legal moves and the FEN after every ply.
//
// It only talks UCI to an engine binary given on the command line; it does
// not contain or build any engine code.
//
// Usage:
//
//	go run ./tools/catalogue-check -fsf /path/to/fairy-stockfish [flags] [section ...]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// section is one [name:parent] block of a catalogue file.
type section struct {
	name, parent string
	file         string
	lines        []string // key = value lines, comments dropped
}

func (s *section) get(key string) (string, bool) {
	for i := len(s.lines) - 1; i >= 0; i-- {
		k, v, ok := strings.Cut(s.lines[i], "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

func parseFile(path string) ([]*section, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*section
	var cur *section
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				return nil, fmt.Errorf("%s:%d: bad section header", path, ln)
			}
			name, parent, _ := strings.Cut(line[1:end], ":")
			cur = &section{name: name, parent: parent, file: filepath.Base(path)}
			out = append(out, cur)
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("%s:%d: option outside a section", path, ln)
		}
		if !strings.Contains(line, "=") {
			return nil, fmt.Errorf("%s:%d: not key = value: %q", path, ln, line)
		}
		cur.lines = append(cur.lines, line)
	}
	return out, sc.Err()
}

// engine is a running UCI engine.
type engine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startEngine(path string) (*engine, error) {
	cmd := exec.Command(path)
	env := []string{}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "FAIRY_STOCKFISH_VARIANT_PATH=") {
			env = append(env, e)
		}
	}
	cmd.Env = env
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e, nil
}

func (e *engine) send(cmds ...string) {
	for _, c := range cmds {
		fmt.Fprintln(e.in, c)
	}
}

// until reads lines until one satisfies stop; it returns all lines read.
func (e *engine) until(stop func(string) bool, timeout time.Duration) ([]string, error) {
	var got []string
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return got, fmt.Errorf("engine exited")
			}
			got = append(got, l)
			if stop(l) {
				return got, nil
			}
		case <-t.C:
			return got, fmt.Errorf("timeout")
		}
	}
}

func (e *engine) sync() error {
	e.send("isready")
	_, err := e.until(func(l string) bool { return l == "readyok" }, time.Minute)
	return err
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
	}
}

// probe is what the engine reports for one position.
type probe struct {
	fen    string
	nodes  string
	divide []string // sorted "move: count"
}

func (p probe) moves() []string {
	var m []string
	for _, d := range p.divide {
		mv, _, _ := strings.Cut(d, ":")
		m = append(m, mv)
	}
	return m
}

var timeout = 2 * time.Minute

// look sets the variant and position and returns FEN and perft.
func (e *engine) look(variant string, chess960 bool, position string, depth int) (probe, error) {
	var p probe
	e.send(fmt.Sprintf("setoption name UCI_Chess960 value %v", chess960),
		"setoption name UCI_Variant value "+variant)
	if err := e.sync(); err != nil {
		return p, err
	}
	e.send(position, "d")
	got, err := e.until(func(l string) bool { return strings.HasPrefix(l, "Fen: ") }, timeout)
	if err != nil {
		return p, fmt.Errorf("d: %v", err)
	}
	p.fen = strings.TrimPrefix(got[len(got)-1], "Fen: ")
	if err := e.sync(); err != nil {
		return p, err
	}
	if depth > 0 {
		e.send(fmt.Sprintf("go perft %d", depth))
		got, err = e.until(func(l string) bool { return strings.HasPrefix(l, "Nodes searched") }, timeout)
		if err != nil {
			return p, fmt.Errorf("perft: %v", err)
		}
		for _, l := range got {
			if strings.HasPrefix(l, "Nodes searched") {
				p.nodes = strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:"))
			} else if f := strings.Fields(l); len(f) == 2 && strings.HasSuffix(f[0], ":") && isNumber(f[1]) {
				p.divide = append(p.divide, l)
			}
		}
		sort.Strings(p.divide)
		if err := e.sync(); err != nil {
			return p, err
		}
	}
	return p, nil
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func diffProbe(a, b probe) string {
	var msg []string
	if a.fen != b.fen {
		msg = append(msg, fmt.Sprintf("fen ours %q builtin %q", a.fen, b.fen))
	}
	if a.nodes != b.nodes {
		msg = append(msg, fmt.Sprintf("nodes ours %s builtin %s", a.nodes, b.nodes))
	}
	if strings.Join(a.divide, ",") != strings.Join(b.divide, ",") {
		am := map[string]bool{}
		for _, d := range a.divide {
			am[d] = true
		}
		bm := map[string]bool{}
		for _, d := range b.divide {
			bm[d] = true
		}
		var only []string
		for _, d := range a.divide {
			if !bm[d] {
				only = append(only, "+"+d)
			}
		}
		for _, d := range b.divide {
			if !am[d] {
				only = append(only, "-"+d)
			}
		}
		if len(only) > 12 {
			only = append(only[:12], "...")
		}
		msg = append(msg, "divide (+ours -builtin) "+strings.Join(only, " "))
	}
	return strings.Join(msg, "; ")
}

type corpusRow struct{ fen string }

func readCorpus(path string) (map[string][]corpusRow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]corpusRow{}
	for i, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) < 4 || f[1] != "builtin" {
			continue
		}
		out[f[0]] = append(out[f[0]], corpusRow{fen: f[3]})
	}
	return out, nil
}

func main() {
	fsf := flag.String("fsf", "", "path of the Fairy-Stockfish binary (required)")
	dir := flag.String("dir", "variants/catalogue", "catalogue directory")
	depth := flag.Int("depth", 4, "maximum perft depth from the start position")
	maxNodes := flag.Int64("max-nodes", 1000000, "do not go deeper once a start-position perft counts more nodes")
	corpus := flag.String("corpus", "", "perft corpus (tsv); also compare perft from its builtin FENs")
	corpusDepth := flag.Int("corpus-depth", 2, "perft depth for corpus positions")
	walks := flag.Int("walks", 0, "random walks per section")
	plies := flag.Int("plies", 30, "plies per random walk")
	seed := flag.Int64("seed", 1, "random seed")
	keep := flag.String("keep", "", "write the temporary ini to this path instead of a temp file")
	flag.Parse()
	if *fsf == "" {
		fmt.Fprintln(os.Stderr, "usage: catalogue-check -fsf /path/to/fairy-stockfish [flags] [section ...]")
		os.Exit(2)
	}

	files, _ := filepath.Glob(filepath.Join(*dir, "*.ini"))
	sort.Strings(files)
	var secs []*section
	byName := map[string]*section{}
	for _, f := range files {
		ss, err := parseFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, s := range ss {
			if o, dup := byName[s.name]; dup {
				fmt.Fprintf(os.Stderr, "duplicate section %s in %s and %s\n", s.name, o.file, s.file)
				os.Exit(1)
			}
			byName[s.name] = s
			secs = append(secs, s)
		}
	}

	// Parents first: the engine needs a parent defined before its children.
	var order []*section
	state := map[string]int{}
	var visit func(s *section)
	visit = func(s *section) {
		if state[s.name] == 2 {
			return
		}
		if state[s.name] == 1 {
			fmt.Fprintln(os.Stderr, "inheritance cycle at", s.name)
			os.Exit(1)
		}
		state[s.name] = 1
		if p, ok := byName[s.parent]; ok {
			visit(p)
		}
		state[s.name] = 2
		order = append(order, s)
	}
	for _, s := range secs {
		visit(s)
	}

	const suffix = "_ours"
	var b strings.Builder
	for _, s := range order {
		header := s.name + suffix
		if s.parent != "" {
			p := s.parent
			if _, ok := byName[p]; ok {
				p += suffix
			}
			header += ":" + p
		}
		fmt.Fprintf(&b, "[%s]\n", header)
		for _, l := range s.lines {
			fmt.Fprintln(&b, l)
		}
		fmt.Fprintln(&b)
	}
	tmp := *keep
	if tmp == "" {
		f, err := os.CreateTemp("", "catalogue-*.ini")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		tmp = f.Name()
		f.Close()
		defer os.Remove(tmp)
	}
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tmpAbs, _ := filepath.Abs(tmp)

	// Warnings of the engine's own config check, per section.
	warnings := map[string][]string{}
	if out, err := exec.Command(*fsf, "check", tmpAbs).CombinedOutput(); err == nil || len(out) > 0 {
		cur := ""
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "Parsing variant: ") {
				cur = strings.TrimSuffix(strings.TrimPrefix(l, "Parsing variant: "), suffix)
				continue
			}
			if cur != "" && strings.TrimSpace(l) != "" {
				warnings[cur] = append(warnings[cur], strings.TrimSpace(l))
			}
		}
	}

	var rows map[string][]corpusRow
	if *corpus != "" {
		var err error
		if rows, err = readCorpus(*corpus); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}

	eng, err := startEngine(*fsf)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer eng.close()
	eng.send("uci")
	got, err := eng.until(func(l string) bool { return l == "uciok" }, time.Minute)
	if err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}
	builtin := map[string]bool{}
	for _, l := range got {
		if strings.HasPrefix(l, "option name UCI_Variant ") {
			f := strings.Fields(l)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					builtin[f[i+1]] = true
				}
			}
		}
	}
	eng.send("setoption name Threads value 1", "setoption name VariantPath value "+tmpAbs)
	if err := eng.sync(); err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}

	chess960 := func(s *section) bool {
		for cur := s; cur != nil; cur = byName[cur.parent] {
			if v, ok := cur.get("chess960"); ok {
				return v == "true"
			}
		}
		return false
	}

	want := map[string]bool{}
	for _, a := range flag.Args() {
		want[a] = true
	}
	rng := rand.New(rand.NewSource(*seed))
	var matched, differ, skipped []string
	for _, s := range secs {
		if len(want) > 0 && !want[s.name] {
			continue
		}
		for _, w := range warnings[s.name] {
			fmt.Printf("%-20s note  engine check: %s\n", s.name, w)
		}
		if !builtin[s.name] {
			fmt.Printf("%-20s SKIP  no built-in of that name\n", s.name)
			skipped = append(skipped, s.name)
			continue
		}
		c960 := chess960(s)
		var problems []string
		fenReported, movesDiffer := false, false
		compare := func(what, pos string, d int) (probe, bool) {
			a, errA := eng.look(s.name+suffix, c960, pos, d)
			bb, errB := eng.look(s.name, c960, pos, d)
			if errA != nil || errB != nil {
				problems = append(problems, fmt.Sprintf("%s: engine error ours=%v builtin=%v", what, errA, errB))
				// The engine may be stuck: restart it.
				eng.close()
				if eng, err = startEngine(*fsf); err == nil {
					eng.send("uci")
					eng.until(func(l string) bool { return l == "uciok" }, time.Minute)
					eng.send("setoption name Threads value 1", "setoption name VariantPath value "+tmpAbs)
					eng.sync()
				}
				return bb, false
			}
			if a.fen != bb.fen && !fenReported {
				// Report a FEN difference once, but keep comparing moves.
				problems = append(problems, fmt.Sprintf("%s: fen ours %q builtin %q", what, a.fen, bb.fen))
				fenReported = true
			}
			a.fen = bb.fen
			if d := diffProbe(a, bb); d != "" {
				problems = append(problems, what+": "+d)
				movesDiffer = true
				return bb, false
			}
			return bb, true
		}
		// Start position: perft at depth 1, 2, ... up to -depth, stopping
		// once the count passes -max-nodes (depth d+1 would be too slow).
		var start probe
		ok, reached := true, 0
		var prev int64
		for d := 1; d <= *depth && ok; d++ {
			start, ok = compare(fmt.Sprintf("startpos perft %d", d), "position startpos", d)
			reached = d
			n, _ := strconv.ParseInt(start.nodes, 10, 64)
			if n > *maxNodes || (prev > 0 && n*(n/prev) > 10**maxNodes) {
				break
			}
			prev = n
		}
		nodes := start.nodes
		if ok {
			for _, r := range rows[s.name] {
				if _, ok := compare("fen "+r.fen, "position fen "+r.fen, *corpusDepth); !ok {
					break
				}
			}
			for w := 0; w < *walks && !movesDiffer; w++ {
				var moves []string
				for ply := 0; ply < *plies; ply++ {
					pos := "position startpos"
					if len(moves) > 0 {
						pos += " moves " + strings.Join(moves, " ")
					}
					p, ok := compare(pos, pos, 1)
					if !ok {
						break
					}
					ms := p.moves()
					if len(ms) == 0 {
						break
					}
					moves = append(moves, ms[rng.Intn(len(ms))])
				}
			}
		}
		if len(problems) == 0 {
			fmt.Printf("%-20s OK    perft(%d)=%s fen=%s\n", s.name, reached, nodes, start.fen)
			matched = append(matched, s.name)
		} else if !movesDiffer {
			fmt.Printf("%-20s FEN   perft(%d)=%s matches; %s\n", s.name, reached, nodes, strings.Join(problems, "; "))
			differ = append(differ, s.name)
		} else {
			fmt.Printf("%-20s DIFF  %s\n", s.name, strings.Join(problems, "\n                            "))
			differ = append(differ, s.name)
		}
	}
	fmt.Printf("\n%d matched, %d differ, %d without built-in\n", len(matched), len(differ), len(skipped))
	if len(differ) > 0 {
		fmt.Println("differ:", strings.Join(differ, " "))
		os.Exit(1)
	}
}
