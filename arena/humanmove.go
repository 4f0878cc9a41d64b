package arena

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"houserules/position"
	"houserules/rules"
)

func normSAN(s string) string {
	s = strings.TrimRight(s, "+#!?")
	s = strings.ReplaceAll(s, "0-0-0", "O-O-O")
	s = strings.ReplaceAll(s, "0-0", "O-O")
	return s
}

// ParseHumanMove reads a move typed by a person: UCI (g1f3) or SAN (Nf3,
// with or without the check mark; 0-0 for O-O) under any ruleset.
func ParseHumanMove(g *rules.Game, text string) (position.Move, error) {
	text = strings.TrimSpace(text)
	// UCI, the SAN as written (Sc4+ promotes, Sc4= does not) and the
	// other programs' forms rules.Game.ParseMove reads
	if m, err := g.ParseMove(text); err == nil {
		return m, nil
	}
	legal, sans := g.LegalSANs()
	want := normSAN(text)
	var found []int // indices into legal
	for i := range legal {
		if normSAN(sans[i]) == want {
			found = append(found, i)
		}
	}
	why := ""
	if len(found) == 0 {
		m, err := g.ParseMove(text)
		if err == nil {
			return m, nil
		}
		why = rules.WhyIllegal(err)
		found = looseMatches(g, legal, sans, text)
	}
	switch len(found) {
	case 0:
		return position.NoMove, fmt.Errorf("%q is not a legal move here%s", text, why)
	case 1:
		return legal[found[0]], nil
	}
	names := make([]string, len(found))
	for k, i := range found {
		names[k] = sans[i]
	}
	sort.Strings(names)
	return position.NoMove, fmt.Errorf("%q is ambiguous: %s", text, strings.Join(names, ", "))
}

// looseMove is a move as people write it outside strict SAN: an optional
// piece letter, any part of the origin square, an optional x or -, the
// target square and an optional promotion (=Q, Q or q): Nd2 (with two
// knights able to go there), Ng1f3, e2-e4, e7e8Q, exd5.
var looseMove = regexp.MustCompile(`^([A-Z])?([a-z])?([0-9]+)?[x:-]?([a-z])([0-9]+)=?([A-Za-z])?$`)

// uciParts splits a UCI move (g1f3, e7e8q) into origin file and rank,
// target square and promotion letter; ok is false for other shapes
// (drops).
var uciParts = regexp.MustCompile(`^([a-z])([0-9]+)([a-z][0-9]+)([a-z]?)$`)

// looseMatches returns the indices of the legal moves (sans: their SAN)
// that text names as a looseMove.
func looseMatches(g *rules.Game, legal []position.Move, sans []string, text string) []int {
	t := looseMove.FindStringSubmatch(normSAN(text))
	if t == nil {
		return nil
	}
	piece, file, rank, to, promo := t[1], t[2], t[3], t[4]+t[5], strings.ToLower(t[6])
	var out []int
	for i, m := range legal {
		u := uciParts.FindStringSubmatch(g.Pos.UCI(m))
		if u == nil || u[3] != to || (file != "" && u[1] != file) || (rank != "" && u[2] != rank) || promo != u[4] {
			continue
		}
		san := sans[i]
		letter := ""
		if san != "" && san[0] >= 'A' && san[0] <= 'Z' && !strings.HasPrefix(san, "O-O") {
			letter = san[:1]
		}
		if piece == letter || (piece == "P" && letter == "") || (piece == "K" && strings.HasPrefix(san, "O-O")) {
			out = append(out, i)
		}
	}
	return out
}
