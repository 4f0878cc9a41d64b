package lab

import (
	"math"
	"reflect"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// TestWilsonByHand checks the Wilson interval against arithmetic done by
// hand with z = 1.96 (z² = 3.8416):
//
//	6/10: p = 0.6, z²/n = 0.38416, 1+z²/n = 1.38416
//	      centre = (0.6 + 0.19208)/1.38416 = 0.57225
//	      half   = 1.96/1.38416 · √(0.024 + 0.0096040) = 1.41602 · 0.183313 = 0.25957
//	      → [0.31268, 0.83182]
//	0/10: centre = 0.19208/1.38416 = 0.13877, half = 1.41602 · √0.0096040 = 0.13877
//	      → [0, 0.27754]
//	10/10 is the mirror: [0.72246, 1].
func TestWilsonByHand(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		p, lo, hi float64
	}{
		{6, 10, 0.6, 0.31268, 0.83182},
		{0, 10, 0, 0, 0.27754},
		{10, 10, 1, 0.72246, 1},
	} {
		iv := Wilson(c.k, c.n, Z95)
		near(t, "p", iv.P, c.p, 1e-12)
		near(t, "lo", iv.Lo, c.lo, 1e-4)
		near(t, "hi", iv.Hi, c.hi, 1e-4)
	}
	if iv := Wilson(0, 0, Z95); iv != (Interval{}) {
		t.Errorf("Wilson(0, 0) = %+v, want zero", iv)
	}
}

// TestSummarizeByHand: 10 games, White +6 =2 −2, lengths 10..100 plies.
//
//	s  = (6 + 1)/10 = 0.7
//	σ² = 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.054 + 0.008 + 0.098 = 0.16
//	SE = √(0.16/10) = 0.126491
//	Elo = −400·log10(1/0.7 − 1) = −400·log10(0.428571) = 147.19
//	EloErr = 1.96 · 0.126491 · 400 / (2.302585 · 0.7·0.3) = 99.169 / 0.483543 = 205.09
//	first-move advantage = 0.2 ± 1.96·0.126491 = 0.2 ± 0.24792
//	mean plies = (10+20+…+100)/10 = 55
func TestSummarizeByHand(t *testing.T) {
	res := []string{"1-0", "1-0", "1-0", "1-0", "1-0", "1-0", "1/2-1/2", "1/2-1/2", "0-1", "0-1"}
	why := []string{"checkmate", "checkmate", "checkmate", "king destroyed", "king destroyed", "checkmate", "adjudication", "stalemate", "checkmate", "king destroyed"}
	var games []Outcome
	for i, r := range res {
		games = append(games, Outcome{Result: r, Reason: why[i], Plies: 10 * (i + 1)})
	}
	s := Summarize("piece-hp", games)
	if s.Games != 10 || s.WhiteWins != 6 || s.Draws != 2 || s.BlackWins != 2 {
		t.Fatalf("counts %d: +%d =%d -%d, want 10: +6 =2 -2", s.Games, s.WhiteWins, s.Draws, s.BlackWins)
	}
	near(t, "score", s.Score, 0.7, 1e-12)
	near(t, "SE", s.ScoreSE, 0.126491, 1e-6)
	near(t, "Elo", s.Elo, 147.19, 0.01)
	near(t, "EloErr", s.EloErr, 205.09, 0.05)
	near(t, "first move", s.FirstMove, 0.2, 1e-12)
	near(t, "first move err", s.FirstMoveErr, 0.24792, 1e-4)
	near(t, "mean plies", s.MeanPlies, 55, 1e-12)
	near(t, "white win lo", s.WhiteWinRate.Lo, 0.31268, 1e-4)
	// 2/10: centre = (0.2+0.19208)/1.38416 = 0.28326, half = 1.41602·√(0.016+0.009604) = 0.22656
	near(t, "draw lo", s.DrawRate.Lo, 0.05670, 1e-4)
	near(t, "draw hi", s.DrawRate.Hi, 0.50982, 1e-4)
	want := []Count{{"checkmate", 5}, {"king destroyed", 3}, {"adjudication", 1}, {"stalemate", 1}}
	if !reflect.DeepEqual(s.Reasons, want) {
		t.Errorf("reasons %v, want %v", s.Reasons, want)
	}
}

// TestSummarizeAllDraws: 4 draws, s = 0.5, σ² = 0, so the bar is that of
// +1 =4 −1 over n = 4: σ² = (0.25 + 0 + 0.25)/6 = 0.083333,
// SE = √(0.083333/4) = 0.144338, EloErr = 1.96·0.144338·400/(2.302585·0.25)
// = 113.161/0.575646 = 196.58; Elo = 0.
func TestSummarizeAllDraws(t *testing.T) {
	g := Outcome{Result: "1/2-1/2", Reason: "stalemate", Plies: 30}
	s := Summarize("-", []Outcome{g, g, g, g})
	near(t, "Elo", s.Elo, 0, 0)
	near(t, "SE", s.ScoreSE, 0, 0)
	near(t, "EloErr", s.EloErr, 196.58, 0.05)
	if math.Signbit(s.Elo) {
		t.Errorf("Elo is -0")
	}
}

// TestSummarizeAllWhite: 3 White wins read as s = 1 − 1/(2·4) = 0.875:
// Elo = −400·log10(1/0.875 − 1) = −400·log10(0.142857) = 338.04.
func TestSummarizeAllWhite(t *testing.T) {
	g := Outcome{Result: "1-0", Reason: "checkmate", Plies: 41}
	s := Summarize("x", []Outcome{g, g, g})
	near(t, "score", s.Score, 1, 0)
	near(t, "Elo", s.Elo, 338.04, 0.01)
	if s.WhiteWinRate.Hi != 1 || s.BlackWinRate.Lo != 0 {
		t.Errorf("rates %+v %+v", s.WhiteWinRate, s.BlackWinRate)
	}
}
