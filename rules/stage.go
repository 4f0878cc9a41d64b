package rules

import "fmt"

// Stage is a named stage of the move pipeline (DESIGN.md, "The move
// pipeline"). Move application runs the stages in the order of the
// constants: a hook says at which stage it runs (AfterMoveStager,
// EndTurnStager, ResultStager) and hooks of one stage run in registration
// order.
type Stage uint8

// The stages of move application, in order.
const (
	stageNone Stage = iota
	// StageBeforeMove: before-move hooks (BeforeMoveHook) may cancel the
	// physical move or carry it out themselves.
	StageBeforeMove
	// StageMove: the physical move of the base rules, promotion included
	// (no hooks; its events are Moved, Capture, Promotion).
	StageMove
	// StageBeforeCapture: after-move hooks that see a capture before it is
	// resolved into damage (a shield that absorbs it, a capture that
	// spawns a piece).
	StageBeforeCapture
	// StageDamage: capture and damage resolution after the physical move
	// (piece-hp's damage and push, explosive-rook's detonation).
	StageDamage
	// StagePieceSpawn: the moved piece transforms or spawns pieces
	// (queen-splits' fission).
	StagePieceSpawn
	// StageAfterMove: after-move effects with no stage of their own (the
	// default of AfterMoveHook).
	StageAfterMove
	// StageBookkeeping: facts that record what the move did, after every
	// board change (HasMoved, the first capture).
	StageBookkeeping
	// The trigger dispatch of the seed's custom modifiers (stages 1–10;
	// its turn-end and turn-start are StageTurnEnd and StageTurnStart).
	StageAuras
	StageOnDamaged
	StageOnCapture
	StageOnCaptured
	StageOnPromotion
	StageOnMove
	StageOnMovedOnto
	StageOnCheckReceived
	StageOnCheckDelivered
	StageConditional
	// StageTurnEnd: the end of the mover's turn (after its last ply), the
	// default of EndTurnHook.
	StageTurnEnd
	// StageTurnEndDamage: damage dealt at the end of the turn (poison).
	StageTurnEndDamage
	// StageTurnEndHeal: healing at the end of the turn, after damage
	// (RULINGS: king-heals — poison resolves first).
	StageTurnEndHeal
	// StageAdvanceTurn: KeepTurn hooks decide whether the mover plays
	// another ply; otherwise the turn passes.
	StageAdvanceTurn
	// StageTurnStart: the turn of the side to move begins (TurnStartHook).
	StageTurnStart
	// StageSelfLoss: results by which the mover loses through its own
	// move (explosive-rook: its last royal blown up), asked first.
	StageSelfLoss
	// StageResult: the presets' game results (ResultHook default), before
	// the base rules' results.
	StageResult
	stageEnd
)

var stageNames = [...]string{
	stageNone: "none", StageBeforeMove: "before-move", StageMove: "move", StageBeforeCapture: "before-capture", StageDamage: "damage",
	StagePieceSpawn: "piece-spawn", StageAfterMove: "after-move", StageBookkeeping: "bookkeeping",
	StageAuras: "auras", StageOnDamaged: "on-damaged", StageOnCapture: "on-capture",
	StageOnCaptured: "on-captured", StageOnPromotion: "on-promotion", StageOnMove: "on-move",
	StageOnMovedOnto: "on-moved-onto", StageOnCheckReceived: "on-check-received",
	StageOnCheckDelivered: "on-check-delivered", StageConditional: "conditional",
	StageTurnEnd: "turn-end", StageTurnEndDamage: "turn-end-damage", StageTurnEndHeal: "turn-end-heal",
	StageAdvanceTurn: "advance-turn", StageTurnStart: "turn-start", StageSelfLoss: "self-loss",
	StageResult: "game-result",
}

// String is the stage's name as DESIGN.md writes it (after-move,
// turn-start …).
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("stage(%d)", int(s))
}

// Stages lists every stage in execution order.
func Stages() []Stage {
	out := make([]Stage, 0, stageEnd-1)
	for s := StageBeforeMove; s < stageEnd; s++ {
		out = append(out, s)
	}
	return out
}

func afterStage(h AfterMoveHook) Stage {
	if o, ok := h.(AfterMoveStager); ok {
		return o.AfterMoveStage()
	}
	return StageAfterMove
}

func endStage(h EndTurnHook) Stage {
	if o, ok := h.(EndTurnStager); ok {
		return o.EndTurnStage()
	}
	return StageTurnEnd
}

func resultStage(h ResultHook) Stage {
	if o, ok := h.(ResultStager); ok {
		return o.ResultStage()
	}
	return StageResult
}

// checkStages verifies that every hook declares a stage its interface can
// run at.
func checkStages(r *Ruleset) error {
	for _, h := range r.after {
		if s := afterStage(h); s < StageBeforeCapture || s > StageConditional {
			return fmt.Errorf("after-move hook %T: stage %s is not between %s and %s", h, s, StageBeforeCapture, StageConditional)
		}
	}
	for _, h := range r.endTurn {
		if s := endStage(h); s < StageTurnEnd || s > StageTurnEndHeal {
			return fmt.Errorf("end-turn hook %T: stage %s is not between %s and %s", h, s, StageTurnEnd, StageTurnEndHeal)
		}
	}
	for _, h := range r.result {
		if s := resultStage(h); s != StageSelfLoss && s != StageResult {
			return fmt.Errorf("result hook %T: stage %s is not %s or %s", h, s, StageSelfLoss, StageResult)
		}
	}
	return nil
}
