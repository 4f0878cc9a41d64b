package search

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestFitPSQT fits the square tables (psqtTable) to the residual between
// a reference's scores and the rest of our evaluation. It runs only when
// HOUSERULES_TUNE_PSQT names a file of "variant<TAB>FEN<TAB>cp" lines (cp
// for the side to move, bench/fsf-eval.sh writes them). Variants listed
// in HOUSERULES_TUNE_PSQT_SKIP (comma-separated) are left out of the fit
// but kept in the unseen set: every fifth position, or, when
// HOUSERULES_TUNE_PSQT_TEST names a second file of the same format, all of
// that file (positions of other games, so the unseen loss is not flattered
// by neighbours of fitted positions). Scores beyond ±1500 are dropped. The
// loss is the mean squared difference of the win expectations
// (sigmoid(cp/400)) plus an L2 term per cell (HOUSERULES_TUNE_PSQT_L2,
// default 1e-7), fitted by Adam (step 0.3, batches of 1,024) over 40
// epochs; it prints the unseen loss per variant before and after and the
// table as a Go literal. The committed table was fitted with the defaults,
// which keep its cells within ±50 cp; without L2 the unseen loss of its
// data went lower (chess 0.0121, capablanca 0.0121 against 0.0146 and
// 0.0151) with cells up to ±144 cp that shift material between the
// phases; that table was not played.
//
// With HOUSERULES_TUNE_PSQT_SCALE=1 a scale and an offset per variant are
// fitted beside the table: the reference's units are not ours (the oracle
// prints endgame pawns) and a table fitted without them absorbs part of
// the difference. On the 10,000-node games of 2026-12-04 the two alone
// took the unseen loss from 0.0195 to 0.0113 in chess, the table fitted
// with them from there to 0.0108. HOUSERULES_TUNE_PSQT_KEEP=1 keeps the
// committed table and fits only those two (the baseline).
func TestFitPSQT(t *testing.T) {
	file := os.Getenv("HOUSERULES_TUNE_PSQT")
	if file == "" {
		t.Skip("HOUSERULES_TUNE_PSQT not set")
	}
	f := &psqtFit{t: t, skip: map[string]bool{}, byName: map[string]*fitVariant{},
		testFile: os.Getenv("HOUSERULES_TUNE_PSQT_TEST"),
		// HOUSERULES_TUNE_PSQT_KEEP=1: the committed table stays and only
		// the scale and offset are fitted (a baseline for the tables)
		fitPSQ: os.Getenv("HOUSERULES_TUNE_PSQT_KEEP") != "1"}
	for _, v := range strings.Split(os.Getenv("HOUSERULES_TUNE_PSQT_SKIP"), ",") {
		f.skip[strings.TrimSpace(v)] = true
	}
	f.read(file, false)
	if f.testFile != "" {
		f.read(f.testFile, true)
	}
	// after the cells, each variant's scale and offset: the reference's
	// units need not be ours (Fairy-Stockfish prints endgame pawns, its
	// middle-game pawn is 0.60 of one), and with
	// HOUSERULES_TUNE_PSQT_SCALE=1 they are fitted beside the tables
	// instead of being absorbed by them; they are not part of the result
	fitScale := os.Getenv("HOUSERULES_TUNE_PSQT_SCALE") == "1"
	f.w = make([]float64, psqtCells+2*len(f.vnames))
	for vi := range f.vnames {
		f.w[psqtCells+2*vi] = 1
	}
	t.Logf("%d positions fitted", len(f.train))
	f.report("before the fit")
	l2 := 1e-7
	if s := os.Getenv("HOUSERULES_TUNE_PSQT_L2"); s != "" {
		var err error
		if l2, err = strconv.ParseFloat(s, 64); err != nil {
			t.Fatalf("HOUSERULES_TUNE_PSQT_L2: %v", err)
		}
	}
	f.adam(l2, fitScale)
	f.report("fitted")
	for vi, v := range f.vnames {
		t.Logf("%s: scale %.3f, offset %.1f", v, f.w[psqtCells+2*vi], f.w[psqtCells+2*vi+1])
	}
	if !f.fitPSQ {
		return
	}
	t.Logf("psqtTable:\n%s", f.table())
}

// psqtCells is the number of fitted cells: per role, phase, rank and
// file from the edge.
const psqtCells = len(psqtRoles) * 2 * 8 * 4

// psqtIndex is the cell of a role, phase, rank and file from the edge.
func psqtIndex(role, phase, rank, fileB int) int { return ((role*2+phase)*8+rank)*4 + fileB }

// psqtFeat is a sample's weight on one cell.
type psqtFeat struct {
	idx int32
	c   float32
}

// psqtSample is a labelled position: our score without the tables, the
// target in [0, 1], the cells it reads.
type psqtSample struct {
	ours, target float64
	feats        []psqtFeat
	vi           int // the variant's index in vnames
}

// fitVariant is a variant's ruleset and evaluator, with its index in
// vnames.
type fitVariant struct {
	rs *rules.Ruleset
	e  *Evaluator
	vi int
}

// psqtFit is TestFitPSQT's state: the positions, the variants and the
// weights (the cells, then each variant's scale and offset).
type psqtFit struct {
	t           *testing.T
	skip        map[string]bool
	fitPSQ      bool
	byName      map[string]*fitVariant
	vnames      []string
	train, test []psqtSample
	testFile    string
	n           int
	w           []float64
}

// read adds the file's positions to train and test: every fifth to test,
// unless a test file is given; then all of it to test (held) and all of
// the training file to train.
func (f *psqtFit) read(name string, held bool) {
	t := f.t
	readLabelled(t, name, func(v, fen string, cp int) {
		if cp > 1500 || cp < -1500 {
			return
		}
		fv := f.variant(v)
		e := fv.e
		g, err := rules.NewGame(fv.rs, fen, false)
		if err != nil {
			t.Fatal(err)
		}
		s := psqtSample{ours: float64(e.Evaluate(g)), target: sigmoid(float64(cp)), vi: fv.vi}
		if f.fitPSQ {
			s.feats = psqtFeatures(e, g.Pos)
		}
		switch {
		case held || (f.testFile == "" && f.n%5 == 4):
			f.test = append(f.test, s)
		case !f.skip[v]:
			f.train = append(f.train, s)
		}
		f.n++
	})
}

// variant returns (making it on first use) variant v's ruleset and
// evaluator; when the tables are fitted the evaluator has none (the
// residual of everything else).
func (f *psqtFit) variant(v string) *fitVariant {
	fv := f.byName[v]
	if fv == nil {
		fv = &fitVariant{rs: rulestest.Compile(f.t, v, ""), vi: len(f.vnames)}
		fv.e = NewEvaluator(fv.rs)
		if f.fitPSQ {
			fv.e.psq = [2][len(psqtRoles)][geom.SquareNB]psqEntry{}
		}
		f.byName[v] = fv
		f.vnames = append(f.vnames, v)
	}
	return fv
}

// psqtFeatures are the cells position p reads, each piece's two (middle
// game and endgame, by phase), signed for the side to move.
func psqtFeatures(e *Evaluator, p *position.Position) []psqtFeat {
	var feats []psqtFeat
	npm := e.nonPawnMaterialBySide(p)
	phase := float32(min(256, (npm[0]+npm[1])*256/e.phaseTotal)) / 256
	b := e.board
	for c := position.White; c <= position.Black; c++ {
		sign := float32(1)
		if c != p.SideToMove() {
			sign = -1
		}
		for _, pt := range e.types {
			role := int(e.psqRole[pt])
			if role < 0 {
				continue
			}
			for bb := p.PiecesOf(c, pt); bb.Any(); {
				sq := bb.Pop()
				r, fb := psqtCell(b, c, sq)
				feats = append(feats, psqtFeat{int32(psqtIndex(role, 0, r, fb)), sign * phase},
					psqtFeat{int32(psqtIndex(role, 1, r, fb)), sign * (1 - phase)})
			}
		}
	}
	return feats
}

// raw is a sample's score with the cells.
func (f *psqtFit) raw(s *psqtSample) float64 {
	x := s.ours
	for _, ft := range s.feats {
		x += float64(ft.c) * f.w[ft.idx]
	}
	return x
}

// pred is raw scaled and offset for the sample's variant.
func (f *psqtFit) pred(s *psqtSample) float64 {
	return f.w[psqtCells+2*s.vi]*f.raw(s) + f.w[psqtCells+2*s.vi+1]
}

// loss is the unseen loss of variant vi (-1: of all).
func (f *psqtFit) loss(vi int) string {
	sum, k := 0.0, 0
	for i := range f.test {
		if vi < 0 || f.test[i].vi == vi {
			d := sigmoid(f.pred(&f.test[i])) - f.test[i].target
			sum += d * d
			k++
		}
	}
	return fmt.Sprintf("%.6f (%d)", sum/float64(max(k, 1)), k)
}

// report logs the unseen loss, in all and per variant.
func (f *psqtFit) report(tag string) {
	out := []string{"all " + f.loss(-1)}
	for vi, v := range f.vnames {
		out = append(out, v+" "+f.loss(vi))
	}
	f.t.Logf("%s, unseen: %s", tag, strings.Join(out, ", "))
}

// adam fits the weights to the training positions: 40 epochs of Adam in
// batches of 1,024, with L2 regularisation l2 of the cells (the scales
// and offsets too when fitScale).
func (f *psqtFit) adam(l2 float64, fitScale bool) {
	w, train := f.w, f.train
	m, vv, grad := make([]float64, len(w)), make([]float64, len(w)), make([]float64, len(w))
	const lr, b1, b2, batch = 0.3, 0.9, 0.999, 1024
	rng := rand.New(rand.NewSource(1))
	step := 0
	for epoch := 0; epoch < 40; epoch++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for st := 0; st < len(train); st += batch {
			clear(grad)
			end := min(st+batch, len(train))
			for i := st; i < end; i++ {
				s := &train[i]
				x := f.raw(s)
				k := w[psqtCells+2*s.vi]
				sg := sigmoid(k*x + w[psqtCells+2*s.vi+1])
				d := 2 * (sg - s.target) * sg * (1 - sg) * math.Ln10 / 400
				for _, ft := range s.feats {
					grad[ft.idx] += d * k * float64(ft.c)
				}
				if fitScale {
					grad[psqtCells+2*s.vi] += d * x
					grad[psqtCells+2*s.vi+1] += d
				}
			}
			step++
			for j := range w {
				gj, rate := grad[j]/float64(end-st), lr
				switch {
				case j < psqtCells:
					gj += l2 * w[j]
				case (j-psqtCells)%2 == 0:
					rate = 0.002 // a scale
				}
				m[j] = b1*m[j] + (1-b1)*gj
				vv[j] = b2*vv[j] + (1-b2)*gj*gj
				mh := m[j] / (1 - math.Pow(b1, float64(step)))
				vh := vv[j] / (1 - math.Pow(b2, float64(step)))
				w[j] -= rate * mh / (math.Sqrt(vh) + 1e-8)
			}
		}
	}
}

// table renders the fitted cells as psqtTable's Go literal.
func (f *psqtFit) table() string {
	var sb strings.Builder
	for ri, pt := range psqtRoles {
		fmt.Fprintf(&sb, "{ // %s\n", pt)
		for ph := 0; ph < 2; ph++ {
			sb.WriteString("\t{")
			for r := 0; r < 8; r++ {
				sb.WriteString("{")
				for fb := 0; fb < 4; fb++ {
					if fb > 0 {
						sb.WriteString(", ")
					}
					fmt.Fprintf(&sb, "%d", int(math.Round(f.w[psqtIndex(ri, ph, r, fb)])))
				}
				sb.WriteString("}")
				if r < 7 {
					sb.WriteString(", ")
				}
			}
			sb.WriteString("},\n")
		}
		sb.WriteString("},\n")
	}
	return sb.String()
}
