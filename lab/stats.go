package lab

import (
	"math"
	"sort"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Interval is a proportion with its 95% confidence interval, all in [0, 1].
type Interval struct {
	P  float64 `json:"p"`
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Wilson returns the proportion k/n with its Wilson score interval at the
// normal quantile z (Z95 for 95%):
//
//	centre    = (p + z²/2n) / (1 + z²/n)
//	halfwidth = z/(1 + z²/n) · √(p(1−p)/n + z²/4n²)
//
// (E. B. Wilson, "Probable inference, the law of succession, and
// statistical inference", J. Amer. Statist. Assoc. 22 (1927) 209–212;
// Agresti & Coull, The American Statistician 52 (1998) 119–126, eq. 2).
// Unlike the normal (Wald) interval it stays inside [0, 1] and is not
// empty at k = 0 or k = n. n = 0 gives the zero Interval.
func Wilson(k, n int, z float64) Interval {
	if n <= 0 {
		return Interval{}
	}
	N := float64(n)
	p := float64(k) / N
	z2 := z * z
	den := 1 + z2/N
	centre := (p + z2/(2*N)) / den
	half := z / den * math.Sqrt(p*(1-p)/N+z2/(4*N*N))
	return Interval{P: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}

// Count is one termination reason and how many games ended so.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Summary is the statistics of one ruleset's games, White's point of view.
type Summary struct {
	Ruleset   string `json:"ruleset"`
	Games     int    `json:"games"`
	WhiteWins int    `json:"white_wins"`
	Draws     int    `json:"draws"`
	BlackWins int    `json:"black_wins"`
	// 95% Wilson intervals of the three outcomes' shares
	WhiteWinRate Interval `json:"white_win_rate"`
	DrawRate     Interval `json:"draw_rate"`
	BlackWinRate Interval `json:"black_win_rate"`
	// Score is White's points per game (win 1, draw ½), ScoreSE its
	// standard error (see Summarize).
	Score   float64 `json:"white_score"`
	ScoreSE float64 `json:"white_score_se"`
	// Elo is the rating difference White − Black the score implies,
	// EloErr the half-width of its 95% interval, both in Elo points.
	Elo    float64 `json:"elo"`
	EloErr float64 `json:"elo_err95"`
	// FirstMove is White's first-move advantage: Score − ½ in points per
	// game; FirstMoveErr the half-width of its 95% interval (Z95·ScoreSE).
	FirstMove    float64 `json:"first_move_advantage"`
	FirstMoveErr float64 `json:"first_move_advantage_err95"`
	// MeanPlies is the mean game length in plies (half-moves, the random
	// opening included).
	MeanPlies float64 `json:"mean_plies"`
	// Reasons are the termination reasons, most frequent first (ties by
	// name).
	Reasons []Count `json:"reasons"`
	// Plies are the games' lengths in plies, in the order given.
	Plies []int `json:"plies"`
}

// Outcome is one finished game as the statistics see it.
type Outcome struct {
	Result string // "1-0", "0-1" or "1/2-1/2"
	Reason string // termination reason, e.g. "checkmate", "adjudication"
	Plies  int    // game length in plies
}

// Summarize computes a ruleset's Summary from its games.
//
// The score's standard error is that of a mean of n independent games,
// each worth 1, ½ or 0 to White with the observed frequencies w, d, b:
//
//	s  = w + d/2
//	σ² = w(1−s)² + d(½−s)² + b·s²      (per-game variance)
//	SE = √(σ²/n)
//
// and the Elo difference is the logistic model's
//
//	Elo = −400·log10(1/s − 1)
//
// (A. Elo, The Rating of Chessplayers, Past and Present, 1978, §1.6/§8.4;
// the same as cutechess-cli's and arena.MatchResult.Elo's), with its error
// carried from SE by the delta method (first-order Taylor expansion,
// dElo/ds = 400 / (ln 10 · s(1−s))):
//
//	EloErr = Z95 · SE · 400 / (ln 10 · s(1−s))
//
// A score of 0 or 1 (and so infinite Elo) is read as s = 1/(2(n+1)) or
// 1 − 1/(2(n+1)), as if one more game had been drawn (arena's rule); a
// variance of 0 (all games alike) as that of the games plus one White win
// and one Black win, so the bar is not zero.
func Summarize(ruleset string, games []Outcome) Summary {
	s := Summary{Ruleset: ruleset, Games: len(games), Reasons: []Count{}, Plies: make([]int, 0, len(games))}
	reasons := map[string]int{}
	total := 0
	for _, g := range games {
		switch g.Result {
		case "1-0":
			s.WhiteWins++
		case "0-1":
			s.BlackWins++
		default:
			s.Draws++
		}
		reasons[g.Reason]++
		total += g.Plies
		s.Plies = append(s.Plies, g.Plies)
	}
	for r, n := range reasons {
		s.Reasons = append(s.Reasons, Count{r, n})
	}
	sort.Slice(s.Reasons, func(i, j int) bool {
		a, b := s.Reasons[i], s.Reasons[j]
		return a.Games > b.Games || a.Games == b.Games && a.Reason < b.Reason
	})
	n := s.Games
	if n == 0 {
		return s
	}
	N := float64(n)
	s.MeanPlies = float64(total) / N
	s.WhiteWinRate = Wilson(s.WhiteWins, n, Z95)
	s.DrawRate = Wilson(s.Draws, n, Z95)
	s.BlackWinRate = Wilson(s.BlackWins, n, Z95)
	s.Score = (float64(s.WhiteWins) + float64(s.Draws)/2) / N
	s.ScoreSE = math.Sqrt(scoreVariance(float64(s.WhiteWins), float64(s.Draws), float64(s.BlackWins)) / N)
	s.FirstMove = s.Score - 0.5
	s.FirstMoveErr = Z95 * s.ScoreSE
	se := s.ScoreSE
	if se == 0 {
		se = math.Sqrt(scoreVariance(float64(s.WhiteWins)+1, float64(s.Draws), float64(s.BlackWins)+1) / N)
	}
	sc := math.Min(math.Max(s.Score, 0.5/(N+1)), 1-0.5/(N+1))
	s.Elo = -400 * math.Log10(1/sc-1)
	if math.Abs(s.Elo) < 1e-9 {
		s.Elo = 0 // an even score is +0, not −0
	}
	s.EloErr = Z95 * se * 400 / (math.Ln10 * sc * (1 - sc))
	return s
}

// scoreVariance is the per-game variance of White's score for w wins, d
// draws and b losses (counts, not shares).
func scoreVariance(w, d, b float64) float64 {
	n := w + d + b
	s := (w + d/2) / n
	return (w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + b*s*s) / n
}
