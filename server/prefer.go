package server

import (
	"net/http"
	"strings"
)

// preferMinimal reports whether the request asks for a minimal answer
// (RFC 7240 "Prefer: return=minimal"): create and join then answer
// without the game's state, which a client that opens the WebSocket next
// gets there, after its welcome (the web client does; building and
// encoding the state was half of the handlers' CPU). As RFC 7240 §2 says,
// the first "return" preference of the request's Prefer headers counts
// (return=representation, return=minimal asks for the representation),
// a preference's parameters (after ';') are not preferences, and commas
// inside a quoted value do not separate preferences.
func preferMinimal(r *http.Request) bool {
	for _, v := range r.Header.Values("Prefer") {
		for _, pref := range splitUnquoted(v, ',') {
			pref = splitUnquoted(pref, ';')[0] // parameters of a preference
			k, val, _ := strings.Cut(pref, "=")
			if strings.EqualFold(strings.TrimSpace(k), "return") {
				return strings.EqualFold(strings.Trim(strings.TrimSpace(val), `"`), "minimal")
			}
		}
	}
	return false
}

// appliedMinimal says in a successful answer's headers that its request's
// return=minimal was applied (RFC 7240 Preference-Applied).
func appliedMinimal(w http.ResponseWriter) {
	w.Header().Set("Preference-Applied", "return=minimal")
}

// splitUnquoted splits s at each sep outside a double-quoted string (a
// backslash escapes the next character inside one).
func splitUnquoted(s string, sep byte) []string {
	var out []string
	quoted, from := false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			out = append(out, s[from:i])
			from = i + 1
		}
	}
	return append(out, s[from:])
}
