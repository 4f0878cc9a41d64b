package variants

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"houserules/position"
	"houserules/rules"
)

// Request names a ruleset the way a user does: a variant by name, where to
// look for it besides the catalogue, and the house rules on top. Resolve
// turns it into a compiled ruleset. It is a struct so that what a user may
// name can grow (plugins, layouts, modifiers) without changing the callers.
type Request struct {
	// Variant is the variant's name: a section of the ini (if one is
	// given), else a variant of the built-in catalogue, else the key of a
	// registered plugin (variants.Register). The exact spelling
	// is looked for first, then the name without regard to case (as
	// UCI_Variant names are matched), spaces around it left out (as the
	// server and UCI's setoption leave them out). "" names no variant.
	Variant string

	// The ini to look in first, one of three ways (at most one is set):
	// INIPath is a variants.ini file to read (the CLI's --ini); INI is the
	// text of one (the play server's custom variants), named ININame in
	// messages; File is one already loaded (UCI's VariantPath). A section
	// with the name of a built-in variant is skipped: the built-in stands,
	// as in Fairy-Stockfish (not a community variant's name: those are not
	// Fairy-Stockfish built-ins, and the file's own section is played).
	INIPath string
	INI     string
	ININame string
	File    *File

	// SectionError, when set, is called for every section of the ini
	// that has an error, in file order, before the variant is looked for
	// (the CLI reports them).
	SectionError func(s *Section)

	// Presets are the house rules in the --presets syntax
	// (rules.ParseSpecs); when it is empty, Specs are used instead.
	Presets string
	Specs   []rules.Spec

	// Chess960 asks for Chess960 castling rules and notation (carried to
	// the games, see Resolved.NewGame).
	Chess960 bool
}

// Resolved is a request resolved: the variant found and the ruleset
// compiled from it and the presets.
type Resolved struct {
	// Name is the variant's name as spelt by the section or catalogue
	// entry found (the request may differ in case).
	Name string
	// Variant is the variant found, before the presets change it.
	Variant *position.Variant
	// Ruleset is the variant with the presets, compiled.
	Ruleset *rules.Ruleset
	// Specs are the presets asked for, in the order given.
	Specs    []rules.Spec
	Chess960 bool
	// File is the ini the variant was looked for in, if any.
	File *File
}

// NewGame sets up a game of the resolved ruleset from fen ("" = the start
// position), with the request's Chess960 rules.
func (r *Resolved) NewGame(fen string) (*rules.Game, error) {
	return rules.NewGame(r.Ruleset, fen, r.Chess960)
}

// What a request can get wrong, for errors.Is on Resolve's errors (callers
// that tell them apart: the play server answers unknown_variant,
// bad_variant, bad_presets and incompatible_presets).
var (
	// ErrUnknownVariant: no section of the ini nor variant of the
	// catalogue has the name.
	ErrUnknownVariant = errors.New("unknown variant")
	// ErrBadVariant: the ini does not load, or the variant named does not
	// (an error in its section, a feature not supported yet).
	ErrBadVariant = errors.New("bad variant")
	// ErrBadPresets: the presets do not parse, or a spec is wrong in
	// itself (an unknown preset or option, a preset listed twice).
	ErrBadPresets = errors.New("bad presets")
	// ErrIncompatiblePresets: the presets do not go together or with the
	// variant (rules.CompileError of kind rules.Incompatible).
	ErrIncompatiblePresets = errors.New("incompatible presets")
)

// ResolveError is why a request does not resolve. Its message is the
// cause's; Kind is one of ErrUnknownVariant, ErrBadVariant, ErrBadPresets
// and ErrIncompatiblePresets.
type ResolveError struct {
	Kind error
	Err  error
}

func (e *ResolveError) Error() string { return e.Err.Error() }

// Unwrap gives the kind and the cause, for errors.Is and errors.As.
func (e *ResolveError) Unwrap() []error { return []error{e.Kind, e.Err} }

// Resolve finds the variant a request names and compiles it with the
// request's presets. Errors are *ResolveError values.
func Resolve(req Request) (*Resolved, error) {
	f, err := req.file()
	if err != nil {
		return nil, &ResolveError{ErrBadVariant, err}
	}
	name, v, hooks, err := findVariant(strings.TrimSpace(req.Variant), f, req.SectionError)
	if err != nil {
		return nil, err
	}
	specs := req.Specs
	if req.Presets != "" {
		if specs, err = rules.ParseSpecs(req.Presets); err != nil {
			return nil, &ResolveError{ErrBadPresets, err}
		}
	}
	// a plugin's hooks are registered first, the presets' on top of them
	rs, err := rules.CompileWith(v, hooks, specs)
	if err != nil {
		var ce *rules.CompileError
		switch {
		case !errors.As(err, &ce):
			return nil, &ResolveError{ErrBadVariant, err}
		case ce.Kind == rules.BadSpec:
			return nil, &ResolveError{ErrBadPresets, err}
		}
		return nil, &ResolveError{ErrIncompatiblePresets, err}
	}
	return &Resolved{Name: name, Variant: v, Ruleset: rs, Specs: specs, Chess960: req.Chess960, File: f}, nil
}

// file loads the request's ini, if any (nil without one).
func (req Request) file() (*File, error) {
	switch {
	case req.INIPath != "":
		return LoadFile(req.INIPath)
	case req.INI != "":
		return Load(req.ININame, strings.NewReader(req.INI))
	}
	return req.File, nil
}

// findVariant looks name up among the sections of f (nil: none), then in
// the catalogue, then among the plugins: the exact spelling first, then
// without regard to case. (A plugin's key never equals a catalogue name,
// in any case: Register refuses it. An ini section with a plugin's key
// hides the plugin, as the ini is looked in first.)
// Sections with errors are passed to sectionErr (when set) and
// stay findable, so that naming one says what is wrong with it, except a
// section with a built-in variant's name, which is skipped. It returns
// the name as spelt where it was found, and a plugin's hooks (nil for
// a variant without).
func findVariant(name string, f *File, sectionErr func(*Section)) (string, *position.Variant, func(*rules.Builder) error, error) {
	var names []string
	if f != nil {
		for _, s := range f.Sections {
			if s.Err != nil && sectionErr != nil {
				sectionErr(s)
			}
			if s.Err != nil && errors.Is(s.Err, ErrBuiltin) {
				continue // the name is the built-in variant's, as in Fairy-Stockfish
			}
			names = append(names, s.Name)
		}
	}
	inFile := len(names)
	names = append(names, Names()...)
	inCatalogue := len(names)
	for _, p := range Plugins() {
		if !p.refused {
			names = append(names, p.Key)
		}
	}
	i := slices.Index(names, name)
	if i < 0 {
		i = slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, name) })
	}
	if i >= 0 {
		name = names[i]
	}
	switch {
	case i >= 0 && i < inFile:
		v, err := f.Lookup(name)
		if err != nil {
			return name, nil, nil, &ResolveError{ErrBadVariant, err}
		}
		return name, v, f.pluginHooks(name), nil
	case i >= inCatalogue:
		p, _ := LookupPlugin(name)
		if p.Err != nil {
			return name, nil, nil, &ResolveError{ErrBadVariant, p.Err}
		}
		return name, p.Variant(), p.hooks(), nil
	}
	v, err := Get(name)
	var nf *notFoundError
	switch {
	case errors.As(err, &nf) && f != nil:
		return name, nil, nil, &ResolveError{ErrUnknownVariant,
			fmt.Errorf("unknown variant %q: not a section of %s, in the built-in catalogue nor a plugin", name, f.Path)}
	case errors.As(err, &nf):
		return name, nil, nil, &ResolveError{ErrUnknownVariant,
			fmt.Errorf("unknown variant %q: not in the built-in catalogue nor a plugin", name)}
	case err != nil:
		// in the catalogue, but uses a feature not supported yet
		return name, nil, nil, &ResolveError{ErrBadVariant, err}
	}
	return name, v, nil, nil
}

// pluginHooks returns the hooks of the plugin section name descends from
// (a section extending rifleChess shoots as rifleChess does), nil for
// none.
func (f *File) pluginHooks(name string) func(*rules.Builder) error {
	for _, s := range f.Sections {
		if s.Name == name && s.Plugin != "" {
			if p, ok := LookupPlugin(s.Plugin); ok && p.Err == nil {
				return p.hooks()
			}
		}
	}
	return nil
}
