// Package rules is the move pipeline over a position: legal moves, game
// results, perft and move text.
package rules

import (
	"houserules/position"
	"houserules/position/chess64"
)

// Perft counts the leaf nodes of the legal move tree to depth plies
// (the standard perft: depth 1 = the number of legal moves). Plain chess
// from a set-up position with the standard castling rights goes through
// the 64-bit fast path (package chess64), which knows no other rights;
// crazyhouse and loop chess likewise (chess64.ZH).
func Perft(p *position.Position, depth int) uint64 {
	if depth >= 3 && p.V.StandardChess() && !p.Chess960() && p.Ply() == 0 && p.StandardCastling() {
		if b, err := chess64.Parse(p.FEN()); err == nil {
			return b.Perft(depth)
		}
	}
	if depth >= 3 && !p.Chess960() && p.Ply() == 0 {
		if zh, loop := p.V.StandardCrazyhouse(); zh && p.StandardCastling() {
			if z, err := chess64.ParseZH(p.FEN(), loop); err == nil {
				return z.Perft(depth)
			}
		}
	}
	return perft(p, depth)
}

// PerftGeneric is Perft through the generic core only (no fast path): the
// reference the fast path is tested against.
func PerftGeneric(p *position.Position, depth int) uint64 { return perft(p, depth) }

func perft(p *position.Position, depth int) uint64 {
	if depth >= 2 {
		// the chasing rule's records are for game ends, not move counts
		defer p.SetChaseRecords(p.SetChaseRecords(false))
	}
	return perftNode(p, depth)
}

func perftNode(p *position.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var buf [256]position.Move
	moves := p.LegalMoves(buf[:0])
	if depth == 2 {
		return p.CountChildren(moves)
	}
	var n uint64
	for _, m := range moves {
		p.Do(m)
		n += perftNode(p, depth-1)
		p.Undo()
	}
	return n
}

// DivideEntry is one root move and its subtree count.
type DivideEntry struct {
	Move  position.Move
	Nodes uint64
}

// Divide returns perft(depth-1) for each legal root move.
func Divide(p *position.Position, depth int) []DivideEntry {
	defer p.SetChaseRecords(p.SetChaseRecords(false))
	var out []DivideEntry
	for _, m := range p.LegalMoves(nil) {
		p.Do(m)
		out = append(out, DivideEntry{m, Perft(p, depth-1)})
		p.Undo()
	}
	return out
}

// PerftGame counts leaf nodes through the whole pipeline (presets
// included); without hooks it is Perft.
func PerftGame(g *Game, depth int) uint64 {
	if g.R.Plain() {
		return Perft(g.Pos, depth)
	}
	if depth <= 0 {
		return 1
	}
	moves := g.LegalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		g.Do(m)
		n += PerftGame(g, depth-1)
		g.Undo()
	}
	return n
}
