package rules

import (
	"fmt"
	"strings"

	"houserules/position"
)

// ParseSAN finds the legal move whose SAN (with or without its + or #,
// with ! and ? marks) is s; UCI text is accepted too, and the SAN forms
// other programs write for the same move (see altSANs: @e4 for P@e4,
// N*f3, Fairy-Stockfish's e10=E for e10+). It errors naming s when no
// legal move matches or when more than one does.
func ParseSAN(p *position.Position, s string) (position.Move, error) {
	var buf [256]position.Move
	legal := p.LegalMoves(buf[:0])
	return matchSAN(p, s, legal, p.FEN)
}

// matchSAN finds the move of legal whose SAN or UCI text is s; its errors
// name the position by fen (the game's FEN, with its facts, when called
// for a game). The text is tried in tiers, the first tier that names
// moves decides (more than one is an ambiguity error):
//
//  1. the SAN without its check mark, or the UCI text, exactly (Sc4+ is
//     the shogi promotion to c4, not Sc4 giving check);
//  2. the SAN with one trailing + or # taken off (Nf3+, Sc4=+);
//  3. another program's form of the move (altSANs), with or without one
//     check mark;
//  4. the SAN with every trailing + and # taken off (Qh5++ for a double
//     check).
func matchSAN(p *position.Position, s string, legal []position.Move, fen func() string) (position.Move, error) {
	clean := strings.TrimRight(strings.TrimSpace(s), "!?")
	clean = strings.ReplaceAll(clean, "0-0-0", "O-O-O")
	clean = strings.ReplaceAll(clean, "0-0", "O-O")
	bare := clean
	if n := len(clean); n > 1 && (clean[n-1] == '+' || clean[n-1] == '#') {
		bare = clean[:n-1]
	}
	stripped := strings.TrimRight(clean, "+#")
	// the moves the text may name: in a walling variant those of its wall
	// square (SAN and UCI text end in it), else all
	cand := make([]int, 0, len(legal))
	for i, m := range legal {
		if !p.V.Walling() || strings.HasSuffix(stripped, wallText(m)) {
			cand = append(cand, i)
		}
	}
	bodies := make([]string, len(legal))
	for _, i := range cand {
		bodies[i] = sanBody(p, legal[i], legal)
	}
	tiers := []func(i int) bool{
		func(i int) bool { return bodies[i] == clean || position.UCIEqual(p.UCI(legal[i]), clean) },
		func(i int) bool { return bodies[i] == bare },
		func(i int) bool {
			for _, a := range altSANs(p, legal[i], bodies[i]) {
				if a == clean || a == bare {
					return true
				}
			}
			return false
		},
		func(i int) bool { return strings.TrimRight(bodies[i], "+#") == stripped },
	}
	for _, tier := range tiers {
		var found []int
		for _, i := range cand {
			if tier(i) {
				found = append(found, i)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return legal[found[0]], nil
		}
		names := make([]string, len(found))
		for k, i := range found {
			names[k] = bodies[i]
		}
		return position.NoMove, fmt.Errorf("ambiguous move %q in %s: %s", s, fen(), strings.Join(names, ", "))
	}
	return position.NoMove, &IllegalMoveError{Text: s, FEN: fen(), Why: illegalHint(p, stripped, legal)}
}

// altSANs are the other SAN forms read for the move m whose SAN (without
// check mark) is body:
//   - a pawn drop without its letter, as python-chess and chessops write
//     it (@e4), and any drop with shogi's "*" (N*f3, P*e4);
//   - a shogi-style promotion as Fairy-Stockfish's plain SAN writes it:
//     "=" and the promoted type's letter (e10=E in wolf chess), a
//     demotion as "=" and the unpromoted letter;
//   - a move that declines a shogi-style promotion without its "=" (Sc4);
//   - a promoted piece named by its own type's letter rather than "+"
//     and its unpromoted letter (Fairy-Stockfish's plain SAN).
func altSANs(p *position.Position, m position.Move, body string) []string {
	var out []string
	if m.Kind() == position.Drop {
		if m.PromotionType() == position.Pawn && m.DroppedType() == position.Pawn {
			out = append(out, strings.TrimPrefix(body, pieceLetter(p, position.Pawn)))
		}
		return append(out, strings.Replace(body, "@", "*", 1))
	}
	from := m.From()
	if strings.HasPrefix(body, "+") && len(body) > 2 {
		body = pieceLetter(p, p.PieceOn(from).Type()) + body[2:]
		out = append(out, body)
	}
	last := len(body) - 1
	if last < 1 {
		return out
	}
	switch m.Kind() {
	case position.PiecePromotion:
		if prom := p.V.PromotedPieceType[p.PieceOn(from).Type()]; prom != position.NoPieceType {
			out = append(out, body[:last]+"="+pieceLetter(p, prom))
		}
	case position.PieceDemotion:
		if up := p.MetaOn(from).Unpromoted; up != position.NoPiece {
			out = append(out, body[:last]+"="+pieceLetter(p, up.Type()))
		}
	case position.Normal:
		if body[last] == '=' {
			out = append(out, body[:last])
		}
	}
	return out
}
