package variants

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Error kinds, for errors.Is.
var (
	// ErrNotSupported: the key sets a Fairy-Stockfish feature this engine
	// does not have yet (drops, gating, walls, …) to a non-default value.
	ErrNotSupported = errors.New("not supported yet")
	// ErrUnknownOption: Fairy-Stockfish does not know the key.
	ErrUnknownOption = errors.New("unknown option")
	// ErrInvalidValue: the value does not parse as the key's type.
	ErrInvalidValue = errors.New("invalid value")
	// ErrBetza: a custom piece's Betza notation does not parse.
	ErrBetza = errors.New("invalid Betza notation")
	// ErrSyntax: a malformed line or section header, a file that is not
	// UTF-8 text, text before the first section, or no section at all.
	ErrSyntax = errors.New("syntax error")
	// ErrParent: the parent variant is unknown or failed to load.
	ErrParent = errors.New("bad parent variant")
	// ErrInconsistent: a consistency check of the whole variant failed
	// (the checks Fairy-Stockfish's parser makes at the end).
	ErrInconsistent = errors.New("inconsistent variant")
	// ErrDuplicate: a section name is used twice.
	ErrDuplicate = errors.New("duplicate variant")
	// ErrBuiltin: a section has the name of a built-in variant (the
	// built-in one stands, as in Fairy-Stockfish).
	ErrBuiltin = errors.New("built-in variant name")
)

// Error is one problem in a variant file, with its place.
type Error struct {
	File    string
	Line    int    // 0 when the error is about the whole file
	Section string // the section it belongs to ("" before any section)
	Key     string // the option, when the error is about one
	Kind    error  // one of the Err… kinds above
	Msg     string // the message without the place
	Err     error  // the underlying cause (betza error, parent error), if any
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s (%s)", e.Msg, e.File)
	}
	return fmt.Sprintf("%s (%s:%d)", e.Msg, e.File, e.Line)
}

// Unwrap gives the kind and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

// notFoundError says a variant name is not in the catalogue.
type notFoundError struct {
	name string
	hint string // added by Load: where else the name occurs
}

func (e *notFoundError) Error() string {
	return fmt.Sprintf("unknown variant %q: not in the built-in catalogue", e.name)
}

// rootCause describes why a parent failed: its first error, following a
// chain of failed parents down to the original problem.
func rootCause(err error) string {
	var e *Error
	for errors.As(err, &e) && e.Kind == ErrParent && e.Err != nil {
		err = e.Err
	}
	s := err.Error()
	if errors.As(err, &e) {
		s = e.Error()
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// joinSorted joins errors in line order (stable), or returns the only one.
func joinSorted(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	line := func(e error) int {
		var le *Error
		if errors.As(e, &le) {
			return le.Line
		}
		return 0
	}
	sort.SliceStable(errs, func(i, j int) bool { return line(errs[i]) < line(errs[j]) })
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}
