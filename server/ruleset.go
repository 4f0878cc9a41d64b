package server

import (
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"houserules/rules"
	"houserules/variants"
)

// presetsField accepts the presets of a request either as the --presets
// text ("ID,ID:key=value", as on the command line) or as a list of
// {"id":…,"options":{…}} objects.
type presetsField struct {
	Specs []rules.Spec
	Err   error
	N     int // items listed (Config.MaxPresets)
}

type presetJSON struct {
	ID      string            `json:"id"`
	Options map[string]string `json:"options,omitempty"`
}

func (p *presetsField) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if strings.TrimSpace(s) != "" {
			p.N = strings.Count(s, ",") + 1
		}
		p.Specs, p.Err = rules.ParseSpecs(s)
		return nil
	}
	var list []presetJSON
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("presets: a string (\"ID,ID:key=value\") or a list of {\"id\",\"options\"}")
	}
	p.N = len(list)
	for i, it := range list {
		if strings.TrimSpace(it.ID) == "" {
			p.Err = fmt.Errorf("presets item %d: empty preset ID", i+1)
			return nil
		}
		for k, v := range it.Options {
			if k == "" || strings.ContainsAny(k+v, ":,=") {
				p.Err = fmt.Errorf("presets item %d (%s): option %q=%q may not contain ':' ',' '='", i+1, it.ID, k, v)
				return nil
			}
		}
		opts := rules.Options{}
		for k, v := range it.Options {
			opts[k] = v
		}
		p.Specs = append(p.Specs, rules.Spec{ID: it.ID, Options: opts})
	}
	return nil
}

// specsString renders specs in the --presets syntax (stored with the game).
func specsString(specs []rules.Spec) string {
	parts := make([]string, len(specs))
	for i, s := range specs {
		parts[i] = s.String()
	}
	return strings.Join(parts, ",")
}

// compile resolves and compiles a ruleset (variants.Resolve): the variant
// is a section of the custom ini text when given, else the catalogue
// (blank: the ini's first section, or chess without an ini); errors carry
// the API code.
func compile(variant, ini string, presets presetsField) (*rules.Ruleset, *apiError) {
	res, aerr := resolve(variant, ini, presets)
	if aerr != nil {
		return nil, aerr
	}
	return res.Ruleset, nil
}

// resolve is compile with the variant's name as the section or catalogue
// spells it ("MAKRUK" asks for makruk).
func resolve(variant, ini string, presets presetsField) (*variants.Resolved, *apiError) {
	name := strings.TrimSpace(variant)
	if name == "" && strings.TrimSpace(ini) != "" {
		name = firstSection(ini) // an ini without a variant: its first section
	}
	if name == "" {
		name = "chess"
	}
	var broken []string // the ini's sections with errors, for an unknown variant
	req := variants.Request{Variant: name, INI: ini, ININame: customININame, Specs: presets.Specs,
		SectionError: func(s *variants.Section) {
			broken = append(broken, fmt.Sprintf("section %s: %s", s.Name, strings.ReplaceAll(s.Err.Error(), "\n", "; ")))
		}}
	if presets.Err != nil {
		req.Specs = nil // the variant is checked first
	}
	var key [32]byte
	if presets.Err == nil {
		key = rulesetKey(name, ini, presets.Specs)
		if res := compiled.get(key); res != nil {
			return res, nil
		}
	}
	res, err := variants.Resolve(req)
	switch {
	case errors.Is(err, variants.ErrUnknownVariant) && len(broken) > 0:
		// the section meant may be one that does not load: say why
		return nil, errf(http.StatusBadRequest, CodeUnknownVariant, fmt.Sprintf("unknown variant %q: not a section of the ini that loads nor in the catalogue (GET /api/variants lists them); skipped: %s",
			name, strings.Join(broken, "; ")))
	case errors.Is(err, variants.ErrUnknownVariant):
		return nil, errf(http.StatusBadRequest, CodeUnknownVariant, fmt.Sprintf("unknown variant %q (GET /api/variants lists them)", name))
	case errors.Is(err, variants.ErrBadPresets):
		// an unknown preset or option, a preset listed twice
		return nil, errf(http.StatusBadRequest, CodeBadPresets, err.Error())
	case errors.Is(err, variants.ErrIncompatiblePresets):
		return nil, errf(http.StatusBadRequest, CodeIncompatible, err.Error())
	case err != nil:
		// the ini does not load, the section has errors, or the built-in
		// variant uses a feature not supported yet
		return nil, errf(http.StatusBadRequest, CodeBadVariant, err.Error())
	case presets.Err != nil:
		return nil, errf(http.StatusBadRequest, CodeBadPresets, presets.Err.Error())
	}
	return compiled.put(key, res), nil
}

// A compiled ruleset is immutable (rules.Ruleset: the variant's move
// tables and the presets' hook chains, whose hooks keep their state in
// the game's facts, never in themselves), so every room, the AI's copies
// and the requests that only describe the rules share one: compiled
// caches the successful resolutions by their canonical text (the
// variant's name, the ini text, the presets with their options) and keeps
// the rulesetCacheSize most recently used (custom ini blocks cannot grow
// it without end; a ruleset dropped from the cache lives on in the rooms
// that use it). The resolution returned is shared: read it, never change
// it.
var compiled = newRulesetCache(rulesetCacheSize)

const rulesetCacheSize = 64

// rulesetKey is the SHA-256 of the canonical text of a ruleset request:
// each part quoted (so no text can pass for two parts), the options of
// each preset in key order, the presets in their order (it matters: the
// hooks run in it).
func rulesetKey(name, ini string, specs []rules.Spec) [32]byte {
	var b strings.Builder
	b.WriteString(strconv.Quote(name))
	b.WriteByte(' ')
	b.WriteString(strconv.Quote(ini))
	for _, sp := range specs {
		b.WriteString(" (")
		b.WriteString(strconv.Quote(sp.ID))
		keys := make([]string, 0, len(sp.Options))
		for k := range sp.Options {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			b.WriteString(" " + strconv.Quote(k) + "=" + strconv.Quote(sp.Options[k]))
		}
		b.WriteByte(')')
	}
	return sha256.Sum256([]byte(b.String()))
}

// rulesetCache is an LRU cache of resolutions (size 0: off).
type rulesetCache struct {
	mu    sync.Mutex
	size  int
	order list.List // of *cachedRuleset, the most recently used first
	byKey map[[32]byte]*list.Element
}

type cachedRuleset struct {
	key [32]byte
	res *variants.Resolved
}

func newRulesetCache(size int) *rulesetCache {
	return &rulesetCache{size: size, byKey: map[[32]byte]*list.Element{}}
}

// get returns the resolution of key, or nil.
func (c *rulesetCache) get(key [32]byte) *variants.Resolved {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil
	}
	c.order.MoveToFront(e)
	return e.Value.(*cachedRuleset).res
}

// put stores res under key and returns the resolution to use: the one
// already stored when another request compiled the same rules meanwhile.
func (c *rulesetCache) put(key [32]byte, res *variants.Resolved) *variants.Resolved {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.size <= 0 {
		return res
	}
	if e, ok := c.byKey[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*cachedRuleset).res
	}
	c.byKey[key] = c.order.PushFront(&cachedRuleset{key, res})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*cachedRuleset).key)
	}
	return res
}

// len returns the number of rulesets cached.
func (c *rulesetCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
