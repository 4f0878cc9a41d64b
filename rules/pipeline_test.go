package rules_test

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

func events(g *rules.Game) string {
	var out []string
	for _, e := range g.Events() {
		out = append(out, e.String())
	}
	return strings.Join(out, "\n")
}

// rifle replaces the physical move of a capture (seed 001, rifle chess):
// the captured piece goes, the capturer stays where it is.
type rifle struct{}

var prodRifle = position.RegisterProduction("test.rifle-shot")

func (rifle) BeforeMove(g *rules.Game, m position.Move) rules.Verdict {
	if m.Kind() == position.Normal && g.Pos.PieceOn(m.To()) != position.NoPiece {
		return rules.Replace
	}
	return rules.Proceed
}

func (rifle) ReplaceMove(g *rules.Game, m position.Move) {
	p := g.Pos
	victim := p.PieceOn(m.To())
	g.Record(rules.Event{Kind: rules.EventCapture, Prod: prodRifle, Square: m.To(), From: m.From(), Piece: victim, ID: p.IDOn(m.To()), Color: victim.Color().Other()})
	p.Remove(m.To())
}

func TestBeforeMoveReplaces(t *testing.T) {
	g := hookGame(t, "test-rifle", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 3 1", func() []any { return []any{rifle{}} })
	before := g.FEN()
	playUCI(t, g, "e4d5")
	if got := g.FEN(); got != "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1" {
		t.Errorf("after the shot: %s", got)
	}
	if got := events(g); got != "capture black-pawn d5 (capturer on e4) by test.rifle-shot at before-move" {
		t.Errorf("events: %s", got)
	}
	g.Undo()
	if got := g.FEN(); got != before {
		t.Errorf("undo: %s, want %s", got, before)
	}
	playUCI(t, g, "e4e5") // a quiet move is the base move
	if got := g.FEN(); got != "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1" {
		t.Errorf("quiet move: %s", got)
	}
}

// fizzle cancels every knight move: the knight stays, the turn passes.
type fizzle struct{ afterRan *int }

func (fizzle) BeforeMove(g *rules.Game, m position.Move) rules.Verdict {
	if g.Pos.PieceOn(m.From()).Type() == position.Knight {
		return rules.Cancel
	}
	return rules.Proceed
}

func (f fizzle) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) { *f.afterRan++ }

func TestBeforeMoveCancels(t *testing.T) {
	var after int
	g := hookGame(t, "test-fizzle", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", func() []any { return []any{fizzle{&after}} })
	doCounted(t, g, &after, "b1c3")
	if got := g.FEN(); got != "4k3/8/8/8/8/8/8/1N2K3 b - - 1 1" {
		t.Errorf("after a cancelled move: %s", got)
	}
	if after != 0 || len(g.Events()) != 0 {
		t.Errorf("a cancelled move ran %d after-move hooks, events %v", after, g.Events())
	}
	n := doCounted(t, g, &after, "e8d8") + doCounted(t, g, &after, "e1d1")
	if n != 2 {
		t.Errorf("after-move ran %d times for two real moves", after)
	}
	g.Undo()
	g.Undo()
	g.Undo()
	if got := g.FEN(); got != "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1" {
		t.Errorf("undo all: %s", got)
	}
}

// turnLog records the starts of turns, and ends of turns, in order.
type turnLog struct{ log *[]string }

func (h turnLog) TurnStart(g *rules.Game, c position.Color) {
	*h.log = append(*h.log, "start "+c.String())
}
func (h turnLog) EndTurn(g *rules.Game, c position.Color) { *h.log = append(*h.log, "end "+c.String()) }

// two plies a turn for White
func (h turnLog) KeepTurn(g *rules.Game, mover position.Color, plies int) bool {
	return mover == position.White && plies < 2
}

func TestTurnStart(t *testing.T) {
	var log []string
	g := hookGame(t, "test-turn-start", "", func() []any { return []any{turnLog{&log}} })
	var all []string
	for _, mv := range []string{"e2e4", "d2d4", "e7e5", "g1f3"} {
		m, err := g.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		log = nil // the legality test made and took back moves
		g.Do(m)
		all = append(all, log...)
	}
	if got := strings.Join(all, ", "); got != "end white, start black, end black, start white" {
		t.Errorf("turn log: %s", got)
	}
}

// Plain rulesets record nothing while playing; Events reads the last move
// from the position when asked.
func TestEventsPlainChess(t *testing.T) {
	rs, err := rules.Compile(position.NewVariant(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	playUCI(t, g, "e5d6")
	want := "moved white-pawn e5-d6 by fide.en-passant at move\ncapture black-pawn d5 (capturer on d6) by fide.capture at move"
	if got := events(g); got != want {
		t.Errorf("events: %s", got)
	}
	playUCI(t, g, "e8f8", "d6d7")
	playUCI(t, g, "f8e7", "d7d8q")
	want = "moved white-pawn d7-d8 by fide.promotion at move\npromotion d8 white-pawn=white-queen by fide.promotion at move\n" +
		"check-received black-king e7 by fide.check-detection at move\ncheck-given white-queen d8 by fide.check-detection at move"
	if got := events(g); got != want {
		t.Errorf("events: %s\nwant %s", got, want)
	}
}

// doCounted plays mv and returns how often *n grew during the Do alone
// (the legality test of ParseMove makes and takes back moves too).
func doCounted(t *testing.T, g *rules.Game, n *int, mv string) int {
	t.Helper()
	m, err := g.ParseMove(mv)
	if err != nil {
		t.Fatal(err)
	}
	*n = 0
	g.Do(m)
	return *n
}

// An atomic capture: the capturer and the non-pawn pieces around the
// capture square are removed by the blast.
func TestEventsAtomicBlast(t *testing.T) {
	rs := rulestest.Compile(t, "atomic", "")
	g, err := rules.NewGame(rs, "4k3/8/8/2nrb3/3p4/2P5/8/3QK3 w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	playUCI(t, g, "c3d4")
	want := "moved white-pawn c3-d4 by fide.pawn-capture at move\ncapture black-pawn d4 (capturer on d4) by fide.capture at move\n" +
		"removed white-pawn d4 by fide.pawn-capture at move\nremoved black-knight c5 by fide.pawn-capture at move\n" +
		"removed black-rook d5 by fide.pawn-capture at move\nremoved black-bishop e5 by fide.pawn-capture at move"
	if got := events(g); got != want {
		t.Errorf("events:\n%s\nwant\n%s", got, want)
	}
}

// The ply within a multi-ply turn is position state: in the key, in the
// FEN's facts suffix (turn:N), restored by Undo and by a game set up from
// that FEN.
func TestTurnPlyIsPositionState(t *testing.T) {
	var log []string
	hooks := func() []any { return []any{turnLog{&log}} }
	g := hookGame(t, "test-turn-start", "", hooks)
	playUCI(t, g, "e2e4")
	fen := g.FEN()
	if fen != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 {turn:1}" || g.PliesThisTurn() != 1 {
		t.Fatalf("after White's first ply: %s, plies this turn %d", fen, g.PliesThisTurn())
	}
	resumed := hookGame(t, "test-turn-start", fen, hooks)
	if resumed.PliesThisTurn() != 1 || resumed.Pos.Key() != g.Pos.Key() || resumed.FEN() != fen {
		t.Errorf("resumed: plies %d, FEN %s, same key %v", resumed.PliesThisTurn(), resumed.FEN(), resumed.Pos.Key() == g.Pos.Key())
	}
	atStart := hookGame(t, "test-turn-start", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", hooks)
	if atStart.Pos.Key() == g.Pos.Key() {
		t.Error("the same board at the start of a turn must have another key")
	}
	// the resumed game's next ply ends White's turn
	playUCI(t, resumed, "d2d4")
	if resumed.Pos.SideToMove() != position.Black || resumed.PliesThisTurn() != 0 {
		t.Errorf("after the second ply: %s", resumed.FEN())
	}
	playUCI(t, g, "d2d4")
	g.Undo()
	if g.FEN() != fen || g.PliesThisTurn() != 1 {
		t.Errorf("undo: %s", g.FEN())
	}
}
