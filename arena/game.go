package arena

import (
	"errors"
	"fmt"
	"time"

	"houserules/position"
	"houserules/rules"
)

// playGame plays one game; an illegal or missing move loses for its side.
func playGame(white, black Player, cfg *MatchConfig, opening []string) (GameRecord, error) {
	rec := GameRecord{White: white.Name(), Black: black.Name(), Opening: len(opening)}
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return rec, err
	}
	startFEN := g.FEN()
	for _, p := range []Player{white, black} {
		if err := p.NewGame(cfg); err != nil {
			return rec, err
		}
	}
	play := func(mv string) error {
		m, err := g.ParseMove(mv)
		if err != nil {
			return err
		}
		rec.SAN = append(rec.SAN, g.SAN(m))
		rec.Moves = append(rec.Moves, g.Pos.UCI(m))
		g.Do(m)
		return nil
	}
	for _, mv := range opening {
		if err := play(mv); err != nil {
			return rec, fmt.Errorf("opening move %s: %v", mv, err)
		}
		rec.Comments = append(rec.Comments, "book")
	}
	clock := Clock{MoveTime: cfg.MoveTime}
	if cfg.Nodes > 0 {
		clock = Clock{Nodes: cfg.Nodes}
	} else if cfg.Depth > 0 {
		clock = Clock{Depth: cfg.Depth}
	} else if cfg.MoveTime <= 0 {
		clock = Clock{WTime: cfg.Base, BTime: cfg.Base, WInc: cfg.Inc, BInc: cfg.Inc}
	}
	loss := func(c position.Color) string {
		if c == position.White {
			return "0-1"
		}
		return "1-0"
	}
	for {
		if r, over := g.Result(); over {
			rec.Result, rec.Reason, rec.Termination = r.Score, r.Reason, "normal"
			return rec, nil
		}
		if len(rec.Moves) >= cfg.MaxPlies {
			rec.Result, rec.Reason, rec.Termination = "1/2-1/2", fmt.Sprintf("adjudicated a draw after %d plies", cfg.MaxPlies), "adjudication"
			return rec, nil
		}
		stm := g.Pos.SideToMove()
		p := white
		if stm == position.Black {
			p = black
		}
		start := time.Now()
		mv, thought, err := p.Move(g, startFEN, rec.Moves, clock)
		used := time.Since(start)
		if err != nil {
			rec.Result, rec.Reason, rec.Termination = loss(stm), fmt.Sprintf("%s: %v", p.Name(), err), "rules infraction"
			var silent *silentError
			var exited *exitedError
			switch {
			case errors.As(err, &silent):
				rec.Reason, rec.Termination = fmt.Sprintf("%s lost on time: %v", p.Name(), err), "time forfeit"
				if loneKing(g, stm.Other()) {
					rec.Result, rec.Reason = "1/2-1/2", fmt.Sprintf("%s ran out of time: %v, against a lone king (a draw)", p.Name(), err)
				}
			case errors.As(err, &exited):
				rec.Termination = "abandoned" // PGN's term for a player who left
				if w, ok := p.(interface{ wrote() string }); ok {
					rec.Reason += w.wrote()
				}
			}
			return rec, nil
		}
		if !cfg.perMove() {
			t := &clock.WTime
			inc := clock.WInc
			if stm == position.Black {
				t, inc = &clock.BTime, clock.BInc
			}
			*t -= used
			if *t < -200*time.Millisecond { // a little grace for a shared machine
				rec.Result, rec.Reason, rec.Termination = loss(stm), p.Name()+" lost on time", "time forfeit"
				if loneKing(g, stm.Other()) {
					rec.Result, rec.Reason = "1/2-1/2", p.Name()+" ran out of time against a lone king (a draw)"
				}
				return rec, nil
			}
			*t = max(*t, 0) + inc
		}
		if err := play(mv); err != nil {
			rec.Result, rec.Reason, rec.Termination = loss(stm), fmt.Sprintf("%s played the illegal move %s", p.Name(), mv), "rules infraction"
			return rec, nil
		}
		rec.Comments = append(rec.Comments, thought.comment(used))
	}
}

// loneKing reports whether side c has nothing but its king in a game won
// only by checkmate (no house rules, no extinction, flag or check-count
// win): c cannot win, so running out of time against it is a draw, as
// FIDE's Laws (6.9) and cutechess score it.
func loneKing(g *rules.Game, c position.Color) bool {
	p, v := g.Pos, g.Pos.V
	if !g.R.Plain() || !v.Checking || v.ExtinctionValue != position.ValueNone || v.CheckCounting ||
		v.FlagRegion[0].Any() || v.FlagRegion[1].Any() || v.MustCapture {
		return false
	}
	return p.Pieces(c).Count() == 1 && p.PiecesOf(c, position.King).Count() == 1
}
