package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"houserules/arena"
)

func matchCmd() *cobra.Command {
	var g gameFlags
	var games, level, level2, openings, maxPlies, movetime, depth int
	var nodes int64
	var engine, engine2, tc, pgn string
	var opts, opts2 []string
	var seed int64
	var quiet bool
	cmd := &cobra.Command{
		Use:   "match",
		Short: "Play N games between two engines (built-in levels or UCI commands) and report the score with an Elo estimate",
		Example: "  houserules match --games 20 --level 20 --level2 5\n" +
			"  houserules match --variant makruk --games 40 --level 20 --engine2 /usr/games/fairy-stockfish --option2 'Skill Level=10' --movetime 200 --pgn makruk.pgn\n" +
			"  houserules match --presets piece-hp --engine 'houserules uci' --level2 10",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 {
				return fmt.Errorf("--games must be at least 1")
			}
			if nodes < 0 {
				return fmt.Errorf("--nodes must be a positive number of nodes per move (0: none), got %d", nodes)
			}
			if nodes > 0 && tc != "" {
				return fmt.Errorf("--nodes and --tc are two limits per move; give one")
			}
			if nodes > 0 && cmd.Flags().Changed("movetime") {
				return fmt.Errorf("--nodes and --movetime are two limits per move; give one")
			}
			if tc != "" && cmd.Flags().Changed("movetime") {
				return fmt.Errorf("--tc and --movetime are two limits per move; give one")
			}
			if depth < 0 {
				return fmt.Errorf("--depth must be a positive number of plies per move (0: none), got %d", depth)
			}
			limits := 0
			for _, set := range []bool{nodes > 0, depth > 0, tc != "", cmd.Flags().Changed("movetime")} {
				if set {
					limits++
				}
			}
			if depth > 0 && limits > 1 {
				return fmt.Errorf("--depth is a limit per move of its own; do not give it with --nodes, --tc or --movetime")
			}
			if movetime < 1 && tc == "" && nodes == 0 && depth == 0 {
				return fmt.Errorf("--movetime must be at least 1 (milliseconds per move), got %d", movetime)
			}
			if maxPlies < 1 {
				return fmt.Errorf("--max-plies must be at least 1, got %d", maxPlies)
			}
			if openings < 0 || openings >= maxPlies {
				return fmt.Errorf("--openings must be from 0 to --max-plies - 1 (%d), got %d", maxPlies-1, openings)
			}
			resolved, err := g.resolve()
			if err != nil {
				return err
			}
			rs := resolved.Ruleset
			cfg := arena.MatchConfig{Variant: g.variant, Ruleset: rs, HouseRules: g.presets, FEN: g.fen, Chess960: g.chess960,
				Games: games, OpeningPlies: openings, MaxPlies: maxPlies, Seed: seed, MoveTime: time.Duration(movetime) * time.Millisecond}
			if g.ini != "" {
				cfg.VariantPath = g.ini
			}
			if tc != "" {
				base, inc, err := parseTC(tc)
				if err != nil {
					return err
				}
				cfg.Base, cfg.Inc, cfg.MoveTime = base, inc, 0
			}
			if nodes > 0 {
				cfg.Nodes, cfg.MoveTime = nodes, 0
			}
			if depth > 0 {
				cfg.Depth, cfg.MoveTime = depth, 0
			}
			a, err := player(engine, level, cmd.Flags().Changed("level"), opts, "")
			if err != nil {
				return err
			}
			defer a.Close()
			b, err := player(engine2, level2, cmd.Flags().Changed("level2"), opts2, "2")
			if err != nil {
				return err
			}
			defer b.Close()
			// the summary goes to stdout, or to stderr when the PGN does
			out := io.Writer(os.Stdout)
			var pgnOut *lazyFile
			if pgn != "" {
				if pgn == "-" {
					out = os.Stderr
				}
				if pgnOut, err = openPGN(pgn); err != nil {
					return err
				}
				defer pgnOut.Close()
				cfg.PGN = pgnOut
			}
			title := a.Name() + " vs " + b.Name()
			var bar *progressbar.ProgressBar
			if !quiet {
				bar = progressbar.NewOptions(games, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription(title),
					progressbar.OptionShowCount(), progressbar.OptionSetWidth(30), progressbar.OptionShowElapsedTimeOnFinish(),
					progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
				bar.RenderBlank()
			}
			cfg.OnGame = func(done int, r arena.MatchResult) {
				if bar != nil {
					pts, n := r.Score()
					bar.Describe(fmt.Sprintf("%s: %.1f/%d", title, pts, n))
					bar.Add(1)
				}
			}
			start := time.Now()
			res, err := arena.RunMatch(a, b, cfg)
			if bar != nil {
				bar.Finish()
			}
			if pgnOut != nil {
				if perr := pgnOut.Close(); perr != nil {
					if err != nil {
						return fmt.Errorf("%v; and %v", err, perr)
					}
					fmt.Fprintf(out, "%s (%s%s): %s\n", title, g.variant, presetsNote(g.presets), res)
					return perr
				}
			}
			if err != nil {
				if _, n := res.Score(); n > 0 {
					fmt.Fprintf(out, "%s (%s%s): match aborted after %d games: %s\n", title, g.variant, presetsNote(g.presets), n, res)
				}
				return err
			}
			fmt.Fprintf(out, "%s (%s%s): %s in %v\n", title, g.variant, presetsNote(g.presets), res, time.Since(start).Round(time.Second))
			reasons := map[string]int{}
			var order []string
			for _, gr := range res.Games {
				if reasons[gr.Termination] == 0 {
					order = append(order, gr.Termination)
				}
				reasons[gr.Termination]++
			}
			parts := make([]string, len(order))
			for i, r := range order {
				parts[i] = fmt.Sprintf("%s %d", r, reasons[r])
			}
			fmt.Fprintf(out, "terminations: %s\n", strings.Join(parts, ", "))
			return nil
		},
	}
	g.add(cmd, false)
	f := cmd.Flags()
	f.IntVar(&games, "games", 10, "number of games (colours alternate; pairs share a random opening)")
	f.IntVar(&level, "level", 20, "skill level 0..20 of the first built-in player")
	f.IntVar(&level2, "level2", 20, "skill level 0..20 of the second built-in player")
	f.StringVar(&engine, "engine", "", "UCI command of the first player instead of the built-in AI")
	f.StringVar(&engine2, "engine2", "", "UCI command of the second player instead of the built-in AI")
	f.StringArrayVar(&opts, "option", nil, "UCI option name=value for --engine (repeatable)")
	f.StringArrayVar(&opts2, "option2", nil, "UCI option name=value for --engine2 (repeatable)")
	f.IntVar(&movetime, "movetime", 100, "milliseconds per move")
	f.IntVar(&depth, "depth", 0, "plies per move instead of --movetime (UCI go depth N; 0: none): both engines search to the same depth")
	f.Int64Var(&nodes, "nodes", 0, "nodes per move instead of --movetime (UCI go nodes N; 0: none): games that do not depend on the machine's speed, and with --seed replay move for move")
	f.StringVar(&tc, "tc", "", "clock instead of --movetime: base+increment in seconds, e.g. 10+0.1")
	f.IntVar(&openings, "openings", 4, "random opening plies (among the moves a shallow search finds within 50 cp of the best)")
	f.IntVar(&maxPlies, "max-plies", 600, "adjudicate a draw after this many plies")
	f.StringVar(&pgn, "pgn", "", "write the games as PGN to this file (- for standard output)")
	f.Int64Var(&seed, "seed", 0, "random seed for the openings (0: from the clock)")
	f.BoolVar(&quiet, "quiet", false, "no progress bar")
	return cmd
}

func presetsNote(p string) string {
	if p == "" {
		return ""
	}
	return " + " + p
}

func parseTC(s string) (time.Duration, time.Duration, error) {
	b, i, plus := strings.Cut(s, "+")
	if plus && i == "" {
		return 0, 0, fmt.Errorf("--tc %q: the increment after \"+\" is missing (e.g. 10+0.1, or 10 for none)", s)
	}
	base, err := strconv.ParseFloat(b, 64)
	if err != nil || math.IsNaN(base) || math.IsInf(base, 0) || base <= 0 || base > 1e6 {
		return 0, 0, fmt.Errorf("--tc %q: the base must be a positive number of seconds (e.g. 10+0.1)", s)
	}
	inc := 0.0
	if i != "" {
		if inc, err = strconv.ParseFloat(i, 64); err != nil || math.IsNaN(inc) || math.IsInf(inc, 0) || inc < 0 || inc > 1e6 {
			return 0, 0, fmt.Errorf("--tc %q: the increment must be a number of seconds, 0 or more (e.g. 10+0.1)", s)
		}
	}
	return time.Duration(base * float64(time.Second)), time.Duration(inc * float64(time.Second)), nil
}

// player starts the built-in AI or the UCI command engine; suffix is ""
// or "2", naming the flags (--engine2, --option2) in errors. levelSet
// says --level (--level2) was given: it is refused with an engine.
func player(engine string, level int, levelSet bool, opts []string, suffix string) (arena.Player, error) {
	if engine != "" && levelSet {
		return nil, fmt.Errorf("--level%s is the built-in AI's level: with --engine%s set the engine's own option instead (e.g. --option%s 'Skill Level=%d')", suffix, suffix, suffix, level)
	}
	if engine == "" {
		if len(opts) > 0 {
			return nil, fmt.Errorf("--option%s %q is for a UCI engine: give --engine%s too (the built-in AI has --level%s)", suffix, opts[0], suffix, suffix)
		}
		if level < 0 || level > 20 {
			return nil, fmt.Errorf("levels are 0..20")
		}
		return arena.NewBuiltin(level), nil
	}
	options := map[string]string{}
	for _, o := range opts {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			return nil, fmt.Errorf("--option%s %q: expected name=value", suffix, o)
		}
		options[k] = v
	}
	return arena.StartExternal(engine, options)
}

// lazyFile is the match's PGN file. It is opened before the first game
// (a path that cannot be written is refused at once) but emptied only when
// the first game is written, so a match that fails before its first game
// (an engine that does not play the variant) leaves an existing file as it
// was, and removes the file it created. It keeps the first write error;
// Close returns it, naming the file.
type lazyFile struct {
	path    string
	f       *os.File
	created bool // the file did not exist before
	written bool
	err     error
}

// openPGN opens path for lazyFile ("-": standard output).
func openPGN(path string) (*lazyFile, error) {
	l := &lazyFile{path: path}
	if path == "-" {
		return l, nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("--pgn %s is a directory", path)
	} else if err != nil {
		l.created = true
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, fmt.Errorf("--pgn: %v", err)
	}
	l.f = f
	return l, nil
}

func (l *lazyFile) Write(b []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if l.path == "-" {
		if _, err := os.Stdout.Write(b); err != nil {
			l.err = fmt.Errorf("writing the PGN to standard output: %v", err)
			return 0, l.err
		}
		return len(b), nil
	}
	if !l.written {
		l.written = true
		var err error
		if fi, serr := l.f.Stat(); serr == nil && fi.Mode().IsRegular() {
			err = l.f.Truncate(0)
		}
		if err != nil {
			l.err = fmt.Errorf("writing the PGN to %s: %v", l.path, err)
			return 0, l.err
		}
	}
	if _, err := l.f.Write(b); err != nil {
		l.err = fmt.Errorf("writing the PGN to %s: %v", l.path, err)
		return 0, l.err
	}
	return len(b), nil
}

// Close closes the file (once) and returns the first error.
func (l *lazyFile) Close() error {
	if l.f != nil {
		if err := l.f.Close(); err != nil && l.err == nil {
			l.err = fmt.Errorf("writing the PGN to %s: %v", l.path, err)
		}
		l.f = nil
		if !l.written && l.created {
			os.Remove(l.path)
		}
	}
	return l.err
}
