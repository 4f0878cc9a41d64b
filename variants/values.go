package variants

import (
	"fmt"
	"strconv"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// ---- value readers (the set<T> functions of parser.cpp) ----

// leadingInt reads an integer the way "stream >> int" does: blanks, an
// optional sign and digits; the rest of the text is ignored.
func leadingInt(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0, false
	}
	n, err := strconv.Atoi(s[:j])
	return n, err == nil
}

func readInt(s string) (int, string) {
	n, ok := leadingInt(s)
	if !ok {
		return 0, "not a number"
	}
	if n < 0 {
		return 0, "must not be negative"
	}
	return n, ""
}

// readRank reads a 1-based rank and returns it 0-based.
func readRank(s string) (int, string) {
	n, ok := leadingInt(s)
	if !ok {
		return 0, "not a number"
	}
	if n < 1 || n > geom.MaxRanks {
		return 0, fmt.Sprintf("out of 1..%d", geom.MaxRanks)
	}
	return n - 1, ""
}

// readFile reads a file as a 1-based number or a letter, 0-based.
func readFile(s string) (int, string) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		n, _ := leadingInt(s)
		if n < 1 || n > geom.MaxFiles {
			return 0, fmt.Sprintf("out of 1..%d", geom.MaxFiles)
		}
		return n - 1, ""
	}
	if s == "" || s[0] < 'a' || int(s[0]-'a') >= geom.MaxFiles {
		return 0, fmt.Sprintf("a file number 1..%d or letter a..%c", geom.MaxFiles, 'a'+geom.MaxFiles-1)
	}
	return int(s[0] - 'a'), ""
}

// readSquares reads a square list: "e4 d5", "*8" (a rank), "a*" (a file),
// "-" ends the list.
func readSquares(s string) (geom.Set, string) {
	var set geom.Set
	for _, sym := range strings.Fields(s) {
		if sym == "-" {
			break
		}
		switch {
		case sym[len(sym)-1] == '*':
			if len(sym) != 2 || !isAlpha(sym[0]) {
				return set, fmt.Sprintf("bad square %q", sym)
			}
			f := int(lower(sym[0]) - 'a')
			if f >= geom.MaxFiles {
				return set, fmt.Sprintf("bad square %q: file out of a..%c", sym, 'a'+geom.MaxFiles-1)
			}
			set = set.Or(geom.FileSet(f))
		case sym[0] == '*':
			r, ok := leadingInt(sym[1:])
			if !ok || r < 1 || r > geom.MaxRanks {
				return set, fmt.Sprintf("bad square %q: rank out of 1..%d", sym, geom.MaxRanks)
			}
			set = set.Or(geom.RankSet(r - 1))
		case isAlpha(sym[0]) && len(sym) > 1:
			f := int(lower(sym[0]) - 'a')
			r, ok := leadingInt(sym[1:])
			if !ok || f >= geom.MaxFiles || r < 1 || r > geom.MaxRanks {
				return set, fmt.Sprintf("bad square %q", sym)
			}
			set.Add(geom.Sq(f, r-1))
		default:
			return set, fmt.Sprintf("bad square %q", sym)
		}
	}
	return set, ""
}

func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// typeOf finds the piece type with letter c in the variant (0 if none).
func (p *parser) typeOf(c byte) position.PieceType {
	c = upper(c)
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if p.v.PieceChar[pt] == c {
			return position.PieceType(pt)
		}
	}
	return position.NoPieceType
}

// readPieces reads piece letters ("qrbn", "*" = all pieces, "-" ends).
// Blanks between letters are allowed.
func (p *parser) readPieces(s string) ([]position.PieceType, string) {
	var out []position.PieceType
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n':
			continue
		case c == '-':
			return out, ""
		case c == '*':
			out = append(out, position.AllPieces)
		default:
			pt := p.typeOf(c)
			if pt == position.NoPieceType {
				return out, fmt.Sprintf("no piece type has the letter %q in this variant", string(c))
			}
			out = append(out, pt)
		}
	}
	return out, ""
}

// ---- typed attributes (parse_attribute) ----

func (p *parser) pInt(key string, dst *int) {
	if e, ok := p.find(key); ok {
		if n, why := readInt(e.Value); why != "" {
			p.invalid(e, "int", why)
		} else {
			*dst = n
		}
	}
}

func (p *parser) pRank(key string, dst *int) bool {
	if e, ok := p.find(key); ok {
		if n, why := readRank(e.Value); why != "" {
			p.invalid(e, "Rank", why)
		} else {
			*dst = n
			return true
		}
	}
	return false
}

func (p *parser) pFile(key string, dst *int) {
	if e, ok := p.find(key); ok {
		if n, why := readFile(e.Value); why != "" {
			p.invalid(e, "File", why)
		} else {
			*dst = n
		}
	}
}

func readBool(s string) (bool, bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (p *parser) pBool(key string, dst *bool) {
	if e, ok := p.find(key); ok {
		if b, ok := readBool(e.Value); !ok {
			p.invalid(e, "bool", "true or false")
		} else {
			*dst = b
		}
	}
}

func (p *parser) pValue(key string, dst *position.Value) {
	if e, ok := p.find(key); ok {
		if v, ok := readValue(e.Value); !ok {
			p.invalid(e, "Value", "win, loss, draw or none")
		} else {
			*dst = v
		}
	}
}

func readValue(s string) (position.Value, bool) {
	if s != strings.TrimSpace(s) {
		return position.ValueNone, false
	}
	return position.ParseValue(s)
}

func (p *parser) pString(key string, dst *string) {
	if e, ok := p.find(key); ok {
		*dst = e.Value
	}
}

func (p *parser) pSquares(key string, dst *geom.Set) {
	if e, ok := p.find(key); ok {
		if set, why := readSquares(e.Value); why != "" {
			p.invalid(e, "Bitboard (squares such as e4, *8, a*)", why)
		} else {
			*dst = set
		}
	}
}

func (p *parser) pPieceSet(key string, dst *position.PieceSet) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceSet", why)
			return
		}
		*dst = position.SetOf(pts...)
	}
}

// pPieceType reads one piece type; with several letters the last wins, as in
// Fairy-Stockfish. "-" is no piece type, "*" all pieces.
func (p *parser) pPieceType(key string, dst *position.PieceType) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceType", why)
			return
		}
		*dst = position.NoPieceType
		if len(pts) > 0 {
			*dst = pts[len(pts)-1]
		}
	}
}

// pEnum reads one of the given words into the index of the word.
func (p *parser) pEnum(key, typ string, words []string, dst *int) {
	if e, ok := p.find(key); ok {
		for i, w := range words {
			if e.Value == w {
				*dst = i
				return
			}
		}
		p.invalid(e, typ, strings.Join(words, ", "))
	}
}

// pBoth reads a per-colour option: "key" sets both colours, then "keyWhite"
// and "keyBlack" one each.
func (p *parser) pBoth(key string, f func(string, int)) {
	if _, ok := p.cfg[key]; ok {
		f(key, 0)
		f(key, 1)
	}
	for c, col := range colors {
		if _, ok := p.cfg[key+col]; ok {
			f(key+col, c)
		}
	}
}

// pPieceSets reads a per-colour PieceSet option (see pBoth).
func (p *parser) pPieceSets(key string, dst *[2]position.PieceSet) {
	p.pBoth(key, func(k string, c int) { p.pPieceSet(k, &dst[c]) })
}

// pPieceTypes reads a per-colour PieceType option (see pBoth).
func (p *parser) pPieceTypes(key string, dst *[2]position.PieceType) {
	p.pBoth(key, func(k string, c int) { p.pPieceType(k, &dst[c]) })
}

// pSquareSets reads a per-colour Bitboard option (see pBoth).
func (p *parser) pSquareSets(key string, dst *[2]geom.Set) {
	p.pBoth(key, func(k string, c int) { p.pSquares(k, &dst[c]) })
}

// pBools reads a per-colour bool option (see pBoth).
func (p *parser) pBools(key string, dst *[2]bool) {
	p.pBoth(key, func(k string, c int) { p.pBool(k, &dst[c]) })
}

func readCastlingRights(s string) (position.CastlingRights, string) {
	var cr position.CastlingRights
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t':
		case '-':
			return cr, ""
		case 'K':
			cr |= position.WhiteOO
		case 'Q':
			cr |= position.WhiteOOO
		case 'k':
			cr |= position.BlackOO
		case 'q':
			cr |= position.BlackOOO
		default:
			return cr, fmt.Sprintf("%q is not one of K Q k q", s[i:i+1])
		}
	}
	return cr, ""
}
