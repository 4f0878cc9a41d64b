package position

import "houserules/geom"

// Perft's last two plies: the legal moves of each position after one of
// the side to move's moves, counted. The opponent's pieces do not move in
// between, so the squares each of them reaches (its attacks, which depend
// only on the occupied squares for a table of plain leaps and slides) are
// worked out once, before the moves, and reused after a move that leaves
// every square of that reach as it was: a slide stops at the first
// occupied square, so a change beyond it, or off its lines, changes
// nothing.

// reachCache holds those reaches while CountChildren runs.
type reachCache struct {
	on   bool
	side Color    // the side whose pieces' reaches are kept
	occ  geom.Set // the occupied squares they were worked out with
	sq   geom.Set // the squares of those pieces
	pc   [geom.SquareNB]Piece
	set  [geom.SquareNB]geom.Set
}

// CountChildren returns the sum over moves (legal moves of the side to
// move) of CountLegal after the move: what Do(m), CountLegal(), Undo() for
// each would sum, with the opponent's reaches kept (reachCache).
func (p *Position) CountChildren(moves []Move) uint64 {
	var n uint64
	if !p.c.countLeaves || len(moves) < 2 || p.reach.on {
		for _, m := range moves {
			p.Do(m)
			n += uint64(p.CountLegal())
			p.Undo()
		}
		return n
	}
	rc := &p.reach
	them := p.side.Other()
	rc.side, rc.occ, rc.sq = them, p.occ, geom.Set{}
	for _, pt := range p.c.pieceList {
		if !p.c.reachStable[them][pt] {
			continue
		}
		t := p.c.tables[them][pt]
		for bb := p.PiecesOf(them, pt); bb.Any(); {
			s := bb.Pop()
			rc.sq.Add(s)
			rc.pc[s] = p.board[s]
			rc.set[s] = t.capture[s].targets(p.occ).And(p.c.mobility[them][pt])
		}
	}
	rc.on = true
	for _, m := range moves {
		p.Do(m)
		n += uint64(p.CountLegal())
		p.Undo()
	}
	rc.on = false
	for sq := rc.sq; sq.Any(); {
		rc.pc[sq.Pop()] = NoPiece
	}
	return n
}

// reachOf returns the squares the piece of the side to move on from, of a
// reachStable type pt, reaches: the kept reach when it still holds.
func (p *Position) reachOf(pt PieceType, from geom.Square) geom.Set {
	rc := &p.reach
	if rc.on && rc.side == p.side && rc.pc[from] == p.board[from] {
		if r := rc.set[from]; r.And(p.occ.Xor(rc.occ)).Empty() {
			return r
		}
	}
	us := p.side
	return p.c.tables[us][pt].capture[from].targets(p.occ).And(p.c.mobility[us][pt])
}

// countPseudo is CountLegal when every pseudo-legal move is legal
// (pseudoIsLegal: no royal piece, so no pins): the moves are counted as
// pseudoLegal generates them; a passOnStalemate pass counts only when
// there is no other move.
func (p *Position) countPseudo() int {
	if _, over := p.ImmediateEnd(); over {
		return 0
	}
	if p.leafBuf == nil {
		p.leafBuf = make([]Move, 0, 256)
	}
	n := 0
	list := p.pseudoLegal(p.leafBuf[:0], &n)
	p.leafBuf = list[:0]
	passes := 0
	for _, m := range list {
		if m.Kind() == Pass {
			passes++
		} else {
			n++
		}
	}
	if n == 0 || !p.V.PassOnStalemate[p.side] {
		n += passes
	}
	return n
}
