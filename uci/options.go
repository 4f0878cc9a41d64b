package uci

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"houserules/variants"
)

// VariantNames lists the selectable variants: the catalogue, the variant
// plugins and the sections of the loaded VariantPath file.
func (e *Engine) VariantNames() []string {
	names := variants.AllNames()
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	if e.iniFile != nil {
		for _, s := range e.iniFile.Sections {
			if s.Err == nil && s.Name != "" && !seen[s.Name] {
				seen[s.Name] = true
				names = append(names, s.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

func (e *Engine) cmdUCI() {
	var sb strings.Builder
	fmt.Fprintf(&sb, "id name %s\n", EngineName)
	fmt.Fprintf(&sb, "id author the houserules authors\n\n")
	fmt.Fprintf(&sb, "option name Threads type spin default 1 min 1 max 512\n")
	fmt.Fprintf(&sb, "option name Hash type spin default 16 min 1 max 33554432\n")
	fmt.Fprintf(&sb, "option name Clear Hash type button\n")
	fmt.Fprintf(&sb, "option name Ponder type check default false\n")
	fmt.Fprintf(&sb, "option name MultiPV type spin default 1 min 1 max 500\n")
	fmt.Fprintf(&sb, "option name Skill Level type spin default 20 min 0 max 20\n")
	fmt.Fprintf(&sb, "option name UCI_Chess960 type check default false\n")
	sb.WriteString("option name UCI_Variant type combo default chess")
	for _, n := range e.VariantNames() {
		sb.WriteString(" var " + n)
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "option name VariantPath type string default <empty>\n")
	fmt.Fprintf(&sb, "option name HouseRules type string default <empty>\n")
	fmt.Fprintf(&sb, "option name Layout type string default <empty>\n")
	fmt.Fprintf(&sb, "option name Modifiers type string default <empty>\n")
	sb.WriteString("uciok")
	e.println(sb.String())
}

// setVariant selects a variant by name (variants.Resolve): a section of
// the VariantPath file first, then the catalogue, then the plugins; a name that differs
// only in case ("Chess") finds the variant too. House rules that do not
// fit the new variant are dropped.
func (e *Engine) setVariant(name string) error {
	req := variants.Request{Variant: name, File: e.iniFile, Specs: e.specs}
	res, err := variants.Resolve(req)
	if errors.Is(err, variants.ErrBadPresets) || errors.Is(err, variants.ErrIncompatiblePresets) {
		// the house rules do not fit the new variant: drop them
		req.Specs = nil
		res2, err2 := variants.Resolve(req)
		if err2 != nil {
			return err2
		}
		if e.houseRules != "" {
			e.infoString("HouseRules %q dropped: %v", e.houseRules, err)
		}
		e.houseRules, e.specs = "", nil
		res, err = res2, nil
	}
	if err != nil {
		return err
	}
	e.variantName, e.resolved, e.rs = name, res, res.Ruleset
	if e.fen != "" || len(e.moves) > 0 {
		// as in Fairy-Stockfish, a variant switch starts from the new
		// variant's start position; said, so a GUI is not surprised
		e.infoString("UCI_Variant: the position is reset to the start position of %s", name)
	}
	e.fen, e.moves, e.posRefused = "", nil, false
	return nil
}

// keepPosition checks the current position (FEN and moves) under the
// ruleset just set by option: it stays when it is still legal there, and
// is otherwise reset to the start position with an info string naming the
// reason.
func (e *Engine) keepPosition(option string) {
	if e.fen == "" && len(e.moves) == 0 {
		return
	}
	if _, err := e.Game(); err != nil {
		e.infoString("%s: the position does not hold under the new rules (%v); reset to the start position", option, err)
		e.fen, e.moves = "", nil
	}
}

// maxHashMB is the largest hash table Hash accepts: 32768 MB (one search
// thread gains nothing from more), and at most half the physical memory so
// a large value cannot exhaust the machine.
func maxHashMB() int {
	limit := 1 << 15
	if phys := physicalMB(); phys > 0 {
		limit = min(limit, max(1, phys/2))
	}
	return limit
}

func (e *Engine) cmdSetOption(args []string) {
	// setoption name <id> [value <x>]
	if len(args) < 2 || args[0] != "name" {
		e.infoString("setoption: expected \"setoption name <id> [value <x>]\"")
		return
	}
	rest := args[1:]
	var nameParts, valueParts []string
	inValue := false
	for _, a := range rest {
		if !inValue && a == "value" {
			inValue = true
			continue
		}
		if inValue {
			valueParts = append(valueParts, a)
		} else {
			nameParts = append(nameParts, a)
		}
	}
	name := strings.Join(nameParts, " ")
	value := strings.Join(valueParts, " ")
	if value == "<empty>" {
		value = ""
	}
	e.settle()
	switch strings.ToLower(name) {
	case "uci_variant":
		if err := e.setVariant(value); err != nil {
			e.infoString("UCI_Variant: %v", err)
		}
	case "variantpath":
		e.loadVariantPath(value)
	case "uci_chess960":
		b, ok := parseBool(value)
		if !ok {
			e.infoString("UCI_Chess960: %q is not true or false", value)
			return
		}
		e.chess960 = b
	case "skill level":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 20 {
			e.infoString("Skill Level: %q is not an integer 0..20", value)
			return
		}
		e.eng.Skill = n
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("Hash: %q is not a positive integer", value)
			return
		}
		if limit := maxHashMB(); n > limit {
			e.infoString("Hash: %d MB is more than this engine takes here; using %d MB", n, limit)
			n = limit
		}
		e.hashMB = n
		e.eng.SetHash(n)
	case "clear hash":
		e.eng.NewGame()
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("Threads: %q is not a positive integer", value)
			return
		}
		e.threads = n // accepted; the search uses one thread
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			e.infoString("MultiPV: %q is not a positive integer", value)
			return
		}
		if n > 500 {
			e.infoString("MultiPV: %d is above the maximum 500; 500 is used", n)
			n = 500
		}
		e.eng.MultiPV = n
	case "ponder":
		// a GUI's declaration that it may send go ponder: nothing to set,
		// but a value that is not a check value is reported
		if _, ok := parseBool(value); !ok {
			e.infoString("Ponder: %q is not true or false", value)
		}
	case "uci_analysemode", "uci_limitstrength", "move overhead":
		// accepted (not listed; GUIs send them unasked)
	case "houserules":
		e.setHouseRules(value)
	case "layout":
		e.layout = value
		if value != "" {
			e.infoString("Layout: starting layouts are not supported yet; use position fen")
		}
	case "modifiers":
		e.modifiers = value
		if value != "" {
			e.infoString("Modifiers: modifier descriptors are not supported yet")
		}
	default:
		e.infoString("No such option: %s", name)
	}
}

// setHouseRules sets the HouseRules option: the variant in force, looked up
// where it was found, with the presets of value; on error nothing changes.
func (e *Engine) setHouseRules(value string) {
	res, err := variants.Resolve(variants.Request{Variant: e.resolved.Name, File: e.resolved.File, Presets: value})
	if err != nil {
		e.infoString("HouseRules: %v", err)
		return
	}
	// the position is the FEN and moves replayed under the new rules:
	// say so when the board they give is not the one before (an empty
	// facts suffix, " {}", does not count)
	board := func() string {
		if g, err := e.Game(); err == nil && (e.fen != "" || len(e.moves) > 0) {
			return strings.TrimSuffix(g.FEN(), " {}")
		}
		return ""
	}
	before := board()
	e.houseRules, e.specs, e.resolved, e.rs = value, res.Specs, res, res.Ruleset
	e.keepPosition("HouseRules")
	if after := board(); before != "" && after != "" && after != before {
		e.infoString("HouseRules: the moves replayed under the new rules give %s (before: %s)", after, before)
	}
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (e *Engine) loadVariantPath(path string) {
	e.variantPath = path
	e.iniFile = nil
	if path == "" {
		return
	}
	f, err := variants.LoadFile(path)
	if err != nil {
		e.infoString("VariantPath: %v", err)
		return
	}
	for _, s := range f.Sections {
		if s.Err != nil {
			e.infoString("VariantPath: section %s skipped: %v", s.Name, s.Err)
		}
	}
	e.iniFile = f
}
