package rules_test

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

type stagedAfter struct {
	name  string
	stage rules.Stage
	log   *[]string
}

func (h stagedAfter) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	*h.log = append(*h.log, h.name)
}
func (h stagedAfter) AfterMoveStage() rules.Stage { return h.stage }

type stagedEnd struct {
	name  string
	stage rules.Stage
	log   *[]string
}

func (h stagedEnd) EndTurn(g *rules.Game, mover position.Color) { *h.log = append(*h.log, h.name) }
func (h stagedEnd) EndTurnStage() rules.Stage                   { return h.stage }

type plainEnd struct{ log *[]string }

func (h plainEnd) EndTurn(g *rules.Game, mover position.Color) { *h.log = append(*h.log, "end") }

// Hooks run by stage, whatever order they were registered in; hooks
// without a stage run at after-move and turn-end.
func TestStagesOrderHooks(t *testing.T) {
	var log []string
	g := hookGame(t, "test-stage-order", "", func() []any {
		return []any{
			stagedEnd{"heal", rules.StageTurnEndHeal, &log},
			stagedEnd{"poison", rules.StageTurnEndDamage, &log},
			plainEnd{&log},
			stagedAfter{"hasmoved", rules.StageBookkeeping, &log},
			stagedAfter{"fission", rules.StagePieceSpawn, &log},
			stagedAfter{"plain", rules.StageAfterMove, &log},
			stagedAfter{"damage", rules.StageDamage, &log},
		}
	})
	m, _ := g.ParseMove("e2e4")
	log = nil
	g.Do(m)
	if got := strings.Join(log, " "); got != "damage fission plain hasmoved end poison heal" {
		t.Errorf("order %q", got)
	}
}

// A hook that names a stage its interface cannot run at is refused.
func TestStageOutOfRange(t *testing.T) {
	var log []string
	rules.Register(hookPreset{"test-stage-bad", func() []any { return []any{stagedAfter{"x", rules.StageTurnStart, &log}} }})
	_, err := rules.Compile(position.NewVariant(), []rules.Spec{{ID: "test-stage-bad"}})
	if err == nil || !strings.Contains(err.Error(), "stage turn-start is not between before-capture and conditional") {
		t.Errorf("err %v", err)
	}
}

// The stages are named as DESIGN.md names them, in pipeline order.
func TestStageNames(t *testing.T) {
	var names []string
	for _, s := range rules.Stages() {
		names = append(names, s.String())
	}
	want := "before-move move before-capture damage piece-spawn after-move bookkeeping auras on-damaged on-capture on-captured on-promotion on-move on-moved-onto on-check-received on-check-delivered conditional turn-end turn-end-damage turn-end-heal advance-turn turn-start self-loss game-result"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("stages %s", got)
	}
}
