package rules

import (
	"houserules/geom"
	"houserules/position"
)

// The hooks of the move pipeline (DESIGN.md, "The move pipeline"). A preset
// implements only the ones it needs and registers them with Builder.Hook;
// a ruleset without hooks runs the base rules untouched.
//
// Legal-move query: base generator → ExtraMoves → FilterMoves → legality
// (royal safety with Royals and Attackers) → FilterLegal.
// Move application: BeforeMove (may cancel or replace the physical move)
// → the physical move (position.Do; an action move is carried out by its
// ActionHook) → AfterMove (capture and damage resolution, fission,
// detonation …, at their Stage) → EndTurn (poison, heal …) → KeepTurn
// (multi-ply turns, advance-turn) → TurnStart → Result. Within a stage
// hooks run in registration order; the stages are the Stage constants, in
// order. Each applied move yields Events (Game.Events), with the state
// before it (Game.Before). Outside play, ViewHook tells what a seat may
// see (Game.View), FactsValidator checks set-up facts and InitHook sets up
// a new game's start position (Ruleset.StartFEN). A variant may bring
// hooks of its own (a variant plugin's): CompileWith registers them before
// the presets'.

// ExtraMovesHook adds moves for colour c (extra-moves). It must append
// only moves whose origin holds a piece of colour c, tagged with its
// production; it is also called for the opponent to find attacks.
type ExtraMovesHook interface {
	ExtraMoves(g *Game, c position.Color, list []position.Move) []position.Move
}

// FilterMovesHook removes pseudo-legal moves (filter-moves): return false
// to drop m.
type FilterMovesHook interface {
	AllowMove(g *Game, m position.Move) bool
}

// FilterLegalHook filters the final legal move list (filter-legal-moves,
// e.g. compulsory capture).
type FilterLegalHook interface {
	FilterLegal(g *Game, moves []position.Move) []position.Move
}

// RoyalsHook returns the pieces of colour c that must not be left attacked
// (royal-pieces); ok = false leaves the decision to the next hook or the
// base rule (the variant's king).
type RoyalsHook interface {
	Royals(g *Game, c position.Color) (royals geom.Set, ok bool)
}

// AttackersHook changes which pieces of colour c attack s (check
// detection): it receives the base attackers and returns the final set.
type AttackersHook interface {
	Attackers(g *Game, s geom.Square, c position.Color, base geom.Set) geom.Set
}

// MoveInfo tells AfterMove what the physical move did.
type MoveInfo struct {
	Mover         position.Color
	Piece         position.Piece // the moving piece (before promotion)
	Captured      position.Piece // NoPiece when nothing was taken
	CaptureSquare geom.Square
	CapturedMeta  position.Meta // ID and facts of the captured piece
}

// AfterMoveHook runs after the physical move (capture/damage resolution
// and after-move effects). It edits the board through the position's
// logged primitives (Put, Remove, SetFact), so Undo restores everything.
type AfterMoveHook interface {
	AfterMove(g *Game, m position.Move, info MoveInfo)
}

// AfterMoveStager says at which stage an AfterMoveHook runs
// (StageBeforeCapture … StageConditional); without it the hook runs at StageAfterMove.
type AfterMoveStager interface {
	AfterMoveStage() Stage
}

// EndTurnHook runs when colour mover's turn ends (after its last ply).
type EndTurnHook interface {
	EndTurn(g *Game, mover position.Color)
}

// EndTurnStager says at which stage an EndTurnHook runs (StageTurnEnd,
// StageTurnEndDamage, StageTurnEndHeal); without it StageTurnEnd.
type EndTurnStager interface {
	EndTurnStage() Stage
}

// KeepTurnHook decides multi-ply turns: return true to let mover play
// another ply of the same turn.
type KeepTurnHook interface {
	KeepTurn(g *Game, mover position.Color, pliesThisTurn int) bool
}

// FactsValidator checks the facts a game was set up with (from a FEN
// suffix); an error names the piece and the reason.
type FactsValidator interface {
	ValidateFacts(g *Game) error
}

// ResultHook ends the game by a preset rule; it runs before the base
// results. ok = false means "no decision".
type ResultHook interface {
	Result(g *Game) (Result, bool)
}

// ResultStager says when a ResultHook is asked among the others, so that
// a result does not depend on the order the presets were listed in:
// StageSelfLoss (a rule by which the mover loses its own royals,
// explosive-rook) before StageResult (the default: rules that win by a
// capture, a lost king …).
type ResultStager interface {
	ResultStage() Stage
}

// Verdict is a before-move hook's decision about the physical move.
type Verdict uint8

// The verdicts of BeforeMoveHook.
const (
	// Proceed: the base rules make the physical move.
	Proceed Verdict = iota
	// Replace: the hook makes the physical move itself (MoveReplacer).
	Replace
	// Cancel: nothing moves; the ply still counts (the turn passes as
	// usual) and the after-move stages are skipped.
	Cancel
)

// BeforeMoveHook runs first when a move is applied (before-move), with the
// board as it stands before the move. The first hook that does not answer
// Proceed decides. A hook that answers Replace must implement
// MoveReplacer.
type BeforeMoveHook interface {
	BeforeMove(g *Game, m position.Move) Verdict
}

// MoveReplacer makes the physical move of m itself (rifle chess: the
// capturer stays on its square), after a BeforeMove that answered
// Replace. It edits the board with the game's primitives (Place,
// RemovePiece, which record the events) or the position's; the ply is
// already begun, so Undo restores everything.
type MoveReplacer interface {
	ReplaceMove(g *Game, m position.Move)
}

// ActionHook carries out the action moves (kind position.Action) it
// generates (from its ExtraMoves): Game.Do hands an action move whose
// action ID is in Actions to DoAction, after the before-move hooks. The
// ply is begun when DoAction runs; it edits the board with the game's
// primitives (Place, RemovePiece, Record) or the position's, and Undo
// restores everything. Two hooks of a ruleset may not claim one action.
type ActionHook interface {
	Actions() []uint8
	DoAction(g *Game, m position.Move)
}

// TurnStartHook runs when the turn of colour c begins (turn-start), after
// the previous turn ended and before the game result is asked.
type TurnStartHook interface {
	TurnStart(g *Game, c position.Color)
}
