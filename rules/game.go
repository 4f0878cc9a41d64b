package rules

import (
	"fmt"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// Game is a position played under a ruleset.
type Game struct {
	R   *Ruleset
	Pos *position.Position
	// plies[i] records move i of the game (rulesets with hooks): where
	// its events start in ev.
	plies []plyRec
	// hadKing[c]: colour c has a king in the variant's start position.
	hadKing [2]bool
	// ev holds the events of the moves in plies, one run per move.
	ev    []Event
	evOut []Event
	stage Stage // the stage running (Record stamps it)
	// effects is Effects' buffer.
	effects []uint16
}

// plyRec is what Game remembers of one applied move.
type plyRec struct {
	ev     int32 // its first event in Game.ev
	checks bool  // its check events are in ev
	base   bool  // the base rules made the physical move (its events are read lazily)
}

// HadKing reports whether colour c has a king in the variant's start
// position (so "the king was destroyed" is not claimed for a side that
// plays without one, as White in horde).
func (g *Game) HadKing(c position.Color) bool { return g.hadKing[c] }

// NewGame sets up a game from fen ("" = start position). Facts missing from
// the FEN get their declared initial values.
func NewGame(r *Ruleset, fen string, chess960 bool) (*Game, error) {
	return newGame(r, fen, chess960, false)
}

// NewGameFSF is NewGame reading the FEN's castling field as
// Fairy-Stockfish does (position.NewFSF): the UCI and XBoard front ends use
// it, so that they accept what Fairy-Stockfish accepts and count the same
// moves.
func NewGameFSF(r *Ruleset, fen string, chess960 bool) (*Game, error) {
	return newGame(r, fen, chess960, true)
}

func newGame(r *Ruleset, fen string, chess960, fsf bool) (*Game, error) {
	board, facts := SplitFacts(fen)
	newPos := position.New
	switch {
	case !r.Plain() && fsf:
		newPos = position.NewFSFLenient
	case !r.Plain():
		newPos = position.NewLenient // the presets decide what check means
	case fsf:
		newPos = position.NewFSF
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
			return nil, fmt.Errorf("side to move: %s is in check but %s is to move", them, them.Other())
		}
	}
	return g, nil
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

// Do plays m with all its effects, stage by stage: before-move (a hook may
// cancel or replace the physical move), the physical move, the after-move
// stages, the end of the turn unless a hook keeps it (advance-turn), the
// start of the next turn. Events then tells what happened.
func (g *Game) Do(m position.Move) {
	p := g.Pos
	if g.R.Plain() {
		p.Do(m)
		return
	}
	us := p.SideToMove()
	piece := p.PieceOn(m.From())
	cur := p.TurnPly()
	g.plies = append(g.plies, plyRec{ev: int32(len(g.ev))})
	verdict := Proceed
	if len(g.R.before) > 0 {
		g.stage = StageBeforeMove
		for _, h := range g.R.before {
			if verdict = h.BeforeMove(g, m); verdict != Proceed {
				switch verdict {
				case Replace:
					r, ok := h.(MoveReplacer)
					if !ok {
						panic(fmt.Sprintf("rules: before-move hook %T answered Replace but is not a MoveReplacer", h))
					}
					p.DoCustom(m, func() { r.ReplaceMove(g, m) })
				default:
					p.DoCustom(m, nil)
				}
				break
			}
		}
	}
	switch {
	case verdict != Proceed:
	case m.Kind() == position.Action:
		h, ok := g.R.actions[m.Param()]
		if !ok {
			panic(fmt.Sprintf("rules: no hook carries out action %s", g.Pos.UCI(m)))
		}
		p.DoCustom(m, func() {
			g.stage = StageMove
			h.DoAction(g, m)
		})
	default:
		p.Do(m)
		g.plies[len(g.plies)-1].base = true
		g.newPieceFacts(m)
	}
	if verdict != Cancel && len(g.R.after) > 0 {
		st := p.State()
		info := MoveInfo{Mover: us, Piece: piece, Captured: st.Captured, CaptureSquare: st.CaptureSquare, CapturedMeta: st.CapturedMeta}
		for i, h := range g.R.after {
			g.stage = g.R.afterAt[i]
			h.AfterMove(g, m, info)
		}
	}
	g.stage = StageAdvanceTurn
	keep := false
	for _, h := range g.R.keepTurn {
		if h.KeepTurn(g, us, cur+1) {
			keep = true
		}
	}
	if keep {
		p.SetTurnPly(cur + 1)
		p.SetSideToMove(us)
	} else {
		if cur != 0 {
			p.SetTurnPly(0)
		}
		for i, h := range g.R.endTurn {
			g.stage = g.R.endAt[i]
			h.EndTurn(g, us)
		}
		if len(g.R.turnStart) > 0 {
			g.stage = StageTurnStart
			for _, h := range g.R.turnStart {
				h.TurnStart(g, p.SideToMove())
			}
		}
	}
	g.stage = stageNone
	p.Refresh()
}

// newPieceFacts gives the piece a drop or a gating move has just put on
// the board the initial value of each fact, as the pieces of the start
// position have them: it comes from a pocket, with no facts of its own
// (piece-hp: a dropped pawn has 2 HP, not 0).
func (g *Game) newPieceFacts(m position.Move) {
	var s geom.Square
	switch {
	case m.Kind() == position.Drop:
		s = m.To()
	case m.IsGating():
		s = m.Aux()
	default:
		return
	}
	p := g.Pos
	for slot, f := range g.R.Facts {
		if f.Initial != nil {
			p.SetFact(s, slot, f.Initial(p.PieceOn(s)))
		}
	}
}

// Undo takes back the last Do.
func (g *Game) Undo() {
	if !g.R.Plain() && len(g.plies) > 0 {
		g.ev = g.ev[:g.plies[len(g.plies)-1].ev]
		g.plies = g.plies[:len(g.plies)-1]
	}
	g.Pos.Undo()
}

// PliesThisTurn is the number of plies the side to move has already played
// in its current turn.
// It is position state (Position.TurnPly): part of the key, of the FEN's
// facts suffix (turn:N) and restored by Undo.
func (g *Game) PliesThisTurn() int { return g.Pos.TurnPly() }

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
func (g *Game) Result() (Result, bool) { return g.result(-1) }

// ResultAmong is Result with the position's legal moves given: legal
// must be LegalMoves' answer for the position as it is now. A caller
// that lists them anyway (the server, for the states of the position a
// move reached) spares their generation here: Result generates the
// same list to tell a side without moves. Only whether legal is empty
// is read.
func (g *Game) ResultAmong(legal []position.Move) (Result, bool) { return g.result(len(legal)) }

// result is Result with the number of legal moves of the position given
// (-1: unknown, generated here when the rules ask).
func (g *Game) result(legal int) (Result, bool) {
	if g.R.Plain() {
		return gameResult(g.Pos, legal)
	}
	if r, over := g.Ended(); over {
		return r, true
	}
	p := g.Pos
	if legal < 0 {
		legal = len(g.LegalMoves())
	}
	if legal == 0 {
		if g.InCheck(p.SideToMove()) {
			if p.V.ShogiPawnDropMateIllegal && p.ShogiPawnDropCheck() {
				return Result{score(p, position.ValueWin), "pawn drop mate"}, true
			}
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
	if len(g.R.Facts) == 0 && len(g.R.GameFacts) == 0 && g.Pos.TurnPly() == 0 {
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
	if g.R.Plain() {
		if m, ok := g.Pos.LegalByUCI(s); ok {
			return m, nil
		}
	}
	moves := g.LegalMoves()
	for _, m := range moves {
		if position.UCIMayName(m, s) && position.UCIEqual(g.Pos.UCI(m), s) {
			return m, nil
		}
	}
	for _, m := range moves {
		if m.Kind() == position.Castling && g.Pos.KingTakesRook(m) == s {
			return m, nil
		}
	}
	return matchSAN(g.Pos, s, moves, g.FEN)
}
