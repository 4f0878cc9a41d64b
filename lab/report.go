package lab

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Report is a study's results: its settings, where it stands and one
// Summary per ruleset in the study's order.
type Report struct {
	Study     *Study    `json:"study"`
	Done      int       `json:"done"`
	Total     int       `json:"total"`
	Summaries []Summary `json:"rulesets"`
	games     []Game
}

// BuildReport reads study id's games and summarises them per ruleset.
func (d *DB) BuildReport(ctx context.Context, id int64) (*Report, error) {
	s, err := d.Study(ctx, id)
	if err != nil {
		return nil, err
	}
	games, err := d.Games(ctx, id)
	if err != nil {
		return nil, err
	}
	return NewReport(s, games), nil
}

// NewReport summarises the games of study s per ruleset.
func NewReport(s *Study, games []Game) *Report {
	r := &Report{Study: s, Done: len(games), Total: s.Total(), games: games}
	per := make([][]Outcome, len(s.Rulesets))
	for i := range games {
		if g := &games[i]; g.Ruleset >= 0 && g.Ruleset < len(per) {
			per[g.Ruleset] = append(per[g.Ruleset], g.Outcome())
		}
	}
	for i, name := range s.Rulesets {
		r.Summaries = append(r.Summaries, Summarize(name, per[i]))
	}
	return r
}

// Title is the report's one-line description of the study.
func (r *Report) Title() string {
	s := r.Study
	limit := fmt.Sprintf("%d ms a move", s.MoveTime)
	if s.Nodes > 0 {
		limit = fmt.Sprintf("%d nodes a move", s.Nodes)
	}
	return fmt.Sprintf("study %d: %s, %d games per ruleset, level %d, %s, %d random opening plies, draw after %d plies, seed %d (%d/%d games played)",
		s.ID, s.Variant, s.Games, s.Level, limit, s.Openings, s.MaxPlies, s.Seed, r.Done, r.Total)
}

func pct(iv Interval) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*iv.P, 100*iv.Lo, 100*iv.Hi)
}

// reasons is "checkmate 5, stalemate 1".
func reasons(cs []Count) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %d", c.Reason, c.Games)
	}
	return strings.Join(parts, ", ")
}

// WriteTable writes the terminal table: per ruleset the games, the three
// outcomes' shares with 95% Wilson intervals, White's score, the Elo
// difference White − Black ± its 95% error, the mean length in plies and
// the termination reasons.
func (r *Report) WriteTable(w io.Writer) error {
	fmt.Fprintln(w, r.Title())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ruleset\tgames\tWhite wins (95%)\tdraws (95%)\tBlack wins (95%)\tWhite score\tElo W−B (95%)\tplies\tterminations")
	for _, s := range r.Summaries {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%.3f ± %.3f\t%+.0f ± %.0f\t%.1f\t%s\n", s.Ruleset, s.Games, pct(s.WhiteWinRate), pct(s.DrawRate),
			pct(s.BlackWinRate), s.Score, Z95*s.ScoreSE, s.Elo, s.EloErr, s.MeanPlies, reasons(s.Reasons))
	}
	return tw.Flush()
}

// CSVHeader is the first line of WriteCSV.
var CSVHeader = []string{"ruleset", "games", "white_wins", "draws", "black_wins",
	"white_win_rate", "white_win_lo", "white_win_hi", "draw_rate", "draw_lo", "draw_hi", "black_win_rate", "black_win_lo", "black_win_hi",
	"white_score", "white_score_se", "elo", "elo_err95", "first_move_advantage", "first_move_advantage_err95", "mean_plies", "reasons"}

// WriteCSV writes one line per ruleset under CSVHeader (rates as
// fractions; reasons as "checkmate 5, stalemate 1").
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for _, s := range r.Summaries {
		cw.Write([]string{s.Ruleset, strconv.Itoa(s.Games), strconv.Itoa(s.WhiteWins), strconv.Itoa(s.Draws), strconv.Itoa(s.BlackWins),
			f(s.WhiteWinRate.P), f(s.WhiteWinRate.Lo), f(s.WhiteWinRate.Hi), f(s.DrawRate.P), f(s.DrawRate.Lo), f(s.DrawRate.Hi),
			f(s.BlackWinRate.P), f(s.BlackWinRate.Lo), f(s.BlackWinRate.Hi), f(s.Score), f(s.ScoreSE), f(s.Elo), f(s.EloErr),
			f(s.FirstMove), f(s.FirstMoveErr), f(s.MeanPlies), reasons(s.Reasons)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}
