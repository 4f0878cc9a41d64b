package rules

import (
	"fmt"
	"sort"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// FactDecl declares a per-piece fact: its name (Hp, HasMoved …) and the
// value every piece starts with.
type FactDecl struct {
	Name    string
	Initial func(pc position.Piece) int16
}

// Builder collects what the presets of a ruleset install. Variant may be
// edited until Compile finishes.
type Builder struct {
	Variant   *position.Variant
	facts     []FactDecl
	gameFacts []string
	hooks     []any
}

// GameFact claims a per-game fact slot (preset state such as "the first
// capture was made by …") and returns it; the same name gets the same
// slot. It errors when the four slots run out.
func (b *Builder) GameFact(name string) (int, error) {
	for i, n := range b.gameFacts {
		if n == name {
			return i, nil
		}
	}
	if len(b.gameFacts) >= 4 {
		return 0, fmt.Errorf("game fact %s: at most 4 game facts", name)
	}
	b.gameFacts = append(b.gameFacts, name)
	return len(b.gameFacts) - 1, nil
}

// Fact declares a per-piece fact and returns its slot; declaring the same
// name twice returns the same slot (the first declaration's initial value
// wins). It errors when the slots run out.
func (b *Builder) Fact(name string, initial func(position.Piece) int16) (int, error) {
	for i, f := range b.facts {
		if f.Name == name {
			return i, nil
		}
	}
	if len(b.facts) >= position.FactSlots {
		return 0, fmt.Errorf("fact %s: at most %d per-piece facts", name, position.FactSlots)
	}
	b.facts = append(b.facts, FactDecl{name, initial})
	return len(b.facts) - 1, nil
}

// Hook registers h, which implements one or more of the hook interfaces.
func (b *Builder) Hook(h any) { b.hooks = append(b.hooks, h) }

// Ruleset is a compiled variant + presets: immutable, shared by games.
type Ruleset struct {
	Variant   *position.Variant
	Specs     []Spec
	Facts     []FactDecl
	GameFacts []string // names of the claimed game-fact slots

	extra    []ExtraMovesHook
	filter   []FilterMovesHook
	legal    []FilterLegalHook
	royals   []RoyalsHook
	attack   []AttackersHook
	after    []AfterMoveHook
	endTurn  []EndTurnHook
	keepTurn []KeepTurnHook
	result   []ResultHook
	// validators check set-up facts (not a pipeline stage)
	validators []FactsValidator
}

// Plain reports whether the ruleset has no hooks (the base rules alone).
func (r *Ruleset) Plain() bool {
	return len(r.extra)+len(r.filter)+len(r.legal)+len(r.royals)+len(r.attack)+
		len(r.after)+len(r.endTurn)+len(r.keepTurn)+len(r.result) == 0
}

// FactSlot returns the slot of the named fact.
func (r *Ruleset) FactSlot(name string) (int, bool) {
	for i, f := range r.Facts {
		if f.Name == name {
			return i, true
		}
	}
	return 0, false
}

// CompileError is a ruleset that cannot be built; it names the presets.
// Kind says whether the specs are wrong in themselves or the presets do
// not go together (the play server answers bad_presets or
// incompatible_presets).
type CompileError struct {
	Msg  string
	Kind CompileErrorKind
}

// CompileErrorKind is what a CompileError is about.
type CompileErrorKind int

const (
	// Incompatible: the presets exist but do not go together or with the
	// variant: a Requires missing, two presets declared incompatible, a
	// Setup that refuses the variant, a start position already over.
	Incompatible CompileErrorKind = iota
	// BadSpec: a spec is wrong in itself: an unknown preset, a preset
	// listed twice, an option the preset does not take.
	BadSpec
)

func (e *CompileError) Error() string { return e.Msg }

// Compile builds a ruleset from variant v (not modified) and the presets in
// specs, in order. It checks that every preset exists, that every
// Requires is present (the error names both IDs and the fix) and that no
// two presets are incompatible (the error names both).
func Compile(v *position.Variant, specs []Spec) (*Ruleset, error) {
	seen := map[string]bool{}
	// IDs match without regard to case (Lookup): each spec is named by
	// its preset's own ID before the duplicate, Requires and Incompatible
	// checks, so PIECE-HP and piece-hp are the same preset
	specs = append([]Spec(nil), specs...)
	for i, s := range specs {
		p, ok := Lookup(s.ID)
		if !ok {
			return nil, &CompileError{fmt.Sprintf("unknown preset %q (see `houserules rules list`)", s.ID), BadSpec}
		}
		specs[i].ID = p.Info().ID
		s = specs[i]
		if seen[s.ID] {
			return nil, &CompileError{fmt.Sprintf("preset %s is listed twice", s.ID), BadSpec}
		}
		seen[s.ID] = true
	}
	for _, s := range specs {
		p, _ := Lookup(s.ID)
		inf := p.Info()
		for _, req := range inf.Requires {
			if !seen[req] {
				return nil, &CompileError{fmt.Sprintf("preset %s requires %s: add it, e.g. --presets %s,%s", s.ID, req, req, s.ID), Incompatible}
			}
		}
		for _, inc := range inf.Incompatible {
			if seen[inc] {
				return nil, &CompileError{fmt.Sprintf("presets %s and %s are incompatible: choose one", s.ID, inc), Incompatible}
			}
		}
		for k := range s.Options {
			known := k == "scope" && inf.ScopeAware
			for _, o := range inf.Options {
				known = known || k == o
			}
			if !known {
				if k == "scope" {
					return nil, &CompileError{fmt.Sprintf("preset %s does not take a scope option", s.ID), BadSpec}
				}
				return nil, &CompileError{fmt.Sprintf("preset %s has no option %q", s.ID, k), BadSpec}
			}
		}
	}
	ordered := orderByRequires(specs)
	b := &Builder{Variant: v.Clone()}
	for _, s := range ordered {
		p, _ := Lookup(s.ID)
		if err := p.Setup(b, s.Options); err != nil {
			// the options were checked above: a Setup error is the
			// variant not fitting the preset (no queen, no fact slot left)
			return nil, &CompileError{fmt.Sprintf("preset %s: %v", s.ID, err), Incompatible}
		}
	}
	if err := b.Variant.Compile(); err != nil {
		return nil, err
	}
	r := &Ruleset{Variant: b.Variant, Specs: ordered, Facts: b.facts, GameFacts: b.gameFacts}
	for _, h := range b.hooks {
		if x, ok := h.(ExtraMovesHook); ok {
			r.extra = append(r.extra, x)
		}
		if x, ok := h.(FilterMovesHook); ok {
			r.filter = append(r.filter, x)
		}
		if x, ok := h.(FilterLegalHook); ok {
			r.legal = append(r.legal, x)
		}
		if x, ok := h.(RoyalsHook); ok {
			r.royals = append(r.royals, x)
		}
		if x, ok := h.(AttackersHook); ok {
			r.attack = append(r.attack, x)
		}
		if x, ok := h.(AfterMoveHook); ok {
			r.after = append(r.after, x)
		}
		if x, ok := h.(EndTurnHook); ok {
			r.endTurn = append(r.endTurn, x)
		}
		if x, ok := h.(KeepTurnHook); ok {
			r.keepTurn = append(r.keepTurn, x)
		}
		if x, ok := h.(ResultHook); ok {
			r.result = append(r.result, x)
		}
		if x, ok := h.(FactsValidator); ok {
			r.validators = append(r.validators, x)
		}
	}
	sort.SliceStable(r.endTurn, func(i, j int) bool { return endOrder(r.endTurn[i]) < endOrder(r.endTurn[j]) })
	sort.SliceStable(r.after, func(i, j int) bool { return afterOrder(r.after[i]) < afterOrder(r.after[j]) })
	sort.SliceStable(r.result, func(i, j int) bool { return resultOrder(r.result[i]) < resultOrder(r.result[j]) })
	if len(ordered) > 0 {
		// presets that leave no game to play (racingkings' kings on a2 and
		// h2 touch across wrap-board's seam: White starts checkmated) do
		// not fit the variant
		ids := make([]string, len(ordered))
		for i, s := range ordered {
			ids[i] = s.ID
		}
		misfit := fmt.Sprintf("presets %s do not fit %s: its start position", strings.Join(ids, ","), v.Name)
		g, err := NewGame(r, "", false)
		if err != nil {
			return nil, &CompileError{fmt.Sprintf("%s: %v", misfit, err), Incompatible}
		}
		if res, over := g.Result(); over {
			return nil, &CompileError{fmt.Sprintf("%s is already over under them (%s %s)", misfit, res.Score, res.Reason), Incompatible}
		}
	}
	return r, nil
}

func resultOrder(h ResultHook) int {
	if o, ok := h.(ResultOrderer); ok {
		return o.ResultOrder()
	}
	return 0
}

func afterOrder(h AfterMoveHook) int {
	if o, ok := h.(AfterMoveOrderer); ok {
		return o.AfterMoveOrder()
	}
	return 0
}

func endOrder(h EndTurnHook) int {
	if o, ok := h.(EndTurnOrderer); ok {
		return o.EndTurnOrder()
	}
	return 0
}

// orderByRequires puts every preset after the presets it requires, keeping
// the given order otherwise.
func orderByRequires(specs []Spec) []Spec {
	byID := map[string]Spec{}
	for _, s := range specs {
		byID[s.ID] = s
	}
	done := map[string]bool{}
	var out []Spec
	var add func(s Spec)
	add = func(s Spec) {
		if done[s.ID] {
			return
		}
		done[s.ID] = true
		p, _ := Lookup(s.ID)
		for _, req := range p.Info().Requires {
			if r, ok := byID[req]; ok {
				add(r)
			}
		}
		out = append(out, s)
	}
	for _, s := range specs {
		add(s)
	}
	return out
}

// Game is a position played under a ruleset.
type Game struct {
	R   *Ruleset
	Pos *position.Position
	// plies[i] = the number of plies the mover had played in the current
	// turn before move i (multi-ply turns).
	plies []int
	cur   int
	// hadKing[c]: colour c has a king in the variant's start position.
	hadKing [2]bool
	// effects are the productions of the resolutions the presets applied
	// in the last Do (see Effect).
	effects []uint16
}

// Effect records that a preset's resolution (production prod, e.g.
// preset.hp-damage) changed the outcome of the move being made. Presets
// call it from their AfterMove and EndTurn hooks; Effects reads it back.
func (g *Game) Effect(prod uint16) { g.effects = append(g.effects, prod) }

// Effects returns the resolutions recorded during the last Do, in hook
// order (nil for rulesets without hooks). The slice is reused by the next
// Do.
func (g *Game) Effects() []uint16 { return g.effects }

// HadKing reports whether colour c has a king in the variant's start
// position (so "the king was destroyed" is not claimed for a side that
// plays without one, as White in horde).
func (g *Game) HadKing(c position.Color) bool { return g.hadKing[c] }

// NewGame sets up a game from fen ("" = start position). Facts missing from
// the FEN get their declared initial values.
func NewGame(r *Ruleset, fen string, chess960 bool) (*Game, error) {
	board, facts := SplitFacts(fen)
	newPos := position.New
	if !r.Plain() {
		newPos = position.NewLenient // the presets decide what check means
	}
	p, err := newPos(r.Variant, board, chess960)
	if err != nil {
		return nil, err
	}
	g := &Game{R: r, Pos: p}
	if start, err := position.New(r.Variant, "", chess960); err == nil {
		g.hadKing = [2]bool{start.Count(position.White, position.King) > 0, start.Count(position.Black, position.King) > 0}
	}
	for slot, f := range r.Facts {
		if f.Initial == nil {
			continue
		}
		for occ := p.Occupied(); occ.Any(); {
			s := occ.Pop()
			p.SetFact(s, slot, f.Initial(p.PieceOn(s)))
		}
	}
	if facts != "" {
		if err := g.applyFacts(facts); err != nil {
			return nil, err
		}
		for _, h := range r.validators {
			if err := h.ValidateFacts(g); err != nil {
				return nil, fmt.Errorf("facts %q: %v", facts, err)
			}
		}
	}
	p.Refresh()
	if !r.Plain() && p.V.Checking && !p.V.ExtinctionPseudoRoyal {
		// as position.New refuses for the base rules, by the presets' own
		// check (piece-hp: a king with 1 Hp)
		them := p.SideToMove().Other()
		if g.InCheck(them) {
			return nil, fmt.Errorf("%s, not to move, is in check", them)
		}
	}
	return g, nil
}

// LegalMoves returns the legal moves of the side to move through the whole
// pipeline; with no hooks it is the position's own generator.
func (g *Game) LegalMoves() []position.Move {
	if g.R.Plain() {
		return g.Pos.LegalMoves(nil)
	}
	return g.hookedLegal()
}

func (g *Game) hookedLegal() []position.Move {
	return g.hookedLegalWhere(nil, nil)
}

// Ended reports a result that needs no move generation: a preset's result
// or an immediate end of the base rules (flag reached, king captured,
// counting limits …). Checkmate and stalemate are not looked for; Result
// gives every end.
func (g *Game) Ended() (Result, bool) {
	if r, over := g.presetResult(); over {
		return r, true
	}
	if e, over := g.Pos.ImmediateEnd(); over {
		return Result{score(g.Pos, e.Value), e.Reason}, true
	}
	return Result{}, false
}

// listLegality reports whether legality depends on the whole move list
// (compulsory capture, presets that filter the legal list) rather than on
// each move alone under house rules; plain rulesets count as such here
// (their moves come from the position package).
func (g *Game) listLegality() bool {
	return g.R.Plain() || g.Pos.V.MustCapture || len(g.R.legal) > 0
}

// LegalMovesWhere appends to buf the legal moves that keep accepts (for a
// search that wants only captures, say). keep sees each candidate before
// the costly legality test; rulesets whose legality depends on the whole
// move list (compulsory capture, presets that filter the legal list) get
// the full list first and keep after, so the answer is always the subset
// of LegalMoves that keep accepts.
func (g *Game) LegalMovesWhere(keep func(position.Move) bool, buf []position.Move) []position.Move {
	if g.listLegality() {
		for _, m := range g.LegalMoves() {
			if keep(m) {
				buf = append(buf, m)
			}
		}
		return buf
	}
	return g.hookedLegalWhere(keep, buf)
}

// Candidates appends to buf the moves LegalMoves would test under house
// rules (base and preset moves, preset move filters applied) and reports
// true when Legal alone decides each of them, so a search can test
// legality only for the moves it reaches. It reports false (and appends
// nothing) when legality depends on the whole list (compulsory capture,
// presets that filter the legal list), for plain rulesets (use
// position.PseudoLegal and Position.Legal), and when the game has ended.
func (g *Game) Candidates(buf []position.Move) ([]position.Move, bool) {
	if g.listLegality() {
		return buf, false
	}
	if _, over := g.Ended(); over {
		return buf, false
	}
	return g.candidates(buf), true
}

// candidates appends the base and preset moves that the presets' move
// filters allow (legality not tested).
func (g *Game) candidates(buf []position.Move) []position.Move {
	p := g.Pos
	start := len(buf)
	buf = p.PseudoLegal(buf)
	if p.Checkers().Any() {
		// the base rules leave castling out in check; here the presets say
		// what check is (a piece-hp king with 2 Hp is not in check):
		// legalHooked judges castling by the ruleset's own check
		buf = p.CastlingMoves(buf)
	}
	us := p.SideToMove()
	for _, h := range g.R.extra {
		buf = h.ExtraMoves(g, us, buf)
	}
	if len(g.R.extra) > 0 {
		buf = append(buf[:start], dedupe(p, buf[start:])...)
	}
	n := start
	for _, m := range buf[start:] {
		ok := true
		for _, h := range g.R.filter {
			if !h.AllowMove(g, m) {
				ok = false
				break
			}
		}
		if ok {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Legal reports whether a move of Candidates is legal: it does not leave
// one of the mover's royals attacked (nor, without checks, give one), and
// castling does not pass through attacked squares.
func (g *Game) Legal(m position.Move) bool { return g.legalHooked(m) }

func (g *Game) hookedLegalWhere(keep func(position.Move) bool, out []position.Move) []position.Move {
	if _, over := g.Ended(); over {
		return out
	}
	p := g.Pos
	for _, m := range g.candidates(nil) {
		if (keep == nil || keep(m)) && g.legalHooked(m) {
			out = append(out, m)
		}
	}
	if p.V.MustCapture {
		var caps []position.Move
		for _, m := range out {
			if p.IsCapture(m) {
				caps = append(caps, m)
			}
		}
		if len(caps) > 0 {
			out = caps
		}
	}
	for _, h := range g.R.legal {
		out = h.FilterLegal(g, out)
	}
	return out
}

// dedupe keeps one move per from→to/kind/promotion (a destination reached
// both by a base move and a preset move is listed once, the base first).
func dedupe(p *position.Position, moves []position.Move) []position.Move {
	seen := make(map[position.Move]bool, len(moves))
	out := moves[:0]
	for _, m := range moves {
		k := m.Base()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, m)
	}
	return out
}

// royals returns the pieces of colour c that must not be left attacked.
func (g *Game) royals(c position.Color) geom.Set {
	for _, h := range g.R.royals {
		if s, ok := h.Royals(g, c); ok {
			return s
		}
	}
	return g.Pos.RoyalsOf(c)
}

// Attackers returns the pieces of colour c attacking s, with the preset
// moves and attack rules included.
func (g *Game) Attackers(s geom.Square, c position.Color) geom.Set {
	p := g.Pos
	a := p.AttackersTo(s, p.Occupied(), c)
	if len(g.R.extra) > 0 {
		// Preset moves attack s if they could capture there: ask with a
		// piece of the other colour standing on s (quiet-only moves such as
		// a backward pawn step then do not count).
		p.WithPiece(s, position.MakePiece(c.Other(), position.King), func() {
			for _, h := range g.R.extra {
				for _, m := range h.ExtraMoves(g, c, nil) {
					if m.To() == s && m.Kind() != position.Castling && m.From() != m.To() {
						a.Add(m.From())
					}
				}
			}
		})
	}
	for _, h := range g.R.attack {
		a = h.Attackers(g, s, c, a)
	}
	return a
}

// Checkers returns the pieces giving check to the side to move: those
// attacking its royals under the ruleset (Attackers, as InCheck sees
// them); without house rules Position.Checkers.
func (g *Game) Checkers() geom.Set {
	if g.R.Plain() {
		return g.Pos.Checkers()
	}
	return g.royalAttackers(g.Pos.SideToMove())
}

// royalAttackers returns the pieces attacking a royal of colour c under
// the ruleset.
func (g *Game) royalAttackers(c position.Color) geom.Set {
	var b geom.Set
	for r := g.royals(c); r.Any(); {
		b = b.Or(g.Attackers(r.Pop(), c.Other()))
	}
	return b
}

// InCheck reports whether a royal of colour c is attacked.
func (g *Game) InCheck(c position.Color) bool {
	if g.R.Plain() {
		if c == g.Pos.SideToMove() {
			return g.Pos.InCheck()
		}
	}
	return g.royalAttackers(c).Any()
}

// legalHooked: m is legal if, made with all its effects, no royal of the
// mover is attacked; castling may not start in, pass through or end in an
// attacked square; a no-checking variant may not give check.
func (g *Game) legalHooked(m position.Move) bool {
	p := g.Pos
	us := p.SideToMove()
	if m.Kind() == position.Castling && g.royals(us).Has(m.From()) {
		if g.InCheck(us) {
			return false
		}
		kto := castlingKingTarget(p, m)
		from := m.From()
		step := 1
		if kto < from {
			step = -1
		}
		for s := from; s != kto; s = geom.Square(int(s) + step) {
			if s != from && g.Attackers(s, us.Other()).Any() {
				return false
			}
		}
	}
	g.Do(m)
	defer g.Undo()
	if g.InCheck(us) {
		return false
	}
	if !p.V.Checking && g.InCheck(us.Other()) {
		return false
	}
	return true
}

func castlingKingTarget(p *position.Position, m position.Move) geom.Square {
	v := p.V
	rank := m.From().Rank()
	if m.To() > m.From() {
		return geom.Sq(v.CastlingKingsideFile, rank)
	}
	return geom.Sq(v.CastlingQueensideFile, rank)
}

// Do plays m with all its effects: the physical move, the after-move
// hooks, the end of the turn (unless a hook keeps the turn).
func (g *Game) Do(m position.Move) {
	p := g.Pos
	if g.R.Plain() {
		p.Do(m)
		return
	}
	us := p.SideToMove()
	piece := p.PieceOn(m.From())
	g.effects = g.effects[:0]
	p.Do(m)
	st := p.State()
	info := MoveInfo{Mover: us, Piece: piece, Captured: st.Captured, CaptureSquare: st.CaptureSquare, CapturedMeta: st.CapturedMeta}
	for _, h := range g.R.after {
		h.AfterMove(g, m, info)
	}
	g.plies = append(g.plies, g.cur)
	keep := false
	for _, h := range g.R.keepTurn {
		if h.KeepTurn(g, us, g.cur+1) {
			keep = true
		}
	}
	if keep {
		g.cur++
		p.SetSideToMove(us)
	} else {
		g.cur = 0
		for _, h := range g.R.endTurn {
			h.EndTurn(g, us)
		}
	}
	p.Refresh()
}

// Undo takes back the last Do.
func (g *Game) Undo() {
	if !g.R.Plain() && len(g.plies) > 0 {
		g.cur = g.plies[len(g.plies)-1]
		g.plies = g.plies[:len(g.plies)-1]
	}
	g.Pos.Undo()
}

// PliesThisTurn is the number of plies the side to move has already played
// in its current turn.
func (g *Game) PliesThisTurn() int { return g.cur }

func (g *Game) presetResult() (Result, bool) {
	for _, h := range g.R.result {
		if r, ok := h.Result(g); ok {
			return r, true
		}
	}
	return Result{}, false
}

// Result returns the game result under the ruleset, or false while the
// game goes on: preset results and the variant's immediate ends first
// (Ended), then checkmate or stalemate by the ruleset's own legal moves
// and in-check test, then the variant's move-count, repetition and
// counting rules. Under house rules the base rules' mate test is never
// used: a side the presets give a legal move (a king with HP to spare, an
// exploding rook's capture) is not mated.
func (g *Game) Result() (Result, bool) {
	if g.R.Plain() {
		return GameResult(g.Pos)
	}
	if r, over := g.Ended(); over {
		return r, true
	}
	p := g.Pos
	if len(g.LegalMoves()) == 0 {
		if g.InCheck(p.SideToMove()) {
			return Result{score(p, p.V.CheckmateValue), "checkmate"}, true
		}
		return Result{score(p, p.V.StalemateValue), "stalemate"}, true
	}
	return drawRules(p)
}

// FEN returns the position's FEN with the facts suffix when the ruleset
// declares facts (see FactsSuffix).
func (g *Game) FEN() string {
	fen := g.Pos.FEN()
	if len(g.R.Facts) == 0 && len(g.R.GameFacts) == 0 {
		return fen
	}
	return fen + " " + g.factsSuffix()
}

// UCIList renders moves as UCI text.
func (g *Game) UCIList(moves []position.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = g.Pos.UCI(m)
	}
	return out
}

// ParseMove finds the legal move with UCI (or SAN) text s; a promotion
// letter may come in either case (position.UCIEqual).
func (g *Game) ParseMove(s string) (position.Move, error) {
	s = strings.TrimSpace(s)
	moves := g.LegalMoves()
	for _, m := range moves {
		if position.UCIEqual(g.Pos.UCI(m), s) {
			return m, nil
		}
	}
	for _, m := range moves {
		if m.Kind() == position.Castling && m.From().String()+m.To().String() == s {
			return m, nil
		}
	}
	return matchSAN(g.Pos, s, moves, sansAmong(g.Pos, moves), g.FEN)
}

// PerftGame counts leaf nodes through the whole pipeline (presets
// included); without hooks it is Perft.
func PerftGame(g *Game, depth int) uint64 {
	if g.R.Plain() {
		return Perft(g.Pos, depth)
	}
	if depth <= 0 {
		return 1
	}
	moves := g.LegalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		g.Do(m)
		n += PerftGame(g, depth-1)
		g.Undo()
	}
	return n
}
