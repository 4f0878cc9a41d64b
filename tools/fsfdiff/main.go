// Command fsfdiff finds the first position where our perft differs from a
// Fairy-Stockfish binary's: it compares divide counts and descends into the
// first differing move until the legal move lists differ, then prints them.
//
//	go run ./tools/fsfdiff -fsf /path/to/fairy-stockfish -variant V [-ini F] [-fen FEN] -depth N
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

func fsfDivide(bin, variant, ini, fen string, chess960 bool, moves []string, depth int) map[string]uint64 {
	var in strings.Builder
	in.WriteString("uci\n")
	if ini != "" {
		fmt.Fprintf(&in, "setoption name VariantPath value %s\n", ini)
	}
	if chess960 {
		in.WriteString("setoption name UCI_Chess960 value true\n")
	}
	fmt.Fprintf(&in, "setoption name UCI_Variant value %s\n", variant)
	pos := "startpos"
	if fen != "" {
		pos = "fen " + fen
	}
	fmt.Fprintf(&in, "position %s moves %s\ngo perft %d\nquit\n", pos, strings.Join(moves, " "), depth)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fsf:", err)
		os.Exit(2)
	}
	res := map[string]uint64{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		l := sc.Text()
		if i := strings.Index(l, ": "); i > 0 && !strings.Contains(l[:i], " ") {
			n, err := strconv.ParseUint(strings.TrimSpace(l[i+2:]), 10, 64)
			if err == nil {
				res[l[:i]] = n
			}
		}
	}
	return res
}

func main() {
	bin := flag.String("fsf", "/usr/games/fairy-stockfish", "Fairy-Stockfish binary")
	vname := flag.String("variant", "chess", "variant")
	ini := flag.String("ini", "", "variants.ini")
	fen := flag.String("fen", "", "FEN")
	depth := flag.Int("depth", 3, "depth")
	c960 := flag.Bool("chess960", false, "chess960")
	flag.Parse()
	res, err := variants.Resolve(variants.Request{Variant: *vname, INIPath: *ini})
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	p, err := position.New(res.Variant, *fen, *c960)
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	var path []string
	for d := *depth; d >= 1; d-- {
		theirs := fsfDivide(*bin, *vname, *ini, *fen, *c960, path, d)
		ours := map[string]uint64{}
		byText := map[string]position.Move{}
		for _, e := range rules.Divide(p, d) {
			ours[p.UCI(e.Move)] = e.Nodes
			byText[p.UCI(e.Move)] = e.Move
		}
		var keys []string
		for k := range ours {
			keys = append(keys, k)
		}
		for k := range theirs {
			if _, ok := ours[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		next := ""
		for _, k := range keys {
			o, okO := ours[k]
			t, okT := theirs[k]
			if !okO || !okT {
				fmt.Printf("position %s (after %v): move %s ours=%v fsf=%v\n", p.FEN(), path, k, okO, okT)
				next = "-"
				continue
			}
			if o != t && next == "" {
				next = k
				fmt.Printf("depth %d after %v: %s ours %d fsf %d\n", d, path, k, o, t)
			}
		}
		if next == "" {
			fmt.Println("no difference")
			return
		}
		if next == "-" {
			return
		}
		path = append(path, next)
		p.Do(byText[next])
	}
}
