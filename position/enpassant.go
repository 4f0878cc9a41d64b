package position

import (
	"fmt"
	"strings"

	"houserules/geom"
)

// parseEP reads the en-passant field: one square, or several written
// together (e3, c6e6 …). Fairy-Stockfish's Position::fen writes every
// square its last move marked, in increasing square order: a pawn's
// triple step marks the two squares it passed (where the opponent may
// take), a piece's multi-step first move (the initial moves of Betza's i)
// the squares between and its destination, each within the taker's
// enPassantRegion; Position::set reads square after square and keeps a
// square when its taker can use it.
//
// A square is then kept when a pawn of the side to move can take on it,
// as Fairy-Stockfish keeps it (a square no pawn can take on is dropped:
// chess's e3 after 1.e4 is written by other FENs, not by
// Fairy-Stockfish's). New and NewLenient refuse a square given twice (e3e3,
// which Fairy-Stockfish reads as e3). New (strict) also refuses what no
// move can have left (checkEPSquares): a square no move of the side that
// has just moved marks (e4 for Black in chess, where White's double steps
// pass the third rank; any square in a variant without en passant), and
// squares one move cannot have marked together (e3d3). NewFSF reads the
// field as Fairy-Stockfish does.
func (p *Position) parseEP(s string, strict bool) error {
	v := p.V
	b := p.c.board
	us, them := p.side, p.side.Other()
	var given geom.Set
	field := s
	for len(s) > 0 {
		n := 2
		if len(s) >= 3 && s[2] >= '0' && s[2] <= '9' {
			n = 3
		}
		if len(s) < n {
			return fmt.Errorf("bad square %q", s)
		}
		sq, err := geom.ParseSquare(s[:n], b.Files, b.Ranks)
		if err != nil {
			return err
		}
		s = s[n:]
		if given.Has(sq) && !p.fsfCastling {
			return fmt.Errorf("%q names %s twice (a move marks each square once)", field, sq)
		}
		given.Add(sq)
		if !v.EnPassantRegion[us].Has(sq) {
			continue
		}
		ok := !p.c.fastPawnEP || p.c.epNonPawn[us]
		if !ok {
			push := p.c.pawnPush[them]
			attackers := p.pawnAttacksFrom(them, sq).And(p.PiecesOf(us, Pawn))
			front1, ok1 := b.Step(sq, 0, push)
			front2, ok2 := b.Step(sq, 0, 2*push)
			behind, okb := b.Step(sq, 0, p.c.pawnPush[us])
			pawnThere := (ok1 && p.PiecesOf(them, Pawn).Has(front1)) || (ok2 && p.PiecesOf(them, Pawn).Has(front2))
			pieces := p.byColor[White].Or(p.byColor[Black]) // walls do not count
			blocked := pieces.Has(sq) || (okb && pieces.Has(behind))
			ok = attackers.Any() && pawnThere && !blocked
			if ok && !p.fsfCastling {
				ok = p.epFromStep(sq, them)
			}
		}
		if ok {
			p.st.EP.Add(sq)
		}
	}
	if strict && !p.fsfCastling {
		return p.checkEPSquares(field, given)
	}
	return nil
}

// checkEPSquares refuses en-passant squares that no move of the side that
// has just moved can have left (epFactsOf): a square outside every set
// its moves mark, or several squares that no one move marks together.
// The error names the square or squares.
func (p *Position) checkEPSquares(field string, given geom.Set) error {
	mover := p.side.Other()
	ef := p.epFactsOf()
	for g := given; g.Any(); {
		if sq := g.Pop(); !ef.any[mover].Has(sq) {
			return fmt.Errorf("%s: no move of %s can have left that square (%s)", sq, mover, ef.describe(p.V, mover))
		}
	}
	if !given.More() {
		return nil
	}
	for _, m := range ef.multi[mover] {
		if given.AndNot(m).Empty() {
			return nil
		}
	}
	var names []string
	for g := given; g.Any(); {
		names = append(names, g.Pop().String())
	}
	return fmt.Errorf("%q: no one move of %s can have left %s together (%s)", field, mover, strings.Join(names, " and "), ef.describe(p.V, mover))
}

// epFacts is what checkEPSquares derives from a compiled variant, for
// each colour that has just moved: any, every square one of its moves
// can mark for en passant; multi, the sets of two or more squares one
// move marks together; double, triple and piece, whether a pawn's double
// step, its triple step or a piece's first move marks squares (for the
// error).
type epFacts struct {
	any                   [2]geom.Set
	multi                 [2][]geom.Set
	double, triple, piece [2]bool
}

// describe says which moves of colour c mark en-passant squares.
func (ef *epFacts) describe(v *Variant, c Color) string {
	var ways []string
	if ef.double[c] {
		ways = append(ways, "a "+c.String()+" pawn's double step")
	}
	if ef.triple[c] {
		ways = append(ways, "a "+c.String()+" pawn's triple step")
	}
	if ef.piece[c] {
		ways = append(ways, "a "+c.String()+" piece's multi-step first move")
	}
	if len(ways) == 0 {
		return "no move of " + c.String() + " leaves " + c.Other().String() + " an en-passant square in " + v.Name
	}
	return "the en-passant squares are those " + strings.Join(ways, " or ") + " passes over"
}

// epFactsOf returns the variant's en-passant facts, computed once. They
// follow Do, the one place en-passant squares are set: a pawn's double
// step from its doubleStepRegion marks the square it passes, a triple
// step from its tripleStepRegion the two squares it passes
// (pawnDoubleStepEP); any other type's move that is an initial move of
// its table and not a quiet one marks the squares between and its
// destination; each within the taker's enPassantRegion. Whether a pawn
// can take there is left out: the sets hold every square a move can mark.
func (p *Position) epFactsOf() *epFacts {
	c := p.c
	c.epOnce.Do(func() {
		v, b := p.V, c.board
		ef := &epFacts{}
		for mover := White; mover <= Black; mover++ {
			// every square a move passes over counts, also outside the
			// taker's enPassantRegion (or where nothing takes en passant:
			// spartan, georgian): a FEN writer may give it after any double
			// step, and parseEP drops it, as a square no pawn can take on
			seen := map[geom.Set]bool{}
			mark := func(m geom.Set) bool {
				if m.Empty() {
					return false
				}
				ef.any[mover] = ef.any[mover].Or(m)
				if m.More() && !seen[m] {
					seen[m] = true
					ef.multi[mover] = append(ef.multi[mover], m)
				}
				return true
			}
			if c.types.Has(Pawn) {
				push := c.pawnPush[mover]
				for from := v.DoubleStepRegion[mover].Or(v.TripleStepRegion[mover]).And(b.Mask); from.Any(); {
					f := from.Pop()
					s1, ok1 := b.Step(f, 0, push)
					s2, ok2 := b.Step(f, 0, 2*push)
					_, ok3 := b.Step(f, 0, 3*push)
					if ok1 && ok2 && v.DoubleStepRegion[mover].Has(f) && mark(geom.Bit(s1)) {
						ef.double[mover] = true
					}
					if ok1 && ok2 && ok3 && v.TripleStepRegion[mover].Has(f) && mark(geom.Bit(s1).Or(geom.Bit(s2))) {
						ef.triple[mover] = true
					}
				}
			}
			for _, pt := range c.typeList {
				t := c.tables[mover][pt]
				if pt == Pawn || !t.hasInitial {
					continue
				}
				for from := b.Mask; from.Any(); {
					f := from.Pop()
					for to := t.initial[f].all.AndNot(t.quiet[f].all).And(b.Mask); to.Any(); {
						s := to.Pop()
						if (v.DoubleStepRegion[mover].Has(f) || t.capture[f].all.Has(s)) && mark(lineBetween(b, f, s).Or(geom.Bit(s))) {
							ef.piece[mover] = true
						}
					}
				}
			}
		}
		c.ep = ef
	})
	return c.ep
}

// epFromStep reports whether a pawn of colour them can just have passed
// over sq with a double step (from the square behind sq, in its
// DoubleStepRegion) or a triple step (from one or two squares behind, in
// its TripleStepRegion) and stand where it arrived. Fairy-Stockfish's
// Position::set does not ask (it keeps e4 for Black with a white pawn on
// e5, and takes it); New drops such a square, NewFSF keeps it.
func (p *Position) epFromStep(sq geom.Square, them Color) bool {
	v, b := p.V, p.c.board
	push := p.c.pawnPush[them]
	pawnAt := func(dr int) bool {
		s, ok := b.Step(sq, 0, dr*push)
		return ok && p.PiecesOf(them, Pawn).Has(s)
	}
	from := func(dr int, region geom.Set) bool {
		s, ok := b.Step(sq, 0, -dr*push)
		return ok && region.Has(s)
	}
	switch {
	case pawnAt(1) && from(1, v.DoubleStepRegion[them]):
		return true
	case pawnAt(1) && from(2, v.TripleStepRegion[them]):
		return true
	case pawnAt(2) && from(1, v.TripleStepRegion[them]):
		return true
	}
	return false
}

// pawnAttacksFrom returns the squares a pawn of colour c on s captures to.
func (p *Position) pawnAttacksFrom(c Color, s geom.Square) geom.Set {
	return p.c.tables[c][Pawn].capture[s].all
}
