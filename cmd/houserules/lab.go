package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"houserules/lab"
	"houserules/server"
	"houserules/store"
)

// labCmd is `houserules lab`: balance studies of house rules by self-play
// (package lab).
func labCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lab",
		Short: "Balance studies: the AI plays itself under several rulesets; scores with 95% intervals, Elo White−Black, plots",
		Long: "Balance studies: for each ruleset, games of the built-in AI against itself in pairs (the same random opening,\n" +
			"colours swapped), spread over any number of workers as River jobs in the database (SQLite file or PostgreSQL).\n" +
			"Results per ruleset: White wins / draws / Black wins with 95% Wilson intervals, White's score and the Elo\n" +
			"difference White−Black with their errors, mean length, termination reasons; a table, CSV, JSON or an HTML\n" +
			"report with SVG plots.",
	}
	cmd.AddCommand(labRunCmd(), labWorkCmd(), labStatusCmd(), labReportCmd(), labCancelCmd())
	return cmd
}

func labDBFlag(cmd *cobra.Command, db *string) {
	cmd.Flags().StringVar(db, "db", store.DefaultFile, "SQLite file (the play server's, by default), or a postgres:// URL shared by the workers")
}

// signalled is a context ended by SIGINT or SIGTERM.
func signalled() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func labRunCmd() *cobra.Command {
	var db, rulesets, out string
	s := lab.Study{}
	var jobs int
	var noWork, quiet bool
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Enqueue a study (one job per pair of games per ruleset) and, unless --no-work, work it here with a progress bar, then print the table",
		Example: "  houserules lab run --rulesets 'piece-hp;piece-hp,king-heals;wrap-board;-' --games 20 --nodes 2000\n" +
			"  houserules lab run --db postgres://host/lab --rulesets 'explosive-rook,wrap-board;-' --games 200 --level 10 --no-work",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if s.Rulesets, err = lab.ParseRulesets(rulesets); err != nil {
				return err
			}
			if s.Seed == 0 {
				s.Seed = time.Now().UnixNano() & (1<<62 - 1)
			}
			ctx, stop := signalled()
			defer stop()
			d, err := lab.Open(ctx, db)
			if err != nil {
				return err
			}
			defer d.Close()
			if err := d.Enqueue(ctx, &s); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "study %d: %d jobs, %d games (seed %d)\n", s.ID, s.Pairs()*len(s.Rulesets), s.Total(), s.Seed)
			if noWork {
				fmt.Fprintln(cmd.OutOrStdout(), s.ID)
				return nil
			}
			w, err := d.Work(ctx, lab.WorkOptions{Jobs: jobs})
			if err != nil {
				return err
			}
			_, werr := waitWithBar(ctx, d, s.ID, quiet)
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			w.Stop(sctx)
			if werr != nil {
				return werr
			}
			return writeReport(ctx, cmd.OutOrStdout(), d, s.ID, out, "table")
		},
	}
	f := cmd.Flags()
	labDBFlag(cmd, &db)
	f.StringVar(&s.Variant, "variant", "chess", "variant of every ruleset")
	f.StringVar(&rulesets, "rulesets", "", "rulesets separated by ';', each a --presets list, '-' for none: 'piece-hp;piece-hp,king-heals;wrap-board;-'")
	f.IntVar(&s.Games, "games", 10, "games per ruleset (even: pairs of games from one random opening, colours swapped)")
	f.IntVar(&s.Level, "level", 20, "AI skill level 0..20 of both sides")
	f.Int64Var(&s.Nodes, "nodes", 0, "node budget per move (0: --movetime); games replay move for move")
	f.IntVar(&s.MoveTime, "movetime", 100, "milliseconds per move when --nodes is 0")
	f.IntVar(&s.Openings, "openings", 4, "random opening plies of each pair (seeded by the job: a retried job replays them)")
	f.IntVar(&s.MaxPlies, "max-plies", 300, "adjudicate a draw after this many plies")
	f.Int64Var(&s.Seed, "seed", 0, "seed of the openings and the AI's choices (0: from the clock)")
	f.IntVar(&jobs, "jobs", 1, "pairs played at once by this process (one core each)")
	f.BoolVar(&noWork, "no-work", false, "only enqueue (print the study ID); workers started with `lab work` play it")
	f.BoolVar(&quiet, "quiet", false, "no progress bar")
	f.StringVar(&out, "html", "", "also write the HTML report with its SVG plots into this directory")
	return cmd
}

// waitWithBar waits for the study to finish, drawing a progress bar of
// games stored (by every worker) on stderr.
func waitWithBar(ctx context.Context, d *lab.DB, id int64, quiet bool) (*lab.Progress, error) {
	var bar *progressbar.ProgressBar
	last := 0
	return d.Wait(ctx, id, 300*time.Millisecond, func(p *lab.Progress) {
		if quiet {
			return
		}
		if bar == nil {
			bar = progressbar.NewOptions(p.Total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription(fmt.Sprintf("study %d", id)),
				progressbar.OptionShowCount(), progressbar.OptionSetWidth(30), progressbar.OptionShowElapsedTimeOnFinish(),
				progressbar.OptionSetPredictTime(true), progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"))
			bar.RenderBlank()
		}
		if p.Done > last {
			bar.Add(p.Done - last)
			last = p.Done
		}
		if p.Finished() {
			bar.Finish()
			fmt.Fprintln(os.Stderr)
		}
	})
}

// writeReport prints the study's report as a table, CSV or JSON on
// w, and the HTML report into html if set.
func writeReport(ctx context.Context, w io.Writer, d *lab.DB, id int64, html, format string) error {
	r, err := d.BuildReport(ctx, id)
	if err != nil {
		return err
	}
	switch format {
	case "csv":
		err = r.WriteCSV(w)
	case "json":
		err = r.WriteJSON(w)
	default:
		err = r.WriteTable(w)
	}
	if err != nil {
		return err
	}
	if html != "" {
		path, err := r.WriteHTML(html)
		if err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "report:", path)
	}
	return nil
}

func labWorkCmd() *cobra.Command {
	var db, name string
	var jobs int
	var rescue time.Duration
	cmd := &cobra.Command{
		Use:   "work",
		Short: "Work the lab's jobs of every study in the database until interrupted (any number of workers may share a PostgreSQL database)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signalled()
			defer stop()
			d, err := lab.Open(ctx, db)
			if err != nil {
				return err
			}
			defer d.Close()
			w, err := d.Work(ctx, lab.WorkOptions{Jobs: jobs, Name: name, RescueAfter: rescue})
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "lab worker on %s: %d job(s) at once; interrupt to stop\n", d.Backend(), max(1, jobs))
			<-ctx.Done()
			sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			err = w.Stop(sctx)
			fmt.Fprintf(os.Stderr, "lab worker: %d games stored\n", w.Games())
			return err
		},
	}
	labDBFlag(cmd, &db)
	f := cmd.Flags()
	f.IntVar(&jobs, "jobs", 1, "pairs played at once (one core each)")
	f.StringVar(&name, "name", "", "worker name in the results (default host/pid)")
	f.DurationVar(&rescue, "rescue-after", 15*time.Minute, "a job running this long is taken for a dead worker's and played again (longer than a pair of games; River looks every 30 s)")
	return cmd
}

func studyArg(args []string) (int64, error) {
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id < 1 {
		return 0, fmt.Errorf("study ID %q is not a positive number", args[0])
	}
	return id, nil
}

func labStatusCmd() *cobra.Command {
	var db string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status [STUDY]",
		Short: "Games done of each study (or of one: its jobs by state and games by worker)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := context.Background()
			d, err := lab.Open(ctx, db)
			if err != nil {
				return err
			}
			defer d.Close()
			var ids []int64
			if len(args) == 1 {
				id, err := studyArg(args)
				if err != nil {
					return err
				}
				ids = append(ids, id)
			} else {
				studies, err := d.Studies(ctx)
				if err != nil {
					return err
				}
				for _, s := range studies {
					ids = append(ids, s.ID)
				}
			}
			var ps []*lab.Progress
			for _, id := range ids {
				p, err := d.Status(ctx, id)
				if err != nil {
					return err
				}
				ps = append(ps, p)
			}
			if asJSON {
				e := json.NewEncoder(cmd.OutOrStdout())
				e.SetIndent("", "  ")
				return e.Encode(ps)
			}
			printStatus(cmd.OutOrStdout(), ps, len(args) == 1)
			return nil
		},
	}
	labDBFlag(cmd, &db)
	cmd.Flags().BoolVar(&asJSON, "json", false, "as JSON")
	return cmd
}

func printStatus(w io.Writer, ps []*lab.Progress, detail bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "study\tstate\tgames\tvariant\trulesets\tjobs")
	for _, p := range ps {
		s := p.Study
		state := s.State
		if state == "running" && p.Finished() {
			state = "done"
		}
		fmt.Fprintf(tw, "%d\t%s\t%d/%d\t%s\t%d\t%s\n", s.ID, state, p.Done, p.Total, s.Variant, len(s.Rulesets), countsText(p.Jobs))
	}
	tw.Flush()
	if detail && len(ps) == 1 {
		fmt.Fprintf(w, "games by worker: %s\n", countsText(ps[0].Workers))
	}
}

func labReportCmd() *cobra.Command {
	var db, html string
	var asCSV, asJSON bool
	cmd := &cobra.Command{
		Use:     "report STUDY",
		Short:   "The study's results per ruleset: a table, --csv or --json on stdout, and --html DIR for the HTML report with SVG plots",
		Example: "  houserules lab report 3 --html docs/lab-example",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := studyArg(args)
			if err != nil {
				return err
			}
			if asCSV && asJSON {
				return fmt.Errorf("--csv and --json: give one")
			}
			ctx := context.Background()
			d, err := lab.Open(ctx, db)
			if err != nil {
				return err
			}
			defer d.Close()
			format := "table"
			if asCSV {
				format = "csv"
			} else if asJSON {
				format = "json"
			}
			return writeReport(ctx, cmd.OutOrStdout(), d, id, html, format)
		},
	}
	labDBFlag(cmd, &db)
	f := cmd.Flags()
	f.BoolVar(&asCSV, "csv", false, "CSV, one line per ruleset")
	f.BoolVar(&asJSON, "json", false, "JSON")
	f.StringVar(&html, "html", "", "write report.html and its SVG plots into this directory")
	return cmd
}

func labCancelCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "cancel STUDY",
		Short: "Cancel a study: its jobs not yet played are cancelled (pairs being played finish and count)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := studyArg(args)
			if err != nil {
				return err
			}
			ctx := context.Background()
			d, err := lab.Open(ctx, db)
			if err != nil {
				return err
			}
			defer d.Close()
			n, err := d.Cancel(ctx, id)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "study %d cancelled: %d jobs\n", id, n)
			return nil
		},
	}
	labDBFlag(cmd, &db)
	return cmd
}

// serveLab opens the lab on the play server's database for serve --lab
// and works its queue with jobs pairs at once; stop stops the worker.
func serveLab(ctx context.Context, db string, jobs int, cfg *server.Config) (stop func(), err error) {
	d, err := lab.Open(ctx, db)
	if err != nil {
		return nil, err
	}
	w, err := d.Work(ctx, lab.WorkOptions{Jobs: jobs})
	if err != nil {
		d.Close()
		return nil, err
	}
	cfg.Lab = d
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		w.Stop(sctx)
		d.Close()
	}, nil
}

// countsText is "completed 6, running 1", sorted by name ("none" if empty).
func countsText(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
