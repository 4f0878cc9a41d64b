package arena

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"houserules/position"
	"houserules/rules"
)

// writePGN writes one game with the [Variant] and [HouseRules] tags.
func writePGN(w io.Writer, cfg *MatchConfig, rec GameRecord, round int) {
	var sb strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&sb, "[%s \"%s\"]\n", k, strings.ReplaceAll(v, `"`, `'`)) }
	tag("Event", "houserules match")
	tag("Site", "houserules")
	tag("Date", time.Now().Format("2006.01.02"))
	tag("Round", fmt.Sprint(round))
	tag("White", rec.White)
	tag("Black", rec.Black)
	tag("Result", rec.Result)
	tag("Variant", cfg.Variant)
	if cfg.HouseRules != "" {
		tag("HouseRules", cfg.HouseRules)
	}
	if cfg.FEN != "" || cfg.Chess960 {
		g, _ := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
		if g != nil {
			tag("FEN", g.FEN())
			tag("SetUp", "1")
		}
	}
	switch {
	case cfg.Nodes > 0:
		tag("TimeControl", "-") // PGN: no time control
		tag("NodesPerMove", fmt.Sprint(cfg.Nodes))
	case cfg.Depth > 0:
		tag("TimeControl", "-")
		tag("DepthPerMove", fmt.Sprint(cfg.Depth))
	case cfg.MoveTime > 0:
		tag("TimeControl", fmt.Sprintf("movetime %dms", cfg.MoveTime.Milliseconds()))
	default:
		secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
		tag("TimeControl", secs(cfg.Base)+"+"+secs(cfg.Inc))
	}
	tag("PlyCount", fmt.Sprint(len(rec.Moves)))
	tag("Termination", rec.Termination)
	sb.WriteString("\n")
	// move text: "N." before White's plies, "N..." before a Black ply
	// that does not follow White's (the first ply, multi-ply turns)
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	num := 1
	if err == nil {
		if f := strings.Fields(g.Pos.FEN()); len(f) >= 6 {
			fmt.Sscan(f[len(f)-1], &num)
		}
	}
	line := 0
	emit := func(s string) {
		if line+len(s)+1 > 79 {
			sb.WriteString("\n")
			line = 0
		} else if line > 0 {
			sb.WriteString(" ")
			line++
		}
		sb.WriteString(s)
		line += len(s)
	}
	prev := position.Black
	for i, san := range rec.SAN {
		stm := position.Color(i % 2)
		if err == nil {
			stm = g.Pos.SideToMove()
		}
		if stm == position.White {
			emit(fmt.Sprintf("%d.", num))
		} else if i == 0 || prev != position.White {
			emit(fmt.Sprintf("%d...", num))
		}
		emit(san)
		if i < len(rec.Comments) && rec.Comments[i] != "" {
			emit("{" + rec.Comments[i] + "}")
		}
		if err == nil {
			if m, perr := g.ParseMove(rec.Moves[i]); perr == nil {
				g.Do(m)
			} else {
				err = perr
			}
		}
		if stm == position.Black {
			num++
		}
		prev = stm
	}
	emit(fmt.Sprintf("{%s}", rec.Reason))
	emit(rec.Result)
	sb.WriteString("\n\n")
	io.WriteString(w, sb.String())
}

