package lab

import (
	"strings"
	"testing"
)

// FuzzParseRulesets: ParseRulesets never panics, and what it accepts is a
// list of distinct non-empty rulesets that parses again to itself.
func FuzzParseRulesets(f *testing.F) {
	for _, s := range []string{"piece-hp;piece-hp,king-heals;wrap-board;-", "", ";", "a:b=c,d;-", "x;;x", " - ; q:scope=white "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, err := ParseRulesets(s)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, r := range rs {
			if r == "" || seen[r] || strings.Contains(r, ";") {
				t.Fatalf("%q → %q", s, rs)
			}
			seen[r] = true
		}
		again, err := ParseRulesets(strings.Join(rs, ";"))
		if err != nil || strings.Join(again, ";") != strings.Join(rs, ";") {
			t.Fatalf("%q → %q → %q, %v", s, rs, again, err)
		}
	})
}
