package rules

import (
	"fmt"

	"houserules/geom"
	"houserules/position"
)

// EventKind is what happened to a piece (or a side) in an applied move.
type EventKind uint8

// The kinds of events.
const (
	// EventMoved: Piece went From → Square (the mover, the rook of a
	// castling, a piece a hook pushes along the board).
	EventMoved EventKind = iota + 1
	// EventCapture: Piece on Square was captured by the move; From is the
	// capturer's square, Color the capturing side.
	EventCapture
	// EventDamage: Piece on Square lost Amount hit points (a negative
	// Amount heals); Value is what it has left.
	EventDamage
	// EventPromotion: the piece on Square became Piece (it was Old).
	EventPromotion
	// EventPlaced: Piece appeared on Square (a drop, a spawned piece, a
	// damaged piece pushed aside).
	EventPlaced
	// EventRemoved: Piece on Square left the board other than by the
	// move's capture (a blast, poison, a replaced piece).
	EventRemoved
	// EventCheckGiven: the piece on Square (of side Color) attacks a royal
	// of a side that was not in check before the move.
	EventCheckGiven
	// EventCheckReceived: the royal on Square (of side Color) is attacked
	// after the move and its side was not in check before it.
	EventCheckReceived
	// EventEffect: a hook's resolution took place (Prod) with no board
	// event of its own (a rook detonation that hit nothing).
	EventEffect
)

var eventNames = [...]string{"", "moved", "capture", "damage", "promotion", "placed", "removed", "check-given", "check-received", "effect"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", int(k))
}

// Event is one thing an applied move did. Stage is the stage that made it
// (StageMove for the base rules' physical move), Prod the production
// behind it (the move's production for the physical move, the preset's
// resolution for a hook's event).
type Event struct {
	Kind   EventKind
	Stage  Stage
	Prod   uint16
	Square geom.Square
	From   geom.Square // EventMoved: where the piece came from; EventCapture: the capturer
	Piece  position.Piece
	Old    position.Piece // EventPromotion: the piece before
	ID     uint16         // the piece's stable ID
	Amount int16          // EventDamage: hit points lost (negative: healed)
	Value  int16          // EventDamage: hit points left
	Color  position.Color // the side the event is about (see the kinds)
}

// String renders an event for tests and logs, e.g. "damage d5 p -1 (1 left)
// by preset.hp-damage at damage".
func (e Event) String() string {
	pc := func(x position.Piece) string {
		if x == position.NoPiece {
			return "-"
		}
		return x.Color().String() + "-" + position.BuiltinPieces[x.Type()].Name
	}
	var s string
	switch e.Kind {
	case EventMoved:
		s = fmt.Sprintf("moved %s %s-%s", pc(e.Piece), e.From, e.Square)
	case EventCapture:
		s = fmt.Sprintf("capture %s %s (capturer on %s)", pc(e.Piece), e.Square, e.From)
	case EventDamage:
		s = fmt.Sprintf("damage %s %s %d (%d left)", pc(e.Piece), e.Square, e.Amount, e.Value)
	case EventPromotion:
		s = fmt.Sprintf("promotion %s %s=%s", e.Square, pc(e.Old), pc(e.Piece))
	case EventPlaced, EventRemoved:
		s = fmt.Sprintf("%s %s %s", e.Kind, pc(e.Piece), e.Square)
	case EventCheckGiven, EventCheckReceived:
		s = fmt.Sprintf("%s %s %s", e.Kind, pc(e.Piece), e.Square)
	default:
		s = fmt.Sprintf("%s %s", e.Kind, e.Square)
	}
	if e.Prod != 0 {
		s += " by " + position.ProductionName(e.Prod)
	}
	return s + " at " + e.Stage.String()
}

// Record appends e to the events of the move being applied; its Stage is
// the stage running. Hooks call it (or Place, RemovePiece) for what they
// do to the board.
func (g *Game) Record(e Event) {
	e.Stage = g.stage
	g.ev = append(g.ev, e)
}

// Effect records that a hook's resolution (production prod, e.g.
// preset.rook-detonation) took place with no board event of its own.
func (g *Game) Effect(prod uint16) { g.Record(Event{Kind: EventEffect, Prod: prod}) }

// Place puts pc with meta on s for production prod and records it: a
// piece already on s is EventRemoved first, then EventPlaced.
func (g *Game) Place(s geom.Square, pc position.Piece, meta position.Meta, prod uint16) {
	if old := g.Pos.PieceOn(s); old != position.NoPiece {
		g.Record(Event{Kind: EventRemoved, Prod: prod, Square: s, Piece: old, ID: g.Pos.IDOn(s), Color: old.Color()})
	}
	g.Pos.Put(s, pc, meta)
	if st := g.Pos.State(); st.ToHand != position.NoPiece && meta.ID != 0 && meta.ID == st.CapturedMeta.ID {
		g.Pos.ReturnCaptured() // the captured piece is back: not in the captor's pocket too
	}
	g.Record(Event{Kind: EventPlaced, Prod: prod, Square: s, Piece: pc, ID: meta.ID, Color: pc.Color()})
}

// CapturePiece is the capture of the piece on s by move m, made by a
// before-move hook's physical move (MoveReplacer): it empties s, records
// EventCapture and tells the after-move hooks (MoveInfo.Captured), as the
// base rules' capture does; in a capturesToHand variant the piece goes to
// the captor's pocket.
func (g *Game) CapturePiece(m position.Move, s geom.Square, prod uint16) {
	p := g.Pos
	pc := p.PieceOn(s)
	if pc == position.NoPiece {
		return
	}
	meta := p.MetaOn(s)
	g.Record(Event{Kind: EventCapture, Prod: prod, Square: s, From: m.From(), Piece: pc, ID: meta.ID, Color: pc.Color().Other()})
	p.CaptureToHand(s)
	p.Remove(s)
	p.SetCaptured(s, pc, meta)
}

// RemovePiece empties s for production prod and records EventRemoved.
func (g *Game) RemovePiece(s geom.Square, prod uint16) {
	pc := g.Pos.PieceOn(s)
	if pc == position.NoPiece {
		return
	}
	g.Record(Event{Kind: EventRemoved, Prod: prod, Square: s, Piece: pc, ID: g.Pos.IDOn(s), Color: pc.Color()})
	g.Pos.Remove(s)
}

// Events returns what the last move did, in order: the physical move's
// events (moved, capture, promotion, pieces removed by the base rules),
// the hooks' events stage by stage, then the checks the move gave (a side
// in check after the move that was not before it). It is empty before the
// first move. The slice is valid until the next Do or Undo.
func (g *Game) Events() []Event {
	p := g.Pos
	if p.Ply() == 0 {
		return nil
	}
	if g.R.Plain() {
		g.evOut = appendBaseEvents(g.evOut[:0], p)
		g.evOut = g.appendCheckEvents(g.evOut)
		return g.evOut
	}
	if len(g.plies) == 0 {
		return nil
	}
	rec := &g.plies[len(g.plies)-1]
	if !rec.checks {
		g.ev = g.appendCheckEvents(g.ev)
		rec.checks = true
	}
	g.evOut = g.evOut[:0]
	if rec.base {
		g.evOut = appendBaseEvents(g.evOut, p)
	}
	return append(g.evOut, g.ev[rec.ev:]...)
}

// Effects returns the productions of the hooks' resolutions in the last
// Do, in stage order, each once per run (nil for rulesets without hooks):
// derived from Events.
func (g *Game) Effects() []uint16 {
	g.effects = g.effects[:0]
	if g.R.Plain() || len(g.plies) == 0 {
		return g.effects
	}
	for _, e := range g.ev[g.plies[len(g.plies)-1].ev:] {
		if e.Stage <= StageMove || e.Prod == 0 || e.Kind == EventCheckGiven || e.Kind == EventCheckReceived {
			continue
		}
		if n := len(g.effects); n > 0 && g.effects[n-1] == e.Prod {
			continue
		}
		g.effects = append(g.effects, e.Prod)
	}
	return g.effects
}

// Before runs fn with the game as it stood before the last move (the
// snapshot edge-triggered rules compare with): the board, facts and side
// to move of then. fn must leave the position as it found it.
func (g *Game) Before(fn func()) {
	g.Pos.Rewind(fn)
}

// appendBaseEvents appends the events of the physical move of the
// position's last ply, from the move, the state and the change log (so
// they are right after hooks edited the board too; Do records nothing for
// them).
func appendBaseEvents(out []Event, p *position.Position) []Event {
	st := p.State()
	m := st.Move
	prod := m.Production()
	from, to := m.From(), m.To()
	us := p.StateAt(p.Ply() - 1).Side
	mover, meta := p.Prior(from)
	var touched geom.Set
	ev := func(e Event) {
		e.Stage = StageMove
		if e.Prod == 0 {
			e.Prod = prod
		}
		out = append(out, e)
	}
	switch m.Kind() {
	case position.Pass:
		return out
	case position.Drop:
		pc := position.MakePiece(us, m.DroppedType())
		ev(Event{Kind: EventPlaced, Square: to, Piece: pc, ID: p.IDOn(to), Color: us})
		touched.Add(to)
	case position.Castling:
		rook, rmeta := p.Prior(to)
		kto, rto := p.CastlingTargets(m)
		ev(Event{Kind: EventMoved, From: from, Square: kto, Piece: mover, ID: meta.ID, Color: us})
		ev(Event{Kind: EventMoved, From: to, Square: rto, Piece: rook, ID: rmeta.ID, Color: us})
		touched = touched.Or(geom.Bit(from)).Or(geom.Bit(to)).Or(geom.Bit(kto)).Or(geom.Bit(rto))
	default:
		ev(Event{Kind: EventMoved, From: from, Square: to, Piece: mover, ID: meta.ID, Color: us})
		touched = touched.Or(geom.Bit(from)).Or(geom.Bit(to))
		if st.Captured != position.NoPiece {
			ev(Event{Kind: EventCapture, Square: st.CaptureSquare, From: to, Piece: st.Captured, ID: st.CapturedMeta.ID, Color: us, Prod: prodCapture})
			touched.Add(st.CaptureSquare)
		}
		now := position.NoPiece
		switch m.Kind() {
		case position.Promotion:
			now = position.MakePiece(us, m.PromotionType())
		case position.PiecePromotion:
			now = position.MakePiece(us, p.V.PromotedPieceType[mover.Type()])
		case position.PieceDemotion:
			now = meta.Unpromoted
		}
		if now != position.NoPiece && now != mover {
			ev(Event{Kind: EventPromotion, Square: to, Piece: now, Old: mover, ID: meta.ID, Color: us, Prod: prodPromotion})
		}
	}
	if st.Captured != position.NoPiece && p.V.BlastOnCapture {
		if p.PieceOn(to) == position.NoPiece {
			ev(Event{Kind: EventRemoved, Square: to, Piece: mover, ID: meta.ID, Color: us})
		}
		// the pieces the blast removed: the squares next to the capture
		// square that the ply emptied
		p.PlyChanges(func(s geom.Square, prior position.Piece, pm position.Meta) {
			df, dr := s.File()-to.File(), s.Rank()-to.Rank()
			near := df >= -1 && df <= 1 && dr >= -1 && dr <= 1
			if near && !touched.Has(s) && prior != position.NoPiece && p.PieceOn(s) == position.NoPiece {
				ev(Event{Kind: EventRemoved, Square: s, Piece: prior, ID: pm.ID, Color: prior.Color()})
			}
		})
	}
	return out
}

var (
	prodCapture   = position.RegisterProduction("fide.capture")
	prodPromotion = position.RegisterProduction("fide.promotion")
	prodCheck     = position.RegisterProduction("fide.check-detection")
)

// appendCheckEvents appends the checks the last move gave: for each side
// in check now that was not in check before the move, one
// EventCheckReceived per attacked royal and one EventCheckGiven per
// attacker.
func (g *Game) appendCheckEvents(out []Event) []Event {
	var before [2]bool
	g.Before(func() {
		before = [2]bool{g.InCheck(position.White), g.InCheck(position.Black)}
	})
	p := g.Pos
	for _, c := range [2]position.Color{position.White, position.Black} {
		if before[c] || !g.InCheck(c) {
			continue
		}
		var attackers geom.Set
		for r := g.royals(c); r.Any(); {
			s := r.Pop()
			a := g.Attackers(s, c.Other())
			if a.Empty() {
				continue
			}
			attackers = attackers.Or(a)
			out = append(out, Event{Kind: EventCheckReceived, Stage: StageMove, Prod: prodCheck, Square: s, Piece: p.PieceOn(s), ID: p.IDOn(s), Color: c})
		}
		for attackers.Any() {
			s := attackers.Pop()
			out = append(out, Event{Kind: EventCheckGiven, Stage: StageMove, Prod: prodCheck, Square: s, Piece: p.PieceOn(s), ID: p.IDOn(s), Color: c.Other()})
		}
	}
	return out
}
