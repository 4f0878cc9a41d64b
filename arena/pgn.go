package arena

import (
	"fmt"
	"io"
	"time"

	"houserules/pgn"
	"houserules/position"
	"houserules/rules"
)

// writePGN writes game rec, number round of the match, in PGN.
func writePGN(w io.Writer, cfg *MatchConfig, rec GameRecord, round int) {
	if g, err := PGNGame(cfg, rec, round, time.Now()); err == nil {
		pgn.Write(w, g)
	}
}

// PGNGame returns game rec of the match cfg as a PGN record: number round,
// played on date, with the variant, house rules, start position (when it
// is not the variant's own), time control, termination, each move's
// comment (the engine's score, depth and time, or "book") and the reason
// the game ended as the final comment. cfg.FEN is the game's start
// position (RunMatch sets it for each pair of games).
func PGNGame(cfg *MatchConfig, rec GameRecord, round int, date time.Time) (*pgn.Game, error) {
	start, err := pgn.SetUpFEN(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return nil, err
	}
	g := &pgn.Game{Event: "houserules match", Site: "houserules", Date: date.Format("2006.01.02"), Round: fmt.Sprint(round),
		White: rec.White, Black: rec.Black, Result: rec.Result, Variant: cfg.Variant, HouseRules: cfg.HouseRules,
		FEN: start, Termination: rec.Termination, Final: rec.Reason}
	switch {
	case cfg.Nodes > 0:
		g.TimeControl = "-" // PGN: no time control
		g.Other = []pgn.Tag{{Name: "NodesPerMove", Value: fmt.Sprint(cfg.Nodes)}}
	case cfg.Depth > 0:
		g.TimeControl = "-"
		g.Other = []pgn.Tag{{Name: "DepthPerMove", Value: fmt.Sprint(cfg.Depth)}}
	case cfg.MoveTime > 0:
		g.TimeControl = fmt.Sprintf("movetime %dms", cfg.MoveTime.Milliseconds())
	default:
		g.TimeControl = pgn.TimeControl(cfg.Base, cfg.Inc)
	}
	movers := moversOf(cfg, rec.Moves)
	for i, san := range rec.SAN {
		m := pgn.Move{SAN: san, Color: movers[i]}
		if i < len(rec.Moves) {
			m.UCI = rec.Moves[i]
		}
		if i < len(rec.Comments) {
			m.Comment = rec.Comments[i]
		}
		g.Moves = append(g.Moves, m)
	}
	return g, nil
}

// moversOf returns the side that played each of the moves (UCI text) from
// the match's start position; past a move that cannot be replayed the
// sides alternate.
func moversOf(cfg *MatchConfig, moves []string) []position.Color {
	out := make([]position.Color, len(moves))
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	side := position.White
	for i, mv := range moves {
		if err == nil {
			side = g.Pos.SideToMove()
			var m position.Move
			if m, err = g.ParseMove(mv); err == nil {
				g.Do(m)
			}
		} else if i > 0 {
			side = out[i-1].Other()
		}
		out[i] = side
	}
	return out
}
