package position

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"houserules/geom"
)

// FENError says where a FEN failed to parse.
type FENError struct {
	FEN    string
	Field  string // "board", "side", "castling", "en passant", "counters", …
	Reason string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("fen %q: %s: %s", e.FEN, e.Field, e.Reason)
}

// New sets up a position of variant v from fen ("" or "startpos" for the
// variant's start position). chess960 selects Chess960 castling rules and
// notation (it is also on when the variant says so). The variant must be
// compiled. Errors are *FENError values naming the field and the reason.
func New(v *Variant, fen string, chess960 bool) (*Position, error) {
	return newPosition(v, fen, chess960, true)
}

// NewFSF is New reading the castling field exactly as Fairy-Stockfish's
// Position::set does: a right whose king is off the variant's king file
// (not Chess960) is kept and castles from where the king stands, and K (Q)
// takes the outermost rook of the rank even when it stands on the other
// side of the king (the right becomes a queenside (kingside) one). The UCI
// front end uses it so that positions and perft counts stay those of
// Fairy-Stockfish; New refuses the first (checkCastlingRight) and drops the
// second.
func NewFSF(v *Variant, fen string, chess960 bool) (*Position, error) {
	return newPositionMode(v, fen, chess960, true, true)
}

// NewFSFLenient is NewFSF without the check that the side not to move is
// not in check (as NewLenient).
func NewFSFLenient(v *Variant, fen string, chess960 bool) (*Position, error) {
	return newPositionMode(v, fen, chess960, false, true)
}

// NewLenient is New without the check that the side not to move is not in
// check: for rulesets whose presets redefine royalty (a king with hit points
// may stand attacked), which decide that themselves.
func NewLenient(v *Variant, fen string, chess960 bool) (*Position, error) {
	return newPosition(v, fen, chess960, false)
}

func newPosition(v *Variant, fen string, chess960, strict bool) (*Position, error) {
	return newPositionMode(v, fen, chess960, strict, false)
}

func newPositionMode(v *Variant, fen string, chess960, strict, fsfCastling bool) (*Position, error) {
	if v.c == nil {
		if err := v.Compile(); err != nil {
			return nil, err
		}
	}
	if fen == "" || fen == "startpos" {
		fen = v.StartFEN
	}
	p := &Position{V: v, c: v.c, chess960: chess960 || v.Chess960, serial: 1, fsfCastling: fsfCastling}
	// room for a perft or a short game's plies; append grows it (a
	// server room holds two positions: 64 states were 17 KB of each)
	p.stack = make([]State, 1, 8)
	p.st = &p.stack[0]
	p.st.legalCapture = -1
	p.st.legalDrop = -1
	p.castlingKingSquare = [2]geom.Square{geom.NoSquare, geom.NoSquare}
	for i := range p.castlingRookSquare {
		p.castlingRookSquare[i] = geom.NoSquare
	}
	if err := p.parseFEN(fen, strict); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Position) parseFEN(fen string, strict bool) error {
	bad := func(field, reason string, args ...any) error {
		return &FENError{FEN: fen, Field: field, Reason: fmt.Sprintf(reason, args...)}
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return bad("board", "empty FEN")
	}
	ranks, err := p.splitPocket(fen, fields[0], bad)
	if err != nil {
		return err
	}
	if err := p.parseRanks(ranks, bad); err != nil {
		return err
	}
	if err := p.parseFields(fields[1:], strict, bad); err != nil {
		return err
	}
	if strict && !p.fsfCastling {
		if err := p.CheckPlacement(fen); err != nil {
			return err
		}
	}
	if err := p.checkKings(strict, bad); err != nil {
		return err
	}
	p.st.Side = p.side
	p.computeKey()
	p.setCheckInfo()
	if strict {
		return p.checkPseudoRoyals(bad)
	}
	return nil
}

// checkPseudoRoyals refuses, in pseudo-royal variants (atomic: the king
// is an extinction piece that may not be left attacked), a position whose
// side not to move has a pseudo-royal attacked while the side to move
// still has one: its last move left it so, which Fairy-Stockfish's
// legal() forbids (a king beside the enemy king is not attacked in
// atomic: taking it would blow up the taker's own). With duple check
// (spartan's two kings) the side not to move is in check when its lone
// pseudo-royal is attacked or all of its pseudo-royals are
// (CheckedPseudoRoyals, as Fairy-Stockfish's legal() judges a move):
// one of two kings attacked is a legal position. NewFSF does not judge
// duple check: Fairy-Stockfish plays on from such a position (spartan
// k2R3k/8/8/8/8/8/8/4K3 w: perft(1) 19), and the UCI front end keeps its
// counts.
func (p *Position) checkPseudoRoyals(bad badFEN) error {
	v := p.V
	if !v.ExtinctionPseudoRoyal || !v.Checking || (v.DupleCheck && p.fsfCastling) {
		return nil
	}
	them := p.side.Other()
	ours := p.RoyalsOf(p.side)
	if v.DupleCheck {
		ours = ours.Or(p.st.PseudoRoyalCand.And(p.byColor[p.side])) // two kings: neither alone is pseudo-royal
	}
	if ours.Empty() {
		return nil
	}
	if p.takeablePseudoRoyals(them).Any() {
		return bad("side to move", "%s is in check but %s is to move (its king could be taken)", them, p.side)
	}
	return nil
}

// badFEN makes a *FENError for one field of the FEN being read.
type badFEN func(field, reason string, args ...any) error

// splitPocket reads the pocket of the board field (in brackets after the
// board, or as one rank more than the board has: 2k5/…/4K3/Qn, as
// Fairy-Stockfish reads them) and returns the board's ranks, top first.
func (p *Position) splitPocket(fen, board string, bad badFEN) ([]string, error) {
	b := p.c.board
	boardAt := strings.Index(fen, board) // where the board starts in fen
	// charAt numbers the character at byte i of fen from 1, as an editor
	// counts, for errors
	charAt := func(i int) int { return utf8.RuneCountInString(fen[:min(i, len(fen))]) + 1 }
	// handAt is where the pocket's first letter is in fen (a byte index).
	hand, handAt, bracket := "", 0, false
	if i := strings.IndexByte(board, '['); i >= 0 {
		hand, board, bracket = board[i+1:], board[:i], true
		handAt = boardAt + i + 1
		j := strings.IndexByte(hand, ']')
		if j < 0 {
			return nil, bad("pocket", "the pocket %q (from character %d) has no closing ]", "["+hand, charAt(handAt-1))
		}
		if j != len(hand)-1 {
			r, _ := utf8.DecodeRuneInString(hand[j+1:])
			return nil, bad("pocket", "%q (character %d) after the pocket's closing ]", r, charAt(handAt+j+1))
		}
		hand = hand[:j]
	}
	ranks := strings.Split(board, "/")
	if !bracket && len(ranks) == b.Ranks+1 && p.V.HasPockets() {
		hand, ranks = ranks[b.Ranks], ranks[:b.Ranks]
		handAt = boardAt + len(board) - len(hand)
	}
	if err := p.parseHand(hand, func(i int) int { return charAt(handAt + i) }, bad); err != nil {
		return nil, err
	}
	if len(ranks) != b.Ranks {
		return nil, bad("board", "%d ranks, the board has %d", len(ranks), b.Ranks)
	}
	return ranks, nil
}

// parseRanks puts the pieces of the FEN's ranks (top first) on the board:
// digits for empty squares (two for ten or more), letters, +X for a
// shogi-style promoted piece, X~ for a promoted one.
func (p *Position) parseRanks(ranks []string, bad badFEN) error {
	v := p.V
	b := p.c.board
	for ri, rs := range ranks {
		r := b.Ranks - 1 - ri
		f := 0
		for i := 0; i < len(rs); i++ {
			ch := rs[i]
			switch {
			case ch >= '0' && ch <= '9':
				n := int(ch - '0')
				digits := rs[i : i+1]
				if i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9' {
					n = n*10 + int(rs[i+1]-'0')
					digits = rs[i : i+2]
					i++
				}
				if ch == '0' {
					// a count of empty squares is 1 or more, written
					// without a leading zero ("01K6" is no rank, nor a
					// lone 0); Fairy-Stockfish reads 0 as no square
					return bad("board", "rank %d: %q is not a count of empty squares (a count is 1 or more, with no leading 0)", r+1, digits)
				}
				if f+n > b.Files {
					return bad("board", "rank %d: %d empty squares after %d files, the board has %d files", r+1, n, f, b.Files)
				}
				f += n
			case ch == '*': // a wall square
				if f >= b.Files {
					return bad("board", "rank %d has more than %d files", r+1, b.Files)
				}
				p.st.Walls.Add(geom.Sq(f, r))
				p.occ.Add(geom.Sq(f, r))
				f++
			case ch == '~':
				return bad("board", "rank %d: '~' (the mark of a promoted piece) follows no piece", r+1)
			case ch == '+':
				if i+1 >= len(rs) {
					return bad("board", "rank %d: '+' without a piece", r+1)
				}
				base := p.c.charToPc[rs[i+1]]
				if base == NoPiece || v.PromotedPieceType[base.Type()] == NoPieceType {
					return bad("board", "rank %d: '+%c' is not a promotable piece", r+1, rs[i+1])
				}
				i++
				if f >= b.Files {
					return bad("board", "rank %d has more than %d files", r+1, b.Files)
				}
				pc := MakePiece(base.Color(), v.PromotedPieceType[base.Type()])
				p.put(geom.Sq(f, r), pc, true, Meta{Unpromoted: base, ID: p.newID()})
				f++
			default:
				pc := p.c.charToPc[ch]
				if pc == NoPiece {
					if ch >= 0x80 {
						r0, _ := utf8.DecodeRuneInString(rs[i:])
						return bad("board", "rank %d: %q is not a piece of %s", r+1, r0, v.Name)
					}
					return bad("board", "rank %d: %q is not a piece of %s", r+1, ch, v.Name)
				}
				if f >= b.Files {
					return bad("board", "rank %d has more than %d files", r+1, b.Files)
				}
				promoted := false
				if i+1 < len(rs) && rs[i+1] == '~' {
					promoted = true
					i++
				}
				p.put(geom.Sq(f, r), pc, promoted, Meta{ID: p.newID()})
				f++
			}
		}
		if f != b.Files {
			return bad("board", "rank %d has %d files, the board has %d", r+1, f, b.Files)
		}
	}
	return nil
}

// parseFields reads the FEN's fields after the board: side to move,
// castling (and gates), en passant or the counting limit, check counters,
// the move counters and lichess's +W+B checks given.
func (p *Position) parseFields(fields []string, strict bool, bad badFEN) error {
	v := p.V
	idx := 0
	next := func() string {
		if idx < len(fields) {
			idx++
			return fields[idx-1]
		}
		return ""
	}
	peek := func() string {
		if idx < len(fields) {
			return fields[idx]
		}
		return ""
	}
	switch s := next(); s {
	case "w", "":
		p.side = White
	case "b":
		p.side = Black
	default:
		return bad("side", "%q is not w or b", s)
	}
	// Castling.
	if s := peek(); s != "" && !isDigits(s) {
		next()
		if err := p.parseCastling(s); err != nil {
			return bad("castling", "%v", err)
		}
		// Counting limit or en-passant squares.
		if s := peek(); s != "" {
			if v.CountingRule != NoCounting && isDigits(s) {
				next()
				p.st.CountingLimit, _ = strconv.Atoi(s)
			} else if !isDigits(s) && !strings.Contains(s, "+") {
				next()
				if s != "-" {
					if err := p.parseEP(s, strict); err != nil {
						return bad("en passant", "%v", err)
					}
				}
			}
		}
	}
	// Check counters "3+3".
	if v.CheckCounting {
		p.st.ChecksRemaining = [2]int{1, 1}
		if s := peek(); strings.Contains(s, "+") && !strings.HasPrefix(s, "+") {
			next()
			parts := strings.Split(s, "+")
			if len(parts) != 2 {
				return bad("checks", "%q is not N+M", s)
			}
			w, e1 := strconv.Atoi(parts[0])
			k, e2 := strconv.Atoi(parts[1])
			if e1 != nil || e2 != nil || w < 0 || k < 0 || w > 99 || k > 99 {
				return bad("checks", "%q is not N+M", s)
			}
			p.st.ChecksRemaining = [2]int{w, k}
		}
	}
	fullmove := 1
	if s := peek(); isDigits(s) {
		next()
		p.st.Rule50, _ = strconv.Atoi(s)
		if s := peek(); isDigits(s) {
			next()
			fullmove, _ = strconv.Atoi(s)
		}
	}
	if p.st.Rule50 > 100000 || fullmove > 100000 {
		return bad("counters", "move counters out of range")
	}
	p.gamePly = max(2*(fullmove-1), 0)
	if p.side == Black {
		p.gamePly++
	}
	if p.st.CountingLimit != 0 && p.st.Rule50 != 0 {
		p.st.CountingPly = p.st.Rule50
		p.st.Rule50 = 0
	}
	// Lichess-style "+W+B" checks given.
	if v.CheckCounting {
		if s := peek(); strings.HasPrefix(s, "+") {
			next()
			parts := strings.Split(s[1:], "+")
			if len(parts) != 2 {
				return bad("checks", "%q is not +W+B (the checks each side has given)", s)
			}
			w, e1 := strconv.Atoi(parts[0])
			k, e2 := strconv.Atoi(parts[1])
			if e1 != nil || e2 != nil || w < 0 || k < 0 {
				return bad("checks", "%q is not +W+B (the checks each side has given)", s)
			}
			if w > 3 || k > 3 {
				// lichess's three-check: the third check ends the game
				return bad("checks", "%q gives more than 3 checks to a side: the third check ends the game", s)
			}
			p.st.ChecksRemaining = [2]int{3 - w, 3 - k}
		}
	}
	if s := peek(); s != "" {
		return bad("counters", "unexpected %q", s)
	}
	return nil
}

// checkKings is the sanity check of a FEN: a side that starts with one
// king has exactly one (on the board or in the pocket), and (strict) the
// side not to move is not in check: its king could be taken.
func (p *Position) checkKings(strict bool, bad badFEN) error {
	v := p.V
	// Sanity: a side that starts with one king has exactly one, and the
	// side not to move is not in check (its king could be taken).
	if p.c.hasRoyal {
		for c := White; c <= Black; c++ {
			// a king may wait in the pocket (sittuyin, placement)
			n, held := p.count[c][King], int(p.hand[c][King])
			if n > 1 || (strict && n+held == 0 && p.c.startKings[c] == 1) {
				return bad("board", "%s has %d kings", c, n)
			}
		}
		// in pseudo-royal variants the king is judged here only when it is
		// a royal of its own, not an extinction piece (coregal: the queens
		// are pseudo-royal, the king is still the king; atomic's king is
		// judged by checkPseudoRoyals, beside-the-king immunity included)
		trueKing := !v.ExtinctionPseudoRoyal ||
			(!v.BlastOnCapture && !v.ExtinctionPieceTypes.Has(King) && !v.ExtinctionPieceTypes.Has(AllPieces))
		if strict && trueKing {
			// a general that faces the other one (flying general, xiangqi)
			// is in check too: Fairy-Stockfish's legal() forbids leaving
			// the kings facing
			checked := func(c Color) bool {
				if p.count[c][King] != 1 {
					return false
				}
				ksq := p.PiecesOf(c, King).First()
				if p.AttackersTo(ksq, p.occ, c.Other()).Any() {
					return true
				}
				return v.FlyingGeneral && p.count[c.Other()][King] > 0 && p.facingKing(ksq, p.occ, c.Other(), geom.NoSquare)
			}
			// (with the bikjang rule a king facing the other may pass
			// in check: the side not to move may be in check then)
			if them := p.side.Other(); v.Checking && checked(them) && !(v.BikjangRule && p.kingsFace()) {
				return bad("side to move", "%s is in check but %s is to move (its king could be taken)", them, p.side)
			}
			// where no move may give check (checking = false, racing
			// kings) no king stands in check
			for c := White; c <= Black && !v.Checking; c++ {
				if checked(c) {
					return bad("board", "%s is in check, which this variant's rules never allow (checking = false)", c)
				}
			}
		}
	}
	return nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (p *Position) castlingRank(c Color) int {
	if c == White {
		return p.V.CastlingRank
	}
	return p.V.MaxRank - p.V.CastlingRank
}

func (p *Position) parseCastling(s string) error {
	v := p.V
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		tok := s[i]
		c := White
		if tok >= 'a' && tok <= 'z' {
			c = Black
		}
		tok = upper(tok)
		rank := p.castlingRank(c)
		isRook := func(sq geom.Square) bool {
			pc := p.board[sq]
			return pc != NoPiece && pc.Color() == c && v.CastlingRookPieces[c].Has(pc.Type())
		}
		var rsq geom.Square
		switch {
		case v.Castling && tok == 'K':
			f := min(v.CastlingRookKingsideFile, v.MaxFile)
			rsq = geom.Sq(f, rank)
			for !isRook(rsq) && f > 0 {
				f--
				rsq = geom.Sq(f, rank)
			}
		case v.Castling && tok == 'Q':
			f := v.CastlingRookQueensideFile
			rsq = geom.Sq(f, rank)
			for !isRook(rsq) && f < v.MaxFile {
				f++
				rsq = geom.Sq(f, rank)
			}
		case tok >= 'A' && int(tok-'A') <= v.MaxFile:
			rsq = geom.Sq(int(tok-'A'), rank)
		default:
			if tok == 'K' || tok == 'Q' {
				continue
			}
			r, _ := utf8.DecodeRuneInString(s[i:]) // the character typed, not its first byte
			return fmt.Errorf("%q is not a castling letter", r)
		}
		if v.Castling && p.castlingKingSquare[c] == geom.NoSquare {
			kings := p.PiecesOf(c, v.CastlingKingPiece[c]).And(geom.RankSet(rank))
			var ksq geom.Square
			switch {
			case p.chess960 && p.board[rsq] == MakePiece(c, v.CastlingKingPiece[c]):
				ksq = rsq
			case kings.Any() && (!kings.More() || p.chess960):
				ksq = kings.First()
			default:
				ksq = geom.Sq(v.CastlingKingFile, rank)
			}
			if !kings.Has(ksq) {
				ksq = geom.NoSquare
			}
			p.castlingKingSquare[c] = ksq
		}
		if v.Gating && v.Castling && !p.fsfCastling && (tok == 'K' || tok == 'Q' || rsq == p.castlingKingSquare[c]) {
			// K, Q or the king's own gate letter say the king has not
			// moved: refused when it stands off its start square (S-Chess
			// R2K3R w KQ; Fairy-Stockfish castles from d1)
			if err := p.checkCastlingRight(c, s[i]); err != nil {
				return err
			}
		}
		if v.Gating && !p.parseGate(c, tok, rsq) {
			continue
		}
		if v.Castling && p.castlingKingSquare[c] != geom.NoSquare && isRook(rsq) {
			if !p.fsfCastling && v.Gating && p.kingOffHome(c) {
				// a rook's gate letter (A) with the king off its square:
				// a gate, no castling right (Fairy-Stockfish castles from h1)
				continue
			}
			if !p.fsfCastling && !v.Gating {
				if err := p.checkCastlingRight(c, s[i]); err != nil {
					return err
				}
				if (tok == 'K' && rsq < p.castlingKingSquare[c]) || (tok == 'Q' && rsq > p.castlingKingSquare[c]) {
					// K (Q) with no rook on that side of the king: Fairy-Stockfish
					// takes the rook on the other side (R3K3 w K is its
					// R3K3 w Q; with that right already held, nothing); New
					// drops the letter, as a letter naming no rook
					continue
				}
			}
			if !p.fsfCastling && !v.Gating {
				if err := p.checkCastlingRook(c, s[i], rsq); err != nil {
					return err
				}
				if err := p.check960Second(c, s[i], rsq); err != nil {
					return err
				}
			}
			p.setCastlingRight(c, rsq)
		}
	}
	if v.Gating {
		p.gatingCastlingRights()
	}
	if p.chess960 && v.Castling && !p.fsfCastling && !v.Gating {
		return p.check960Rights()
	}
	return nil
}

func (p *Position) setCastlingRight(c Color, rfrom geom.Square) {
	kfrom := p.castlingKingSquare[c]
	var cr CastlingRights
	kingSide := kfrom < rfrom
	if kingSide {
		cr = WhiteOO
	} else {
		cr = WhiteOOO
	}
	if c == Black {
		cr <<= 2
	}
	p.st.Castling |= cr
	p.castlingMask[kfrom] |= cr
	p.castlingMask[rfrom] |= cr
	p.castlingRookSquare[cr] = rfrom
	kto, rto := p.castlingTargets(c, kingSide)
	path := between(kfrom, kto).Or(between(rfrom, rto))
	path.Del(kfrom)
	path.Del(rfrom)
	p.castlingPath[cr] = path
}

// StandardCastling reports whether every castling right held is a
// standard chess one: the king on the e-file and the rook in the corner of
// its side, the rights a KQkq field means on an 8x8 board. A FEN may give
// others (Shredder letters such as GBgb, a king on b1 with KQ), which
// castle the same way but with other pieces.
func (p *Position) StandardCastling() bool {
	for _, cr := range [...]CastlingRights{WhiteOO, WhiteOOO, BlackOO, BlackOOO} {
		if !p.CanCastle(cr) {
			continue
		}
		c := White
		if cr > WhiteOOO {
			c = Black
		}
		rank := p.castlingRank(c)
		file := 0
		if cr == WhiteOO || cr == BlackOO {
			file = 7
		}
		if p.castlingKingSquare[c] != geom.Sq(4, rank) || p.castlingRookSquare[cr] != geom.Sq(file, rank) {
			return false
		}
	}
	return true
}

// castlingTargets returns the king's and rook's squares after castling.
func (p *Position) castlingTargets(c Color, kingSide bool) (kto, rto geom.Square) {
	rank := p.castlingRank(c)
	if kingSide {
		kto = geom.Sq(p.V.CastlingKingsideFile, rank)
		rto = geom.Sq(p.V.CastlingKingsideFile-1, rank)
	} else {
		kto = geom.Sq(p.V.CastlingQueensideFile, rank)
		rto = geom.Sq(p.V.CastlingQueensideFile+1, rank)
	}
	return
}

// between returns the squares from a (exclusive) to b (inclusive) on one
// rank; b alone when they are not on one rank.
func between(a, b geom.Square) geom.Set {
	var s geom.Set
	if a.Rank() != b.Rank() || a == b {
		s.Add(b)
		return s
	}
	step := 1
	if b < a {
		step = -1
	}
	for x := int(a) + step; ; x += step {
		s.Add(geom.Square(x))
		if geom.Square(x) == b {
			break
		}
	}
	return s
}

// FEN returns the position in the variant's FEN dialect, as
// Fairy-Stockfish writes it.
func (p *Position) FEN() string {
	v := p.V
	b := p.c.board
	var sb strings.Builder
	for r := b.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.Files; f++ {
			s := geom.Sq(f, r)
			pc := p.board[s]
			if pc == NoPiece && !p.st.Walls.Has(s) {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if pc == NoPiece {
				sb.WriteByte('*') // a wall square
				continue
			}
			if up := p.meta[s].Unpromoted; up != NoPiece {
				sb.WriteByte('+')
				sb.WriteByte(p.pieceChar(up))
			} else {
				sb.WriteByte(p.pieceChar(pc))
				if p.c.markPromoted && p.promoted.Has(s) {
					sb.WriteByte('~')
				}
			}
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if v.writesPocket() {
		p.writeHand(&sb)
	}
	if p.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	any := false
	for c := White; c <= Black; c++ {
		oo, ooo := WhiteOO, WhiteOOO
		base := byte('A')
		kc := byte('K')
		qc := byte('Q')
		if c == Black {
			oo, ooo = BlackOO, BlackOOO
			base, kc, qc = 'a', 'k', 'q'
		}
		rank := p.castlingRank(c)
		if p.chess960 && p.CanCastle(oo|ooo) && p.PiecesOf(c, v.CastlingKingPiece[c]).And(geom.RankSet(rank)).More() {
			sb.WriteByte(base + byte(p.castlingKingSquare[c].File()))
		}
		if p.CanCastle(oo) {
			any = true
			if p.chess960 {
				sb.WriteByte(base + byte(p.castlingRookSquare[oo].File()))
			} else {
				sb.WriteByte(kc)
			}
		}
		if p.CanCastle(ooo) {
			any = true
			if p.chess960 {
				sb.WriteByte(base + byte(p.castlingRookSquare[ooo].File()))
			} else {
				sb.WriteByte(qc)
			}
		}
		if p.c.gating {
			p.writeGates(&sb, c)
		}
	}
	if !any && !(p.c.gating && p.gates[White].Or(p.gates[Black]).Any()) {
		sb.WriteByte('-')
	}
	switch {
	case p.st.CountingLimit != 0:
		fmt.Fprintf(&sb, " %d ", p.countingLimitOut())
	case p.st.EP.Empty():
		sb.WriteString(" - ")
	default:
		sb.WriteByte(' ')
		for e := p.st.EP; e.Any(); {
			sb.WriteString(e.Pop().String())
		}
		sb.WriteByte(' ')
	}
	if v.CheckCounting {
		fmt.Fprintf(&sb, "%d+%d ", p.st.ChecksRemaining[0], p.st.ChecksRemaining[1])
	}
	if p.st.CountingLimit != 0 {
		sb.WriteString(strconv.Itoa(p.countingPlyOut()))
	} else {
		sb.WriteString(strconv.Itoa(p.st.Rule50))
	}
	fullmove := 1 + (p.gamePly-int(p.side))/2
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(fullmove))
	return sb.String()
}

func (p *Position) countingShorter() bool {
	return p.V.CountingRule == CambodianCounting && 126-p.st.CountingPly < p.st.CountingLimit-p.st.CountingPly
}

func (p *Position) countingLimitOut() int {
	if p.countingShorter() {
		return 126
	}
	return p.st.CountingLimit
}

func (p *Position) countingPlyOut() int {
	return p.st.CountingPly
}

// pieceChar returns the FEN letter of pc.
func (p *Position) pieceChar(pc Piece) byte {
	ch := p.V.PieceChar[pc.Type()]
	if pc.Color() == Black {
		return lower(ch)
	}
	return ch
}

// PieceChar returns the FEN letter of pc in this variant.
func (p *Position) PieceChar(pc Piece) byte { return p.pieceChar(pc) }

// CastlingTargets returns the king's and rook's squares after castling
// move m (encoded king takes rook).
func (p *Position) CastlingTargets(m Move) (kto, rto geom.Square) {
	c := White
	if pc := p.board[m.From()]; pc != NoPiece {
		c = pc.Color()
	} else if pc, _ := p.Prior(m.From()); pc != NoPiece {
		c = pc.Color()
	}
	return p.castlingTargets(c, m.To() > m.From())
}
