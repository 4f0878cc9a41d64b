package pgn

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"houserules/position"
)

// lineWidth is the longest line Write writes (the PGN standard's export
// format: lines of less than 80 characters), unless a single word is
// longer.
const lineWidth = 79

// Write writes g in PGN export format: the tag pairs (the seven-tag
// roster, then [Variant], [HouseRules], [FEN] and [SetUp], [TimeControl],
// [Termination], [PlyCount], then g.Other), an empty line, the movetext
// wrapped in lines of at most 79 characters, and an empty line after the
// game (so games written one after the other make a PGN file).
func Write(w io.Writer, g *Game) error {
	_, err := io.WriteString(w, g.String())
	return err
}

// String returns the game as Write writes it.
func (g *Game) String() string {
	var sb strings.Builder
	for _, t := range g.tags() {
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t.Name, escapeTag(t.Value))
	}
	sb.WriteString("\n")
	sb.WriteString(wrap(g.movetext(), lineWidth))
	sb.WriteString("\n\n")
	return sb.String()
}

// tags lists the tag pairs in the order Write writes them.
func (g *Game) tags() []Tag {
	or := func(v, unknown string) string {
		if v == "" {
			return unknown
		}
		return v
	}
	tags := []Tag{{"Event", or(g.Event, "?")}, {"Site", or(g.Site, "?")}, {"Date", or(g.Date, "????.??.??")},
		{"Round", or(g.Round, "?")}, {"White", or(g.White, "?")}, {"Black", or(g.Black, "?")}, {"Result", g.result()}}
	add := func(name, value string) {
		if value != "" {
			tags = append(tags, Tag{name, value})
		}
	}
	add("Variant", g.Variant)
	add("HouseRules", g.HouseRules)
	if g.FEN != "" {
		add("FEN", g.FEN)
		add("SetUp", "1")
	}
	add("TimeControl", g.TimeControl)
	add("Termination", g.Termination)
	add("PlyCount", fmt.Sprint(len(g.Moves)))
	return append(tags, g.Other...)
}

// result is the game's result, "*" when it has none.
func (g *Game) result() string {
	if g.Result == "" {
		return "*"
	}
	return g.Result
}

// escapeTag escapes a tag value: \ and " with a backslash; a line break
// or other control character (which a tag value cannot hold) becomes a
// space.
func escapeTag(v string) string {
	var sb strings.Builder
	for _, r := range v {
		switch {
		case r == '\\' || r == '"':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < ' ' || r == 0x7f:
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// movetext returns the movetext as words: each word is written whole on
// a line (a comment that fits on a line is one word).
func (g *Game) movetext() []string {
	var words []string
	words = appendComment(words, g.Comment)
	num := startNumber(g.FEN)
	for i, m := range g.Moves {
		if i > 0 && m.Color == position.White && g.Moves[i-1].Color == position.Black {
			num++
		}
		switch {
		case m.Color == position.White:
			words = append(words, fmt.Sprintf("%d.", num))
		case i == 0 || g.Moves[i-1].Color != position.White || commentText(g.Moves[i-1].Comment) != "":
			// the PGN standard's export format: a Black move has its
			// number when it starts the game or a comment comes
			// between it and White's move ("1. e4 {c} 1... e5")
			words = append(words, fmt.Sprintf("%d...", num))
		}
		words = append(words, m.SAN)
		for _, n := range m.NAGs {
			words = append(words, fmt.Sprintf("$%d", n))
		}
		words = appendComment(words, m.Comment)
	}
	words = appendComment(words, g.Final)
	return append(words, g.result())
}

// appendComment appends the comment {text} to words: one word when it
// fits on a line, else one word per word of the text. A "}" in the text
// (which would end the comment) becomes ")", and "{" "(" to match; runs
// of white space become one space. An empty text adds nothing.
func appendComment(words []string, text string) []string {
	text = commentText(text)
	if text == "" {
		return words
	}
	f := strings.Fields(text)
	if c := "{" + strings.Join(f, " ") + "}"; utf8.RuneCountInString(c) <= lineWidth {
		return append(words, c)
	}
	f[0] = "{" + f[0]
	f[len(f)-1] += "}"
	return append(words, f...)
}

// commentText is the text of a comment as Write writes it: "}" (which
// would end the comment) becomes ")", and "{" "(" to match; runs of white
// space become one space ("" when the comment is only white space).
func commentText(text string) string {
	text = strings.NewReplacer("{", "(", "}", ")").Replace(text)
	return strings.Join(strings.Fields(text), " ")
}

// wrap joins words with spaces into lines of at most width characters
// (a longer word stands alone on its line).
func wrap(words []string, width int) string {
	var sb strings.Builder
	n := 0
	for i, w := range words {
		if i > 0 {
			if n+1+utf8.RuneCountInString(w) > width {
				sb.WriteByte('\n')
				n = 0
			} else {
				sb.WriteByte(' ')
				n++
			}
		}
		sb.WriteString(w)
		n += utf8.RuneCountInString(w)
	}
	return sb.String()
}
