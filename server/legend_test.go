package server

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// legendFor compiles variant (a section of ini when given) and returns
// its legend by letter.
func legendFor(t *testing.T, variant, ini string) map[string]legendPiece {
	t.Helper()
	rs, aerr := compile(variant, ini, presetsField{})
	if aerr != nil {
		t.Fatalf("%s: %v", variant, aerr)
	}
	out := map[string]legendPiece{}
	for _, p := range legendOf(rs) {
		if _, dup := out[p.Letter]; dup {
			t.Errorf("%s: letter %q twice", variant, p.Letter)
		}
		out[p.Letter] = p
	}
	return out
}

// squaresOf lists the diagram's squares of the given kinds, sorted
// ("hop" also takes the squares with the hop flag).
func squaresOf(p legendPiece, kinds ...string) []string {
	var out []string
	for _, s := range p.Diagram.Squares {
		if slices.Contains(kinds, s.Kind) || (s.Hop && slices.Contains(kinds, "hop")) {
			out = append(out, s.Sq)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(s ...string) []string {
	out := slices.Clone(s)
	sort.Strings(out)
	return out
}

func wantSquares(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if w := sorted(want...); !slices.Equal(got, w) {
		t.Errorf("%s: %v, want %v", what, got, w)
	}
}

const nineIni = `
[ninechess:chess]
maxRank = 9
maxFile = i
castling = false
startFen = rnbqkbnrr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1
`

func TestLegendKnightNineByNine(t *testing.T) {
	l := legendFor(t, "ninechess", nineIni)
	n := l["n"]
	if n.Name != "knight" || n.Betza != "N" || n.Royal || n.Value < 250 || n.Value > 400 {
		t.Errorf("knight: %+v", n)
	}
	d := n.Diagram
	if d.Files != 9 || d.Ranks != 9 || d.From != "e5" {
		t.Fatalf("diagram %dx%d from %s, want 9x9 from e5", d.Files, d.Ranks, d.From)
	}
	wantSquares(t, "knight from e5", squaresOf(n, "move", "capture", "both", "hop", "initial"), "c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6")
	wantSquares(t, "knight both", squaresOf(n, "both"), "c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6")
	if k := l["k"]; !k.Royal || k.Value != 0 {
		t.Errorf("king: %+v", k)
	}
}

func TestLegendPawnAndValues(t *testing.T) {
	l := legendFor(t, "chess", "")
	p := l["p"]
	if p.Value != 100 || p.Diagram.From != "e4" {
		t.Errorf("pawn: value %d from %s", p.Value, p.Diagram.From)
	}
	wantSquares(t, "pawn move", squaresOf(p, "move"), "e5")
	wantSquares(t, "pawn initial", squaresOf(p, "initial"), "e6")
	wantSquares(t, "pawn capture", squaresOf(p, "capture"), "d5", "f5")
	wantSquares(t, "pawn both/hop", squaresOf(p, "both", "hop"))
	if p.Diagram.InitialFrom != "e2" || p.Diagram.InitialFEN == "" {
		t.Errorf("pawn initial from %q fen %q", p.Diagram.InitialFrom, p.Diagram.InitialFEN)
	}
	if q, r := l["q"], l["r"]; !(q.Value > r.Value && r.Value > l["b"].Value && l["b"].Value > 250) {
		t.Errorf("values: q %d r %d b %d", q.Value, r.Value, l["b"].Value)
	}
}

func TestLegendCannonHops(t *testing.T) {
	c := legendFor(t, "xiangqi", "")["c"]
	if c.Diagram.From != "e5" || c.Diagram.Ranks != 10 {
		t.Fatalf("cannon from %s", c.Diagram.From)
	}
	// quiet moves as a rook; captures only over a screen: every rook
	// square but the adjacent ones
	wantSquares(t, "cannon move", squaresOf(c, "move"), "a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5",
		"e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "e10")
	wantSquares(t, "cannon hop", squaresOf(c, "hop"), "a5", "b5", "c5", "g5", "h5", "i5",
		"e1", "e2", "e3", "e7", "e8", "e9", "e10")
	wantSquares(t, "cannon capture", squaresOf(c, "capture", "both"))
	// the janggi cannon moves and captures only over a screen
	j := legendFor(t, "janggi", "")["c"]
	wantSquares(t, "janggi cannon plain", squaresOf(j, "move", "capture", "both"))
	wantSquares(t, "janggi cannon hop", squaresOf(j, "hop"), "a5", "b5", "c5", "g5", "h5", "i5",
		"e1", "e2", "e3", "e7", "e8", "e9", "e10")
	// the xiangqi advisor and king stay in the palace
	if a := legendFor(t, "xiangqi", "")["a"]; a.Diagram.From != "e2" {
		t.Errorf("advisor from %s (the palace's centre is e2)", a.Diagram.From)
	} else {
		wantSquares(t, "advisor", squaresOf(a, "both"), "d1", "f1", "d3", "f3")
	}
	// the facing generals: the diagram's position blocks the file so that
	// the king's whole pattern shows
	if k := legendFor(t, "xiangqi", "")["k"]; k.Diagram.From != "e2" {
		t.Errorf("king from %s", k.Diagram.From)
	} else {
		wantSquares(t, "xiangqi king", squaresOf(k, "both"), "d2", "e1", "e3", "f2")
	}
	if e := legendFor(t, "xiangqi", "")["b"]; e.Diagram.From != "e3" {
		t.Errorf("elephant from %s (the centre of its half is e3)", e.Diagram.From)
	} else {
		wantSquares(t, "elephant", squaresOf(e, "both"), "c1", "g1", "c5", "g5")
	}
}

func TestLegendShogi(t *testing.T) {
	l := legendFor(t, "shogi", "")
	all := func(p legendPiece) []string { return squaresOf(p, "move", "capture", "both", "hop", "initial") }
	wantSquares(t, "gold", all(l["g"]), "d5", "f5", "e4", "e6", "d6", "f6")
	wantSquares(t, "gold both", squaresOf(l["g"], "both"), "d5", "f5", "e4", "e6", "d6", "f6")
	wantSquares(t, "silver", all(l["s"]), "d6", "e6", "f6", "d4", "f4")
	wantSquares(t, "lance", all(l["l"]), "e6", "e7", "e8", "e9")
	wantSquares(t, "shogi knight", all(l["n"]), "d7", "f7")
	if l["p"].PromotesTo != "g" || l["r"].PromotesTo != "d" || l["b"].PromotesTo != "h" {
		t.Errorf("promotions: p→%q r→%q b→%q", l["p"].PromotesTo, l["r"].PromotesTo, l["b"].PromotesTo)
	}
	if l["p"].Name != "shogi pawn" {
		t.Errorf("name %q", l["p"].Name)
	}
}

// fenBoard edits the board of a FEN: put pc (a FEN letter) on square sq.
func fenBoard(t *testing.T, fen string, files int, sq geom.Square, pc byte) (string, bool) {
	t.Helper()
	fields := strings.SplitN(fen, " ", 2)
	board, pocket := fields[0], ""
	if i := strings.Index(board, "["); i >= 0 {
		board, pocket = board[:i], board[i:]
	}
	rows := strings.Split(board, "/")
	r := len(rows) - 1 - sq.Rank()
	var cells []byte
	for i := 0; i < len(rows[r]); i++ {
		c := rows[r][i]
		if c >= '0' && c <= '9' {
			n := int(c - '0')
			if i+1 < len(rows[r]) && rows[r][i+1] >= '0' && rows[r][i+1] <= '9' {
				n = n*10 + int(rows[r][i+1]-'0')
				i++
			}
			for k := 0; k < n; k++ {
				cells = append(cells, '.')
			}
			continue
		}
		cells = append(cells, c)
	}
	if len(cells) != files {
		t.Fatalf("row %q: %d cells", rows[r], len(cells))
	}
	if cells[sq.File()] != '.' {
		return "", false
	}
	cells[sq.File()] = pc
	var sb strings.Builder
	empty := 0
	for _, c := range cells {
		if c == '.' {
			empty++
			continue
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
			empty = 0
		}
		sb.WriteByte(c)
	}
	if empty > 0 {
		fmt.Fprint(&sb, empty)
	}
	rows[r] = sb.String()
	out := strings.Join(rows, "/") + pocket
	if len(fields) > 1 {
		out += " " + fields[1]
	}
	return out, true
}

// engineTargets is what `houserules moves --variant V --fen F` computes
// (variants.Resolve, Resolved.NewGame, Game.LegalMoves): the squares the
// moves of the piece on from go to.
// diagramGame sets up a legend diagram as the legend does (a pawn alone
// on any square: rules.NewGameFSF, without position.CheckPlacement).
func diagramGame(res *variants.Resolved, fen string) (*rules.Game, error) {
	return rules.NewGameFSF(res.Ruleset, fen, res.Chess960)
}

func engineTargets(t *testing.T, res *variants.Resolved, fen, from string) []string {
	t.Helper()
	variant := res.Name
	g, err := diagramGame(res, fen)
	if err != nil {
		t.Fatalf("%s: the diagram's FEN %q: %v", variant, fen, err)
	}
	seen := map[string]bool{}
	var out []string
	for _, m := range g.LegalMoves() {
		u := g.Pos.UCI(m)
		if strings.HasPrefix(u, from) && !strings.Contains(u, "@") {
			to := m.To().String()
			if to != from && !seen[to] {
				seen[to] = true
				out = append(out, to)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestLegendMatchesEngine checks every piece of capablanca, shogi and
// spartan against the engine as the moves command runs it: the diagram's
// move squares are the legal moves of its FEN from the centre square;
// each capture square is taken when a black piece stands there (and no
// other square is); initial squares are the moves from the initial square
// that the centre lacks, at the same offsets.
func TestLegendMatchesEngine(t *testing.T) {
	for _, variant := range []string{"capablanca", "shogi", "spartan"} {
		rs, _ := compile(variant, "", presetsField{})
		b := rs.Variant.Board()
		res, err := variants.Resolve(variants.Request{Variant: variant})
		if err != nil {
			t.Fatal(err)
		}
		l := legendFor(t, variant, "")
		if len(l) < 6 {
			t.Fatalf("%s: %d pieces", variant, len(l))
		}
		// every letter of the start position has an entry
		board := rs.Variant.StartFEN
		board = board[:strings.IndexAny(board, " [")]
		for _, c := range strings.ToLower(board) {
			if c >= 'a' && c <= 'z' {
				if _, ok := l[string(c)]; !ok {
					t.Errorf("%s: no legend entry for %q", variant, c)
				}
			}
		}
		for letter, p := range l {
			what := variant + " " + letter + " (" + p.Name + ")"
			d := p.Diagram
			if d == nil {
				t.Errorf("%s: no diagram", what)
				continue
			}
			from, err := geom.ParseSquare(d.From, b.Files, b.Ranks)
			if err != nil {
				t.Fatal(err)
			}
			got := engineTargets(t, res, d.FEN, d.From)
			if want := squaresOf(p, "move", "both"); !slices.Equal(got, want) {
				t.Errorf("%s: diagram moves %v, engine from %s in %q: %v", what, want, d.From, d.FEN, got)
			}
			if len(got) == 0 {
				t.Errorf("%s: no move at all", what)
			}
			// captures: a black piece (a pawn-like one) alone on each square
			caps := squaresOf(p, "capture", "both")
			dummy := dummyType(rs.Variant, position.PieceType(0), position.Black)
			for pt := range position.BuiltinPieces {
				if position.BuiltinPieces[pt].Name == p.Type {
					dummy = dummyType(rs.Variant, position.PieceType(pt), position.Black)
				}
			}
			dch := rs.Variant.PieceChar[dummy] + 'a' - 'A'
			var engineCaps []string
			for s := geom.Square(0); s < geom.SquareNB; s++ {
				if !b.Contains(s) || s == from {
					continue
				}
				fen, empty := fenBoard(t, d.FEN, b.Files, s, dch)
				if !empty {
					continue // a king stands there
				}
				if _, err := diagramGame(res, fen); err != nil {
					t.Errorf("%s: %q: %v", what, fen, err)
					continue
				}
				if slices.Contains(engineTargets(t, res, fen, d.From), s.String()) {
					engineCaps = append(engineCaps, s.String())
				}
			}
			sort.Strings(engineCaps)
			if !slices.Equal(engineCaps, caps) {
				t.Errorf("%s: diagram captures %v, engine %v", what, caps, engineCaps)
			}
			if ini := squaresOf(p, "initial"); len(ini) > 0 {
				s0, _ := geom.ParseSquare(d.InitialFrom, b.Files, b.Ranks)
				from0 := engineTargets(t, res, d.InitialFEN, d.InitialFrom)
				for _, sq := range ini {
					s, _ := geom.ParseSquare(sq, b.Files, b.Ranks)
					t0, ok := b.Step(s0, s.File()-from.File(), s.Rank()-from.Rank())
					if !ok || !slices.Contains(from0, t0.String()) {
						t.Errorf("%s: initial square %s: no move %s%s in %q (%v)", what, sq, d.InitialFrom, t0, d.InitialFEN, from0)
					}
				}
			}
		}
	}
}

func TestLegendInAPI(t *testing.T) {
	ts := newTestServer(t, nil)
	code, m := call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"variant": "capablanca"})
	if code != 200 {
		t.Fatalf("check: %d %v", code, m)
	}
	legend, _ := m["legend"].([]any)
	letters := ""
	for _, x := range legend {
		letters += x.(map[string]any)["letter"].(string)
	}
	if letters != "pnbrqack" {
		t.Errorf("capablanca legend letters %q", letters)
	}
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "presets": "piece-hp"})
	if code != 201 && code != 200 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	code, r := call(t, "GET", ts.URL+"/api/games/"+id+"/rules", "", nil)
	if code != 200 {
		t.Fatalf("rules: %d %v", code, r)
	}
	hr, _ := r["houseRules"].([]any)
	if len(hr) != 1 || hr[0].(map[string]any)["name"] != "Hit Points" || hr[0].(map[string]any)["id"] != "piece-hp" ||
		hr[0].(map[string]any)["description"] == "" {
		t.Errorf("houseRules %v", hr)
	}
	win, _ := r["win"].([]any)
	if len(win) == 0 || win[0] != "Checkmate the enemy king to win." {
		t.Errorf("win %v", win)
	}
	if s, _ := r["summary"].(string); !strings.Contains(s, "Chess") {
		t.Errorf("summary %q", s)
	}
	if l, _ := r["legend"].([]any); len(l) != 6 {
		t.Errorf("legend of %d pieces", len(l))
	}
	if code, _ := call(t, "GET", ts.URL+"/api/games/nope/rules", "", nil); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
}

// TestLegendEveryVariant: for every variant of the catalogue and every
// plugin that loads, every piece has a diagram whose FEN the moves command
// accepts and whose move squares are that FEN's moves from the centre
// square.
func TestLegendEveryVariant(t *testing.T) {
	for _, d := range variants.Describe() {
		if !d.Loads {
			continue
		}
		res, err := variants.Resolve(variants.Request{Variant: d.Name})
		if err != nil {
			continue
		}
		for _, p := range legendOf(res.Ruleset) {
			what := d.Name + " " + p.Letter + " (" + p.Name + ")"
			if p.Diagram == nil {
				t.Errorf("%s: no diagram", what)
				continue
			}
			if _, err := diagramGame(res, p.Diagram.FEN); err != nil {
				t.Errorf("%s: FEN %q: %v", what, p.Diagram.FEN, err)
				continue
			}
			got := engineTargets(t, res, p.Diagram.FEN, p.Diagram.From)
			if want := squaresOf(p, "move", "both"); !slices.Equal(got, want) {
				t.Errorf("%s: diagram moves %v, engine from %s in %q: %v", what, want, p.Diagram.From, p.Diagram.FEN, got)
			}
		}
	}
}

// TestLegendWithHouseRules: with each house rule that compiles on chess
// alone, the diagrams are the moves of the ruleset's game (the moves
// command with --presets): pawns-move-backward adds a backward step.
func TestLegendWithHouseRules(t *testing.T) {
	n := 0
	for _, p := range rules.Presets() {
		id := p.Info().ID
		res, err := variants.Resolve(variants.Request{Variant: "chess", Presets: id})
		if err != nil {
			continue
		}
		n++
		for _, lp := range legendOf(res.Ruleset) {
			what := id + " " + lp.Letter
			if _, err := diagramGame(res, lp.Diagram.FEN); err != nil {
				t.Errorf("%s: FEN %q: %v", what, lp.Diagram.FEN, err)
				continue
			}
			got := engineTargets(t, res, lp.Diagram.FEN, lp.Diagram.From)
			if want := squaresOf(lp, "move", "both"); !slices.Equal(got, want) {
				t.Errorf("%s: diagram moves %v, engine from %s in %q: %v", what, want, lp.Diagram.From, lp.Diagram.FEN, got)
			}
			if id == "pawns-move-backward" && lp.Letter == "p" && !slices.Contains(got, "e3") {
				t.Errorf("pawns-move-backward: the pawn's diagram lacks e3: %v", got)
			}
		}
	}
	if n < 5 {
		t.Errorf("only %d presets compile on chess alone", n)
	}
}
