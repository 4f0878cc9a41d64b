package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

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
	return res, nil
}
