package pgn

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"houserules/position"
	"houserules/rules"
)

// RulesetFunc builds the ruleset of a game from its [Variant] tag
// ("chess" when it has none) and its [HouseRules] tag ("" when none):
// in houserules, the ruleset resolver the command line and the server use.
type RulesetFunc func(variant, houseRules string) (*rules.Ruleset, error)

// Read reads the games of a PGN text (Parse) and replays each under the
// ruleset build gives for its tags (Replay; a [Variant] build does not
// know is tried as the variant other programs mean by it, see
// pgnVariant: lichess's "Standard" or "Chess960"), so each move has its UCI
// text, its side and its SAN as the ruleset writes it. An error names the
// line and column and the reason (a bad tag, an unterminated comment, a
// move that is no SAN, an illegal move, a ruleset that cannot be built);
// the games before it are returned.
func Read(r io.Reader, build RulesetFunc) ([]*Game, error) {
	games, err := Parse(r)
	for i, g := range games {
		variant := g.Variant
		if variant == "" {
			variant = "chess"
		}
		rs, berr := build(variant, g.HouseRules)
		if name, chess960, ok := pgnVariant(variant); berr != nil && ok {
			if _, err := build(name, ""); err == nil { // a variant we have
				variant = name
				if rs, berr = build(name, g.HouseRules); berr == nil {
					g.Chess960 = g.Chess960 || chess960
				}
			}
		}
		if berr != nil {
			at := g.at
			if p, ok := g.tagAt["Variant"]; ok {
				at = p
			}
			if p, ok := g.tagAt["HouseRules"]; ok && g.HouseRules != "" {
				if _, err := build(variant, ""); err == nil { // the house rules are wrong
					at = p
				}
			}
			return games[:i], errAt(at, "the game's ruleset (%s%s): %v", variant, plusRules(g.HouseRules), berr)
		}
		if _, rerr := g.Replay(rs); rerr != nil {
			return games[:i], rerr
		}
	}
	return games, err
}

// pgnVariant gives the variant name, and whether it is a Chess960
// form, that other programs' [Variant] tag means when the ruleset
// builder does not know the tag as it is: lichess's "Standard", "From
// Position", "Chess960", "Three-check", "King of the Hill", pychess's
// "Capablanca960" (a variant and Chess960 castling), any of them in
// other case or spacing. ok is false when there is nothing else to try.
func pgnVariant(tag string) (name string, chess960, ok bool) {
	n := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, tag)
	switch n {
	case "standard", "fromposition":
		n = "chess"
	case "chess960", "fischerandom", "fischerrandom":
		n, chess960 = "chess", true
	case "threecheck":
		n = "3check"
	case "fivecheck":
		n = "5check"
	default:
		if base, found := strings.CutSuffix(n, "960"); found && base != "" {
			n, chess960 = base, true
		}
	}
	return n, chess960, n != tag || chess960
}

func plusRules(houseRules string) string {
	if houseRules == "" {
		return ""
	}
	return " + " + houseRules
}

// looksLikeMove matches the shapes of SAN and UCI text (Nf3, exd5, e8=Q,
// O-O, P@e4, @e4, N*f3, +P@c3, Sc4+, Sc4=, +Rxb7, Nc3/H, O-O/He1, e2e4,
// a9a10, pass), with check marks; it only tells a bad SAN from an illegal
// move in Replay's errors.
var looksLikeMove = regexp.MustCompile(`^(?:(?:O-O(?:-O)?|0-0(?:-0)?)(?:/[A-Z][a-z][0-9]+)?|pass|\+?[A-Z+]?[a-z]?[0-9]*[x:-]?[a-z][0-9]+(?:=?[A-Z+-]|=)?(?:/[A-Z])?|\+?[A-Z]?[@*][a-z][0-9]+|[a-z][0-9]+[a-z][0-9]+[a-z+-]?)[+#]*$`)

// Replay plays the game's moves under rs from its start position (FEN,
// with Chess960 castling when Chess960 is set) and returns the game
// reached. Each move gets its side (Color), its UCI text and its SAN as
// rs writes it. The error names the move's line and column (for a game
// that was read) and why it cannot be played.
func (g *Game) Replay(rs *rules.Ruleset) (*rules.Game, error) {
	rg, err := rules.NewGame(rs, g.FEN, g.Chess960)
	if err != nil {
		at := g.at
		if p, ok := g.tagAt["FEN"]; ok {
			at = p
		}
		return nil, errAt(at, "the FEN tag %q: %v", g.FEN, err)
	}
	for i := range g.Moves {
		m := &g.Moves[i]
		if len(m.SAN) > maxMove {
			return nil, errAt(m.at, "%q is not a move in SAN", clip(m.SAN))
		}
		mv, err := rg.ParseMove(m.SAN)
		if err != nil {
			if lm, ok := parseLoose(rg, m.SAN); ok {
				mv, err = lm, nil
			}
		}
		if err != nil {
			if !looksLikeMove.MatchString(m.SAN) {
				return nil, errAt(m.at, "%q is not a move in SAN", clip(m.SAN))
			}
			return nil, errAt(m.at, "%s", moveError(i, clip(m.SAN), err))
		}
		m.Color, m.UCI, m.SAN = rg.Pos.SideToMove(), rg.Pos.UCI(mv), rg.SAN(mv)
		rg.Do(mv)
	}
	return rg, nil
}

// moveError says why the ply-th move (from 0), text s, cannot be played.
func moveError(ply int, s string, err error) string {
	return fmt.Sprintf("ply %d, %s: %v", ply+1, s, err)
}

// parseLoose reads the SAN forms other programs write that rules.Game's
// SAN parser does not take: a promotion without "=" ("e8Q"), a piece move
// with more of its square than it needs ("Ngf3", "Ng1f3", "Ng1-f3"). It
// gives the move when exactly one legal move reads so.
func parseLoose(rg *rules.Game, s string) (position.Move, bool) {
	in := looseForm(strings.TrimRight(s, "+#!?"))
	if in == "" || len(in) > 16 {
		return position.NoMove, false
	}
	found, n := position.NoMove, 0
	for _, m := range rg.LegalMoves() {
		san := strings.TrimRight(rg.SAN(m), "+#")
		if m.Kind() == position.Castling || strings.Contains(san, "@") {
			continue
		}
		from, to := m.From().String(), m.To().String()
		piece := san[:strings.IndexFunc(san+"a", func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' })]
		promo := ""
		if i := strings.LastIndex(san, to); i >= 0 {
			promo = looseForm(san[i+len(to):])
		}
		forms := []string{looseForm(san), piece + from + to + promo}
		if piece != "" {
			forms = append(forms, piece+from[:1]+to+promo, piece+from[1:]+to+promo)
		}
		if slices.Contains(forms, in) {
			found, n = m, n+1
		}
	}
	return found, n == 1
}

// looseForm is a SAN text without the marks other programs leave out or
// add: captures (x, :), "=" and "-".
func looseForm(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("x:=-", r) {
			return -1
		}
		return r
	}, s)
}

// maxMove is the length of the longest text Replay takes for a move
// (SAN or UCI: "Qa10xb11+", "a11a12=Q+", far shorter); a longer word
// is no move.
const maxMove = 40

// clip shortens a text quoted in an error to maxMove characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxMove {
		return s
	}
	return string([]rune(s)[:maxMove]) + "…"
}
