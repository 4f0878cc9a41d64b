package lab

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The report's plot files, written by WriteHTML beside report.html.
const (
	ScoreSVG   = "score.svg"   // White's score per ruleset with 95% error bars
	LengthsSVG = "lengths.svg" // a game-length histogram per ruleset
	ResultsSVG = "results.svg" // the result mix per ruleset (stacked bars)
)

var (
	white = color.RGBA{R: 0x4c, G: 0x72, B: 0xb0, A: 0xff}
	draws = color.RGBA{R: 0xaa, G: 0xaa, B: 0xaa, A: 0xff}
	black = color.RGBA{R: 0x33, G: 0x33, B: 0x33, A: 0xff}
)

// rulesetAxis names the rulesets along x, slanted when there are many.
func rulesetAxis(p *plot.Plot, names []string) {
	p.NominalX(names...)
	if len(names) > 4 {
		p.X.Tick.Label.Rotation = math.Pi / 4
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
}

func (r *Report) names() []string {
	n := make([]string, len(r.Summaries))
	for i, s := range r.Summaries {
		n[i] = Label(s.Ruleset)
	}
	return n
}

// Label is a ruleset's name in the plots: NoRules reads "no house rules".
func Label(ruleset string) string {
	if ruleset == NoRules {
		return "no house rules"
	}
	return ruleset
}

// scoreErrs are the points (ruleset i, White's score) with 95% bars.
type scoreErrs struct{ s []Summary }

func (e scoreErrs) Len() int                    { return len(e.s) }
func (e scoreErrs) XY(i int) (float64, float64) { return float64(i), e.s[i].Score }
func (e scoreErrs) YError(i int) (float64, float64) {
	return Z95 * e.s[i].ScoreSE, Z95 * e.s[i].ScoreSE
}

// ScorePlot is White's score per ruleset with 95% error bars and the even
// line at ½.
func (r *Report) ScorePlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "White's score per ruleset (95% interval)"
	p.Y.Label.Text = "White's score (win 1, draw ½)"
	p.Y.Min, p.Y.Max = 0, 1
	rulesetAxis(p, r.names())
	pts := scoreErrs{r.Summaries}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Color = white
	bars, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, err
	}
	even, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0.5}, {X: float64(len(r.Summaries)) - 0.5, Y: 0.5}})
	if err != nil {
		return nil, err
	}
	even.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	even.Color = draws
	p.Add(plotter.NewGrid(), even, bars, sc)
	return p, nil
}

// ResultsPlot is the result mix: White wins, draws and Black wins per
// ruleset as stacked shares.
func (r *Report) ResultsPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Result mix per ruleset"
	p.Y.Label.Text = "share of games"
	p.Y.Min, p.Y.Max = 0, 1.3 // room for the legend above the bars
	rulesetAxis(p, r.names())
	var w, d, b plotter.Values
	for _, s := range r.Summaries {
		w, d, b = append(w, s.WhiteWinRate.P), append(d, s.DrawRate.P), append(b, s.BlackWinRate.P)
	}
	width := vg.Points(20)
	var prev *plotter.BarChart
	for i, v := range []plotter.Values{w, d, b} {
		bc, err := plotter.NewBarChart(v, width)
		if err != nil {
			return nil, err
		}
		bc.Color = []color.Color{white, draws, black}[i]
		bc.LineStyle.Width = 0
		if prev != nil {
			bc.StackOn(prev)
		}
		prev = bc
		p.Add(bc)
		p.Legend.Add([]string{"White wins", "draws", "Black wins"}[i], bc)
	}
	p.Legend.Top = true
	return p, nil
}

// LengthPlots are the game-length histograms, one per ruleset, titled by
// the ruleset, on a common x range.
func (r *Report) LengthPlots() ([]*plot.Plot, error) {
	longest := 1
	for _, s := range r.Summaries {
		for _, n := range s.Plies {
			longest = max(longest, n)
		}
	}
	var out []*plot.Plot
	for _, s := range r.Summaries {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s (mean %.1f plies)", Label(s.Ruleset), s.MeanPlies)
		p.X.Label.Text = "game length (plies)"
		p.Y.Label.Text = "games"
		p.X.Min, p.X.Max = 0, float64(longest)
		if len(s.Plies) > 0 {
			v := make(plotter.Values, len(s.Plies))
			for i, n := range s.Plies {
				v[i] = float64(n)
			}
			h, err := plotter.NewHist(v, min(20, max(1, len(v)/2)))
			if err != nil {
				return nil, err
			}
			h.FillColor = white
			p.Add(h)
		}
		out = append(out, p)
	}
	return out, nil
}

// writeSVG draws plots in a grid of cols columns of cell size as SVG.
func writeSVG(w io.Writer, plots []*plot.Plot, cols int, cellW, cellH vg.Length) error {
	rows := (len(plots) + cols - 1) / cols
	if len(plots) < cols {
		cols = max(1, len(plots))
	}
	img := vgsvg.New(cellW*vg.Length(cols), cellH*vg.Length(max(1, rows)))
	dc := draw.New(img)
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
		for j := range grid[i] {
			if k := i*cols + j; k < len(plots) {
				grid[i][j] = plots[k]
			}
		}
	}
	t := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 2, PadY: vg.Millimeter * 2,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, t, dc)
	for i := range grid {
		for j := range grid[i] {
			if grid[i][j] != nil {
				grid[i][j].Draw(canvases[i][j])
			}
		}
	}
	_, err := img.WriteTo(w)
	return err
}

// ErrNoPlot: SVG was asked for a name that is none of the plots.
var ErrNoPlot = errors.New("no such plot (score.svg, results.svg, lengths.svg)")

// SVG writes the plot named ScoreSVG, ResultsSVG or LengthsSVG to w;
// ErrNoPlot for another name.
func (r *Report) SVG(name string, w io.Writer) error {
	wide := vg.Length(max(12, 1.6*float64(len(r.Summaries)))) * vg.Centimeter
	var p *plot.Plot
	var err error
	switch name {
	case ScoreSVG:
		p, err = r.ScorePlot()
	case ResultsSVG:
		p, err = r.ResultsPlot()
	case LengthsSVG:
		ps, err := r.LengthPlots()
		if err != nil {
			return err
		}
		return writeSVG(w, ps, 3, 9*vg.Centimeter, 7*vg.Centimeter)
	default:
		return ErrNoPlot
	}
	if err != nil {
		return err
	}
	return writeSVG(w, []*plot.Plot{p}, 1, wide, 12*vg.Centimeter)
}

// WriteSVGs writes ScoreSVG, ResultsSVG and LengthsSVG into dir (created
// if need be) and returns their paths.
func (r *Report) WriteSVGs(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	for _, name := range []string{ScoreSVG, ResultsSVG, LengthsSVG} {
		var buf bytes.Buffer
		path := filepath.Join(dir, name)
		if err := r.SVG(name, &buf); err != nil {
			return nil, fmt.Errorf("lab: %s: %w", path, err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}

var htmlReport = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": pct, "reasons": reasons, "z95": func(x float64) float64 { return Z95 * x },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>houserules lab — study {{.Study.ID}}</title>
<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}td:first-child,td:last-child{text-align:left}img{max-width:100%}</style>
</head><body>
<h1>Balance study {{.Study.ID}}</h1>
<p>{{.Title}}</p>
<p>Self-play of the houserules AI against itself; games in pairs from the same random opening. Intervals are 95%:
Wilson score intervals for the shares, ±1.96 standard errors for White's score, the Elo difference
(−400·log10(1/s−1)) carried from it by the delta method.</p>
<table><tr><th>ruleset</th><th>games</th><th>White wins</th><th>draws</th><th>Black wins</th><th>White score</th><th>Elo W−B</th><th>mean plies</th><th>terminations</th></tr>
{{range .Summaries}}<tr><td>{{.Ruleset}}</td><td>{{.Games}}</td><td>{{pct .WhiteWinRate}}</td><td>{{pct .DrawRate}}</td><td>{{pct .BlackWinRate}}</td><td>{{printf "%.3f ± %.3f" .Score (z95 .ScoreSE)}}</td><td>{{printf "%+.0f ± %.0f" .Elo .EloErr}}</td><td>{{printf "%.1f" .MeanPlies}}</td><td>{{reasons .Reasons}}</td></tr>
{{end}}</table>
<h2>White's score</h2><img src="score.svg" alt="White's score per ruleset with 95% error bars">
<h2>Result mix</h2><img src="results.svg" alt="result mix per ruleset">
<h2>Game lengths</h2><img src="lengths.svg" alt="game-length histograms per ruleset">
</body></html>
`))

// WriteHTML writes report.html and its three SVG plots into dir and
// returns the HTML file's path.
func (r *Report) WriteHTML(dir string) (string, error) {
	if _, err := r.WriteSVGs(dir); err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := htmlReport.Execute(&buf, r); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "report.html")
	return path, os.WriteFile(path, buf.Bytes(), 0o644)
}
