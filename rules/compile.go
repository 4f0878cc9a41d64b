package rules

import (
	"fmt"
	"sort"
	"strings"

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
// slot. There is no limit on their number.
func (b *Builder) GameFact(name string) (int, error) {
	for i, n := range b.gameFacts {
		if n == name {
			return i, nil
		}
	}
	b.gameFacts = append(b.gameFacts, name)
	return len(b.gameFacts) - 1, nil
}

// Fact declares a per-piece fact and returns its slot; declaring the same
// name twice returns the same slot (the first declaration's initial value
// wins). There is no limit on their number: the first
// position.FactSlots travel inline with each piece, the others in the
// position's facts arena.
func (b *Builder) Fact(name string, initial func(position.Piece) int16) (int, error) {
	for i, f := range b.facts {
		if f.Name == name {
			return i, nil
		}
	}
	b.facts = append(b.facts, FactDecl{name, initial})
	return len(b.facts) - 1, nil
}

// Hook registers h, which implements one or more of the hook interfaces.
func (b *Builder) Hook(h any) { b.hooks = append(b.hooks, h) }

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
	return CompileWith(v, nil, specs)
}

// CompileWith is Compile for a variant that brings hooks of its own (a
// variant plugin's, variants.Config): base registers them on the builder
// before the presets' Setup runs, so the variant's hooks run first within
// each stage and the presets stack on them. base may be nil. An error of
// base is a variant that does not compile.
func CompileWith(v *position.Variant, base func(*Builder) error, specs []Spec) (*Ruleset, error) {
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
	if base != nil {
		if err := base(b); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
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
	r := &Ruleset{Variant: b.Variant, Specs: ordered, Facts: b.facts, GameFacts: b.gameFacts,
		before:     hooksOf[BeforeMoveHook](b.hooks),
		turnStart:  hooksOf[TurnStartHook](b.hooks),
		extra:      hooksOf[ExtraMovesHook](b.hooks),
		filter:     hooksOf[FilterMovesHook](b.hooks),
		legal:      hooksOf[FilterLegalHook](b.hooks),
		royals:     hooksOf[RoyalsHook](b.hooks),
		attack:     hooksOf[AttackersHook](b.hooks),
		after:      hooksOf[AfterMoveHook](b.hooks),
		endTurn:    hooksOf[EndTurnHook](b.hooks),
		keepTurn:   hooksOf[KeepTurnHook](b.hooks),
		result:     hooksOf[ResultHook](b.hooks),
		validators: hooksOf[FactsValidator](b.hooks),
		view:       hooksOf[ViewHook](b.hooks),
		init:       hooksOf[InitHook](b.hooks),
	}
	sort.SliceStable(r.endTurn, func(i, j int) bool { return endStage(r.endTurn[i]) < endStage(r.endTurn[j]) })
	sort.SliceStable(r.after, func(i, j int) bool { return afterStage(r.after[i]) < afterStage(r.after[j]) })
	sort.SliceStable(r.result, func(i, j int) bool { return resultStage(r.result[i]) < resultStage(r.result[j]) })
	for _, h := range hooksOf[ActionHook](b.hooks) {
		for _, a := range h.Actions() {
			if old, dup := r.actions[a]; dup {
				return nil, &CompileError{fmt.Sprintf("action %s is carried out by two hooks (%T and %T)", position.ActionName(a), old, h), Incompatible}
			}
			if r.actions == nil {
				r.actions = map[uint8]ActionHook{}
			}
			r.actions[a] = h
		}
	}
	r.plain = r.computePlain()
	if err := checkStages(r); err != nil {
		return nil, &CompileError{err.Error(), BadSpec}
	}
	for _, h := range r.after {
		r.afterAt = append(r.afterAt, afterStage(h))
	}
	for _, h := range r.endTurn {
		r.endAt = append(r.endAt, endStage(h))
	}
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

// hooksOf returns the hooks that implement T, in registration order (nil
// when none does).
func hooksOf[T any](hooks []any) []T {
	var out []T
	for _, h := range hooks {
		if x, ok := h.(T); ok {
			out = append(out, x)
		}
	}
	return out
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
