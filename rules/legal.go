package rules

import (
	"houserules/geom"
	"houserules/position"
)

// LegalMoves returns the legal moves of the side to move through the whole
// pipeline; with no hooks it is the position's own generator, listing
// into a buffer on the stack and copied out once (not a slice grown from
// nil, an allocation and copy each time it doubles); nil when there are
// none.
func (g *Game) LegalMoves() []position.Move {
	if g.R.Plain() {
		var buf [256]position.Move
		legal := g.Pos.LegalMoves(buf[:0])
		if len(legal) == 0 {
			return nil
		}
		return append([]position.Move(nil), legal...)
	}
	return g.hookedLegal()
}

func (g *Game) hookedLegal() []position.Move {
	return g.hookedLegalWhere(nil, nil)
}

// listLegality reports whether legality depends on the whole move list
// (compulsory capture, presets that filter the legal list) rather than on
// each move alone under house rules; plain rulesets count as such here
// (their moves come from the position package).
func (g *Game) listLegality() bool {
	return g.R.Plain() || g.Pos.V.MustCapture || len(g.R.legal) > 0
}

// LegalMovesWhere appends to buf the legal moves that keep accepts (for a
// search that wants only captures, say). keep sees each candidate before
// the costly legality test; rulesets whose legality depends on the whole
// move list (compulsory capture, presets that filter the legal list) get
// the full list first and keep after, so the answer is always the subset
// of LegalMoves that keep accepts.
func (g *Game) LegalMovesWhere(keep func(position.Move) bool, buf []position.Move) []position.Move {
	if g.listLegality() {
		for _, m := range g.LegalMoves() {
			if keep(m) {
				buf = append(buf, m)
			}
		}
		return buf
	}
	return g.hookedLegalWhere(keep, buf)
}

// Candidates appends to buf the moves LegalMoves would test under house
// rules (base and preset moves, preset move filters applied) and reports
// true when Legal alone decides each of them, so a search can test
// legality only for the moves it reaches. It reports false (and appends
// nothing) when legality depends on the whole list (compulsory capture,
// presets that filter the legal list), for plain rulesets (use
// position.PseudoLegal and Position.Legal), and when the game has ended.
func (g *Game) Candidates(buf []position.Move) ([]position.Move, bool) {
	if g.listLegality() {
		return buf, false
	}
	if _, over := g.Ended(); over {
		return buf, false
	}
	return g.candidates(buf), true
}

// candidates appends the base and preset moves that the presets' move
// filters allow (legality not tested).
func (g *Game) candidates(buf []position.Move) []position.Move {
	p := g.Pos
	start := len(buf)
	buf = p.PseudoLegal(buf)
	if p.Checkers().Any() {
		// the base rules leave castling out in check; here the presets say
		// what check is (a piece-hp king with 2 Hp is not in check):
		// legalHooked judges castling by the ruleset's own check
		buf = p.CastlingMoves(buf)
	}
	us := p.SideToMove()
	extraStart := len(buf)
	for _, h := range g.R.extra {
		buf = h.ExtraMoves(g, us, buf)
	}
	if len(g.R.extra) > 0 {
		// the presets' moves obey the wall squares as the base moves do
		buf = p.FitWalls(buf, extraStart)
		buf = append(buf[:start], dedupe(p, buf[start:])...)
	}
	n := start
	for _, m := range buf[start:] {
		ok := true
		for _, h := range g.R.filter {
			if !h.AllowMove(g, m) {
				ok = false
				break
			}
		}
		if ok {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Legal reports whether a move of Candidates is legal: it does not leave
// one of the mover's royals attacked (nor, without checks, give one), and
// castling does not pass through attacked squares.
func (g *Game) Legal(m position.Move) bool { return g.legalHooked(m) }

func (g *Game) hookedLegalWhere(keep func(position.Move) bool, out []position.Move) []position.Move {
	if _, over := g.Ended(); over {
		return out
	}
	p := g.Pos
	for _, m := range g.candidates(nil) {
		if (keep == nil || keep(m)) && g.legalHooked(m) {
			out = append(out, m)
		}
	}
	if p.V.MustCapture {
		var caps []position.Move
		for _, m := range out {
			if p.IsCapture(m) {
				caps = append(caps, m)
			}
		}
		if len(caps) > 0 {
			out = caps
		}
	}
	for _, h := range g.R.legal {
		out = h.FilterLegal(g, out)
	}
	return out
}

// dedupe keeps one move per from→to/kind/promotion (a destination reached
// both by a base move and a preset move is listed once, the base first).
func dedupe(p *position.Position, moves []position.Move) []position.Move {
	seen := make(map[position.Move]bool, len(moves))
	out := moves[:0]
	for _, m := range moves {
		k := m.Base()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, m)
	}
	return out
}

// royals returns the pieces of colour c that must not be left attacked.
func (g *Game) royals(c position.Color) geom.Set {
	for _, h := range g.R.royals {
		if s, ok := h.Royals(g, c); ok {
			return s
		}
	}
	return g.Pos.RoyalsOf(c)
}

// Attackers returns the pieces of colour c attacking s, with the preset
// moves and attack rules included.
func (g *Game) Attackers(s geom.Square, c position.Color) geom.Set {
	p := g.Pos
	a := p.AttackersTo(s, p.Occupied(), c)
	if len(g.R.extra) > 0 {
		// Preset moves attack s if they could capture there: ask with a
		// piece of the other colour standing on s (quiet-only moves such as
		// a backward pawn step then do not count).
		p.WithPiece(s, position.MakePiece(c.Other(), position.King), func() {
			for _, h := range g.R.extra {
				for _, m := range h.ExtraMoves(g, c, nil) {
					if m.To() == s && m.Kind() != position.Castling && m.From() != m.To() {
						a.Add(m.From())
					}
				}
			}
		})
	}
	for _, h := range g.R.attack {
		a = h.Attackers(g, s, c, a)
	}
	return a
}

// Checkers returns the pieces giving check to the side to move: those
// attacking its royals under the ruleset (Attackers, as InCheck sees
// them); without house rules Position.Checkers.
func (g *Game) Checkers() geom.Set {
	if g.R.Plain() {
		return g.Pos.Checkers()
	}
	return g.royalAttackers(g.Pos.SideToMove())
}

// royalAttackers returns the pieces attacking a royal of colour c under
// the ruleset.
func (g *Game) royalAttackers(c position.Color) geom.Set {
	var b geom.Set
	for r := g.royals(c); r.Any(); {
		b = b.Or(g.Attackers(r.Pop(), c.Other()))
	}
	return b
}

// CheckedRoyals returns the royal pieces of colour c in check, the
// squares a board marks. Without house rules they are the position's
// (Position.CheckedRoyals: coregal's queen, atomic's king unless it stands
// beside the enemy king, duple check's kings when all are attacked). With
// house rules they are the royals of the ruleset (royals: piece HP's kings
// with 1 HP …) that InCheck finds attacked (Attackers), but for a royal
// beside the enemy royal where captures explode (atomic), which cannot be
// taken.
func (g *Game) CheckedRoyals(c position.Color) geom.Set {
	p := g.Pos
	if g.R.Plain() {
		return p.CheckedRoyals(c)
	}
	var b geom.Set
	for r := g.royals(c); r.Any(); {
		s := r.Pop()
		if !p.BesideTheirRoyal(s, c) && g.Attackers(s, c.Other()).Any() {
			b.Add(s)
		}
	}
	return b
}

// InCheck reports whether a royal of colour c is attacked.
func (g *Game) InCheck(c position.Color) bool {
	if g.R.Plain() {
		if c == g.Pos.SideToMove() {
			return g.Pos.InCheck()
		}
	}
	return g.royalAttackers(c).Any()
}

// legalHooked: m is legal if, made with all its effects, no royal of the
// mover is attacked; castling may not start in, pass through or end in an
// attacked square; a no-checking variant may not give check.
func (g *Game) legalHooked(m position.Move) bool {
	p := g.Pos
	us := p.SideToMove()
	if m.Kind() == position.Castling && g.royals(us).Has(m.From()) {
		if g.InCheck(us) {
			return false
		}
		kto := castlingKingTarget(p, m)
		from := m.From()
		step := 1
		if kto < from {
			step = -1
		}
		for s := from; s != kto; s = geom.Square(int(s) + step) {
			if s != from && g.Attackers(s, us.Other()).Any() {
				return false
			}
		}
	}
	g.Do(m)
	defer g.Undo()
	if g.InCheck(us) {
		return false
	}
	if !p.V.Checking && g.InCheck(us.Other()) {
		return false
	}
	return true
}

func castlingKingTarget(p *position.Position, m position.Move) geom.Square {
	v := p.V
	rank := m.From().Rank()
	if m.To() > m.From() {
		return geom.Sq(v.CastlingKingsideFile, rank)
	}
	return geom.Sq(v.CastlingQueensideFile, rank)
}
