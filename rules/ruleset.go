package rules

import "houserules/position"

// Ruleset is a compiled variant + presets: immutable, shared by games.
type Ruleset struct {
	Variant   *position.Variant
	Specs     []Spec
	Facts     []FactDecl
	GameFacts []string // names of the claimed game-fact slots

	before    []BeforeMoveHook
	actions   map[uint8]ActionHook // by action ID
	turnStart []TurnStartHook
	extra     []ExtraMovesHook
	filter    []FilterMovesHook
	legal     []FilterLegalHook
	royals    []RoyalsHook
	attack    []AttackersHook
	after     []AfterMoveHook
	afterAt   []Stage // the stage of each after hook
	endAt     []Stage // the stage of each endTurn hook
	endTurn   []EndTurnHook
	keepTurn  []KeepTurnHook
	result    []ResultHook
	// validators check set-up facts (not a pipeline stage)
	validators []FactsValidator
	// view hooks tell the server what a seat may see (not a stage of play)
	view []ViewHook
	// init hooks set up the start position (not a stage of play)
	init  []InitHook
	plain bool
}

// Plain reports whether the ruleset has no hooks (the base rules alone).
func (r *Ruleset) Plain() bool {
	return r.plain
}

func (r *Ruleset) computePlain() bool {
	return len(r.extra)+len(r.filter)+len(r.legal)+len(r.royals)+len(r.attack)+len(r.before)+len(r.actions)+
		len(r.after)+len(r.endTurn)+len(r.keepTurn)+len(r.turnStart)+len(r.result) == 0
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
