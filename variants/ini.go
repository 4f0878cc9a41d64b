// Package variants loads variant definitions written in Fairy-Stockfish's
// variants.ini format and serves the built-in catalogue.
//
// The ini dialect is Fairy-Stockfish's own (variant.cpp, VariantMap::parse):
//
//   - Before the first line that starts with '[' only blank lines and
//     comments may come (Fairy-Stockfish skips whatever is there; we report
//     other text as an error, see below).
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
// section); the file must be UTF-8 text: a UTF-16 byte order mark, invalid
// UTF-8 or a NUL byte is an error (Fairy-Stockfish reads bytes, and finds
// no section in a UTF-16 file); a file without any section, and text other
// than blank lines and comments before the first section, are errors of
// the whole file, returned by Load (Fairy-Stockfish silently loads nothing,
// or skips the text without a word, even in its "check" mode); trailing
// blanks of a value are removed (Fairy-Stockfish keeps them, which makes
// "true " an invalid bool and puts a blank into a Betza string); a non-blank line without '=', a key without a value and a header
// without ']' are errors (Fairy-Stockfish skips such lines, warning only in
// its "check" mode, and reads a header up to the next ']' even across lines).
// Two piece keys of one section with the same letter, and a piece taking
// the letter of the parent's king without a king key in the section, are
// errors (Fairy-Stockfish silently drops the piece that had the letter);
// replacing another piece of the parent by taking its letter stays allowed,
// as its own variants.ini does it (see claimLetter in pieces.go).
//
// Where things are: ini.go reads the text into raw sections; load.go builds
// a File from them (Load, LoadFile, Lookup, inheritance from a parent);
// parser.go applies a section's keys in Fairy-Stockfish's order, with the
// value readers and typed options in values.go, the options not supported
// yet in unsupported.go and the piece keys in pieces.go; check.go makes the
// final consistency checks (startFen included); errors.go holds Error and
// its kinds; catalogue.go serves the built-in variants of catalogue/*.ini
// and describe.go describes them (and the plugins) for pickers and the web
// API; plugin.go is the registry of variant plugins (Register, Config) and
// plugin_ini.go writes a plugin's flags as the ini section it is built from.
package variants

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
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
// reader. err is only for I/O; fileErrs are the problems outside any
// section — a UTF-16 byte order mark (then nothing else is read), a line
// before the first section that is not UTF-8 (see encoding), the first
// line of text there (with the count of the others), and last the lack of
// any section. A line of a section that is not UTF-8 is an error of the
// section.
func readINI(file string, r io.Reader) (sections []*rawSection, fileErrs []error, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	text := string(data)
	if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
		// The whole file is UTF-16 (or UTF-32): no line of it can be read.
		return nil, []error{&Error{File: file, Line: 1, Kind: ErrSyntax,
			Msg: "UTF-16 byte order mark: the file must be UTF-8 text"}}, nil
	}
	text = strings.TrimPrefix(text, "\uFEFF") // a UTF-8 byte order mark
	var cur *rawSection
	var preamble *Error // the first text before the first section
	morePreamble := 0   // how many more lines of such text,
	lastPreamble := 0   // up to this line
	lineNo := 0
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		lineNo++
		var encErr *Error
		if msg := encoding(line); msg != "" {
			sec := ""
			if cur != nil {
				sec = cur.Name
			}
			encErr = &Error{File: file, Line: lineNo, Section: sec, Kind: ErrSyntax, Msg: msg}
		}
		if strings.HasPrefix(line, "[") {
			cur = readHeader(file, lineNo, line)
			if encErr != nil {
				encErr.Section = cur.Name
				cur.Errs = append(cur.Errs, encErr)
			}
			sections = append(sections, cur)
			continue
		}
		line = strings.TrimSuffix(line, "\r")
		if cur == nil {
			// Before the first section: Fairy-Stockfish skips every line.
			switch {
			case encErr != nil:
				fileErrs = append(fileErrs, encErr)
			case strings.TrimSpace(line) == "" || line[0] == ';' || line[0] == '#':
			case preamble == nil:
				preamble = &Error{File: file, Line: lineNo, Kind: ErrSyntax,
					Msg: fmt.Sprintf("invalid syntax %q: text before the first section (a variant starts with a [name] or [name:parent] line)", line)}
				fileErrs = append(fileErrs, preamble)
			default:
				morePreamble++
				lastPreamble = lineNo
			}
			continue
		}
		if encErr != nil {
			cur.Errs = append(cur.Errs, encErr)
			continue
		}
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
	if morePreamble > 0 {
		preamble.Msg += fmt.Sprintf("; %d more %s of such text, up to line %d", morePreamble, plural(morePreamble, "line", "lines"), lastPreamble)
	}
	if len(sections) == 0 {
		// Line 0: the error is about the whole file.
		fileErrs = append(fileErrs, &Error{File: file, Kind: ErrSyntax, Msg: "no [section] in the file: nothing to load"})
	}
	return sections, fileErrs, nil
}

// encoding says what is wrong with the bytes of a line: invalid UTF-8 or a
// NUL byte (a UTF-16 file without byte order mark); "" when nothing is.
func encoding(line string) string {
	for i, r := range line {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(line[i:], "\uFFFD"):
			return fmt.Sprintf("invalid UTF-8 (byte 0x%02x at column %d): the file must be UTF-8 text", line[i], utf8.RuneCountInString(line[:i])+1)
		case r == 0:
			return fmt.Sprintf("NUL byte at column %d: the file must be UTF-8 text (is it UTF-16?)", utf8.RuneCountInString(line[:i])+1)
		}
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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
