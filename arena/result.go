package arena

import (
	"fmt"
	"math"
)

// MatchResult is the score of player A (the first player).
type MatchResult struct {
	Wins, Losses, Draws int
	Games               []GameRecord
}

// Score returns A's points and the number of games.
func (r MatchResult) Score() (float64, int) {
	return float64(r.Wins) + float64(r.Draws)/2, r.Wins + r.Losses + r.Draws
}

// Elo returns the Elo difference of A over B implied by the score and the
// half-width of its 95% confidence interval (from the per-game variance of
// the score). A score of 0% or 100% is read as if one more game had been
// drawn (so one won game is +191, not infinite or, clamped to half a game,
// +0).
func (r MatchResult) Elo() (elo, errorBar float64) {
	pts, n := r.Score()
	if n == 0 {
		return 0, 0
	}
	N := float64(n)
	s := pts / N
	clamp := func(x float64) float64 { return math.Min(math.Max(x, 0.5/(N+1)), 1-0.5/(N+1)) }
	eloOf := func(x float64) float64 {
		x = clamp(x)
		return -400 * math.Log10(1/x-1)
	}
	w, d, l := float64(r.Wins)/N, float64(r.Draws)/N, float64(r.Losses)/N
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	if variance == 0 {
		// all games alike: add a virtual win and loss so the bar is not zero
		N2 := N + 2
		s2 := (pts + 1) / N2
		variance = ((float64(r.Wins)+1)*(1-s2)*(1-s2) + float64(r.Draws)*(0.5-s2)*(0.5-s2) + (float64(r.Losses)+1)*s2*s2) / N2
	}
	se := math.Sqrt(variance / N)
	lo, hi := eloOf(s-1.96*se), eloOf(s+1.96*se)
	elo = eloOf(s)
	if math.Abs(elo) < 0.5 {
		elo = 0 // an even score prints +0, not -0
	}
	return elo, (hi - lo) / 2
}

// String is the summary line: score, W/L/D, Elo ± error.
func (r MatchResult) String() string {
	pts, n := r.Score()
	elo, e := r.Elo()
	pct := 0.0
	if n > 0 {
		pct = 100 * pts / float64(n)
	}
	return fmt.Sprintf("score %.1f/%d (%.1f%%), +%d -%d =%d, Elo %+.0f ± %.0f (95%%)", pts, n, pct, r.Wins, r.Losses, r.Draws, elo, e)
}
