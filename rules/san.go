package rules

import (
	"errors"
	"fmt"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// SAN returns the move in Standard Algebraic Notation as used for variants
// (the PGN standard, extended the way Fairy-Stockfish writes it): piece
// letter (none for pawns), the smallest disambiguation (file, then rank,
// then square) among other pieces of the same kind that can legally reach
// the square, x for captures, =Q for promotions, O-O / O-O-O for
// castling, a pass as its king move or "pass", and + or # when the move
// checks or mates the opponent's king. A pawn move is disambiguated the
// same way when another pawn can reach its square by the same kind of
// move (rules where pawns move diagonally). Pockets, shogi-style
// promotion and gating are written the way the UCI text and
// Fairy-Stockfish write them (see sanBody): P@e4, N@f3+, +P@c3 (dropped
// promoted), Sc4+ (promotes) and Sc4= (could promote, does not), +Rxb7
// (a promoted rook), Nc3/H and O-O/He1 (gating). The legal moves are the
// base rules'; under house rules use Game.SAN, whose disambiguation sees
// the moves the presets add and remove. m must be legal in p.
func SAN(p *position.Position, m position.Move) string {
	var buf [256]position.Move
	return sanAmong(p, m, p.LegalMoves(buf[:0]))
}

// SAN returns m in SAN (see the function SAN) disambiguated among the
// game's legal moves, house rules included: a knight's double leap
// (knights-leap-twice) to the square another knight reaches makes both
// moves name their origin file (Nbd2, Ngd2). m must be legal in g.
// Under house rules the + and # follow the ruleset: its in-check test
// (Game.InCheck, HP and presets included) and its legal moves.
func (g *Game) SAN(m position.Move) string { return g.sanAmong(m, g.LegalMoves()) }

// sanAmong is Game.SAN with the legal moves given.
func (g *Game) sanAmong(m position.Move, legal []position.Move) string {
	var buf [32]byte
	return string(g.appendSAN(buf[:0], m, legal, nil))
}

// appendSAN appends the SAN of m (Game.SAN) among legal to b; sl is the
// facts of legal (nil: none known).
func (g *Game) appendSAN(b []byte, m position.Move, legal []position.Move, sl *sanList) []byte {
	b = appendSANBody(b, g.Pos, m, legal, sl)
	if g.R.Plain() {
		return append(b, baseCheckSuffix(g.Pos, m)...)
	}
	return append(b, g.checkSuffix(m)...)
}

// checkSuffix is "+" when m, made through the pipeline, leaves the
// opponent's royal attacked under the ruleset, "#" when the opponent is
// then to move and has no legal move, else "".
func (g *Game) checkSuffix(m position.Move) string {
	them := g.Pos.SideToMove().Other()
	g.Do(m)
	defer g.Undo()
	if !g.InCheck(them) {
		return ""
	}
	if g.Pos.SideToMove() == them && len(g.LegalMoves()) == 0 {
		return "#"
	}
	return "+"
}

// LegalSANs returns the game's legal moves (LegalMoves) and the SAN of
// each, at the same index (SANs).
func (g *Game) LegalSANs() ([]position.Move, []string) {
	legal := g.LegalMoves()
	return legal, g.SANs(legal)
}

// SANs returns the SAN of each move of legal, at the same index: legal
// must be the game's legal moves (LegalMoves; a caller that has them,
// for the result of the position say, need not generate them again).
// The list is looked over once for what every SAN asks of it (sanList:
// the moves to each square)
// and the SANs are written into one buffer, one string for all of them
// (each SAN is a part of it: one allocation, not one per move; a caller
// that keeps one SAN for long may clone it).
func (g *Game) SANs(legal []position.Move) []string {
	out := make([]string, len(legal))
	if len(legal) == 0 {
		return out
	}
	var slv sanList
	sl := &slv
	if !sl.init(legal) {
		sl = nil // a list too long for its chains: scanned for each move
	}
	var bufArr [1024]byte
	var endArr [256]int
	buf, ends := bufArr[:0], endArr[:0]
	for _, m := range legal {
		buf = g.appendSAN(buf, m, legal, sl)
		ends = append(ends, len(buf))
	}
	all, start := string(buf), 0
	for i, end := range ends {
		out[i], start = all[start:end], end
	}
	return out
}

// sanAmong is SAN with the legal moves given: the ones the origin is
// disambiguated against; + and # by the base rules.
func sanAmong(p *position.Position, m position.Move, legal []position.Move) string {
	var buf [32]byte
	b := appendSANBody(buf[:0], p, m, legal, nil)
	return string(append(b, baseCheckSuffix(p, m)...))
}

// baseCheckSuffix is "+" or "#" when m checks or mates under the base
// rules, else "". A move the attack tables say does not check is not
// made (GivesCheckFast); any other is made once, its Checkers tell, and a
// checking one looks for the opponent's legal moves.
func baseCheckSuffix(p *position.Position, m position.Move) string {
	if check, ok := p.GivesCheckFast(m); ok && !check {
		return ""
	}
	p.Do(m) // once: where the attack tables cannot tell, Checkers after Do does
	defer p.Undo()
	if p.Checkers().Empty() {
		return ""
	}
	if !p.HasLegalMove() {
		return "#"
	}
	return "+"
}

// IllegalMoveError is ParseMove's error for text that names no legal
// move: the text, the position's FEN and, when it can be told, why (see
// illegalHint; else "").
type IllegalMoveError struct{ Text, FEN, Why string }

func (e *IllegalMoveError) Error() string {
	if e.Why == "" {
		return fmt.Sprintf("illegal move %q in %s", e.Text, e.FEN)
	}
	return fmt.Sprintf("illegal move %q in %s: %s", e.Text, e.FEN, e.Why)
}

// WhyIllegal returns the reason an IllegalMoveError gives, as " (why)",
// or "" for other errors and when it gives none.
func WhyIllegal(err error) string {
	var ie *IllegalMoveError
	if errors.As(err, &ie) && ie.Why != "" {
		return " (" + ie.Why + ")"
	}
	return ""
}

// illegalHint says why UCI text s names no legal move, when it can tell:
// a promotion without its piece letter, no piece of the side to move on
// the origin square, a move the king's safety forbids, or else that the
// piece does not go there; for a drop and a gating move see dropHint and
// gatingHint ("" for SAN, partial text).
func illegalHint(p *position.Position, s string, legal []position.Move) string {
	b := p.V.Board()
	if p.V.Walling() {
		if why := wallHint(p, s, legal); why != "" {
			return why
		}
		s, _, _ = strings.Cut(s, ",")
	}
	if strings.ContainsAny(s, "@*") {
		return dropHint(p, s)
	}
	from, to, ok := uciSquares(s, b)
	if !ok {
		return gatingHint(p, s, legal)
	}
	var promos []string
	for _, m := range legal {
		if m.From() == from && m.To() == to && (m.Kind() == position.Promotion || m.Kind() == position.PiecePromotion) {
			promos = append(promos, p.UCI(m))
		}
	}
	if len(promos) > 0 {
		return fmt.Sprintf("a promotion names its piece: %s", strings.Join(promos, ", "))
	}
	if pc := p.PieceOn(from); pc == position.NoPiece || pc.Color() != p.SideToMove() {
		return fmt.Sprintf("no piece of the side to move on %s", from)
	}
	if v := p.V; v.MustDrop {
		us := p.SideToMove()
		held := p.HandCount(us)
		what := "a piece from its pocket"
		if v.MustDropType != position.AllPieces {
			held = p.InHand(us, v.MustDropType)
			what = "its " + pieceLetter(p, v.MustDropType)
		}
		onlyDrops := held > 0 && len(legal) > 0
		for _, m := range legal {
			if m.Kind() != position.Drop {
				onlyDrops = false
			}
		}
		if onlyDrops {
			return fmt.Sprintf("%s must drop %s first", us, what)
		}
	}
	// a move of the base rules that the king's safety forbids (castling
	// is left out of PseudoLegal in check: it is added to be named)
	inCheck := p.InCheck()
	var buf [256]position.Move
	pseudo := p.PseudoLegal(buf[:0])
	if inCheck {
		pseudo = p.CastlingMoves(pseudo)
	}
	for _, m := range pseudo {
		if m.From() != from {
			continue
		}
		switch {
		case m.Kind() == position.Castling:
			if (m.To() == to || p.UCI(m) == s) && (inCheck || !p.Legal(m)) {
				return "the king would castle out of, through or into check"
			}
		case m.To() != to || p.Legal(m):
		case m.Kind() == position.Pass && !inCheck && p.V.PassOnStalemate[p.SideToMove()]:
			return "a pass is legal only when no other move is (passOnStalemate)"
		case inCheck:
			return "it does not get the king out of check"
		default:
			return "it would leave the king in check"
		}
	}
	return fmt.Sprintf("the piece on %s cannot move to %s", from, to)
}

// wallHint says why s names no legal move of a walling variant, when
// the fault is in its wall part: the move without its wall square
// (e2e4 for e2e4,e4e5), a wall part that is not two squares, that does
// not start on the moved piece's square, or whose wall square is taken
// ("" when the move itself is the fault: illegalHint goes on with it).
func wallHint(p *position.Position, s string, legal []position.Move) string {
	move, wall, comma := strings.Cut(s, ",")
	var forms []string
	for _, m := range legal {
		if u := p.UCI(m); strings.HasPrefix(u, move+",") {
			forms = append(forms, u)
		}
	}
	if len(forms) == 0 {
		return ""
	}
	if !comma {
		return fmt.Sprintf("a move of %s places a wall too: the move, a comma, the piece's square and the wall square (e.g. %s)", p.V.Name, forms[0])
	}
	b := p.V.Board()
	at, sq, ok := uciSquares(wall, b)
	if !ok {
		return fmt.Sprintf("the wall part %q is not two squares (the piece's square and the wall square, e.g. %s)", wall, forms[0])
	}
	if !strings.HasPrefix(strings.TrimPrefix(forms[0], move+","), at.String()) {
		return fmt.Sprintf("the wall part starts on %s, not on the moved piece's square (e.g. %s)", at, forms[0])
	}
	if from, to, ok := uciSquares(move, b); ok && (sq == to || (sq != from && p.PieceOn(sq) != position.NoPiece) || p.Walls().Has(sq)) {
		return fmt.Sprintf("the wall square %s is taken after the move", sq)
	}
	return fmt.Sprintf("a wall may not go on %s after %s", sq, move)
}

// uciSquares reads s as exactly two squares of board b in UCI form (a
// file letter and a rank number each, e2e4, a9a10).
func uciSquares(s string, b *geom.Board) (from, to geom.Square, ok bool) {
	sq := func(s string) (geom.Square, string, bool) {
		n := 1
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == 1 {
			return geom.NoSquare, s, false
		}
		x, err := geom.ParseSquare(s[:n], b.Files, b.Ranks)
		return x, s[n:], err == nil
	}
	from, rest, ok1 := sq(s)
	if !ok1 {
		return geom.NoSquare, geom.NoSquare, false
	}
	to, rest, ok2 := sq(rest)
	return from, to, ok2 && rest == ""
}

// dropHint says why the drop s (P@e4, +P@c3, N*f3, @e4) is not legal: the
// variant has no drops, the letter names no piece, the pocket holds none,
// the square is off the board or occupied, the piece may not be dropped
// there (its drop region, no pawn on the last rank or in the promotion
// zone, no doubled pawns), or the drop leaves the king in check, gives a
// check the variant forbids, or is not the drop the variant demands.
func dropHint(p *position.Position, s string) string {
	v := p.V
	letter, sqText, ok := strings.Cut(strings.Replace(s, "*", "@", 1), "@")
	if !ok {
		return ""
	}
	promoted := strings.HasPrefix(letter, "+")
	letter = strings.TrimPrefix(letter, "+")
	if !v.PieceDrops {
		if v.SeirawanGating {
			return fmt.Sprintf("%s has no drops: a piece in hand enters by gating (b1c3h)", v.Name)
		}
		return fmt.Sprintf("%s has no drops", v.Name)
	}
	pt := position.NoPieceType
	switch {
	case letter == "":
		pt = position.Pawn
	case len(letter) == 1:
		pt = pieceTypeOfLetter(v, letter[0])
	}
	if pt == position.NoPieceType || !v.PieceTypes().Has(pt) {
		return fmt.Sprintf("%q is not a piece of %s", letter, v.Name)
	}
	if letter != "" && letter[0] != upper(letter[0]) {
		return fmt.Sprintf("a drop is written with the upper-case letter for either side: %s@%s", pieceLetter(p, pt), sqText)
	}
	b := v.Board()
	to, err := geom.ParseSquare(sqText, b.Files, b.Ranks)
	if err != nil {
		return fmt.Sprintf("%q is not a square of the board", sqText)
	}
	us := p.SideToMove()
	name := pieceLetter(p, pt)
	if p.InHand(us, pt) == 0 && !v.FreeDrops {
		return fmt.Sprintf("no %s in %s's pocket", name, us)
	}
	if promoted {
		if !v.DropPromoted || v.PromotedPieceType[pt] == position.NoPieceType {
			return fmt.Sprintf("%s is not dropped promoted in %s", name, v.Name)
		}
		return ""
	}
	if p.PieceOn(to) != position.NoPiece {
		return fmt.Sprintf("%s is occupied", to)
	}
	if !p.DropTargets(us, pt).Has(to) {
		return p.DropTargetRefusal(us, pt, to, name)
	}
	m := position.NewDrop(pt, to)
	switch {
	case p.Legal(m):
		return "" // legal under the base rules: the house rules forbid it
	case v.MustDrop && v.MustDropType != position.AllPieces && v.MustDropType != pt && p.InHand(us, v.MustDropType) > 0:
		return fmt.Sprintf("%s must drop its %s first", us, pieceLetter(p, v.MustDropType))
	case p.InCheck():
		return "it does not get the king out of check"
	case !v.DropChecks && p.GivesCheck(m):
		return "a drop may not give check in " + v.Name
	case v.DropOppositeColoredBishop:
		return "the bishops must stand on squares of both colours"
	}
	return "it would leave the king in check"
}

// pieceTypeOfLetter is the piece type whose letter (or synonym) is c in
// variant v, either case; NoPieceType when none.
func pieceTypeOfLetter(v *position.Variant, c byte) position.PieceType {
	c = upper(c)
	for _, pt := range v.PieceTypes().Types() {
		if v.PieceChar[pt] == c || (v.PieceCharSynonym[pt] != 0 && v.PieceCharSynonym[pt] == c) {
			return pt
		}
	}
	return position.NoPieceType
}

// gatingHint says why UCI text s, a move with a gating letter (b1c3h,
// e1g1e, h1e1e), is not legal in a variant with S-Chess gating: the
// letter names no piece, the pocket holds none, the move itself is not
// legal (with illegalHint's reason), or the piece leaves no open gate.
func gatingHint(p *position.Position, s string, legal []position.Move) string {
	v := p.V
	if !v.SeirawanGating || len(s) < 5 {
		return ""
	}
	b := v.Board()
	// the move's squares, then one letter (and, for castling, a square)
	for i := len(s) - 1; i >= 4; i-- {
		c := s[i]
		if c < 'a' || c > 'z' {
			continue
		}
		from, to, ok := uciSquares(s[:i], b)
		if !ok {
			continue
		}
		pt := pieceTypeOfLetter(v, c)
		if pt == position.NoPieceType {
			return fmt.Sprintf("%q is not a piece of %s", string(c), v.Name)
		}
		us := p.SideToMove()
		if p.InHand(us, pt) == 0 {
			return fmt.Sprintf("no %s in %s's pocket", pieceLetter(p, pt), us)
		}
		plain := s[:i]
		found := false
		for _, m := range legal {
			if position.UCIEqual(p.UCI(m), plain) || (m.Kind() == position.Castling && p.KingTakesRook(m) == plain) {
				found = true
			}
		}
		if !found {
			return illegalHint(p, plain, legal)
		}
		gate := from
		if rest := s[i+1:]; rest != "" {
			if g, err := geom.ParseSquare(rest, b.Files, b.Ranks); err == nil {
				gate = g
			}
		}
		if !p.Gates(us).Has(gate) && !p.Gates(us).Has(to) {
			return fmt.Sprintf("%s is not an open gate (a piece enters only where a piece leaves its starting square for the first time)", gate)
		}
		return ""
	}
	return ""
}
