package variants

import (
	"fmt"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// How a plugin's hooks become rules hooks. Every hook field of Config is
// compiled to one of the rules pipeline's hook interfaces (rules/hooks.go)
// and registered with rules.Builder.Hook — the path house-rule presets use —
// by rules.CompileWith, before the presets' hooks (variants.Resolve does
// this for every front end: CLI, UCI, server, arena):
//
//	WinCondition     rules.ResultHook (game-result stage, before the base results)
//	MoveFilter       rules.FilterLegalHook (the final legal list: forced captures, racing kings)
//	BeforeMove       rules.BeforeMoveHook (Proceed, Replace or Cancel)
//	ReplaceMove      rules.MoveReplacer (the physical move when BeforeMove answers Replace)
//	AfterMove        rules.AfterMoveHook (after-move stage)
//	TurnLogic        rules.KeepTurnHook (advance-turn: true keeps the turn for another ply)
//	MaxMovesPerTurn  rules.KeepTurnHook (that many plies, a check ends the turn)
//	ProgressiveMove  rules.KeepTurnHook (n, n+1, n+2 … plies a turn, a check ends the turn)
//	Init             rules.InitHook (the start position of a new game: Ruleset.StartFEN)
//	Visibility       rules.ViewHook (the squares a seat cannot see are View.Hidden)
//	StatusText       rules.ViewHook (View.Status)
//	GoPieces         rules.ExtraMovesHook + rules.AttackersHook
//	PendingAction    a game fact ("pending-action": the square + 1), an
//	 + FollowUp      AfterMoveHook that sets it, a KeepTurnHook that keeps
//	                 the turn while it is set and a FilterLegalHook that
//	                 restricts the follow-up ply to the piece on that square
//	                 (and to FollowUp's moves)
//	Hooks            any rules hook, registered as it is
//
// The multi-ply turn is position state (turn:N in the FEN's facts suffix),
// so a game saved between the plies of a turn resumes where it was; the
// position key includes it (seed 001's positionKey is not needed: a piece
// is known by its letter and facts). A plugin without hook fields compiles
// to no hooks at all and plays by the base rules' fast path.

// GoPiece is a piece type whose moves are Go code (seed 001's
// registerPiece). Its letter gets no moves in the variant's tables; Moves
// appends the pseudo-legal moves of the piece of colour c on from (quiet
// moves and captures; legality — the own king's safety — is tested by the
// pipeline), and Attacks reports whether the piece on from attacks to (for
// check). Moves are built with NewMove (tagged with the plugin's production).
type GoPiece struct {
	Moves   func(g *rules.Game, from geom.Square, c position.Color, list []position.Move) []position.Move
	Attacks func(g *rules.Game, from, to geom.Square) bool
}

// prodGoPiece tags the moves of Go-coded pieces.
var prodGoPiece = position.RegisterProduction("plugin.go-piece")

// NewMove is the move from → to of a Go-coded piece (a capture when to
// holds an opposing piece).
func NewMove(from, to geom.Square) position.Move {
	return position.NewMove(from, to, position.Normal, 0).WithProduction(prodGoPiece)
}

// mergeHooks overlays the hooks set in child on m.
func mergeHooks(m *Config, child Config) {
	if child.WinCondition != nil {
		m.WinCondition = child.WinCondition
	}
	if child.MoveFilter != nil {
		m.MoveFilter = child.MoveFilter
	}
	if child.BeforeMove != nil {
		m.BeforeMove = child.BeforeMove
	}
	if child.ReplaceMove != nil {
		m.ReplaceMove = child.ReplaceMove
	}
	if child.AfterMove != nil {
		m.AfterMove = child.AfterMove
	}
	if child.TurnLogic != nil {
		m.TurnLogic = child.TurnLogic
	}
	if child.Init != nil {
		m.Init = child.Init
	}
	if child.Visibility != nil {
		m.Visibility = child.Visibility
	}
	if child.StatusText != nil {
		m.StatusText = child.StatusText
	}
	if child.Hooks != nil {
		m.Hooks = child.Hooks
	}
	if child.PendingAction != nil {
		m.PendingAction = child.PendingAction
	}
	if child.FollowUp != nil {
		m.FollowUp = child.FollowUp
	}
}

// hasHooks reports whether c has a hook field (or a Go-coded piece).
func (c Config) hasHooks() bool {
	return c.WinCondition != nil || c.MoveFilter != nil || c.BeforeMove != nil || c.ReplaceMove != nil ||
		c.AfterMove != nil || c.TurnLogic != nil || c.Init != nil || c.Visibility != nil ||
		c.StatusText != nil || c.Hooks != nil || c.PendingAction != nil || len(c.GoPieces) > 0 || c.MaxMovesPerTurn != (ByColour{}) ||
		c.ProgressiveMove != 0
}

// checkHooks checks the hook fields of a merged config.
func checkHooks(key string, c Config) error {
	if (c.BeforeMove == nil) != (c.ReplaceMove == nil) && c.ReplaceMove != nil {
		return fieldErr(key, "ReplaceMove", ErrPlugin, "needs a BeforeMove that answers rules.Replace")
	}
	if c.FollowUp != nil && c.PendingAction == nil {
		return fieldErr(key, "FollowUp", ErrPlugin, "needs a PendingAction")
	}
	for _, k := range sortedKeys(c.GoPieces) {
		if c.GoPieces[k].Moves == nil {
			return fieldErr(key, "GoPieces", ErrPlugin, "%s: Moves is required", k)
		}
	}
	if c.ProgressiveMove < 0 || c.ProgressiveMove > 16 {
		return fieldErr(key, "ProgressiveMove", ErrPlugin, "%d plies: expected 0..16", c.ProgressiveMove)
	}
	if c.ProgressiveMove > 0 && c.MaxMovesPerTurn != (ByColour{}) {
		return fieldErr(key, "ProgressiveMove", ErrInconsistent, "a progressive turn and MaxMovesPerTurn exclude each other")
	}
	for col, n := range c.MaxMovesPerTurn {
		if n < 0 || n > 16 {
			return fieldErr(key, "MaxMovesPerTurn", ErrPlugin, "%d plies for colour %d: expected 0..16", n, col)
		}
	}
	return nil
}

// hooks returns the function that registers the plugin's hooks on a
// builder (nil when it has none).
func (p *Plugin) hooks() func(*rules.Builder) error {
	c := p.Merged
	if !c.hasHooks() {
		return nil
	}
	return func(b *rules.Builder) error {
		if c.WinCondition != nil {
			b.Hook(winHook(c.WinCondition))
		}
		if c.MoveFilter != nil {
			b.Hook(filterHook(c.MoveFilter))
		}
		if c.BeforeMove != nil {
			b.Hook(&beforeHook{c.BeforeMove, c.ReplaceMove})
		}
		if c.AfterMove != nil {
			b.Hook(afterHook(c.AfterMove))
		}
		if c.TurnLogic != nil {
			b.Hook(turnHook(c.TurnLogic))
		}
		if c.MaxMovesPerTurn != (ByColour{}) {
			max := c.MaxMovesPerTurn
			b.Hook(turnHook(func(g *rules.Game, mover position.Color, plies int) bool {
				return plies < max[mover] && !g.InCheck(mover.Other())
			}))
		}
		if n := c.ProgressiveMove; n > 0 {
			// the turn's index is the game's ply count, which counts
			// turns (a kept ply does not advance it); the ply just played
			// has advanced it by one
			b.Hook(turnHook(func(g *rules.Game, mover position.Color, plies int) bool {
				return plies < n+g.Pos.GamePly()-1 && !g.InCheck(mover.Other())
			}))
		}
		if c.Init != nil {
			b.Hook(initHook(c.Init))
		}
		if c.Visibility != nil || c.StatusText != nil {
			b.Hook(&viewHook{c.Visibility, c.StatusText})
		}
		for _, k := range sortedKeys(c.GoPieces) {
			pt := position.NoPieceType
			for t := range b.Variant.PieceChar {
				if lower(b.Variant.PieceChar[t]) == k[0] {
					pt = position.PieceType(t)
				}
			}
			if pt == position.NoPieceType {
				return fmt.Errorf("Go-coded piece %s: no piece type has its letter", k)
			}
			b.Hook(&goPieceHook{pt, c.GoPieces[k]})
		}
		if c.PendingAction != nil {
			slot, err := b.GameFact("pending-action")
			if err != nil {
				return err
			}
			b.Hook(&pendingHook{slot, c.PendingAction, c.FollowUp})
		}
		if c.Hooks != nil {
			return c.Hooks(b)
		}
		return nil
	}
}

// pendingHook: after a move that sets a pending action, the mover's turn
// goes on with one follow-up ply of the piece on the pending square (seed
// 001's _pendingAction). The square is a game fact, so it is position
// state: in the key, in the FEN's facts suffix (a game saved before the
// follow-up resumes with it) and restored by Undo. A pending action is set
// only by a move that is not itself a follow-up; the plugin must set one
// only where a follow-up exists (else the mover has no legal move).
type pendingHook struct {
	slot   int
	act    func(g *rules.Game, m position.Move, info rules.MoveInfo) (geom.Square, bool)
	follow func(g *rules.Game, from geom.Square, m position.Move) bool
}

func (h *pendingHook) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if g.Pos.GameFact(h.slot) != 0 {
		g.Pos.SetGameFact(h.slot, 0) // the follow-up was made
		return
	}
	if from, ok := h.act(g, m, info); ok {
		g.Pos.SetGameFact(h.slot, int32(from)+1)
	}
}

// AfterMoveStage: after every board change of the move.
func (h *pendingHook) AfterMoveStage() rules.Stage { return rules.StageBookkeeping }

func (h *pendingHook) KeepTurn(g *rules.Game, mover position.Color, plies int) bool {
	return g.Pos.GameFact(h.slot) != 0
}

func (h *pendingHook) FilterLegal(g *rules.Game, moves []position.Move) []position.Move {
	v := g.Pos.GameFact(h.slot)
	if v == 0 {
		return moves
	}
	from := geom.Square(v - 1)
	out := moves[:0]
	for _, m := range moves {
		if m.From() == from && (h.follow == nil || h.follow(g, from, m)) {
			out = append(out, m)
		}
	}
	return out
}

type winHook func(g *rules.Game) (rules.Result, bool)

func (h winHook) Result(g *rules.Game) (rules.Result, bool) { return h(g) }

type filterHook func(g *rules.Game, moves []position.Move) []position.Move

func (h filterHook) FilterLegal(g *rules.Game, moves []position.Move) []position.Move {
	return h(g, moves)
}

type beforeHook struct {
	before  func(g *rules.Game, m position.Move) rules.Verdict
	replace func(g *rules.Game, m position.Move)
}

func (h *beforeHook) BeforeMove(g *rules.Game, m position.Move) rules.Verdict {
	v := h.before(g, m)
	if v == rules.Replace && h.replace == nil {
		panic("variants: a plugin's BeforeMove answered Replace without ReplaceMove")
	}
	return v
}

func (h *beforeHook) ReplaceMove(g *rules.Game, m position.Move) { h.replace(g, m) }

type afterHook func(g *rules.Game, m position.Move, info rules.MoveInfo)

func (h afterHook) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) { h(g, m, info) }

type turnHook func(g *rules.Game, mover position.Color, plies int) bool

func (h turnHook) KeepTurn(g *rules.Game, mover position.Color, plies int) bool {
	return h(g, mover, plies)
}

type initHook func(v *position.Variant, r rules.Shuffler) (string, error)

func (h initHook) StartFEN(v *position.Variant, r rules.Shuffler) (string, error) { return h(v, r) }

type viewHook struct {
	visible func(g *rules.Game, c position.Color) geom.Set
	status  func(g *rules.Game, seat rules.Seat) string
}

func (h *viewHook) View(g *rules.Game, seat rules.Seat, v *rules.View) {
	if h.visible != nil && seat != rules.SeatSpectator {
		c := position.White
		if seat == rules.SeatBlack {
			c = position.Black
		}
		vis := h.visible(g, c)
		for r := 0; r <= g.Pos.V.MaxRank; r++ {
			for f := 0; f <= g.Pos.V.MaxFile; f++ {
				if s := geom.Sq(f, r); !vis.Has(s) {
					v.Hidden.Add(s)
				}
			}
		}
	}
	if h.status != nil {
		if s := h.status(g, seat); s != "" {
			v.Status = append(v.Status, s)
		}
	}
}

// goPieceHook gives the pieces of type pt the moves and attacks of gp.
type goPieceHook struct {
	pt position.PieceType
	gp GoPiece
}

func (h *goPieceHook) ExtraMoves(g *rules.Game, c position.Color, list []position.Move) []position.Move {
	for b := g.Pos.PiecesOf(c, h.pt); b.Any(); {
		list = h.gp.Moves(g, b.Pop(), c, list)
	}
	return list
}

func (h *goPieceHook) Attackers(g *rules.Game, s geom.Square, c position.Color, base geom.Set) geom.Set {
	if h.gp.Attacks == nil {
		return base
	}
	for b := g.Pos.PiecesOf(c, h.pt); b.Any(); {
		if from := b.Pop(); h.gp.Attacks(g, from, s) {
			base.Add(from)
		}
	}
	return base
}
