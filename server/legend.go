package server

import (
	"regexp"
	"sort"
	"strings"

	"houserules/betza"
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// legendPiece is one piece type of a ruleset for the page's legend (the
// JSON of POST /api/rulesets/check's legend and GET /api/games/{id}/rules).
type legendPiece struct {
	Letter     string         `json:"letter"` // lower-case FEN letter
	Name       string         `json:"name"`   // display name ("shogi pawn", "custom piece 1")
	Type       string         `json:"type"`   // variants.ini type name (pieces' images key on it)
	Betza      string         `json:"betza"`
	Value      int            `json:"value"` // the AI's value in centipawns (0 for a royal piece)
	Royal      bool           `json:"royal"`
	PromotesTo string         `json:"promotesTo,omitempty"` // letter of its promoted form (shogi-style)
	Diagram    *legendDiagram `json:"diagram,omitempty"`
}

// legendDiagram is where a lone white piece of the type goes from the
// square From of the variant's board (see diagramOf).
type legendDiagram struct {
	Files   int             `json:"files"`
	Ranks   int             `json:"ranks"`
	From    string          `json:"from"`
	FEN     string          `json:"fen"` // a position of the variant: the piece on From (and the kings the variant needs, out of its way)
	Squares []diagramSquare `json:"squares"`
	// InitialFrom and InitialFEN: the square of the initial region the
	// initial moves were found from, and its position (with initial squares
	// only)
	InitialFrom string `json:"initialFrom,omitempty"`
	InitialFEN  string `json:"initialFen,omitempty"`
	// CaptureWith is the letter of the black piece the captures were
	// asked with (standing alone on the square)
	CaptureWith string `json:"captureWith,omitempty"`
	// Holes are the squares of the files × ranks rectangle that are not
	// on the board (an irregular board)
	Holes []string `json:"holes,omitempty"`
}

// diagramSquare is one square of a diagram. Kind is what the piece does
// there alone on the board: "move" (a quiet move), "capture" (it can take
// an enemy piece standing there), "both"; else "hop" (only with a screen
// between: cannon captures, grasshoppers) or "initial" (only from an
// initial square, as the pawn's double step). Hop marks a move or capture
// square that a screen also lets the piece reach (the cannon's rook
// squares, where it captures over a screen).
type diagramSquare struct {
	Sq   string `json:"sq"`
	Kind string `json:"kind"`
	Hop  bool   `json:"hop,omitempty"`
}

// legendOf lists every piece type of the ruleset's variant, in the
// variant's type order, with its display name, letter, Betza, the AI's
// value and its movement diagram. The variant's piece types are the ones
// its start position, pockets, promotions (and promoted or demoted forms)
// and gating can bring on the board.
func legendOf(rs *rules.Ruleset) []legendPiece {
	v := rs.Variant
	ev := search.NewEvaluator(rs)
	out := []legendPiece{}
	for _, pt := range v.PieceTypes().Types() {
		c := v.PieceChar[pt]
		if c == 0 {
			continue
		}
		lp := legendPiece{Letter: strings.ToLower(string(c)), Type: position.BuiltinPieces[pt].Name,
			Betza: pieceBetza(v, pt), Royal: pt == position.King}
		lp.Name = displayName(lp.Type)
		if pt == position.King && !v.Checking && v.ExtinctionValue != position.ValueNone && v.ExtinctionPieceTypes.Has(position.AllPieces) {
			lp.Royal = false // antichess: the king is a piece like the others
		}
		if v.ExtinctionPseudoRoyal && v.ExtinctionPieceTypes.Has(pt) && !v.ExtinctionPieceTypes.Has(position.AllPieces) {
			lp.Royal = true // atomic's and spartan's kings: commoners that may not be left en prise
			if pt == position.Commoner && c == 'K' {
				lp.Name = "king"
			}
		}
		if !lp.Royal || pt != position.King {
			lp.Value = ev.Value(pt)
		}
		if lp.Royal {
			lp.Value = 0
		}
		if pr := v.PromotedPieceType[pt]; pr != position.NoPieceType && v.PieceChar[pr] != 0 {
			lp.PromotesTo = strings.ToLower(string(v.PieceChar[pr]))
		}
		lp.Diagram = diagramOf(rs, pt)
		out = append(out, lp)
	}
	return out
}

// pieceBetza is the movement of type pt as the variant defines it.
func pieceBetza(v *position.Variant, pt position.PieceType) string {
	b := v.CustomBetza[pt]
	if pt == position.King && v.KingType != position.King && v.CustomBetza[v.KingType] != "" {
		b = v.CustomBetza[v.KingType]
	}
	if b == "" {
		b = position.BuiltinPieces[pt].Betza
	}
	return b
}

var camelRE = regexp.MustCompile(`([a-z])([A-Z0-9])`)

// displayName turns a variants.ini type name into words: shogiPawn is
// "shogi pawn", customPiece1 "custom piece 1", bers "bers".
func displayName(name string) string {
	return strings.ToLower(camelRE.ReplaceAllString(name, "$1 $2"))
}

// diagramOf computes the movement diagram of a lone white piece of type pt
// with the engine's own move generator (position.LegalMoves), never from
// the Betza text.
//
// The board is the variant's own: its size, shape and topology, its
// mobility regions (palace, river), promotion zones and initial (double
// step) regions all change where a piece goes, and the diagram's FEN must
// be a position of the variant (`houserules moves --variant V --fen F`
// cross-checks it). The piece stands on the square nearest the centre of
// the squares its mobility region allows (the board's centre, the
// palace's, its half of a xiangqi board; below and right of it on an even
// board: more room ahead for White), outside the initial region when it
// can. A piece whose longest leap is more than half the board shows the
// part of its pattern the variant's board has room for, as in the game.
//
// Each kind is asked of the generator on a position with the piece alone
// (position.NewLenient takes a board without kings):
//   - move: the targets of its legal moves on the empty board;
//   - capture: the squares where it takes an enemy piece standing there
//     alone (a pawn-like type of Black);
//   - hop: squares reached, quietly or by a capture, only with a screen (a
//     white piece of another type) on a square between, along the line
//     from the piece to the square;
//   - initial: quiet moves from a square of the initial region that the
//     piece does not have from its square, drawn at the same offset.
//
// The diagram's position (its FEN) adds what the variant needs for a game
// to go on: the kings of the sides that start with one, and a black piece
// where a bare king has lost (shatranj) or a side without pieces is
// extinct (horde), on squares chosen to leave the lone piece's pattern as
// it is, farthest first. The kinds are then asked on that position, so its
// move squares are exactly what `houserules moves` (with the ruleset's
// --presets) lists for the piece from the diagram's FEN; where no placement can leave the whole pattern
// (a king on a 5×5 board, the facing generals of xiangqi, racing kings'
// ban on checks) the diagram shows what the engine allows there.
func diagramOf(rs *rules.Ruleset, pt position.PieceType) *legendDiagram {
	v := rs.Variant
	b := v.Board()
	if b == nil {
		return nil
	}
	from, ok := diagramFrom(v, b, pt)
	if !ok {
		return nil
	}
	d := &legendDiagram{Files: b.Files, Ranks: b.Ranks, From: from.String()}
	for r := 0; r < b.Ranks; r++ {
		for f := 0; f < b.Files; f++ {
			if s := geom.Sq(f, r); !b.Contains(s) {
				d.Holes = append(d.Holes, s.String())
			}
		}
	}
	pat, fen, ok := patternAt(rs, b, pt, from)
	if !ok {
		return nil
	}
	d.FEN = fen
	if dm := dummyType(v, pt, position.Black); dm != position.NoPieceType {
		d.CaptureWith = strings.ToLower(string(v.PieceChar[dm]))
	}
	kinds, hop := pat.kinds, pat.hop
	// initial moves: from a square of the initial region (pawns' double
	// steps, Betza i)
	if s0, ok := initialFrom(v, b, pt, from); ok && hasInitial(v, pt) {
		if pat0, fen0, ok := patternAt(rs, b, pt, s0); ok {
			found := false
			for t := range pat0.quiet {
				df, dr := t.File()-s0.File(), t.Rank()-s0.Rank()
				to, ok := b.Step(from, df, dr)
				if !ok || pat.quiet[to] || to == from {
					continue
				}
				if kinds[to] == "" && !hop[to] {
					kinds[to] = "initial"
					found = true
				}
			}
			if found {
				d.InitialFrom, d.InitialFEN = s0.String(), fen0
			}
		}
	}
	for s, k := range kinds {
		d.Squares = append(d.Squares, diagramSquare{Sq: s.String(), Kind: k, Hop: hop[s]})
	}
	for s := range hop {
		if kinds[s] == "" {
			d.Squares = append(d.Squares, diagramSquare{Sq: s.String(), Kind: "hop", Hop: true})
		}
	}
	sort.Slice(d.Squares, func(i, j int) bool { return d.Squares[i].Sq < d.Squares[j].Sq })
	if d.Squares == nil {
		d.Squares = []diagramSquare{}
	}
	return d
}

// pattern is what a piece does from one square of one position.
type pattern struct {
	quiet map[geom.Square]bool   // its quiet moves
	kinds map[geom.Square]string // move, capture, both
	hop   map[geom.Square]bool   // reached only with a screen between
}

func (pt pattern) size() int { return len(pt.kinds) + len(pt.hop) }

// patternAt finds the pattern of a white pt on from and the FEN of the
// position it was asked on (see diagramOf).
//
// With house rules or a plugin's hooks (rs not plain) the final pattern is
// asked of the game (rules.Game.LegalMoves), so moves the house rules add
// or take away are drawn.
func patternAt(rs *rules.Ruleset, b *geom.Board, pt position.PieceType, from geom.Square) (pattern, string, bool) {
	v := rs.Variant
	me := position.MakePiece(position.White, pt)
	loneFEN := diagramFEN(v, b, map[geom.Square]position.Piece{from: me})
	lone, err := position.NewLenient(v, loneFEN, false)
	if err != nil {
		return pattern{}, "", false
	}
	base := patternOf(v, b, baseProber(lone), pt, from)
	fen, p := companions(rs, b, pt, from, base)
	pat := base
	if p == nil {
		fen = loneFEN
	} else {
		pat = patternOf(v, b, baseProber(p), pt, from)
		if pat.size() == 0 && base.size() > 0 {
			pat, fen = base, loneFEN
		}
	}
	if !rs.Plain() {
		// a diagram is no game position (a pawn alone, a piece on a
		// square no game reaches): NewGameFSF reads it without
		// position.CheckPlacement
		if g, err := rules.NewGameFSF(rs, fen, false); err == nil {
			pat = patternOf(v, b, prober{g.Pos, g.LegalMoves}, pt, from)
		}
	}
	return pat, fen, true
}

// patternOf asks the generator, on position p, where the piece on from
// moves, captures and hops (see diagramOf).
func patternOf(v *position.Variant, b *geom.Board, pr prober, pt position.PieceType, from geom.Square) pattern {
	p := pr.p
	quiet := targetsFrom(pr, from)
	kinds := map[geom.Square]string{}
	for t := range quiet {
		kinds[t] = "move"
	}
	dummy, screen := dummyType(v, pt, position.Black), dummyType(v, pt, position.White)
	hop := map[geom.Square]bool{}
	for s := geom.Square(0); s < geom.SquareNB; s++ {
		if s == from || !b.Contains(s) || p.PieceOn(s) != position.NoPiece {
			continue
		}
		if dummy != position.NoPieceType && capturesOn(pr, from, s, position.MakePiece(position.Black, dummy)) {
			if kinds[s] == "move" {
				kinds[s] = "both"
			} else {
				kinds[s] = "capture"
			}
		}
		if screen == position.NoPieceType {
			continue
		}
		for _, sc := range between(b, from, s) {
			if hop[s] || p.PieceOn(sc) != position.NoPiece {
				break
			}
			p.WithPiece(sc, position.MakePiece(position.White, screen), func() {
				p.Refresh()
				if !quiet[s] && targetsFrom(pr, from)[s] {
					hop[s] = true
				}
				if dummy != position.NoPieceType && kinds[s] != "capture" && kinds[s] != "both" &&
					capturesOn(pr, from, s, position.MakePiece(position.Black, dummy)) {
					hop[s] = true
				}
			})
			p.Refresh()
		}
	}
	return pattern{quiet: quiet, kinds: kinds, hop: hop}
}

// prober asks a position for its legal moves: the base rules'
// (position.LegalMoves) or, for a ruleset with hooks (house rules, plugins),
// the game's (rules.Game.LegalMoves, what the moves command lists).
type prober struct {
	p     *position.Position
	legal func() []position.Move
}

func baseProber(p *position.Position) prober {
	return prober{p, func() []position.Move { return p.LegalMoves(nil) }}
}

// targetsFrom is the set of squares the legal moves of the piece on from
// go to (drops, passes and wall placements aside).
func targetsFrom(pr prober, from geom.Square) map[geom.Square]bool {
	out := map[geom.Square]bool{}
	for _, m := range pr.legal() {
		if m.Kind() != position.Drop && m.From() == from && m.To() != from { // not a pass
			out[m.To()] = true
		}
	}
	return out
}

// capturesOn reports whether the piece on from can take pc put alone on s.
func capturesOn(pr prober, from, s geom.Square, pc position.Piece) bool {
	p := pr.p
	if p.PieceOn(s) != position.NoPiece {
		return false
	}
	ok := false
	p.WithPiece(s, pc, func() {
		p.Refresh()
		ok = targetsFrom(pr, from)[s]
	})
	p.Refresh()
	return ok
}

// between lists the squares strictly between a and b on the line from a
// to b (steps of the offset divided by the gcd of its components).
func between(b *geom.Board, a, t geom.Square) []geom.Square {
	df, dr := t.File()-a.File(), t.Rank()-a.Rank()
	g := gcd(abs(df), abs(dr))
	if g <= 1 {
		return nil
	}
	var out []geom.Square
	for k := 1; k < g; k++ {
		s, ok := b.Step(a, df/g*k, dr/g*k)
		if !ok {
			return out
		}
		out = append(out, s)
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mobilityOf is where colour c's pieces of type pt may stand (the board
// when the variant does not restrict them).
func mobilityOf(v *position.Variant, b *geom.Board, c position.Color, pt position.PieceType) geom.Set {
	if r := v.MobilityRegion[c][pt]; r.Any() {
		return r.And(b.Mask)
	}
	return b.Mask
}

// diagramFrom picks the piece's square: the one nearest the centre of
// its mobility region (the board, the palace, its side of the river),
// outside the initial regions when it can; ties go to the lower rank, then
// the higher file.
func diagramFrom(v *position.Variant, b *geom.Board, pt position.PieceType) (geom.Square, bool) {
	allowed := mobilityOf(v, b, position.White, pt)
	minF, maxF, minR, maxR := b.Files, -1, b.Ranks, -1
	for s := geom.Square(0); s < geom.SquareNB; s++ {
		if allowed.Has(s) && b.Contains(s) {
			minF, maxF = min(minF, s.File()), max(maxF, s.File())
			minR, maxR = min(minR, s.Rank()), max(maxR, s.Rank())
		}
	}
	initial := v.DoubleStepRegion[position.White].Or(v.TripleStepRegion[position.White])
	if rest := allowed.AndNot(initial); rest.Any() {
		allowed = rest
	}
	cf, cr := minF+maxF, minR+maxR // twice the centre
	best, bestD := geom.NoSquare, 1<<30
	for s := geom.Square(0); s < geom.SquareNB; s++ {
		if !allowed.Has(s) || !b.Contains(s) {
			continue
		}
		df, dr := 2*s.File()-cf, 2*s.Rank()-cr
		d := (df*df + dr*dr) * 4
		if dr > 0 {
			d++ // above the centre
		}
		if df < 0 {
			d += 2 // left of it
		}
		if d < bestD {
			best, bestD = s, d
		}
	}
	return best, best != geom.NoSquare
}

// hasInitial reports whether type pt may have initial moves: a pawn-like
// type (double and triple steps) or a Betza with the i modifier.
func hasInitial(v *position.Variant, pt position.PieceType) bool {
	if pt == position.Pawn || v.MainPromotionPawnType[position.White] == pt || v.PromotionPawnTypes[position.White].Has(pt) {
		return true
	}
	if bp := v.Betza(pt); bp != nil {
		for _, a := range bp.Atoms {
			if a.Initial {
				return true
			}
		}
	}
	return false
}

// initialFrom picks a square of the initial (double / triple step) region
// where the piece may stand, on the file of from when it can, nearest to
// from.
func initialFrom(v *position.Variant, b *geom.Board, pt position.PieceType, from geom.Square) (geom.Square, bool) {
	region := v.DoubleStepRegion[position.White].Or(v.TripleStepRegion[position.White]).And(mobilityOf(v, b, position.White, pt))
	best, bestD := geom.NoSquare, 1<<30
	for s := geom.Square(0); s < geom.SquareNB; s++ {
		if !region.Has(s) || !b.Contains(s) || s == from {
			continue
		}
		d := abs(s.File()-from.File())*100 + abs(s.Rank()-from.Rank())
		if d < bestD {
			best, bestD = s, d
		}
	}
	return best, best != geom.NoSquare
}

// dummyType is the type of the pieces put on the diagram's board to be
// captured (Black), to serve as a screen (White) or to complete a position
// (a black piece where a bare king has lost): a pawn-like type when the
// variant has one, else the other non-royal type that reaches least (its
// Betza's leaps count 1, its rides 8).
func dummyType(v *position.Variant, pt position.PieceType, c position.Color) position.PieceType {
	pick, pickScore := position.NoPieceType, 1<<30
	for _, x := range v.PieceTypes().Types() {
		if x == pt || x == position.King || v.PieceChar[x] == 0 {
			continue
		}
		if v.PromotionPawnTypes[c].Has(x) || x == v.MainPromotionPawnType[c] || x == position.Pawn ||
			x == position.Soldier || x == position.ShogiPawn {
			return x
		}
		score := 0
		if bp := v.Betza(x); bp != nil {
			for _, a := range bp.Atoms {
				if a.Kind == betza.Leap {
					score++
				} else {
					score += 8
				}
			}
		}
		if score < pickScore {
			pick, pickScore = x, score
		}
	}
	return pick
}

// diagramFEN writes a FEN of the variant with the given pieces, White to
// move, no castling, en passant or pocket pieces.
func diagramFEN(v *position.Variant, b *geom.Board, pieces map[geom.Square]position.Piece) string {
	var sb strings.Builder
	for r := b.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.Files; f++ {
			s := geom.Sq(f, r)
			pc, ok := pieces[s]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(itoa(empty))
				empty = 0
			}
			ch := v.PieceChar[pc.Type()]
			if pc.Color() == position.Black {
				ch += 'a' - 'A'
			}
			sb.WriteByte(ch)
		}
		if empty > 0 {
			sb.WriteString(itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if strings.Contains(v.StartFEN, "[") {
		sb.WriteString("[]")
	}
	sb.WriteString(" w - - 0 1")
	return sb.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// kingsNeeded reports which colours must have a king in a FEN of the
// variant: those that start with exactly one (on the board or in hand).
func kingsNeeded(v *position.Variant) [2]bool {
	kc := v.PieceChar[position.King]
	if kc == 0 {
		return [2]bool{}
	}
	board := v.StartFEN
	if i := strings.IndexByte(board, ' '); i >= 0 {
		board = board[:i]
	}
	n := [2]int{strings.Count(board, string(kc)), strings.Count(board, string(kc+'a'-'A'))}
	return [2]bool{n[0] == 1, n[1] == 1}
}

// companions places what the position of the lone piece on from needs
// (see diagramOf): the kings, and a black piece when the piece has no move
// without one. It tries squares off the base pattern's (its pattern
// alone), farthest from the piece first, and keeps the first position
// (parsed as strictly as the moves command does) whose pattern matches
// the base's quiet moves, else the one that keeps most of them. p is nil
// when nothing needs placing or no placement parses.
func companions(rs *rules.Ruleset, b *geom.Board, pt position.PieceType, from geom.Square, base pattern) (string, *position.Position) {
	v := rs.Variant
	need := kingsNeeded(v)
	if pt == position.King {
		need[position.White] = false
	}
	filler := dummyType(v, pt, position.Black)
	wantFiller := len(base.quiet) == 0 && len(base.kinds) == 0 && len(base.hop) == 0 && filler != position.NoPieceType
	if !need[0] && !need[1] && !wantFiller {
		return "", nil
	}
	avoid := map[geom.Square]bool{from: true}
	for s := range base.kinds {
		avoid[s] = true
	}
	for s := range base.hop {
		avoid[s] = true
	}
	dist := func(s geom.Square) int {
		df, dr := abs(s.File()-from.File()), abs(s.Rank()-from.Rank())
		return max(df, dr)*100 + df + dr
	}
	cands := func(c position.Color, pt position.PieceType, on bool) []geom.Square {
		if !on {
			return []geom.Square{geom.NoSquare}
		}
		region := mobilityOf(v, b, c, pt)
		var out, rest []geom.Square
		for s := geom.Square(0); s < geom.SquareNB; s++ {
			if region.Has(s) && b.Contains(s) && s != from {
				if avoid[s] {
					rest = append(rest, s)
				} else {
					out = append(out, s)
				}
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return dist(out[i]) > dist(out[j]) })
		sort.SliceStable(rest, func(i, j int) bool { return dist(rest[i]) > dist(rest[j]) })
		out = append(out, rest...) // when every square is in the pattern
		if len(out) > 24 {
			out = out[:24]
		}
		return out
	}
	try := func(fillerOn bool) (string, *position.Position, int, bool) {
		best, bestN, bestP := "", -1<<30, (*position.Position)(nil)
		tries, full := 0, 0
		for _, wk := range cands(position.White, position.King, need[position.White]) {
			for _, bk := range cands(position.Black, position.King, need[position.Black]) {
				for _, fl := range cands(position.Black, filler, fillerOn) {
					if tries++; tries > 600 {
						return best, bestP, bestN, false
					}
					ps := map[geom.Square]position.Piece{from: position.MakePiece(position.White, pt)}
					taken := func(s geom.Square) bool { _, ok := ps[s]; return s != geom.NoSquare && ok }
					if taken(wk) || taken(bk) || (wk != geom.NoSquare && wk == bk) || (fl != geom.NoSquare && (fl == wk || fl == bk)) {
						// (two kings on one square: the black one would
						// replace the white, a position the house rules'
						// games accept)
						continue
					}
					if wk != geom.NoSquare {
						ps[wk] = position.MakePiece(position.White, position.King)
					}
					if bk != geom.NoSquare {
						ps[bk] = position.MakePiece(position.Black, position.King)
					}
					if fl != geom.NoSquare {
						ps[fl] = position.MakePiece(position.Black, filler)
					}
					fen := diagramFEN(v, b, ps)
					g, err := rules.NewGameFSF(rs, fen, false) // a diagram: no placement check (see above)
					if err != nil {
						continue
					}
					q := g.Pos
					got := targetsFrom(baseProber(q), from)
					n := 0
					for t := range got {
						if base.quiet[t] {
							n++
						} else {
							n--
						}
					}
					if base.size() == 0 {
						n = len(got) // the base had no move at all: keep the richest
					} else if n == len(base.quiet) && len(got) == len(base.quiet) && !q.InCheck() && full < 8 {
						// the quiet moves agree: do the captures and hops?
						full++
						if pat := patternOf(v, b, baseProber(q), pt, from); samePattern(pat, base) {
							return fen, q, n, true
						}
						n-- // second to a placement that keeps the whole pattern
					}
					if q.InCheck() {
						n -= 2
					}
					if n > bestN {
						best, bestN, bestP = fen, n, q
					}
				}
			}
		}
		return best, bestP, bestN, false
	}
	fen, p, n, exact := try(wantFiller)
	if !exact && !wantFiller && filler != position.NoPieceType {
		// a bare king has lost (shatranj), or the kings face each other
		// (xiangqi): give Black a piece, which may also stand between
		if f2, p2, n2, ex2 := try(true); p2 != nil && (ex2 || n2 > n) {
			fen, p = f2, p2
		}
	}
	return fen, p
}

// samePattern reports whether two patterns have the same kinds and hops.
func samePattern(a, b pattern) bool {
	if len(a.kinds) != len(b.kinds) || len(a.hop) != len(b.hop) {
		return false
	}
	for s, k := range a.kinds {
		if b.kinds[s] != k {
			return false
		}
	}
	for s := range a.hop {
		if !b.hop[s] {
			return false
		}
	}
	return true
}
