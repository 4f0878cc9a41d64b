package position

import (
	"houserules/geom"
)

// State is the part of a position that make/unmake saves and restores.
type State struct {
	Side            Color // the side to move in this state
	Castling        CastlingRights
	Captured        Piece
	CaptureSquare   geom.Square // where it stood (differs from To for en passant)
	Pass            bool
	Bikjang         bool     // the side to move's king faces the enemy king (bikjangRule)
	Shak            bool     // a check by a knight, rook or bers (shatar mate rule)
	legalCapture    int8     // -1 unknown, 0 no, 1 yes (mustCapture cache)
	legalDrop       int8     // -1 unknown, 0 no, 1 yes (mustDrop cache)
	turnPly         uint8    // plies the side to move has played in its current turn (multi-ply turns)
	EP              geom.Set // en-passant target squares
	Walls           geom.Set // wall squares (walls.go)
	Rule50          int      // plies since the last capture or irreversible move
	PliesFromNull   int
	ChecksRemaining [2]int
	CountingLimit   int
	CountingPly     int
	Key             uint64
	Move            Move
	CapturedMeta    Meta     // ID and facts of the captured piece
	ToHand          Piece    // the piece the capture put in the captor's pocket (capturesToHand)
	GameFacts       [4]int32 // per-game preset state (slots 0–3; more in moreGame)
	moreGame        uint32   // game facts 4…: a record of the facts arena (0: all zero)
	arenaLen        uint32   // length of the facts arena when this state was pushed
	Checkers        geom.Set
	PseudoRoyals    geom.Set
	PseudoRoyalCand geom.Set
	logLen          int // square-change log length before this move
	handLen         int // pocket-change log length before this move
}

// FactSlots is the number of per-piece fact slots kept inline with each
// piece (Hp, HasMoved, …), and of game-fact slots kept inline in the
// state. There may be more of either: slots from FactSlots on live in the
// position's facts arena (see Fact, MetaWithFact, GameFact), at no cost
// to rulesets that use at most FactSlots.
const FactSlots = 4

// Facts holds one piece's inline fact values (slots 0…FactSlots-1).
type Facts [FactSlots]int16

// Meta is what travels with a piece besides its type and colour: its
// stable ID, the piece it was before a shogi-style promotion, and its facts
// (the inline slots in Facts, slots FactSlots… in a record of its
// position's facts arena: read and change them with Position.MetaFact and
// MetaWithFact).
type Meta struct {
	Unpromoted Piece
	ID         uint16
	Facts      Facts
	more       uint32 // facts FactSlots…: a record of the facts arena (0: all zero)
}

// change is one square modification, for undo.
type change struct {
	sq       geom.Square
	pc       Piece
	promoted bool
	meta     Meta
}

// Position is a board state of one variant.
type Position struct {
	V *Variant
	c *compiled

	noisy bool // generating for PseudoLegalNoisy
	// gateLater: pseudoLegal leaves out the gating forms, which its caller
	// (LegalMoves, CountLegal) adds to the legal moves (gateByBase); gi:
	// what the side to move may gate, set by CountLegal for pseudoLegal's
	// count
	gateLater bool
	gi        gateInfo
	// leafBuf: CountLegal's move list (not zeroed per call as a local
	// array would be; CountLegal does not nest)
	leafBuf []Move
	// wallBuf: addWallForms' copy of the base moves; wallLater:
	// pseudoLegal leaves out the walling forms, which its caller adds
	// to (or counts for) the legal base moves
	wallBuf   []Move
	wallLater bool
	// reach: the opponent's reaches while CountChildren runs
	reach reachCache

	board    [geom.SquareNB]Piece
	meta     [geom.SquareNB]Meta
	promoted geom.Set
	byType   [PieceTypeNB]geom.Set
	byColor  [2]geom.Set
	occ      geom.Set
	count    [2][PieceTypeNB]int
	nextID   uint16

	hand    [2][PieceTypeNB]uint8 // pockets: pieces in hand by colour and type
	handN   [2]int                // pieces in each pocket
	handSet [2]PieceSet           // types with a piece in each pocket
	handLog []handChange          // pocket and gate changes, for Undo
	gates   [2]geom.Set           // gates (gating.go): unmoved back-rank pieces with gating rights

	side     Color
	gamePly  int
	chess960 bool
	// fsfCastling: the castling field is read as Fairy-Stockfish reads it
	// (NewFSF), without checkCastlingRight
	fsfCastling bool

	castlingMask       [geom.SquareNB]CastlingRights
	castlingRookSquare [16]geom.Square
	castlingKingSquare [2]geom.Square
	castlingPath       [16]geom.Set

	st    *State
	stack []State
	log   []change
	// arena holds the fact records of slots beyond FactSlots: at index x
	// a record is arena[x] = n followed by n values. Records are never
	// changed once written (copy on write), so a Meta or State that names
	// one stays valid; Undo drops the records its ply wrote.
	arena []int32

	// pin scratch, valid while pinSerial == serial
	serial    uint64
	pinSerial uint64
	pinned    geom.Set
	pinSq     [24]geom.Square
	pinRay    [24]geom.Set
	npins     int
	// jcToggle: the janggi cannons that Legal's move adds or removes
	// (janggiCannons), empty outside Legal
	jcToggle geom.Set
	// danger: kingDanger's result, valid while dangerSerial == serial
	danger, dangerFill geom.Set
	dangerSerial       uint64
	// chaseLog[i]: the chase record of stack[i] (chasingRule only; chase.go)
	chaseLog []chaseInfo
	noChase  bool // chase records off (SetChaseRecords)
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceOn returns the piece on s (NoPiece if empty).
func (p *Position) PieceOn(s geom.Square) Piece { return p.board[s] }

// IDOn returns the stable ID of the piece on s (0 if empty).
func (p *Position) IDOn(s geom.Square) uint16 { return p.meta[s].ID }

// MetaOn returns the ID, unpromoted piece and facts of the piece on s.
func (p *Position) MetaOn(s geom.Square) Meta { return p.meta[s] }

// Fact returns fact slot i of the piece on s.
func (p *Position) Fact(s geom.Square, i int) int16 { return p.MetaFact(p.meta[s], i) }

// SetFact changes fact slot i of the piece on s; Undo restores it.
func (p *Position) SetFact(s geom.Square, i int, val int16) {
	p.set(s, p.board[s], p.promoted.Has(s), p.MetaWithFact(p.meta[s], i, val))
}

// MetaFact returns fact slot i of a piece's meta (one on the board, or a
// captured piece's State.CapturedMeta).
func (p *Position) MetaFact(m Meta, i int) int16 {
	if i < FactSlots {
		return m.Facts[i]
	}
	return int16(p.arenaValue(m.more, i-FactSlots))
}

// MetaWithFact returns m with fact slot i set to val (a new arena record
// for slots beyond FactSlots; m itself is not changed).
func (p *Position) MetaWithFact(m Meta, i int, val int16) Meta {
	if i < FactSlots {
		m.Facts[i] = val
		return m
	}
	m.more = p.arenaWith(m.more, i-FactSlots, int32(val))
	return m
}

// arenaValue returns value j of record x (0 when x is 0 or shorter).
func (p *Position) arenaValue(x uint32, j int) int32 {
	if x == 0 || j >= int(p.arena[x]) {
		return 0
	}
	return p.arena[int(x)+1+j]
}

// arenaWith writes a copy of record x with value j set to val and returns
// its index.
func (p *Position) arenaWith(x uint32, j int, val int32) uint32 {
	if len(p.arena) == 0 {
		p.arena = append(p.arena, 0) // index 0 means "no record"
	}
	n := j + 1
	if x != 0 {
		n = max(n, int(p.arena[x]))
	}
	at := len(p.arena)
	p.arena = append(p.arena, int32(n))
	for k := 0; k < n; k++ {
		p.arena = append(p.arena, p.arenaValue(x, k))
	}
	p.arena[at+1+j] = val
	return uint32(at)
}

// GameFact returns game fact i (per-game preset state).
func (p *Position) GameFact(i int) int32 {
	if i < FactSlots {
		return p.st.GameFacts[i]
	}
	return p.arenaValue(p.st.moreGame, i-FactSlots)
}

// SetGameFact changes game fact i; Undo restores it.
func (p *Position) SetGameFact(i int, val int32) {
	p.st.Key ^= zobristGameFact(i, p.GameFact(i)) ^ zobristGameFact(i, val)
	if i < FactSlots {
		p.st.GameFacts[i] = val
		return
	}
	p.st.moreGame = p.arenaWith(p.st.moreGame, i-FactSlots, val)
}

// factsKey hashes the facts of meta m on s (zero facts hash to 0, so
// variants without facts pay one comparison).
func (p *Position) factsKey(m Meta, s geom.Square) uint64 {
	k := zobristFacts(m.Facts, s)
	if m.more != 0 {
		k ^= p.moreFactsKey(m.more, s)
	}
	return k
}

// moreFactsKey hashes the facts beyond the inline slots in record x on s.
func (p *Position) moreFactsKey(x uint32, s geom.Square) uint64 {
	var k uint64
	for j := 0; j < int(p.arena[x]); j++ {
		if v := p.arena[int(x)+1+j]; v != 0 {
			k ^= zobristMix(uint64(FactSlots+j)<<32|uint64(uint16(v))) * (uint64(s) + 1)
		}
	}
	return k
}

// TurnPly returns the number of plies the side to move has already played
// in its current turn (multi-ply turns; 0 otherwise).
func (p *Position) TurnPly() int { return int(p.st.turnPly) }

// SetTurnPly sets the plies played in the current turn; it is part of the
// key (a position in the middle of a turn is not the one at its start).
// Undo of the ply restores it. n is at most 255.
func (p *Position) SetTurnPly(n int) {
	n = min(max(n, 0), 255)
	p.st.Key ^= zobristTurnPly(int(p.st.turnPly)) ^ zobristTurnPly(n)
	p.st.turnPly = uint8(n)
}

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() geom.Set { return p.occ }

// Pieces returns the squares of colour c.
func (p *Position) Pieces(c Color) geom.Set { return p.byColor[c] }

// PiecesOf returns the squares of colour c and type pt.
func (p *Position) PiecesOf(c Color, pt PieceType) geom.Set { return p.byType[pt].And(p.byColor[c]) }

// Count returns the number of pieces of colour c and type pt.
func (p *Position) Count(c Color, pt PieceType) int { return p.count[c][pt] }

// CountAll returns the number of pieces of colour c.
func (p *Position) CountAll(c Color) int { return p.byColor[c].Count() }

// Key returns the Zobrist key.
func (p *Position) Key() uint64 { return p.st.Key }

// State returns the current state (read only).
func (p *Position) State() *State { return p.st }

// GamePly returns the number of plies since the game start (from the FEN's
// move number).
func (p *Position) GamePly() int { return p.gamePly }

// Chess960 reports whether castling uses Chess960 rules and notation.
func (p *Position) Chess960() bool { return p.chess960 }

// IsPromoted reports whether the piece on s is marked promoted.
func (p *Position) IsPromoted(s geom.Square) bool { return p.promoted.Has(s) }

// EPSquares returns the en-passant target squares.
func (p *Position) EPSquares() geom.Set { return p.st.EP }

// CanCastle reports whether any of the rights cr remain.
func (p *Position) CanCastle(cr CastlingRights) bool { return p.st.Castling&cr != 0 }

// Checkers returns the pieces giving check to the side to move's king.
func (p *Position) Checkers() geom.Set { return p.st.Checkers }

// Ply returns the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.stack) - 1 }

// set puts pc (NoPiece to clear) on s, logging the old contents.
func (p *Position) set(s geom.Square, pc Piece, promoted bool, meta Meta) {
	p.log = append(p.log, change{s, p.board[s], p.promoted.Has(s), p.meta[s]})
	p.put(s, pc, promoted, meta)
}

// put changes a square without logging, with the key.
func (p *Position) put(s geom.Square, pc Piece, promoted bool, meta Meta) {
	if old := p.board[s]; old != NoPiece {
		p.st.Key ^= zobristPiece[old][s] ^ zobristFacts(p.meta[s].Facts, s)
		if x := p.meta[s].more; x != 0 {
			p.st.Key ^= p.moreFactsKey(x, s)
		}
	}
	if pc != NoPiece {
		p.st.Key ^= zobristPiece[pc][s] ^ zobristFacts(meta.Facts, s)
		if meta.more != 0 {
			p.st.Key ^= p.moreFactsKey(meta.more, s)
		}
	}
	p.place(s, pc, promoted, meta)
}

// place changes a square without logging and without the key (Undo,
// which restores the key with the state).
func (p *Position) place(s geom.Square, pc Piece, promoted bool, meta Meta) {
	old := p.board[s]
	if old != NoPiece {
		bit := geom.Bit(s)
		p.byType[old.Type()] = p.byType[old.Type()].Xor(bit)
		p.byColor[old.Color()] = p.byColor[old.Color()].Xor(bit)
		p.occ = p.occ.Xor(bit)
		p.count[old.Color()][old.Type()]--
	}
	p.board[s] = pc
	p.meta[s] = meta
	if promoted {
		p.promoted.Add(s)
	} else {
		p.promoted.Del(s)
	}
	if pc != NoPiece {
		bit := geom.Bit(s)
		p.byType[pc.Type()] = p.byType[pc.Type()].Or(bit)
		p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(bit)
		p.occ = p.occ.Or(bit)
		p.count[pc.Color()][pc.Type()]++
	}
}

// newID returns a fresh stable piece ID.
func (p *Position) newID() uint16 {
	p.nextID++
	return p.nextID
}

// StateAt returns the state after ply i of the moves made since setup
// (0 = the setup position).
func (p *Position) StateAt(i int) *State { return &p.stack[i] }

// SetSideToMove gives the move to c within the current ply (multi-ply
// turns: a hook that keeps the turn calls it after Do). Undo of the ply
// restores the previous side.
func (p *Position) SetSideToMove(c Color) {
	if c == p.side {
		return
	}
	// the ply did not end the turn: the game's ply count (the FEN's
	// fullmove number) counts turns, so it stays where the turn began
	// (Undo knows a kept turn by the side that did not change)
	p.gamePly--
	p.side = c
	p.st.Side = c
	p.st.Key ^= zobristSide
	p.serial++
	p.setCheckInfo()
}

// Put places pc with its meta (ID, facts) on s, replacing what was there;
// Undo of the current ply restores the square. For hooks that edit the
// board after a move (fission, pushes, detonations).
func (p *Position) Put(s geom.Square, pc Piece, meta Meta) {
	p.set(s, pc, false, meta)
	p.dropCastling(s)
	p.serial++
}

// dropCastling removes the castling rights tied to square s (its king or
// rook was taken away or replaced by a hook) and, with gating, the gate on
// s: the piece that had not moved from it is gone (an S-chess gate on an
// empty square would be written in the FEN and lost on reading it back).
func (p *Position) dropCastling(s geom.Square) {
	if m := p.castlingMask[s]; m != 0 && p.st.Castling&m != 0 {
		p.st.Key ^= zobristCastling[p.st.Castling]
		p.st.Castling &^= m
		p.st.Key ^= zobristCastling[p.st.Castling]
	}
	for c := White; c <= Black; c++ {
		if p.gates[c].Has(s) {
			p.toggleGate(c, s)
		}
	}
}

// Remove empties s (logged like Put).
func (p *Position) Remove(s geom.Square) {
	p.set(s, NoPiece, false, Meta{})
	p.dropCastling(s)
	p.serial++
}

// NewPieceID returns a fresh stable piece ID for a piece a hook creates.
func (p *Position) NewPieceID() uint16 { return p.newID() }

// Refresh recomputes the check information after hooks changed the board.
func (p *Position) Refresh() {
	p.serial++
	p.setCheckInfo()
}

// WithPiece runs fn with pc standing on the empty square s, then empties s
// again (used to ask "could this square be captured on?").
func (p *Position) WithPiece(s geom.Square, pc Piece, fn func()) {
	if p.board[s] != NoPiece {
		fn()
		return
	}
	key := p.st.Key
	p.put(s, pc, false, Meta{})
	p.serial++
	fn()
	p.put(s, NoPiece, false, Meta{})
	p.serial++
	p.st.Key = key
}

// PlyChanges calls fn for every square the last Do (and the hooks that
// edited the board in the same ply) changed, once per square in the order
// first changed, with what stood there before the ply.
func (p *Position) PlyChanges(fn func(s geom.Square, prior Piece, priorMeta Meta)) {
	var seen geom.Set
	for _, c := range p.log[p.st.logLen:] {
		if seen.Has(c.sq) {
			continue
		}
		seen.Add(c.sq)
		fn(c.sq, c.pc, c.meta)
	}
}

// Prior returns the piece and meta that stood on s before the last Do.
func (p *Position) Prior(s geom.Square) (Piece, Meta) {
	for _, c := range p.log[p.st.logLen:] {
		if c.sq == s {
			return c.pc, c.meta
		}
	}
	return p.board[s], p.meta[s]
}

// Rewind runs fn with the position as it stood before the last Do (board,
// facts, state, side to move), then restores the position exactly. fn
// must leave the position as it found it (read it, or Do and Undo). It is
// the snapshot of the state before a move, at no cost to the move itself.
func (p *Position) Rewind(fn func()) {
	if len(p.stack) < 2 {
		fn()
		return
	}
	st := *p.st
	changes := append([]change(nil), p.log[st.logLen:]...)
	hands := append([]handChange(nil), p.handLog[st.handLen:]...)
	type final struct {
		sq       geom.Square
		pc       Piece
		promoted bool
		meta     Meta
	}
	var finals []final
	var seen geom.Set
	for _, c := range changes {
		if !seen.Has(c.sq) {
			seen.Add(c.sq)
			finals = append(finals, final{c.sq, p.board[c.sq], p.promoted.Has(c.sq), p.meta[c.sq]})
		}
	}
	side, ply, arena := p.side, p.gamePly, p.arena
	p.Undo()
	p.arena = arena // the records of the ply stay for the redo
	fn()
	p.arena = arena
	p.stack = append(p.stack, st)
	p.st = &p.stack[len(p.stack)-1]
	p.log = append(p.log, changes...)
	for _, h := range hands {
		p.redoHand(h)
	}
	p.handLog = append(p.handLog, hands...)
	for _, f := range finals {
		p.put(f.sq, f.pc, f.promoted, f.meta)
	}
	if p.c.wallsChange { // the walls of the ply again
		prev := &p.stack[len(p.stack)-2]
		p.occ = p.occ.AndNot(prev.Walls.AndNot(p.st.Walls)).Or(p.st.Walls)
	}
	p.st.Key = st.Key
	p.side, p.gamePly = side, ply
	p.serial++
}

// SetCaptured records, within a custom physical move (DoCustom), that the
// move captured pc with its meta on s, as Do records a capture: the
// after-move hooks then see it (a rifle shot that piece-hp turns into
// damage). Undo of the ply forgets it.
func (p *Position) SetCaptured(s geom.Square, pc Piece, meta Meta) {
	p.st.Captured, p.st.CaptureSquare, p.st.CapturedMeta = pc, s, meta
}

// DoCustom makes move m with physical carrying it out instead of the base
// rules (a before-move hook that replaces the move, as rifle chess does;
// physical nil leaves the board as it is). physical edits the board with
// Put and Remove. The ply is counted as Do counts it: the en-passant
// squares go, the fifty-move counter restarts when a pawn moved or a piece
// left the board, the side to move passes; Undo takes it back.
func (p *Position) DoCustom(m Move, physical func()) {
	st := p.pushPly(m)
	st.Captured = NoPiece
	st.CapturedMeta = Meta{}
	st.Pass = m.Kind() == Pass
	p.clearEP()
	pawn := m.Kind() != Drop && m.Kind() != Pass && p.board[m.From()].Type() == Pawn
	n := p.occ.Count()
	if physical != nil {
		physical()
	}
	if pawn || p.occ.Count() < n {
		st.Rule50 = 0
	}
	p.side = p.side.Other()
	st.Side = p.side
	p.serial++
	p.setCheckInfo()
}
