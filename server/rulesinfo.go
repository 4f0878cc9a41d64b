package server

import (
	"fmt"
	"net/http"
	"strings"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// houseRuleJSON is an active preset of a game, as the rules section shows it.
type houseRuleJSON struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Options     map[string]string `json:"options,omitempty"`
}

// rulesJSON is the answer of GET /api/games/{id}/rules.
type rulesJSON struct {
	Variant    string          `json:"variant"`
	Summary    string          `json:"summary"`
	Win        []string        `json:"win"`
	HouseRules []houseRuleJSON `json:"houseRules"`
	Legend     []legendPiece   `json:"legend"`
	INI        string          `json:"ini,omitempty"` // a custom variant's ini block
}

// handleRules answers GET /api/games/{id}/rules: the rules of the game in
// words (the variant's description, how it is won or drawn, the house
// rules) and the legend of its pieces.
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	room := s.roomFor(w, r)
	if room == nil {
		return
	}
	room.mu.Lock()
	rs, variant, ini := room.rs, room.rec.Variant, room.rec.VariantINI
	room.unlock()
	writeJSON(w, 200, rulesOf(rs, variant, ini))
}

// rulesOf describes ruleset rs of variant (a section of ini when ini is
// not empty, else of the catalogue).
func rulesOf(rs *rules.Ruleset, variant, ini string) rulesJSON {
	out := rulesJSON{Variant: variant, Summary: variantSummary(rs.Variant, variant, ini), Win: winConditions(rs.Variant),
		HouseRules: houseRules(rs.Specs), Legend: legendOf(rs)}
	if strings.TrimSpace(ini) != "" {
		out.INI = ini
	}
	return out
}

// houseRules lists the presets of specs with their display names and
// descriptions.
func houseRules(specs []rules.Spec) []houseRuleJSON {
	out := []houseRuleJSON{}
	for _, sp := range specs {
		h := houseRuleJSON{ID: sp.ID, Name: sp.ID}
		if p, ok := rules.Lookup(sp.ID); ok {
			in := p.Info()
			h.ID, h.Name, h.Description = in.ID, in.Name, in.Description
		}
		if len(sp.Options) > 0 {
			h.Options = map[string]string{}
			for k, v := range sp.Options {
				h.Options[k] = v
			}
		}
		out = append(out, h)
	}
	return out
}

// variantSummary is the catalogue's (or plugin's) description of the
// variant; for a custom ini block, what it is based on.
func variantSummary(v *position.Variant, name, ini string) string {
	b := v.Board()
	size := fmt.Sprintf("%d×%d board", b.Files, b.Ranks)
	if strings.TrimSpace(ini) == "" {
		for _, d := range variants.Describe() {
			if strings.EqualFold(d.Name, name) {
				txt := d.Description
				if d.Plugin && d.Rule != "" {
					txt = strings.TrimSpace(txt + " " + d.Rule)
				}
				title := d.Title
				if title == "" {
					title = d.Name
				}
				if txt == "" {
					return fmt.Sprintf("%s, on a %s.", title, size)
				}
				return fmt.Sprintf("%s (%s): %s", title, size, txt)
			}
		}
	}
	// what the section inherits from ([tri:chess]: chess); the variant's
	// template ("fairy" for every ini section) when the block does not say
	parent := v.Template
	if f, _ := variants.Load(customININame, strings.NewReader(ini)); f != nil {
		for _, s := range f.Sections {
			if strings.EqualFold(s.Name, name) && s.Parent != "" {
				parent = s.Parent
			}
		}
	}
	base := ""
	if parent != "" {
		base = ", based on " + parent
	}
	return fmt.Sprintf("%s: a custom variant (its own ini block%s), on a %s.", name, base, size)
}

// winText collects the sentences of winConditions.
type winText []string

func (w *winText) add(f string, a ...any) { *w = append(*w, fmt.Sprintf(f, a...)) }

// winConditions says in words how the variant is won, lost and drawn, from
// the compiled variant's options (presets that change them are applied).
func winConditions(v *position.Variant) []string {
	var w winText
	royalWin(&w, v)
	extinctionWin(&w, v)
	flagWin(&w, v)
	checksWin(&w, v)
	connectWin(&w, v)
	stalemateWin(&w, v)
	repetitionRules(&w, v)
	countingRules(&w, v)
	if len(w) == 0 {
		w.add("The game ends when a side has no legal move.")
	}
	return w
}

// royalWin: checkmate of the king, or kings that may never be attacked.
func royalWin(w *winText, v *position.Variant) {
	royal := v.PieceTypes().Has(position.King) && v.PieceChar[position.King] != 0
	if royal && v.Checking {
		switch v.CheckmateValue {
		case position.ValueLoss:
			w.add("Checkmate the enemy king to win.")
		case position.ValueWin:
			w.add("A side that is checkmated wins.")
		case position.ValueDraw:
			w.add("Checkmate is a draw.")
		}
	} else if royal && !v.Checking {
		w.add("No move may give check: the kings may never be attacked.")
	}
}

// extinctionWin: losing all pieces, or all of some types (or the
// pseudo-royal pieces that stand for an extinction rule).
func extinctionWin(w *winText, v *position.Variant) {
	if v.ExtinctionValue == position.ValueNone {
		return
	}
	var names []string // singular
	if !v.ExtinctionPieceTypes.Has(position.AllPieces) {
		for _, pt := range v.ExtinctionPieceTypes.Types() {
			if v.PieceTypes().Has(pt) {
				names = append(names, pieceWord(v, pt))
			}
		}
	}
	n := v.ExtinctionPieceCount
	switch {
	case v.ExtinctionPseudoRoyal && !v.BlastOnCapture && len(names) > 0:
		pseudoRoyalWin(w, v, names, n)
	case len(names) == 0 && n == 0:
		w.add("A side that loses all its pieces %s.", valueWord(v.ExtinctionValue))
	case len(names) == 0:
		w.add("A side that has %d or fewer pieces left %s.", n, valueWord(v.ExtinctionValue))
	case len(names) == 1 && n == 0:
		w.add("A side that loses its last %s %s.", names[0], valueWord(v.ExtinctionValue))
	case len(names) == 1:
		w.add("A side that has %d or fewer %s left %s.", n, plural(names), valueWord(v.ExtinctionValue))
	case n == 0:
		w.add("A side that loses the last piece of one of these types %s: %s.", valueWord(v.ExtinctionValue), strings.Join(names, ", "))
	default:
		w.add("A side that has %d or fewer pieces of one of these types left %s: %s.", n, valueWord(v.ExtinctionValue), strings.Join(names, ", "))
	}
	if v.ExtinctionPseudoRoyal && v.BlastOnCapture {
		w.add("Those pieces may not be left where they can be captured (they count as royal).")
	}
}

// pseudoRoyalWin: the extinction pieces are royal (position.RoyalsOf): no
// extinction, checkmate of one of them.
func pseudoRoyalWin(w *winText, v *position.Variant, names []string, n int) {
	what := "Every " + strings.Join(names, " and every ") + " is royal"
	if n < 32 {
		what = fmt.Sprintf("A side's last %d %s are royal", n+1, plural(names))
		if n == 0 {
			what = "A side's last " + strings.Join(names, " or ") + " is royal"
		}
	}
	mate := "that side loses"
	switch v.CheckmateValue {
	case position.ValueWin:
		mate = "that side wins"
	case position.ValueDraw:
		mate = "the game is drawn"
	}
	one := "one"
	if n == 0 {
		one = "it"
	}
	w.add("%s: when %s is attacked and cannot escape (checkmate), %s.", what, one, mate)
}

// flagWin: bringing a piece to a region (king of the hill, racing kings).
func flagWin(w *winText, v *position.Variant) {
	for c := position.White; c <= position.Black; c++ {
		if v.FlagRegion[c].Any() {
			piece := "a piece"
			if pt := v.FlagPiece[c]; pt != position.AllPieces && v.PieceChar[pt] != 0 {
				piece = "a " + pieceWord(v, pt)
			}
			n := ""
			if v.FlagPieceCount > 1 {
				n = fmt.Sprintf(" (%d of them)", v.FlagPieceCount)
			}
			w.add("%s wins by bringing %s%s to %s.", strings.Title(colorName(c)), piece, n, regionWords(v.Board(), v.FlagRegion[c]))
		}
	}
}

// checksWin: n-check, the counts from the start FEN.
func checksWin(w *winText, v *position.Variant) {
	if !v.CheckCounting {
		return
	}
	wc, bc, ok := checkCounts(v.StartFEN)
	switch {
	case !ok || wc == 1 && bc == 1: // no counter in the FEN: one check each
		w.add("Giving check once wins.")
	case wc == bc:
		w.add("Giving check %d times wins.", wc)
	default:
		w.add("White wins by giving check %d times, Black by giving check %d times.", wc, bc)
	}
}

// connectWin: lines, squares and collinear pieces; castling that wins.
func connectWin(w *winText, v *position.Variant) {
	// connectValue: what connecting is for the side that connects
	// (cfour-misere, three musketeers: a loss)
	cv := valueWord(v.ConnectValue)
	if v.ConnectN > 0 {
		w.add("Lining up %d pieces in a row %s.", v.ConnectN, cv)
	}
	if v.ConnectNxN > 0 {
		w.add("Forming a %d×%d square of pieces %s.", v.ConnectNxN, v.ConnectNxN, cv)
	}
	if v.CollinearN > 0 {
		w.add("Placing %d pieces on one line %s.", v.CollinearN, cv)
	}
	if v.CastlingWins != 0 {
		w.add("Castling wins.")
	}
}

// stalemateWin: a side with no legal move (counted by pieces or not).
func stalemateWin(w *winText, v *position.Variant) {
	switch {
	case v.StalematePieceCount:
		// rules.GameResult: the side to move with fewer pieces gets the
		// stalemate value, with more its negation, with as many a draw
		switch v.StalemateValue {
		case position.ValueWin:
			w.add("A side with no legal move ends the game: the side with fewer pieces wins (as many: a draw).")
		case position.ValueLoss:
			w.add("A side with no legal move ends the game: the side with more pieces wins (as many: a draw).")
		default:
			w.add("A side with no legal move ends the game in a draw.")
		}
	case v.StalemateValue == position.ValueDraw:
		w.add("Stalemate (no legal move, not in check) is a draw.")
	case v.StalemateValue == position.ValueLoss:
		w.add("A side with no legal move loses.")
	case v.StalemateValue == position.ValueWin:
		w.add("A side with no legal move wins.")
	}
}

// repetitionRules: compulsory captures, pawn-drop mates, repetition,
// perpetual check and chasing, the n-move rule.
func repetitionRules(w *winText, v *position.Variant) {
	if v.MustCapture {
		w.add("Capturing is compulsory.")
	}
	if v.ShogiPawnDropMateIllegal {
		w.add("Checkmate by a pawn drop is illegal.")
	}
	if v.NFoldRule > 0 {
		r := "a draw"
		switch v.NFoldValue {
		case position.ValueLoss:
			r = "a loss for the side that repeats"
		case position.ValueWin:
			r = "a win for the side that repeats"
		}
		w.add("The same position %d times is %s.", v.NFoldRule, r)
	}
	if v.PerpetualCheckIllegal {
		w.add("Perpetual check loses.")
	}
	if v.ChasingRule != position.NoChasing {
		w.add("Perpetual chasing loses (Asian rules).")
	}
	if v.NMoveRule > 0 {
		w.add("%d moves by each side without a capture or pawn move draw.", v.NMoveRule)
	}
}

// countingRules: move counting (makruk and kin), material counting,
// bikjang, a full board.
func countingRules(w *winText, v *position.Variant) {
	switch v.CountingRule {
	case position.MakrukCounting:
		w.add("Makruk counting: a side with a bare or weak army must win within the counting limit, or it is a draw.")
	case position.CambodianCounting:
		w.add("Cambodian counting: a side with a bare or weak army must win within the counting limit, or it is a draw.")
	case position.AseanCounting:
		w.add("ASEAN counting: a side with a bare or weak army must win within the counting limit, or it is a draw.")
	}
	switch v.MaterialCounting {
	case position.JanggiMaterial:
		w.add("When the game ends without a result, janggi's material points decide.")
	case position.UnweightedMaterial:
		w.add("When the game ends without a result, the side with more pieces wins.")
	case position.WhiteDrawOdds: // position.materialValue: White's win
		w.add("When the game ends without a result, White wins (White has draw odds).")
	case position.BlackDrawOdds:
		w.add("When the game ends without a result, Black wins (Black has draw odds).")
	}
	if v.BikjangRule {
		w.add("Bikjang: kings facing each other on an open file may end the game (material counting decides).")
	}
	if v.AdjudicateFullBoard {
		w.add("When the board is full, the side with more pieces wins.")
	}
}

func valueWord(val position.Value) string {
	switch val {
	case position.ValueWin:
		return "wins"
	case position.ValueLoss:
		return "loses"
	}
	return "draws"
}

// regionWords names a set of squares: "rank 8", "ranks 7–9" when it is
// whole ranks, else its squares (or how many there are).
func regionWords(b *geom.Board, set geom.Set) string {
	var ranks []int
	whole := true
	for r := 0; r < b.Ranks && whole; r++ {
		row := geom.Set{}
		for f := 0; f < b.Files; f++ {
			if s := geom.Sq(f, r); b.Contains(s) {
				row = row.Or(geom.Bit(s))
			}
		}
		switch {
		case row.And(set) == row && row.Any():
			ranks = append(ranks, r+1)
		case row.And(set).Any():
			whole = false
		}
	}
	if whole && len(ranks) == 1 {
		return fmt.Sprintf("rank %d", ranks[0])
	}
	if whole && len(ranks) > 1 && ranks[len(ranks)-1]-ranks[0] == len(ranks)-1 {
		return fmt.Sprintf("ranks %d–%d", ranks[0], ranks[len(ranks)-1])
	}
	var names []string
	for x := set.And(b.Mask); x.Any(); {
		names = append(names, x.Pop().String())
	}
	if len(names) <= 10 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("the flag region (%d squares)", len(names))
}

// pieceWord is the name of piece type pt in the variant's rules text: a
// commoner written K (atomic's, spartan's kings) is a king.
func pieceWord(v *position.Variant, pt position.PieceType) string {
	if pt == position.Commoner && v.PieceChar[pt] == 'K' {
		return "king"
	}
	return displayName(position.BuiltinPieces[pt].Name)
}

// plural names several pieces of the types names ("kings", "kings or
// queens").
func plural(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + "s"
	}
	return strings.Join(out, " or ")
}

// checkCounts reads the checks each side must give from a start FEN's
// check-count field ("3+3"; a field of the form N+M after the board).
func checkCounts(fen string) (white, black int, ok bool) {
	fields := strings.Fields(fen)
	for _, f := range fields[min(1, len(fields)):] {
		a, b, found := strings.Cut(f, "+")
		if !found {
			continue
		}
		if _, err := fmt.Sscanf(a+" "+b, "%d %d", &white, &black); err == nil && a != "" && b != "" {
			return white, black, true
		}
	}
	return 0, 0, false
}
