package position

import (
	"fmt"
	"strings"

	"houserules/geom"
)

// Enclosing drops and flipping (variants.ini's enclosingDrop,
// enclosingDropStart and flipEnclosedPieces, [EnclosingRule]): the drop
// rules of reversi, ataxx, snort and connect four, and the flips of
// reversi, ataxx and quadwrangle. The rules and their quirks follow
// Fairy-Stockfish's Position::drop_region and Position::do_move; a variant
// without them pays one compiled flag test per drop and per move.

// EnclosingRule names an enclosing rule of variants.ini.
type EnclosingRule uint8

// Enclosing rules (variants.ini [EnclosingRule]).
const (
	NoEnclosing EnclosingRule = iota
	// ReversiEnclosing: a drop must enclose opponent's pieces between it
	// and one of the side's pieces along a queen line; as a flip rule, the
	// enclosed pieces change colour.
	ReversiEnclosing
	// AtaxxEnclosing: a drop must be next to (a king step from) one of the
	// side's pieces; as a flip rule, the opponent's pieces next to the
	// arrival square change colour.
	AtaxxEnclosing
	// QuadwrangleEnclosing (flip rule only): as AtaxxEnclosing after a
	// normal move, or after a drop next to one of the side's pieces.
	QuadwrangleEnclosing
	// SnortEnclosing: a drop may not be a wazir step from an opponent's
	// piece.
	SnortEnclosing
	// AnysideEnclosing: a drop is pushed in from an empty edge square and
	// slides across the board.
	AnysideEnclosing
	// TopEnclosing: a drop lands on the first rank or on a piece (connect
	// four; variants.ini's dropOnTop).
	TopEnclosing
)

// EnclosingRuleNames are the variants.ini words of the enclosing rules,
// in the order of the constants.
var EnclosingRuleNames = []string{"none", "reversi", "ataxx", "quadwrangle", "snort", "anyside", "top"}

// compileEnclosing sets the compiled flags of the enclosing rules and free
// drops.
func (c *compiled) compileEnclosing(v *Variant) {
	c.enclosing = v.PieceDrops && v.EnclosingDrop != NoEnclosing
	c.flip = v.FlipEnclosedPieces != NoEnclosing
	c.freeDrops = v.PieceDrops && v.FreeDrops
}

// The rules look at the lines and neighbourhoods of the plain board (a
// wrapping topology does not wrap them), as Fairy-Stockfish has none.
//
// Wall squares (annexation's corners), in Fairy-Stockfish: a reversi drop's
// enclosing test passes over walls as over the opponent's pieces (its
// occupancy is the board less walls and their pieces), while a flip's run
// stops at a wall; top and anyside drops rest on walls as on pieces;
// snort and ataxx look at pieces only; a full board has no empty square
// that is not a wall. enclosingDrops passes over walls; enclosed, the
// TopEnclosing case and anysideTargets take p.occ (walls included) and the
// colour sets, so walls stop flips and carry dropped pieces.

// shiftDir moves every square of b one step in direction d (file, rank
// steps of -1, 0 or 1), dropping squares that leave the 12×12 frame.
func shiftDir(b geom.Set, d [2]int) geom.Set {
	switch d[0] {
	case 1:
		b = b.AndNot(geom.FileSet(geom.MaxFiles - 1))
	case -1:
		b = b.AndNot(geom.FileSet(0))
	}
	return b.Shift(d[0] + d[1]*geom.MaxFiles)
}

// queenDirs are the eight directions of a queen line; the first four are
// a wazir's.
var queenDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// neighbours returns the squares a king step (wazir step when !diag) from
// a square of b, within the 12×12 frame (callers cut them to the board).
func neighbours(b geom.Set, diag bool) geom.Set {
	dirs := queenDirs[:4]
	if diag {
		dirs = queenDirs[:]
	}
	var n geom.Set
	for _, d := range dirs {
		n = n.Or(shiftDir(b, d))
	}
	return n
}

// enclosingDrops returns the squares where a piece of colour c encloses
// opponent's pieces along some queen line: each line's run of their
// pieces is grown back from c's pieces, and the square before it
// encloses (reversi's move generation on whole sets). As in
// Fairy-Stockfish's drop_region, the run passes over wall squares as over
// the opponent's pieces, and the square must be next to one of the
// opponent's pieces (annexation: a run of walls alone does not count
// unless that holds).
func (p *Position) enclosingDrops(c Color) geom.Set {
	ours, theirs := p.byColor[c], p.byColor[c.Other()]
	over := theirs.Or(p.st.Walls)
	var b geom.Set
	for _, d := range queenDirs {
		back := [2]int{-d[0], -d[1]}
		run := shiftDir(ours, back).And(over)
		for x := run; x.Any(); {
			x = shiftDir(x, back).And(over)
			run = run.Or(x)
		}
		b = b.Or(shiftDir(run, back))
	}
	if p.st.Walls.Any() {
		b = b.And(neighbours(theirs, true))
	}
	return b.AndNot(p.occ)
}

// enclosed returns the opponent's pieces that a piece of colour us on s
// encloses along the queen line d: the run of their pieces next to s up to
// one of ours (empty when the run does not end at one of ours).
func (p *Position) enclosed(us Color, s geom.Square, d [2]int) geom.Set {
	theirs := p.byColor[us.Other()]
	var run geom.Set
	for x := shiftDir(geom.Bit(s), d).And(theirs); x.Any(); x = shiftDir(x, d).And(theirs) {
		run = run.Or(x)
		if shiftDir(x, d).And(p.byColor[us]).Any() {
			return run
		}
	}
	return geom.Set{}
}

// enclosingTargets cuts the drop targets b of colour c to the enclosing
// drop rule (Fairy-Stockfish's drop_region): while a square of
// enclosingDropStart is empty, the drops go there; otherwise to the
// squares the rule allows.
func (p *Position) enclosingTargets(c Color, b geom.Set) geom.Set {
	v := p.V
	if v.EnclosingDropStart.AndNot(p.occ).Any() {
		return b.And(v.EnclosingDropStart)
	}
	switch v.EnclosingDrop {
	case ReversiEnclosing:
		return b.And(p.enclosingDrops(c))
	case AtaxxEnclosing:
		return b.And(neighbours(p.byColor[c], true))
	case SnortEnclosing:
		return b.AndNot(neighbours(p.byColor[c.Other()], false))
	case TopEnclosing:
		return b.And(p.occ.Shift(geom.MaxFiles).Or(geom.RankSet(0)))
	case AnysideEnclosing:
		return b.And(p.anysideTargets())
	}
	return b
}

// enclosingRefusal says why the enclosing drop rule keeps the side to
// move from dropping on the empty square to (DropTargetRefusal).
func (p *Position) enclosingRefusal(to geom.Square) string {
	v := p.V
	if start := v.EnclosingDropStart.AndNot(p.occ); start.Any() {
		return fmt.Sprintf("while %s is empty, drops go there first", squareList(start))
	}
	switch v.EnclosingDrop {
	case ReversiEnclosing:
		return fmt.Sprintf("a drop on %s would enclose no opponent's piece between it and one of %s's pieces", to, p.side)
	case AtaxxEnclosing:
		return fmt.Sprintf("%s is not next to one of %s's pieces (a piece further away jumps)", to, p.side)
	case SnortEnclosing:
		return fmt.Sprintf("%s is next to an opponent's piece", to)
	case TopEnclosing:
		return fmt.Sprintf("%s is neither on the first rank nor on top of a piece", to)
	}
	return fmt.Sprintf("a piece pushed in from an empty edge square does not stop on %s", to)
}

// squareList names the squares of b, "d4 e4 d5 e5".
func squareList(b geom.Set) string {
	var names []string
	for b.Any() {
		names = append(names, b.Pop().String())
	}
	return strings.Join(names, " ")
}

// anysideTargets are the squares a piece pushed in from an empty edge
// square reaches, for each rank from the west and the east edge and each
// file from the south and the north edge. As in Fairy-Stockfish, each
// entry takes the lowest-numbered candidate of its line: the square before
// the first piece for pushes from the west and the south, and, for pushes
// from the east and the north, the lowest empty square beyond a piece (or
// the far edge square) — which may lie behind other pieces.
func (p *Position) anysideTargets() geom.Set {
	bd := p.c.board
	occ := p.occ
	empty := bd.Mask.AndNot(occ)
	lastFile, lastRank := geom.FileSet(bd.Files-1), geom.RankSet(bd.Ranks-1)
	var b geom.Set
	first := func(cand, line geom.Set) {
		if x := cand.And(line); x.Any() {
			b.Add(x.First())
		}
	}
	fromWest := occ.AndNot(geom.FileSet(0)).Shift(-1).Or(lastFile).And(empty)
	fromEast := occ.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(1).Or(geom.FileSet(0)).And(empty)
	for r := 0; r < bd.Ranks; r++ {
		if !occ.Has(geom.Sq(0, r)) {
			first(fromWest, geom.RankSet(r))
		}
		if !occ.Has(geom.Sq(bd.Files-1, r)) {
			first(fromEast, geom.RankSet(r))
		}
	}
	fromSouth := occ.Shift(-geom.MaxFiles).Or(lastRank).And(empty)
	fromNorth := occ.Shift(geom.MaxFiles).Or(geom.RankSet(0)).And(empty)
	for f := 0; f < bd.Files; f++ {
		if !occ.Has(geom.Sq(f, 0)) {
			first(fromSouth, geom.FileSet(f))
		}
		if !occ.Has(geom.Sq(f, bd.Ranks-1)) {
			first(fromNorth, geom.FileSet(f))
		}
	}
	return b
}

// flipEnclosed turns the opponent's pieces that move m of colour us (just
// made: the piece stands on m.To()) encloses to us, by flipEnclosedPieces
// (Fairy-Stockfish's do_move). A pass flips nothing. Undo restores them
// with the square log.
func (p *Position) flipEnclosed(us Color, m Move) {
	to := m.To()
	theirs := p.byColor[us.Other()]
	var flips geom.Set
	switch p.V.FlipEnclosedPieces {
	case ReversiEnclosing:
		for _, d := range queenDirs {
			flips = flips.Or(p.enclosed(us, to, d))
		}
	case AtaxxEnclosing:
		flips = neighbours(geom.Bit(to), true).And(theirs)
	case QuadwrangleEnclosing:
		if ring := neighbours(geom.Bit(to), true); m.Kind() == Normal || ring.And(p.byColor[us]).Any() {
			flips = ring.And(theirs)
		}
	}
	for flips.Any() {
		s := flips.Pop()
		p.set(s, MakePiece(us, p.board[s].Type()), false, p.meta[s])
	}
}
