package variants

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"

	"houserules/position"
)

// Section is one variant of a file. Variant is nil when Err is not.
type Section struct {
	Name, Parent string
	File         string
	Line         int
	Variant      *position.Variant
	Err          error // all problems of the section (errors.Join), in line order
	// Plugin is the key of the plugin the section descends from ("" for
	// none): its hooks are the section's too (Resolve compiles them).
	Plugin string
}

// File is a loaded variants file; Sections are in file order.
type File struct {
	Path     string
	Sections []*Section
}

// LoadFile reads a variants.ini file. The error is for I/O, or for problems
// of the file as a whole (see Load): problems of a section are in its
// Section.Err and do not stop the other sections.
func LoadFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Load(path, f)
}

// Load reads variants in ini form from r; name is used in error messages.
// A section may inherit from a section defined earlier in the same text
// (as in Fairy-Stockfish), or else from a built-in variant of the catalogue,
// or else from a plugin (by its exact key).
//
// The error is for I/O (then the File is nil), or for problems outside any
// section: a file that is not UTF-8 text, text before the first section, no
// section at all. Those are *Error values of kind ErrSyntax (joined when
// there are several) and the file must not be used; the File returned with
// them still lists the sections read, for reporting (as in `check`).
func Load(name string, r io.Reader) (*File, error) {
	raws, fileErrs, err := readINI(name, r)
	if err != nil {
		return nil, err
	}
	f := &File{Path: name}
	seen := map[string]*Section{}
	lastLine := map[string]int{} // last header line of each name, for the "defined later" hint
	for _, rs := range raws {
		lastLine[rs.Name] = rs.Line
	}
	for _, rs := range raws {
		s := &Section{Name: rs.Name, Parent: rs.Parent, File: rs.File, Line: rs.Line}
		f.Sections = append(f.Sections, s)
		if first, dup := seen[rs.Name]; dup && rs.Name != "" {
			s.Err = &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrDuplicate,
				Msg: fmt.Sprintf("variant %q is already defined at %s:%d", rs.Name, first.File, first.Line)}
			continue
		}
		if cs, builtin := loadedCatalogue().sections[rs.Name]; builtin && !Community(cs.File) {
			// Fairy-Stockfish keeps its own variant of that name ("Variant
			// 'makruk' already exists.") and skips the section: a file
			// that redefined it here would play another game than there
			s.Err = &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrBuiltin,
				Msg: fmt.Sprintf("variant %q is built in: Fairy-Stockfish keeps its own and skips this section (give it another name)", rs.Name)}
			continue
		}
		seen[rs.Name] = s
		resolve := func(parent string) (*position.Variant, error) {
			if p, ok := seen[parent]; ok && p != s {
				if p.Err != nil {
					return nil, p.Err
				}
				s.Plugin = p.Plugin
				return p.Variant, nil
			}
			v, err := Get(parent)
			var nf *notFoundError
			if pl, ok := LookupPlugin(parent); errors.As(err, &nf) && ok && pl.Key == parent {
				// a section may extend a plugin (by its exact key)
				if pl.Err != nil {
					return nil, pl.Err
				}
				s.Plugin = pl.Key
				return pl.Variant(), nil
			}
			if errors.As(err, &nf) {
				if l := lastLine[parent]; l > rs.Line {
					nf.hint = fmt.Sprintf(" (it is defined later, at line %d: a parent must come first)", l)
				}
			}
			return v, err
		}
		s.Variant, s.Err = buildSection(rs, resolve)
	}
	switch len(fileErrs) {
	case 0:
		return f, nil
	case 1:
		return f, fileErrs[0]
	}
	return f, errors.Join(fileErrs...)
}

// Lookup returns the variant of the named section; the error says why it is
// absent or why its section failed.
func (f *File) Lookup(name string) (*position.Variant, error) {
	for _, s := range f.Sections {
		if s.Name == name {
			if s.Err != nil {
				return nil, fmt.Errorf("variant %q: %w", name, s.Err)
			}
			return s.Variant, nil
		}
	}
	return nil, fmt.Errorf("variant %q is not defined in %s", name, f.Path)
}

// communityFile is the catalogue file of the community variants: user
// blocks (as published on pychess-variants), not Fairy-Stockfish
// built-ins, so a user file may define a section of the same name.
const communityFile = "community.ini"

// Community reports whether a catalogue section's file (Section.File) is
// the community variants' file.
func Community(file string) bool { return path.Base(file) == communityFile }

// buildSection turns a raw section into a variant. resolve finds the parent.
func buildSection(rs *rawSection, resolve func(string) (*position.Variant, error)) (*position.Variant, error) {
	if len(rs.Errs) > 0 && rs.Name == "" {
		return nil, joinSorted(rs.Errs)
	}
	var base *position.Variant
	if rs.Parent != "" {
		pv, err := resolve(rs.Parent)
		if err != nil {
			var msg string
			var nf *notFoundError
			if errors.As(err, &nf) {
				msg = fmt.Sprintf("unknown parent variant %q%s", rs.Parent, nf.hint)
				err = nil
			} else {
				msg = fmt.Sprintf("parent variant %q failed: %s", rs.Parent, rootCause(err))
			}
			perr := &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrParent, Msg: msg, Err: err}
			return nil, joinSorted(append(rs.Errs, perr))
		}
		base = pv.Clone()
	}
	p := newParser(rs, base)
	p.parse()
	errs := append(append([]error{}, rs.Errs...), p.errs...)
	if len(errs) == 0 {
		p.check()
		errs = p.errs
	}
	if len(errs) > 0 {
		return nil, joinSorted(errs)
	}
	return p.v, nil
}
