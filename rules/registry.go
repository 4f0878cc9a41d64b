package rules

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Mode says how a preset relates to the base rules (seed RULES.md).
type Mode string

// Preset modes.
const (
	Additive Mode = "additive" // adds productions
	Override Mode = "override" // retracts or replaces productions
	Hybrid   Mode = "hybrid"   // both
)

// Info is the declaration of a preset: identity, category, mode, the
// presets it requires or cannot be combined with, and the productions it
// adds, retracts and overrides.
type Info struct {
	ID           string
	Name         string
	Category     string
	Mode         Mode
	Description  string
	Requires     []string
	Incompatible []string
	Adds         []string // production IDs the preset adds
	Retracts     []string // base productions it removes
	Overrides    []string // base productions it replaces
	ScopeAware   bool     // accepts the scope option (white / black / both)
	Options      []string // other option keys the preset accepts
}

// Options are a preset's key=value options (e.g. scope=white).
type Options map[string]string

// Preset is a house rule. Setup installs it into a ruleset being built:
// it may edit the variant (before it is compiled), declare facts and
// register hooks on the move pipeline.
type Preset interface {
	Info() Info
	Setup(b *Builder, opts Options) error
}

var (
	regMu    sync.RWMutex
	registry = map[string]Preset{}
)

// Register adds a preset to the registry (presets call it from init). It
// panics on a duplicate ID, which is a programming error.
func Register(p Preset) {
	regMu.Lock()
	defer regMu.Unlock()
	id := p.Info().ID
	if _, dup := registry[id]; dup {
		panic("rules: duplicate preset " + id)
	}
	registry[id] = p
}

// Presets returns the registered presets sorted by ID.
func Presets() []Preset {
	regMu.RLock()
	defer regMu.RUnlock()
	var out []Preset
	for _, p := range registry {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}

// Lookup finds a registered preset by its ID, matched without regard to
// case when no ID is spelt exactly so (as UCI_Variant names are).
func Lookup(id string) (Preset, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	if p, ok := registry[id]; ok {
		return p, true
	}
	for k, p := range registry {
		if strings.EqualFold(k, id) {
			return p, true
		}
	}
	return nil, false
}

// CheckRegistry verifies that every Requires and Incompatible names a
// registered preset and that Requires forms a DAG (no cycle). The binary
// calls it at start-up.
func CheckRegistry() error {
	regMu.RLock()
	defer regMu.RUnlock()
	for id, p := range registry {
		inf := p.Info()
		for _, r := range append(append([]string{}, inf.Requires...), inf.Incompatible...) {
			if _, ok := registry[r]; !ok {
				return fmt.Errorf("preset %s names unknown preset %s", id, r)
			}
		}
	}
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(id string, path []string) error
	visit = func(id string, path []string) error {
		switch state[id] {
		case 1:
			return fmt.Errorf("presets: Requires has a cycle: %s", strings.Join(append(path, id), " → "))
		case 2:
			return nil
		}
		state[id] = 1
		for _, r := range registry[id].Info().Requires {
			if err := visit(r, append(path, id)); err != nil {
				return err
			}
		}
		state[id] = 2
		return nil
	}
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if err := visit(id, nil); err != nil {
			return err
		}
	}
	return nil
}

// Spec is one preset of a ruleset with its options.
type Spec struct {
	ID      string
	Options Options
}

func (s Spec) String() string {
	if len(s.Options) == 0 {
		return s.ID
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := []string{s.ID}
	for _, k := range keys {
		parts = append(parts, k+"="+s.Options[k])
	}
	return strings.Join(parts, ":")
}

// ParseSpecs reads the --presets syntax: ID[:key=value[:key=value]][,ID…],
// e.g. "piece-hp,berolina-pawns:scope=white". Errors name the item.
func ParseSpecs(s string) ([]Spec, error) {
	var out []Spec
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		parts := strings.Split(item, ":")
		if parts[0] == "" {
			return nil, fmt.Errorf("presets item %d (%q): empty preset ID", i+1, item)
		}
		sp := Spec{ID: parts[0], Options: Options{}}
		for _, kv := range parts[1:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, fmt.Errorf("presets item %d (%q): option %q is not key=value", i+1, item, kv)
			}
			sp.Options[k] = v
		}
		out = append(out, sp)
	}
	return out, nil
}

// Scope reads the scope option: which colours a scope-aware preset applies
// to ("white", "black" or "both"; default both).
func (o Options) Scope() ([2]bool, error) {
	switch o["scope"] {
	case "", "both":
		return [2]bool{true, true}, nil
	case "white":
		return [2]bool{true, false}, nil
	case "black":
		return [2]bool{false, true}, nil
	}
	return [2]bool{}, fmt.Errorf("scope %q is not white, black or both", o["scope"])
}
