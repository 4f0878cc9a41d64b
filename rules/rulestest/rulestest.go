// Package rulestest builds the rulesets the tests of other packages play
// under: a catalogue variant with house rules in the --presets syntax.
package rulestest

import (
	"testing"

	"houserules/rules"
	"houserules/variants"
)

// Compile compiles catalogue variant under presets (ID[:key=value…][,ID…],
// "" for none) and fails t on any error, naming the variant and presets.
// The presets must be registered (import houserules/presets).
func Compile(t testing.TB, variant, presets string) *rules.Ruleset {
	t.Helper()
	v, err := variants.Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	specs, err := rules.ParseSpecs(presets)
	if err != nil {
		t.Fatalf("%s + %s: %v", variant, presets, err)
	}
	rs, err := rules.Compile(v, specs)
	if err != nil {
		t.Fatalf("%s + %s: %v", variant, presets, err)
	}
	return rs
}
