package arena

import (
	"context"
	"math/rand"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
)

// RunMatch plays cfg.Games games between a and b, alternating colours
// (game 1: a has White); each pair of games starts from the same random
// opening. The result is from a's point of view.
func RunMatch(a, b Player, cfg MatchConfig) (MatchResult, error) {
	var res MatchResult
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 600
	}
	if !cfg.perMove() && cfg.Base <= 0 {
		cfg.MoveTime = 100 * time.Millisecond
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = time.Now().UnixNano()
		cfg.Seed = seed // the players' own choices follow it too
	}
	r := rand.New(rand.NewSource(seed))
	picker := search.NewEngine(4)
	// a shuffle variant (fischerandom, caparandom, --chess960) without a
	// --fen starts each pair of games from its own shuffled back rank
	fen := cfg.FEN
	var opening []string
	for i := 0; i < cfg.Games; i++ {
		if i%2 == 0 {
			cfg.FEN = cfg.Ruleset.StartFEN(fen, cfg.Chess960, r)
			var err error
			opening, err = randomOpening(cfg, picker, r)
			if err != nil {
				return res, err
			}
		}
		white, black := a, b
		if i%2 == 1 {
			white, black = b, a
		}
		rec, err := playGame(white, black, &cfg, opening)
		if err != nil {
			return res, err
		}
		switch {
		case rec.Result == "1/2-1/2":
			res.Draws++
		case (rec.Result == "1-0") == (white == a):
			res.Wins++
		default:
			res.Losses++
		}
		res.Games = append(res.Games, rec)
		if cfg.PGN != nil {
			// a write error is cfg.PGN's to keep and report (the
			// command's PGN file reports it when closed)
			writePGN(cfg.PGN, &cfg, rec, i+1)
		}
		if cfg.OnGame != nil {
			cfg.OnGame(i+1, res)
		}
	}
	return res, nil
}

// randomOpening plays OpeningPlies plies chosen at random among the moves
// a shallow search finds within 50 centipawns of the best.
func randomOpening(cfg MatchConfig, picker *search.Engine, r *rand.Rand) ([]string, error) {
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return nil, err
	}
	var moves []string
	for ply := 0; ply < cfg.OpeningPlies; ply++ {
		if _, over := g.Result(); over {
			break
		}
		legal := g.LegalMoves()
		type scored struct {
			m position.Move
			s int
		}
		var cands []scored
		best := -search.Infinite
		us := g.Pos.SideToMove()
		for _, m := range legal {
			g.Do(m)
			s := 0
			if rr, over := g.Result(); over {
				s = resultFor(rr, us) * search.Mate
			} else {
				sr := picker.Search(context.Background(), g, search.Limits{Depth: 1}, nil)
				s = sr.Score
				if g.Pos.SideToMove() != us {
					s = -s
				}
			}
			g.Undo()
			cands = append(cands, scored{m, s})
			best = max(best, s)
		}
		var ok []position.Move
		for _, c := range cands {
			if c.s >= best-50 {
				ok = append(ok, c.m)
			}
		}
		if len(ok) == 0 {
			break
		}
		m := ok[r.Intn(len(ok))]
		moves = append(moves, g.Pos.UCI(m))
		g.Do(m)
	}
	return moves, nil
}

func resultFor(r rules.Result, c position.Color) int {
	switch {
	case r.Score == "1-0" && c == position.White, r.Score == "0-1" && c == position.Black:
		return 1
	case r.Score == "1/2-1/2":
		return 0
	}
	return -1
}
