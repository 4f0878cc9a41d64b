// Package variants loads variant definitions written in Fairy-Stockfish's
// variants.ini format and serves the built-in catalogue.
//
// The ini dialect is Fairy-Stockfish's own (variant.cpp, parse_istream):
//
//   - Everything before the first line that starts with '[' is ignored.
//   - A line starting with '[' opens a section: "[name]" or "[name:parent]".
//     The name ends at the first ']' of the line; the rest of the line is
//     ignored. The parent is everything after the first ':'. Names are not
//     trimmed.
//   - Inside a section, a line whose first character is ';' or '#' is a
//     comment. Only the first character counts: an indented '#' is not a
//     comment, and there are no trailing comments ("k = v ; c" has the value
//     "v ; c", as in Fairy-Stockfish).
//   - "key = value": the key is the text before the first '=', with trailing
//     spaces removed (leading spaces are kept, as in Fairy-Stockfish, so an
//     indented key is an unknown option); the value starts at the first
//     non-blank character after '='. A trailing '\r' is dropped.
//   - When a key is repeated in a section, the later value wins.
//
// Deliberate differences, all harmless or reported as errors: a UTF-8 byte
// order mark at the start is skipped (Fairy-Stockfish would miss the first
// section); trailing blanks of a value are removed (Fairy-Stockfish keeps
// them, which makes "true " an invalid bool and puts a blank into a Betza
// string); a non-blank line without '=', a key without a value and a header
// without ']' are errors (Fairy-Stockfish skips such lines, warning only in
// its "check" mode, and reads a header up to the next ']' even across lines).
// Two piece keys of one section with the same letter, and a piece taking
// the letter of the parent's king without a king key in the section, are
// errors (Fairy-Stockfish silently drops the piece that had the letter);
// replacing another piece of the parent by taking its letter stays allowed,
// as its own variants.ini does it (see claimLetter in load.go).
package variants

import (
	"fmt"
	"io"
	"strings"
)

// entry is one "key = value" line.
type entry struct {
	Key, Value string
	Line       int
}

// rawSection is a section as read from the file, before interpretation.
type rawSection struct {
	Name, Parent string
	File         string
	Line         int
	Entries      []entry // in file order; duplicates kept (later wins)
	Errs         []error // syntax errors found while reading the section
}

// readINI splits an ini text into sections, following Fairy-Stockfish's
// reader. It only fails on an I/O error.
func readINI(file string, r io.Reader) ([]*rawSection, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text := strings.TrimPrefix(string(data), "\uFEFF") // a UTF-8 byte order mark
	var sections []*rawSection
	var cur *rawSection
	lineNo := 0
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		lineNo++
		if strings.HasPrefix(line, "[") {
			cur = readHeader(file, lineNo, line)
			sections = append(sections, cur)
			continue
		}
		if cur == nil {
			continue // preamble: ignored, as in Fairy-Stockfish
		}
		line = strings.TrimSuffix(line, "\r")
		if line == "" || line[0] == ';' || line[0] == '#' {
			continue
		}
		eq := strings.IndexByte(line, '=')
		if eq < 0 {
			if strings.TrimSpace(line) != "" {
				cur.Errs = append(cur.Errs, &Error{File: file, Line: lineNo, Section: cur.Name, Kind: ErrSyntax,
					Msg: fmt.Sprintf("invalid syntax %q: expected key = value", line)})
			}
			continue
		}
		key := strings.TrimRight(line[:eq], " ")
		value := strings.TrimRight(strings.TrimLeft(line[eq+1:], " \t\v\f\r"), " \t\v\f\r")
		switch {
		case key == "":
			cur.Errs = append(cur.Errs, &Error{File: file, Line: lineNo, Section: cur.Name, Kind: ErrSyntax,
				Msg: fmt.Sprintf("invalid syntax %q: missing key", line)})
		case value == "":
			cur.Errs = append(cur.Errs, &Error{File: file, Line: lineNo, Section: cur.Name, Key: key, Kind: ErrSyntax,
				Msg: fmt.Sprintf("missing value for %s", showKey(key))})
		default:
			cur.Entries = append(cur.Entries, entry{Key: key, Value: value, Line: lineNo})
		}
	}
	return sections, nil
}

// readHeader reads a "[name]" or "[name:parent]" line.
func readHeader(file string, lineNo int, line string) *rawSection {
	s := &rawSection{File: file, Line: lineNo}
	body := line[1:]
	end := strings.IndexByte(body, ']')
	if end < 0 {
		s.Name = strings.TrimSuffix(body, "\r")
		s.Errs = append(s.Errs, &Error{File: file, Line: lineNo, Section: s.Name, Kind: ErrSyntax,
			Msg: fmt.Sprintf("invalid section header %q: missing ']'", strings.TrimSuffix(line, "\r"))})
		return s
	}
	body = body[:end]
	if i := strings.IndexByte(body, ':'); i >= 0 {
		s.Name, s.Parent = body[:i], body[i+1:]
	} else {
		s.Name = body
	}
	if s.Name == "" {
		s.Errs = append(s.Errs, &Error{File: file, Line: lineNo, Kind: ErrSyntax,
			Msg: fmt.Sprintf("invalid section header %q: empty variant name", strings.TrimSuffix(line, "\r"))})
	}
	return s
}

// showKey prints a key as is, or quoted when it has blanks or control
// characters (an indented key, say).
func showKey(k string) string {
	for i := 0; i < len(k); i++ {
		if k[i] <= ' ' || k[i] >= 0x7f {
			return fmt.Sprintf("%q", k)
		}
	}
	return k
}
