package pgn

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Parse reads the games of a PGN text without playing their moves: the
// tags, the movetext's SAN, comments ({…} and ; to the end of the line),
// NAGs ($n, and the suffixes !, ?, !!, ??, !?, ?! as $1…$6), move numbers
// (checked for their form only) and each game's result (1-0, 0-1,
// 1/2-1/2 or *, which must agree with its [Result] tag). Variations (…)
// are skipped and lines starting with % ignored. An error names the line
// and column and the reason; the games before it are returned.
func Parse(r io.Reader) ([]*Game, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	// a byte order mark, as Windows programs write UTF-8, is no text
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	p := &parser{lexer: lexer{src: src, line: 1, col: 1}}
	return p.parse()
}

// lexer walks the text keeping the line and column.
type lexer struct {
	src       []byte
	i         int
	line, col int
}

func (l *lexer) eof() bool { return l.i >= len(l.src) }

func (l *lexer) peek() byte {
	if l.eof() {
		return 0
	}
	return l.src[l.i]
}

func (l *lexer) here() pos { return pos{l.line, l.col} }

// next consumes one byte.
func (l *lexer) next() byte {
	b := l.src[l.i]
	l.i++
	switch {
	case b == '\n':
		l.line, l.col = l.line+1, 1
	case b&0xc0 != 0x80: // not a UTF-8 continuation byte: a new character
		l.col++
	}
	return b
}

// skipLine consumes the rest of the line, its line break included, and
// returns it.
func (l *lexer) skipLine() string {
	start := l.i
	for !l.eof() && l.peek() != '\n' {
		l.next()
	}
	text := string(l.src[start:l.i])
	if !l.eof() {
		l.next()
	}
	return text
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// isSymbol reports whether b belongs to a symbol token (a move, a move
// number, a result, a tag name).
func isSymbol(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("_+#=:-/@~^',", b) >= 0 // ',': a wall square (e4,d5)
}

// isTagName reports whether b belongs to a tag name.
func isTagName(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// parser builds the games from the lexer's tokens.
type parser struct {
	lexer
	games []*Game
	g     *Game    // the game being read (nil between games)
	moved bool     // g's movetext has begun
	notes []string // comments since the last move (or the game's start)
}

func (p *parser) parse() ([]*Game, error) {
	for {
		for !p.eof() && isSpace(p.peek()) {
			p.next()
		}
		if p.eof() {
			if p.g != nil {
				return p.games, errAt(p.here(), "the game that begins on line %d has no result (1-0, 0-1, 1/2-1/2 or *) at the end of its movetext", p.g.at.line)
			}
			return p.games, nil
		}
		if err := p.token(); err != nil {
			return p.games, err
		}
	}
}

// token reads the token at the lexer's place.
func (p *parser) token() error {
	at := p.here()
	b := p.peek()
	if b == '%' && at.col == 1 {
		p.skipLine() // an escaped line
		return nil
	}
	if p.g == nil {
		p.g = &Game{at: at, tagAt: map[string]pos{}}
	}
	switch {
	case b == '[':
		if p.moved {
			return errAt(at, "a tag pair in the movetext: the game before it has no result (1-0, 0-1, 1/2-1/2 or *)")
		}
		return p.tag()
	case b == '{' || b == ';':
		text, err := p.comment()
		if err != nil {
			return err
		}
		// a comment before the movetext (one some programs write above
		// the tags, "; exported by …") is the game's first comment and
		// does not end its tags
		if text != "" {
			p.notes = append(p.notes, text)
		}
	case b == '(':
		return p.variation()
	case b == '$' || b == '!' || b == '?':
		return p.nag()
	case b == '*':
		p.next()
		return p.result("*", at)
	case isSymbol(b):
		return p.symbol()
	default:
		r, _ := utf8.DecodeRune(p.src[p.i:])
		return errAt(at, "unexpected %q", r)
	}
	return nil
}

// tag reads a tag pair: [Name "value"], with \" and \\ in the value.
func (p *parser) tag() error {
	at := p.here()
	p.next() // [
	p.skipBlanks()
	start := p.i
	for !p.eof() && isTagName(p.peek()) {
		p.next()
	}
	name := string(p.src[start:p.i])
	if name == "" {
		return errAt(p.here(), "a tag pair needs a name after [")
	}
	p.skipBlanks()
	if p.peek() != '"' {
		return errAt(p.here(), "the tag %s needs its value in double quotes", name)
	}
	quote := p.here()
	p.next()
	var sb strings.Builder
	for {
		if p.eof() || p.peek() == '\n' {
			return errAt(quote, "the value of tag %s has no closing quote", name)
		}
		c := p.next()
		if c == '"' {
			break
		}
		if c == '\\' && (p.peek() == '"' || p.peek() == '\\') {
			c = p.next()
		}
		sb.WriteByte(c)
	}
	p.skipBlanks()
	if p.peek() != ']' {
		return errAt(p.here(), "the tag pair %s has no closing ]", name)
	}
	p.next()
	p.setTag(name, sb.String(), at)
	return nil
}

// skipBlanks skips spaces and tabs (not line breaks).
func (p *parser) skipBlanks() {
	for p.peek() == ' ' || p.peek() == '\t' {
		p.next()
	}
}

// setTag stores a tag pair in the game.
func (p *parser) setTag(name, value string, at pos) {
	g := p.g
	g.tagAt[name] = at
	fields := map[string]*string{"Event": &g.Event, "Site": &g.Site, "Date": &g.Date, "Round": &g.Round,
		"White": &g.White, "Black": &g.Black, "Result": &g.Result, "Variant": &g.Variant, "HouseRules": &g.HouseRules,
		"FEN": &g.FEN, "TimeControl": &g.TimeControl, "Termination": &g.Termination}
	switch f, ok := fields[name]; {
	case ok:
		*f = value
		if name == "FEN" {
			g.Chess960 = shredderCastling(value)
		}
	case name == "SetUp" || name == "PlyCount":
		// implied by FEN, counted from the moves
	default:
		g.Other = append(g.Other, Tag{name, value})
	}
}

// comment reads a {…} or ; comment and returns its text with runs of
// white space made one space.
func (p *parser) comment() (string, error) {
	at := p.here()
	if p.next() == ';' {
		return strings.Join(strings.Fields(p.skipLine()), " "), nil
	}
	start := p.i
	for !p.eof() && p.peek() != '}' {
		p.next()
	}
	if p.eof() {
		return "", errAt(at, "the comment has no closing }")
	}
	text := string(p.src[start:p.i])
	p.next()
	return strings.Join(strings.Fields(text), " "), nil
}

// variation skips a variation (…), with the variations and comments
// inside it.
func (p *parser) variation() error {
	at := p.here()
	if len(p.g.Moves) == 0 {
		return errAt(at, "a variation before the first move")
	}
	p.next()
	depth := 1
	for depth > 0 {
		if p.eof() {
			return errAt(at, "the variation has no closing )")
		}
		switch p.peek() {
		case '{', ';':
			if _, err := p.comment(); err != nil {
				return err
			}
			continue
		case '(':
			depth++
		case ')':
			depth--
		}
		p.next()
	}
	return nil
}

// suffixNAGs are the move suffix annotations and their NAGs.
var suffixNAGs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// nag reads $n or a suffix annotation for the last move.
func (p *parser) nag() error {
	at := p.here()
	start := p.i
	var n int
	if p.next() == '$' {
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.next()
		}
		v, err := strconv.Atoi(string(p.src[start+1 : p.i]))
		if err != nil || v > 255 {
			return errAt(at, "a NAG is $ and a number 0..255")
		}
		n = v
	} else {
		for !p.eof() && (p.peek() == '!' || p.peek() == '?') {
			p.next()
		}
		v, ok := suffixNAGs[string(p.src[start:p.i])]
		if !ok {
			return errAt(at, "%q is no move annotation (!, ?, !!, ??, !?, ?!)", p.src[start:p.i])
		}
		n = v
	}
	if len(p.g.Moves) == 0 {
		return errAt(at, "an annotation with no move before it")
	}
	m := &p.g.Moves[len(p.g.Moves)-1]
	m.NAGs = append(m.NAGs, n)
	return nil
}

// symbol reads a move number, a result or a move.
func (p *parser) symbol() error {
	at := p.here()
	start := p.i
	for !p.eof() && isSymbol(p.peek()) {
		p.next()
	}
	s := string(p.src[start:p.i])
	switch {
	case s == "1-0" || s == "0-1" || s == "1/2-1/2":
		return p.result(s, at)
	case strings.Trim(s, "0123456789") == "":
		for p.peek() == '.' {
			p.next()
		}
		p.moved = true
		return nil
	case p.peek() == '.':
		return errAt(p.here(), "unexpected . after %q", s)
	}
	p.move(s, at)
	return nil
}

// move adds the move s, read at at, to the game; the comments since the
// last move belong to it (or, before the first move, to the game).
func (p *parser) move(s string, at pos) {
	g := p.g
	p.attachNotes(len(p.notes))
	p.moved = true
	g.Moves = append(g.Moves, Move{SAN: s, at: at})
}

// attachNotes gives the first n comments since the last move to that
// move (or to the game, before the first move) and drops them all.
func (p *parser) attachNotes(n int) {
	if n > 0 {
		text := strings.Join(p.notes[:n], " ")
		if k := len(p.g.Moves); k > 0 {
			p.g.Moves[k-1].Comment = joinComment(p.g.Moves[k-1].Comment, text)
		} else {
			p.g.Comment = joinComment(p.g.Comment, text)
		}
	}
	p.notes = p.notes[:0]
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// result ends the game with the termination marker res, read at at.
func (p *parser) result(res string, at pos) error {
	g := p.g
	if g.Result != "" && g.Result != res {
		return errAt(at, "the result %s differs from the Result tag %q", res, g.Result)
	}
	g.Result = res
	n := len(p.notes)
	if res != "*" && n > 0 && !onlyCommands(p.notes[n-1]) {
		g.Final = p.notes[n-1]
		n--
	}
	p.attachNotes(n)
	p.games = append(p.games, g)
	p.g, p.moved = nil, false
	return nil
}

// commandRE matches a comment made only of embedded commands, as lichess
// and chess.com write a move's clock or evaluation ("[%clk 0:03:00]",
// "[%eval 0.2] [%clk 0:01:00]").
var commandRE = regexp.MustCompile(`^(?:\[%[^\]]*\]\s*)+$`)

// onlyCommands reports whether a comment is only embedded commands: it
// belongs to the move before it, not to the game's end.
func onlyCommands(text string) bool { return commandRE.MatchString(text) }
