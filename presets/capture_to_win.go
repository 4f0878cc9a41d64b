package presets

import (
	"houserules/position"
	"houserules/rules"
)

// CaptureToWin is the capture-to-win preset (seed RULES.md, "First Blood"):
// the first player to capture any enemy piece (pawns included, en passant
// included) wins at once. Checkmate is disabled: a side that is mated has
// no legal move and the game is drawn, as is stalemate. Check itself still
// exists: a move may not leave one's own king attacked.
//
// Mechanism: the variant's checkmate value becomes a draw (and the
// stalemate value is set to a draw on variants that score it otherwise);
// an after-move hook records the first capture in game fact
// the FirstCapture game fact (so the win survives a FEN with its facts suffix), and a
// result hook ends the game on it. Under piece-hp a capture that only
// deals damage is still a capture (the position's state records the
// captured piece before piece-hp pushes it aside).
type CaptureToWin struct{}

// FirstCaptureFact names capture-to-win's game fact: 0 while no capture
// has been made, 1 when White made the first, 2 when Black did.
const FirstCaptureFact = "FirstCapture"

func init() { rules.Register(CaptureToWin{}) }

// Info declares the preset.
func (CaptureToWin) Info() rules.Info {
	return rules.Info{
		ID: "capture-to-win", Name: "First Blood", Category: "Win/Loss Condition", Mode: rules.Override,
		Description:  "The first player to capture any enemy piece wins at once; checkmate is disabled (a mated side draws), stalemate is a draw.",
		Incompatible: []string{"last-piece-standing"},
		Adds:         []string{"preset.first-capture-win"},
		Retracts:     []string{"fide.checkmate-win"},
		// Stalemate stays a draw; a side that would be checkmated is
		// now scored by it too.
		Overrides: []string{"fide.stalemate-draw"},
	}
}

// Setup disables checkmate and installs the first-capture win.
func (CaptureToWin) Setup(b *rules.Builder, opts rules.Options) error {
	b.Variant.CheckmateValue = position.ValueDraw
	b.Variant.StalemateValue = position.ValueDraw
	b.Variant.StalematePieceCount = false
	slot, err := b.GameFact(FirstCaptureFact)
	if err != nil {
		return err
	}
	b.Hook(firstBlood{slot})
	return nil
}

type firstBlood struct{ slot int }

// AfterMoveStage: bookkeeping (it only reads what the move captured).
func (firstBlood) AfterMoveStage() rules.Stage { return rules.StageBookkeeping }

// AfterMove records the first capture and who made it.
func (f firstBlood) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if info.Captured == position.NoPiece || g.Pos.GameFact(f.slot) != 0 {
		return
	}
	g.Pos.SetGameFact(f.slot, int32(info.Mover)+1)
}

// Result: the side that made the first capture has won.
func (f firstBlood) Result(g *rules.Game) (rules.Result, bool) {
	switch g.Pos.GameFact(f.slot) {
	case int32(position.White) + 1:
		return rules.Result{Score: "1-0", Reason: "first capture"}, true
	case int32(position.Black) + 1:
		return rules.Result{Score: "0-1", Reason: "first capture"}, true
	}
	return rules.Result{}, false
}
