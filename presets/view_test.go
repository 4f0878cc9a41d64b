package presets

import (
	"fmt"
	"strings"
	"testing"

	"houserules/rules"
)

// piece-hp shows every piece's hit points as badges, poisoned-squares
// marks its squares; the same for every seat; no view without them.
func TestViewBadgesAndMarks(t *testing.T) {
	g := newGame(t, "piece-hp,poisoned-squares", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	for _, seat := range []rules.Seat{rules.SeatWhite, rules.SeatBlack, rules.SeatSpectator} {
		v := g.View(seat)
		var badges, marks []string
		for _, b := range v.Badges {
			badges = append(badges, fmt.Sprintf("%s:%s=%d/%d", b.Square, b.Kind, b.Value, b.Max))
		}
		for _, m := range v.Marks {
			marks = append(marks, m.Square.String()+":"+m.Kind)
		}
		if got := strings.Join(badges, " "); got != "e1:hp=1/1 d5:hp=1/2 d6:hp=1/2 e8:hp=1/1" {
			t.Errorf("%s: badges %s", seat, got)
		}
		if got := strings.Join(marks, " "); got != "d4:poisoned e4:poisoned d5:poisoned e5:poisoned" {
			t.Errorf("%s: marks %s", seat, got)
		}
		if len(v.Legend) != 2 || v.Hidden.Any() {
			t.Errorf("%s: legend %v hidden %v", seat, v.Legend, v.Hidden)
		}
	}
	if v := newGame(t, "queen-splits", "").View(rules.SeatWhite); len(v.Badges)+len(v.Marks)+len(v.Legend) != 0 {
		t.Errorf("queen-splits has no view: %+v", v)
	}
}
