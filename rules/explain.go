package rules

import (
	"fmt"
	"sort"
	"strings"

	"houserules/position"
)

// BaseProductions lists the base-rule productions of variant v: the move
// generators of its piece types and the rules that decide legality and
// results.
func BaseProductions(v *position.Variant) []string {
	var out []string
	types := v.PieceTypes()
	if types.Has(position.Pawn) {
		out = append(out, "fide.pawn-single-push")
		if v.DoubleStep {
			out = append(out, "fide.pawn-double-push")
		}
		out = append(out, "fide.pawn-capture", "fide.en-passant", "fide.promotion")
	}
	for _, pt := range types.Types() {
		if pt == position.Pawn {
			continue
		}
		out = append(out, position.ProductionName(position.PieceProduction(pt)))
	}
	if v.Castling {
		out = append(out, "fide.castling")
	}
	for _, pt := range v.PromotedPieceType {
		if pt != position.NoPieceType {
			out = append(out, "base.piece-promotion")
			break
		}
	}
	if v.PieceDemotion {
		out = append(out, "base.piece-demotion")
	}
	if v.PieceDrops {
		out = append(out, "base.drop")
	}
	if v.Pass[position.White] || v.Pass[position.Black] || v.PassOnStalemate[position.White] || v.PassOnStalemate[position.Black] {
		out = append(out, "base.pass")
	}
	out = append(out, "fide.capture")
	if types.Has(position.King) {
		out = append(out, "fide.check-detection", "fide.king-capture-illegal", "fide.checkmate-win")
	}
	out = append(out, "fide.stalemate-draw")
	if v.NMoveRule > 0 {
		out = append(out, "fide.fifty-move")
	}
	if v.NFoldRule > 0 {
		out = append(out, "fide.repetition")
	}
	return out
}

// Explain describes a compiled ruleset: the active productions and what
// each preset added, retracted and overrode.
func Explain(r *Ruleset) string {
	var sb strings.Builder
	base := BaseProductions(r.Variant)
	retracted := map[string]string{}
	overridden := map[string]string{}
	var added []string
	addedBy := map[string]string{}
	for _, s := range r.Specs {
		p, _ := Lookup(s.ID)
		inf := p.Info()
		for _, x := range inf.Retracts {
			retracted[x] = s.ID
		}
		for _, x := range inf.Overrides {
			overridden[x] = s.ID
		}
		for _, x := range inf.Adds {
			if _, dup := addedBy[x]; !dup {
				added = append(added, x)
			}
			addedBy[x] = s.ID
		}
	}
	fmt.Fprintf(&sb, "variant %s", r.Variant.Name)
	if len(r.Specs) > 0 {
		var ids []string
		for _, s := range r.Specs {
			ids = append(ids, s.String())
		}
		fmt.Fprintf(&sb, " with %s", strings.Join(ids, ", "))
	}
	sb.WriteString("\n\nactive productions:\n")
	for _, x := range base {
		switch {
		case retracted[x] != "":
			continue
		case overridden[x] != "":
			fmt.Fprintf(&sb, "  %-32s overridden by %s\n", x, overridden[x])
		default:
			fmt.Fprintf(&sb, "  %s\n", x)
		}
	}
	for _, x := range added {
		fmt.Fprintf(&sb, "  %-32s added by %s\n", x, addedBy[x])
	}
	if len(retracted) > 0 {
		sb.WriteString("\nretracted productions:\n")
		var keys []string
		for k := range retracted {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&sb, "  %-32s by %s\n", k, retracted[k])
		}
	}
	if len(r.Specs) > 0 {
		sb.WriteString("\npresets:\n")
		for _, s := range r.Specs {
			p, _ := Lookup(s.ID)
			inf := p.Info()
			fmt.Fprintf(&sb, "  %s (%s, %s): %s\n", inf.ID, inf.Category, inf.Mode, inf.Description)
			if len(inf.Adds) > 0 {
				fmt.Fprintf(&sb, "    adds:      %s\n", strings.Join(inf.Adds, ", "))
			}
			if len(inf.Retracts) > 0 {
				fmt.Fprintf(&sb, "    retracts:  %s\n", strings.Join(inf.Retracts, ", "))
			}
			if len(inf.Overrides) > 0 {
				fmt.Fprintf(&sb, "    overrides: %s\n", strings.Join(inf.Overrides, ", "))
			}
		}
	}
	if len(r.Facts) > 0 {
		sb.WriteString("\nfacts:")
		for _, f := range r.Facts {
			sb.WriteString(" " + f.Name)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}
