package rules

import (
	"fmt"
	"strconv"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// The facts suffix of a FEN carries what FEN cannot: per-piece facts and
// per-game preset state. It is the last field, in braces:
//
//	rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {Hp:e4=1,d8=3;game:0=1}
//
// Each group is NAME:SQUARE=VALUE,… and lists the pieces whose value
// differs from the value the fact gives a fresh piece of that type; the
// group "game" lists game-fact slots by number; the group "turn:N" says
// that the side to move has already played N plies of its current turn
// (multi-ply turns; absent at the start of a turn). Groups are separated
// by ";". "{}" means every fact has its initial value.

// SplitFacts separates a FEN from its facts suffix.
func SplitFacts(fen string) (board, facts string) {
	fen = strings.TrimSpace(fen)
	if i := strings.Index(fen, "{"); i >= 0 && strings.HasSuffix(fen, "}") {
		return strings.TrimSpace(fen[:i]), fen[i+1 : len(fen)-1]
	}
	return fen, ""
}

func (g *Game) factsSuffix() string {
	p := g.Pos
	var groups []string
	for slot, f := range g.R.Facts {
		var items []string
		for occ := p.Occupied().AndNot(p.Walls()); occ.Any(); { // pieces, not wall squares
			s := occ.Pop()
			val := p.Fact(s, slot)
			init := int16(0)
			if f.Initial != nil {
				init = f.Initial(p.PieceOn(s))
			}
			if val != init {
				items = append(items, fmt.Sprintf("%s=%d", s, val))
			}
		}
		if len(items) > 0 {
			groups = append(groups, f.Name+":"+strings.Join(items, ","))
		}
	}
	var gitems []string
	for i := 0; i < g.gameSlots(); i++ {
		if v := p.GameFact(i); v != 0 {
			gitems = append(gitems, fmt.Sprintf("%d=%d", i, v))
		}
	}
	if len(gitems) > 0 {
		groups = append(groups, "game:"+strings.Join(gitems, ","))
	}
	if n := p.TurnPly(); n > 0 {
		groups = append(groups, fmt.Sprintf("turn:%d", n))
	}
	return "{" + strings.Join(groups, ";") + "}"
}

// applyFacts reads the inside of a facts suffix; errors name the group and
// the item.
func (g *Game) applyFacts(s string) error {
	p := g.Pos
	b := p.V.Board()
	seen := map[string]bool{}
	for _, grp := range strings.Split(s, ";") {
		grp = strings.TrimSpace(grp)
		if grp == "" {
			continue
		}
		name, items, ok := strings.Cut(grp, ":")
		if !ok {
			return fmt.Errorf("facts %q: group %q is not NAME:ITEM,…", s, grp)
		}
		if name == "turn" {
			n, err := strconv.Atoi(strings.TrimSpace(items))
			if err != nil || n < 0 || n > 255 {
				return fmt.Errorf("facts %q: turn %q is not the number of plies played in this turn", s, items)
			}
			p.SetTurnPly(n)
			continue
		}
		slot, isPiece := g.R.FactSlot(name)
		if !isPiece && name != "game" {
			return fmt.Errorf("facts %q: unknown fact %q (this ruleset has %s)", s, name, g.factNames())
		}
		for _, it := range strings.Split(items, ",") {
			k, vs, ok := strings.Cut(strings.TrimSpace(it), "=")
			if !ok {
				return fmt.Errorf("facts %q: item %q is not KEY=VALUE", s, it)
			}
			if seen[name+":"+k] {
				return fmt.Errorf("facts %q: %s of %s is given twice", s, name, k)
			}
			seen[name+":"+k] = true
			val, err := strconv.Atoi(vs)
			if err != nil || val < -32768 || val > 32767 {
				return fmt.Errorf("facts %q: item %q: value is not a small integer", s, it)
			}
			if name == "game" {
				i, err := strconv.Atoi(k)
				if err != nil || i < 0 || i >= g.gameSlots() {
					return fmt.Errorf("facts %q: game slot %q is not 0..%d", s, k, g.gameSlots()-1)
				}
				p.SetGameFact(i, int32(val))
				continue
			}
			sq, err := geom.ParseSquare(k, b.Files, b.Ranks)
			if err != nil {
				return fmt.Errorf("facts %q: item %q: %v", s, it, err)
			}
			if p.PieceOn(sq) == position.NoPiece {
				return fmt.Errorf("facts %q: item %q: no piece on %s", s, it, sq)
			}
			p.SetFact(sq, slot, int16(val))
		}
	}
	return nil
}

// gameSlots is the number of game-fact slots the suffix may name: the
// ruleset's, and at least the inline ones.
func (g *Game) gameSlots() int { return max(position.FactSlots, len(g.R.GameFacts)) }

func (g *Game) factNames() string {
	var n []string
	for _, f := range g.R.Facts {
		n = append(n, f.Name)
	}
	n = append(n, "game")
	return strings.Join(n, ", ")
}
