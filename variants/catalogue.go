package variants

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"houserules/position"
)

// The built-in variants: Fairy-Stockfish's built-in variants written as
// ini sections, one namespace across all files. A section may inherit from
// a section of any catalogue file, in any order.
//
//go:embed catalogue/*.ini
var catalogueFS embed.FS

type catalogue struct {
	sections map[string]*Section
	order    []*Section // by file, then line
}

var (
	catOnce sync.Once
	cat     *catalogue
)

func loadedCatalogue() *catalogue {
	catOnce.Do(func() { cat = buildCatalogue(catalogueFS, "catalogue") })
	return cat
}

// buildCatalogue loads every *.ini file of dir in fsys as one namespace,
// resolving parents by dependency, not by file order.
func buildCatalogue(fsys fs.FS, dir string) *catalogue {
	c := &catalogue{sections: map[string]*Section{}}
	names, _ := fs.Glob(fsys, path.Join(dir, "*.ini"))
	sort.Strings(names)
	raws := map[string]*rawSection{}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue // cannot happen with an embed.FS
		}
		rss, _, _ := readINI(name, bytes.NewReader(data)) // no file errors: TestRealFilesHaveNoFileErrors
		for _, rs := range rss {
			s := &Section{Name: rs.Name, Parent: rs.Parent, File: rs.File, Line: rs.Line}
			c.order = append(c.order, s)
			if first, dup := c.sections[rs.Name]; dup {
				s.Err = &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrDuplicate,
					Msg: fmt.Sprintf("variant %q is already defined at %s:%d", rs.Name, first.File, first.Line)}
				continue
			}
			c.sections[rs.Name] = s
			raws[rs.Name] = rs
		}
	}
	// Resolve depth first; state 1 = in progress (a cycle), 2 = done.
	state := map[string]int{}
	var resolve func(name string) (*position.Variant, error)
	resolve = func(name string) (*position.Variant, error) {
		s, ok := c.sections[name]
		if !ok {
			return nil, &notFoundError{name: name}
		}
		switch state[name] {
		case 1:
			return nil, &Error{File: s.File, Line: s.Line, Section: name, Kind: ErrParent,
				Msg: fmt.Sprintf("variant %q inherits from itself", name)}
		case 2:
			return s.Variant, s.Err
		}
		state[name] = 1
		s.Variant, s.Err = buildSection(raws[name], resolve)
		state[name] = 2
		return s.Variant, s.Err
	}
	for _, s := range c.order {
		if s.Err == nil && s.Variant == nil {
			resolve(s.Name)
		}
	}
	return c
}

// Get returns a copy of a built-in variant. Variants of the catalogue that
// do not load (features not supported yet) are known: their error says why.
func Get(name string) (*position.Variant, error) {
	s, ok := loadedCatalogue().sections[name]
	if !ok {
		return nil, &notFoundError{name: name}
	}
	if s.Err != nil {
		return nil, fmt.Errorf("built-in variant %q: %w", name, s.Err)
	}
	return s.Variant.Clone(), nil
}

// Names lists the built-in variants that load, sorted.
func Names() []string {
	var out []string
	for name, s := range loadedCatalogue().sections {
		if s.Err == nil {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Catalogue lists every section of the built-in catalogue, loaded or not,
// by file and line (for "houserules variants" and checks).
func Catalogue() []*Section {
	return append([]*Section(nil), loadedCatalogue().order...)
}
