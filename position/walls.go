package position

import "houserules/geom"

// Wall squares, as Fairy-Stockfish has them (position.cpp wallSquares,
// movegen.cpp make_move_and_gating): a wall square ('*' in a FEN) is an
// occupied square without a piece. It is part of the occupied squares, so
// it blocks riders, screens hoppers and lames leapers like any piece, but
// it belongs to no side: nothing captures it, moves or drops onto it. The
// walls of a position live in its State (Do and Undo keep them, the
// Zobrist key covers them). A wall comes from the FEN, from a walling move
// (variants.ini wallingRule) or from petrification (petrifyOnCaptureTypes,
// petrifyBlastPieces).

// WallingRule is variants.ini's wallingRule: where a move puts its wall.
type WallingRule uint8

// The walling rules (Fairy-Stockfish's WallingRule).
const (
	NoWalling     WallingRule = iota
	ArrowWalling              // arrow: a square the moved piece could move to from its destination (amazons)
	DuckWalling               // duck: the one wall (the duck) moves to another empty square
	EdgeWalling               // edge: an edge square or one next to a wall (atlantis)
	PastWalling               // past: the square the piece left (snailtrail, joust)
	StaticWalling             // static: any empty square (isolation)
)

// WallingRuleNames are the variants.ini words of the walling rules, by value.
var WallingRuleNames = [...]string{"none", "arrow", "duck", "edge", "past", "static"}

func (r WallingRule) String() string { return WallingRuleNames[r] }

var zobristWall [geom.SquareNB]uint64

func init() {
	s := uint64(0x77616c6c73) // "walls"
	for i := range zobristWall {
		s = zobristMix(s)
		zobristWall[i] = s
	}
}

// Walls returns the wall squares.
func (p *Position) Walls() geom.Set { return p.st.Walls }

// Walling reports whether the variant places a wall with its moves
// (wallingRule): every move's text then carries a wall square.
func (v *Variant) Walling() bool { return v.WallingRule != NoWalling }

// Wall returns the wall square move m places (NoSquare: none). A walling
// move keeps its own kind (a normal move, a promotion, castling …) and
// carries the wall in Aux with no AuxType, as Fairy-Stockfish carries it
// in the gating square; a wall placed without moving (wallOrMove) is a
// Pass with a wall.
func (m Move) Wall() geom.Square {
	switch {
	case m.AuxType() != NoPieceType:
		return geom.NoSquare // gating
	case m.Kind() == Drop || m.Kind() == Action:
		return geom.NoSquare
	}
	return m.Aux()
}

// WithWall returns m placing a wall on s.
func (m Move) WithWall(s geom.Square) Move { return m.WithAux(s, NoPieceType) }

// addWall makes s a wall square, with its key (the caller logs nothing:
// Undo restores the walls from the state).
func (p *Position) addWall(s geom.Square) {
	p.st.Walls.Add(s)
	p.occ.Add(s)
	p.st.Key ^= zobristWall[s]
}

// doWall places the wall of walling move m (Fairy-Stockfish's do_move:
// with wallOrMove only a move that does not move places one; the duck
// rule first takes away the walls the position had).
func (p *Position) doWall(m Move) {
	w := m.Wall()
	if w == geom.NoSquare || (p.V.WallOrMove && m.From() != m.To()) {
		return
	}
	if p.V.WallingRule == DuckWalling {
		old := p.stack[len(p.stack)-2].Walls
		for b := old; b.Any(); {
			p.st.Key ^= zobristWall[b.Pop()]
		}
		p.st.Walls = p.st.Walls.AndNot(old)
		p.occ = p.occ.AndNot(old)
	}
	p.addWall(w)
}

// undoWalls restores the occupied squares to the walls of the previous
// state before Undo puts the pieces back (a petrified square holds a
// piece again).
func (p *Position) undoWalls(st, prev *State) {
	if st.Walls != prev.Walls {
		p.occ = p.occ.AndNot(st.Walls).Or(prev.Walls)
	}
}

// walled reports whether base move m gets a wall square: the moves
// Fairy-Stockfish's generator makes through make_move_and_gating (piece
// and pawn moves, pawn promotions, en passant, castling), not passes,
// drops, sittuyin promotions nor the shogi-style promotions of pieces.
func (p *Position) walled(m Move) bool {
	switch m.Kind() {
	case Normal, EnPassant, Castling:
		return !p.V.WallOrMove
	case Promotion:
		return !p.V.WallOrMove && !p.c.sittuyin
	case PiecePromotion:
		return !p.V.WallOrMove && p.board[m.From()].Type() == Pawn
	}
	return false
}

// wallTargets returns the squares where base move m (walled, or the
// wall placement's pass) may put its wall: the empty squares after the
// move that are not walls, within the colour's wallingRegion, and those
// the walling rule allows (Fairy-Stockfish's make_move_and_gating).
func (p *Position) wallTargets(m Move) geom.Set {
	v := p.V
	us := p.side
	from, to := m.From(), m.To()
	occ := p.occ
	occ.Del(from)
	o := occ
	occ.Add(to)
	b := p.c.board.Mask.AndNot(p.st.Walls).AndNot(occ)
	switch m.Kind() {
	case Castling:
		kto, rto := p.castlingTargets(us, to > from)
		b.Toggle(to)
		b.Toggle(kto)
		b.Toggle(rto)
	case EnPassant:
		b.Toggle(p.captureSquare(to))
	}
	switch v.WallingRule {
	case ArrowWalling:
		b = b.And(p.c.tables[us][p.board[from].Type()].quiet[to].targets(o))
	case PastWalling:
		b = b.And(geom.Bit(from))
	case EdgeWalling:
		w := p.st.Walls
		next := w.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(1).
			Or(w.AndNot(geom.FileSet(0)).Shift(-1)).
			Or(w.Shift(geom.MaxFiles)).Or(w.Shift(-geom.MaxFiles))
		b = b.And(p.c.edges.Or(next))
	}
	return b.And(v.WallingRegion[us])
}

// wallPass is the base move of a wall placed without moving (wallOrMove):
// Fairy-Stockfish's pass by the side's first piece.
func (p *Position) wallPass() (Move, bool) {
	ours := p.byColor[p.side]
	if !p.V.WallOrMove || ours.Empty() {
		return NoMove, false
	}
	s := ours.First()
	return NewMove(s, s, Pass, 0).WithProduction(ProdPass), true
}

// addWallForms replaces the base moves list[start:] by their walling
// forms (one per wall square, in square order) and, with wallOrMove and
// passing true, adds the wall placements (passing: the caller's answer to
// whether the side may pass; it does not ask legalBase itself, which
// would make the generator recursive and its callers' move buffers
// escape to the heap).
func (p *Position) addWallForms(list []Move, start int, passing bool) []Move {
	base := append(p.wallBuf[:0], list[start:]...)
	p.wallBuf = nil
	list = list[:start]
	for _, m := range base {
		if !p.walled(m) {
			list = append(list, m)
			continue
		}
		for b := p.wallTargets(m); b.Any(); {
			list = append(list, m.WithWall(b.Pop()))
		}
	}
	p.wallBuf = base[:0]
	if pm, ok := p.wallPass(); ok && !p.noisy && passing {
		for b := p.wallTargets(pm); b.Any(); {
			list = append(list, pm.WithWall(b.Pop()))
		}
	}
	return list
}

// countWallForms is len(addWallForms(base, 0, true)) for legal base moves.
func (p *Position) countWallForms(base []Move) int {
	n := 0
	for _, m := range base {
		if p.walled(m) {
			n += p.wallTargets(m).Count()
		} else {
			n++
		}
	}
	if pm, ok := p.wallPass(); ok && p.legalBase(pm) {
		n += p.wallTargets(pm).Count()
	}
	return n
}

// petrifies reports whether the piece bpc that a capture removes from bsq
// (to: the capture's square) turns into a wall square: the capturing
// piece of a petrifyOnCaptureTypes type, a piece a blast removes with
// petrifyBlastPieces (Fairy-Stockfish's do_move).
func (p *Position) petrifies(bsq, to geom.Square, bpc Piece) bool {
	if bsq == to {
		return p.V.PetrifyOnCaptureTypes.Has(bpc.Type())
	}
	return p.V.PetrifyBlastPieces
}

// compileWalls sets the compiled walling flags.
func (c *compiled) compileWalls(v *Variant) {
	c.walling = v.WallingRule != NoWalling
	c.wallLegal = c.walling && v.ExtinctionPseudoRoyal
	c.petrifyRoyal = (v.PetrifyOnCaptureTypes & v.ExtinctionPieceTypes).Types()
	c.wallsChange = c.walling || v.PetrifyOnCaptureTypes != 0 || (v.BlastOnCapture && v.PetrifyBlastPieces)
	b := c.board
	c.edges = geom.FileSet(0).Or(geom.FileSet(b.Files - 1)).Or(geom.RankSet(0)).Or(geom.RankSet(b.Ranks - 1)).And(b.Mask)
}

// FitWalls adapts the moves a house rule added (list[start:]) to the wall
// squares, so that every move of the game obeys them as the base moves do:
// a move that ends on a wall square is dropped (nothing lands on or
// captures a wall; passes and actions are kept), and in a walling variant
// a move that must place a wall (walled) and names none is replaced by one
// form per square its wall may take. Variants without walls get list back
// unchanged.
func (p *Position) FitWalls(list []Move, start int) []Move {
	walls := p.st.Walls
	if walls.Empty() && !p.c.walling {
		return list
	}
	extra := append([]Move(nil), list[start:]...)
	list = list[:start]
	for _, m := range extra {
		if k := m.Kind(); k != Pass && k != Action && walls.Has(m.To()) {
			continue
		}
		if !p.c.walling || m.Wall() != geom.NoSquare || !p.walled(m) {
			list = append(list, m)
			continue
		}
		for b := p.wallTargets(m); b.Any(); {
			list = append(list, m.WithWall(b.Pop()))
		}
	}
	return list
}
