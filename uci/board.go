package uci

import (
	"fmt"
	"strings"

	"houserules/geom"
	"houserules/position"
)

func (e *Engine) cmdDisplay() {
	g, err := e.Game()
	if err != nil {
		e.infoString("d: %v", err)
		return
	}
	var sb strings.Builder
	sb.WriteString(Board(g.Pos, false))
	fmt.Fprintf(&sb, "\nFen: %s\n", g.FEN())
	fmt.Fprintf(&sb, "Key: %016X\n", g.Pos.Key())
	sb.WriteString("Checkers:")
	for c := g.Checkers(); c.Any(); {
		sb.WriteString(" " + c.Pop().String())
	}
	sb.WriteString("\n")
	if e.houseRules != "" {
		fmt.Fprintf(&sb, "HouseRules: %s\n", e.houseRules)
	}
	if r, over := g.Result(); over {
		fmt.Fprintf(&sb, "Result: %s\n", r)
	}
	e.printf("%s", sb.String())
}

// Board draws the position in Fairy-Stockfish's style, with rank numbers
// on the right and file letters below, for any board size; flip puts
// Black at the bottom. A shogi-style promoted piece is + and the letter
// it had before promotion (+P for a tokin, +r for a dragon), as in the
// FEN; a piece promoted crazyhouse-style is ~ and its letter (~Q). The side to move is marked with * on its home edge,
// and in variants with pockets each side's pocket follows its home rank
// ([QNP], king first, as Fairy-Stockfish's d shows it). A wall square
// (a duck, an arrow, a petrified square) is *.
func Board(p *position.Position, flip bool) string {
	b := p.V.Board()
	var sb strings.Builder
	sep := " " + strings.Repeat("+---", b.Files) + "+\n"
	sb.WriteString(sep)
	for i := 0; i < b.Ranks; i++ {
		r := b.Ranks - 1 - i
		if flip {
			r = i
		}
		sb.WriteString(" |")
		for j := 0; j < b.Files; j++ {
			f := j
			if flip {
				f = b.Files - 1 - j
			}
			s := geom.Sq(f, r)
			pc := p.PieceOn(s)
			ch, prom := byte(' '), byte(' ')
			switch up := p.MetaOn(s).Unpromoted; {
			case pc == position.NoPiece && p.Walls().Has(s):
				ch = '*' // a wall square, as in the FEN and Fairy-Stockfish's d
			case pc == position.NoPiece:
			case up != position.NoPiece:
				// shogi-style: + and the letter it had before (+P, +r)
				ch, prom = p.PieceChar(up), '+'
			case p.IsPromoted(s):
				// crazyhouse-style: demoted when captured (~Q)
				ch, prom = p.PieceChar(pc), '~'
			default:
				ch = p.PieceChar(pc)
			}
			sb.WriteByte(prom)
			sb.WriteByte(ch)
			sb.WriteString(" |")
		}
		fmt.Fprintf(&sb, " %d", r+1)
		top := i == 0
		bottom := i == b.Ranks-1
		stm := p.SideToMove()
		white := (!flip && bottom) || (flip && top)
		black := (!flip && top) || (flip && bottom)
		if (white && stm == position.White) || (black && stm == position.Black) {
			sb.WriteString(" *")
		} else if (white || black) && p.V.HasPockets() {
			sb.WriteString("  ")
		}
		if (white || black) && p.V.HasPockets() && !p.V.FreeDrops { // free drops: no pocket (Fairy-Stockfish)
			c := position.White
			if black {
				c = position.Black
			}
			sb.WriteString(" [" + pocket(p, c) + "]")
		}
		sb.WriteString("\n")
		sb.WriteString(sep)
	}
	sb.WriteString(" ")
	for j := 0; j < b.Files; j++ {
		f := j
		if flip {
			f = b.Files - 1 - j
		}
		fmt.Fprintf(&sb, "  %c ", 'a'+f)
	}
	sb.WriteString("\n")
	return sb.String()
}

// pocket returns c's pieces in hand as FEN letters, king first.
func pocket(p *position.Position, c position.Color) string {
	var sb strings.Builder
	for _, pt := range p.HandTypes(c) {
		ch := p.PieceChar(position.MakePiece(c, pt))
		for n := p.InHand(c, pt); n > 0; n-- {
			sb.WriteByte(ch)
		}
	}
	return sb.String()
}
