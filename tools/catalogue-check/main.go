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
//     the legal moves and the FEN after every ply,
//   - optionally a fixed-depth search (-search N) at the start position and at
//     the end of every walk: identical rules give identical searches, so this
//     also catches game-end rules that perft does not see. Expected exceptions:
//     the engine tunes its search for the variant named "chess" (by name), and
//     a few built-ins pick special endgame evaluations (atomic, antichess, ...).
//
// With -derived FILE (e.g. Fairy-Stockfish's own variants.ini), every section T
// of FILE, which inherits from built-ins, is also compared with a copy of T
// whose built-in parents are replaced by the catalogue's sections.
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
	cmd      *exec.Cmd
	in       io.WriteCloser
	lines    chan string
	variant  string // selected variant, "" if unknown
	chess960 bool
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
// use selects the variant (and the chess960 option) unless already selected.
func (e *engine) use(variant string, chess960 bool) error {
	if e.variant == variant && e.chess960 == chess960 {
		return nil
	}
	e.send(fmt.Sprintf("setoption name UCI_Chess960 value %v", chess960),
		"setoption name UCI_Variant value "+variant)
	e.variant, e.chess960 = variant, chess960
	return e.sync()
}

// look sets the variant and position and returns FEN and perft.
func (e *engine) look(variant string, chess960 bool, position string, depth int) (probe, error) {
	var p probe
	if err := e.use(variant, chess960); err != nil {
		return p, err
	}
	e.send(position, "d")
	got, err := e.until(func(l string) bool { return strings.HasPrefix(l, "Fen: ") }, timeout)
	if err != nil {
		return p, fmt.Errorf("d: %v", err)
	}
	p.fen = strings.TrimPrefix(got[len(got)-1], "Fen: ")
	// Let the rest of the board display go by.
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
	}
	return p, nil
}

// search runs a fixed-depth search after clearing the engine's state and
// returns its principal lines without timing data. Two variants with the same
// rules and evaluation search identically, so this also compares game-end
// rules (results of terminal positions) that perft does not see.
func (e *engine) search(variant string, chess960 bool, position string, depth int) (string, error) {
	if err := e.use(variant, chess960); err != nil {
		return "", err
	}
	e.send("ucinewgame")
	if err := e.sync(); err != nil {
		return "", err
	}
	e.send(position, fmt.Sprintf("go depth %d", depth))
	got, err := e.until(func(l string) bool { return strings.HasPrefix(l, "bestmove") }, timeout)
	if err != nil {
		return "", fmt.Errorf("search: %v", err)
	}
	var out []string
	for _, l := range got {
		f := strings.Fields(l)
		if len(f) == 0 || (f[0] != "info" && f[0] != "bestmove") || strings.Contains(l, "currmove") || strings.Contains(l, "string") {
			continue
		}
		var keep []string
		for i := 0; i < len(f); i++ {
			switch f[i] {
			case "nps", "time", "hashfull", "tbhits":
				i++
			default:
				keep = append(keep, f[i])
			}
		}
		out = append(out, strings.Join(keep, " "))
	}
	return strings.Join(out, "\n"), e.sync()
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

// job is one comparison: the variant "ours" against the reference "ref".
type job struct {
	label, ours, ref string
	chess960         bool
}

func die(a ...any) {
	fmt.Fprintln(os.Stderr, a...)
	os.Exit(1)
}

// topo returns the sections with every parent (known in byName) before its children.
func topo(secs []*section, byName map[string]*section) []*section {
	var order []*section
	state := map[string]int{}
	var visit func(s *section)
	visit = func(s *section) {
		if state[s.name] == 2 {
			return
		}
		if state[s.name] == 1 {
			die("inheritance cycle at", s.name)
		}
		state[s.name] = 1
		if p, ok := byName[s.parent]; ok && p != s {
			visit(p)
		}
		state[s.name] = 2
		order = append(order, s)
	}
	for _, s := range secs {
		visit(s)
	}
	return order
}

// write appends the sections to b, renaming each section with suffix and
// each parent p with rename(p).
func write(b *strings.Builder, secs []*section, suffix string, rename func(string) string) {
	for _, s := range secs {
		header := s.name + suffix
		if s.parent != "" {
			header += ":" + rename(s.parent)
		}
		fmt.Fprintf(b, "[%s]\n", header)
		for _, l := range s.lines {
			fmt.Fprintln(b, l)
		}
		fmt.Fprintln(b)
	}
}

// variantList reads the UCI_Variant choices from the engine's option list.
func variantList(e *engine) map[string]bool {
	e.send("uci")
	got, err := e.until(func(l string) bool { return l == "uciok" }, time.Minute)
	if err != nil {
		die("engine:", err)
	}
	out := map[string]bool{}
	for _, l := range got {
		if strings.HasPrefix(l, "option name UCI_Variant ") {
			f := strings.Fields(l)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					out[f[i+1]] = true
				}
			}
		}
	}
	return out
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
	derived := flag.String("derived", "", "also check a variants.ini whose sections inherit from built-ins:\n"+
		"each of its sections T is compared with a copy whose built-in parents are replaced by ours")
	searchDepth := flag.Int("search", 0, "also compare a fixed-depth search (this depth) at the start and along the walks")
	keep := flag.String("keep", "", "write the temporary ini to this path instead of a temp file")
	flag.Parse()
	if *fsf == "" {
		fmt.Fprintln(os.Stderr, "usage: catalogue-check -fsf /path/to/fairy-stockfish [flags] [section ...]")
		os.Exit(2)
	}

	files, _ := filepath.Glob(filepath.Join(*dir, "*.ini"))
	sort.Strings(files)
	if len(files) == 0 {
		die("no ini files in", *dir)
	}
	var secs []*section
	byName := map[string]*section{}
	for _, f := range files {
		ss, err := parseFile(f)
		if err != nil {
			die(err)
		}
		for _, s := range ss {
			if o, dup := byName[s.name]; dup {
				die(fmt.Sprintf("duplicate section %s in %s and %s", s.name, o.file, s.file))
			}
			byName[s.name] = s
			secs = append(secs, s)
		}
	}

	const suffix, viaSuffix = "_ours", "_via"
	oursName := func(p string) string {
		if _, ok := byName[p]; ok {
			return p + suffix
		}
		return p
	}
	var b strings.Builder
	write(&b, topo(secs, byName), suffix, oursName)

	// The derived file: loaded once as it is (parents are the built-ins)
	// and once renamed, with parents that are catalogue sections replaced by ours.
	var dsecs []*section
	dByName := map[string]*section{}
	if *derived != "" {
		ss, err := parseFile(*derived)
		if err != nil {
			die(err)
		}
		for _, s := range ss {
			if _, dup := dByName[s.name]; !dup {
				dByName[s.name] = s
				dsecs = append(dsecs, s)
			}
		}
		ordered := topo(dsecs, dByName)
		write(&b, ordered, "", func(p string) string { return p })
		write(&b, ordered, viaSuffix, func(p string) string {
			if _, ok := dByName[p]; ok {
				return p + viaSuffix
			}
			return oursName(p)
		})
	}

	tmp := *keep
	if tmp == "" {
		f, err := os.CreateTemp("", "catalogue-*.ini")
		if err != nil {
			die(err)
		}
		tmp = f.Name()
		f.Close()
		defer os.Remove(tmp)
	}
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		die(err)
	}
	tmpAbs, _ := filepath.Abs(tmp)

	// Warnings of the engine's own config check, per catalogue section.
	warnings := map[string][]string{}
	if out, _ := exec.Command(*fsf, "check", tmpAbs).CombinedOutput(); len(out) > 0 {
		cur := ""
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "Parsing variant: ") {
				cur = strings.TrimPrefix(l, "Parsing variant: ")
				continue
			}
			if strings.HasSuffix(cur, suffix) && strings.TrimSpace(l) != "" {
				name := strings.TrimSuffix(cur, suffix)
				warnings[name] = append(warnings[name], strings.TrimSpace(l))
			}
		}
	}

	var rows map[string][]corpusRow
	if *corpus != "" {
		var err error
		if rows, err = readCorpus(*corpus); err != nil {
			die(err)
		}
	}

	start := func() *engine {
		e, err := startEngine(*fsf)
		if err != nil {
			die(err)
		}
		variantList(e)
		e.send("setoption name Threads value 1", "setoption name VariantPath value "+tmpAbs)
		if err := e.sync(); err != nil {
			die("engine:", err)
		}
		return e
	}
	// The built-in names, before any file is loaded.
	e0, err := startEngine(*fsf)
	if err != nil {
		die(err)
	}
	builtin := variantList(e0)
	e0.close()
	eng := start()
	defer func() { eng.close() }()
	loaded := variantList(eng)

	chess960 := func(s *section, names ...map[string]*section) bool {
		for cur := s; cur != nil; {
			if v, ok := cur.get("chess960"); ok {
				return v == "true"
			}
			var next *section
			for _, m := range names {
				if p, ok := m[cur.parent]; ok && p != cur {
					next = p
					break
				}
			}
			cur = next
		}
		return false
	}

	want := map[string]bool{}
	for _, a := range flag.Args() {
		want[a] = true
	}
	var jobs []job
	var skipped []string
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
		if _, ok := s.get("freeDrops"); ok {
			// Fairy-Stockfish sets freeDrops in code only (its built-in
			// ataxx); corpus rows and oracle/current_test.go compare it
			fmt.Printf("%-20s SKIP  freeDrops (our extension) is no option of Fairy-Stockfish's ini\n", s.name)
			skipped = append(skipped, s.name)
			continue
		}
		jobs = append(jobs, job{s.name, s.name + suffix, s.name, chess960(s, byName)})
	}
	for _, s := range dsecs {
		if len(want) > 0 && !want[s.name] {
			continue
		}
		if !loaded[s.name] || !loaded[s.name+viaSuffix] {
			fmt.Printf("%-20s SKIP  derived section not loaded by the engine\n", s.name)
			skipped = append(skipped, s.name)
			continue
		}
		jobs = append(jobs, job{s.name + " (derived)", s.name + viaSuffix, s.name, chess960(s, dByName, builtinSections(byName))})
	}

	rng := rand.New(rand.NewSource(*seed))
	var matched, differ []string
	for _, j := range jobs {
		var problems []string
		fenReported, movesDiffer, searchDiffer := false, false, false
		restart := func() {
			// The engine may be stuck or dead: start a fresh one.
			eng.close()
			eng = start()
		}
		// check compares one probe of ours with the reference's.
		check := func(what string, a, ref probe) bool {
			if a.fen != ref.fen && !fenReported {
				// Report a FEN difference once, but keep comparing moves.
				problems = append(problems, fmt.Sprintf("%s: fen ours %q reference %q", what, a.fen, ref.fen))
				fenReported = true
			}
			a.fen = ref.fen
			if d := diffProbe(a, ref); d != "" {
				problems = append(problems, what+": "+d)
				movesDiffer = true
				return false
			}
			return true
		}
		engineError := func(what string, err error) {
			problems = append(problems, fmt.Sprintf("%s: engine error: %v", what, err))
			movesDiffer = true
			restart()
		}
		// batch probes a list of positions, all with the reference first,
		// then all with ours, and compares them in order.
		batch := func(whats, positions []string, depth int) bool {
			var refs []probe
			for i, pos := range positions {
				p, err := eng.look(j.ref, j.chess960, pos, depth)
				if err != nil {
					engineError(whats[i]+" (reference)", err)
					return false
				}
				refs = append(refs, p)
			}
			for i, pos := range positions {
				p, err := eng.look(j.ours, j.chess960, pos, depth)
				if err != nil {
					engineError(whats[i]+" (ours)", err)
					return false
				}
				if !check(whats[i], p, refs[i]) {
					return false
				}
			}
			return true
		}
		searchCmp := func(what, pos string) {
			if *searchDepth <= 0 || movesDiffer || searchDiffer {
				return
			}
			// A fresh engine for every search: caches such as the material
			// table survive "ucinewgame" and would carry over from the
			// variant searched before.
			fresh := func(variant string) (string, error) {
				e := start()
				defer e.close()
				return e.search(variant, j.chess960, pos, *searchDepth)
			}
			a, errA := fresh(j.ours)
			bb, errB := fresh(j.ref)
			if errA != nil || errB != nil {
				problems = append(problems, fmt.Sprintf("%s: search error ours=%v reference=%v", what, errA, errB))
				searchDiffer = true
				return
			}
			if a != bb {
				al, bl := strings.Split(a, "\n"), strings.Split(bb, "\n")
				i := 0
				for i < len(al) && i < len(bl) && al[i] == bl[i] {
					i++
				}
				at, bt := "(end)", "(end)"
				if i < len(al) {
					at = al[i]
				}
				if i < len(bl) {
					bt = bl[i]
				}
				problems = append(problems, fmt.Sprintf("%s: search depth %d differs: ours %q reference %q", what, *searchDepth, at, bt))
				searchDiffer = true
			}
		}

		// Start position: perft at depth 1, 2, ... up to -depth, stopping
		// once the count passes -max-nodes or the next depth looks too slow.
		var first probe
		ok, reached := true, 0
		var prev int64
		for d := 1; d <= *depth && ok; d++ {
			what := fmt.Sprintf("startpos perft %d", d)
			ref, err := eng.look(j.ref, j.chess960, "position startpos", d)
			if err != nil {
				engineError(what+" (reference)", err)
				ok = false
				break
			}
			a, err := eng.look(j.ours, j.chess960, "position startpos", d)
			if err != nil {
				engineError(what+" (ours)", err)
				ok = false
				break
			}
			first, reached = ref, d
			ok = check(what, a, ref)
			n, _ := strconv.ParseInt(first.nodes, 10, 64)
			if n > *maxNodes || (prev > 0 && n*(n/prev) > 10**maxNodes) {
				break
			}
			prev = n
		}
		if ok {
			searchCmp("startpos search", "position startpos")
			var whats, positions []string
			for _, r := range rows[j.ref] {
				whats = append(whats, "fen "+r.fen)
				positions = append(positions, "position fen "+r.fen)
			}
			ok = batch(whats, positions, *corpusDepth)
		}
		for w := 0; ok && w < *walks; w++ {
			// Walk with the reference's moves, then replay with ours.
			var moves, positions []string
			for ply := 0; ply < *plies; ply++ {
				pos := "position startpos"
				if len(moves) > 0 {
					pos += " moves " + strings.Join(moves, " ")
				}
				positions = append(positions, pos)
				p, err := eng.look(j.ref, j.chess960, pos, 1)
				if err != nil {
					engineError(pos+" (reference)", err)
					ok = false
					break
				}
				ms := p.moves()
				if len(ms) == 0 {
					break
				}
				moves = append(moves, ms[rng.Intn(len(ms))])
			}
			if ok {
				ok = batch(positions, positions, 1)
			}
			if ok && len(positions) > 0 {
				searchCmp(positions[len(positions)-1], positions[len(positions)-1])
			}
		}
		switch {
		case len(problems) == 0:
			fmt.Printf("%-20s OK    perft(%d)=%s fen=%s\n", j.label, reached, first.nodes, first.fen)
			matched = append(matched, j.label)
		case !movesDiffer && !fenReported:
			fmt.Printf("%-20s SRCH  perft(%d)=%s matches; %s\n", j.label, reached, first.nodes, strings.Join(problems, "; "))
			differ = append(differ, j.label)
		case !movesDiffer:
			fmt.Printf("%-20s FEN   perft(%d)=%s matches; %s\n", j.label, reached, first.nodes, strings.Join(problems, "; "))
			differ = append(differ, j.label)
		default:
			fmt.Printf("%-20s DIFF  %s\n", j.label, strings.Join(problems, "\n                            "))
			differ = append(differ, j.label)
		}
	}
	fmt.Printf("\n%d matched, %d differ, %d skipped\n", len(matched), len(differ), len(skipped))
	if len(differ) > 0 {
		fmt.Println("differ:", strings.Join(differ, ", "))
		os.Exit(1)
	}
}

// builtinSections maps catalogue names to their sections, so that a derived
// section's chess960 flag can be looked up through a catalogue parent.
func builtinSections(byName map[string]*section) map[string]*section { return byName }
