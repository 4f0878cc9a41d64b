package rules

import "houserules/position"

// SANAmong and MatchSANAmong expose the SAN writer and reader with a
// given move list, for tests of moves built by hand (gating before the
// gating rules generate them).
func SANAmong(p *position.Position, m position.Move, legal []position.Move) string {
	return sanBody(p, m, legal)
}

func MatchSANAmong(p *position.Position, s string, legal []position.Move) (position.Move, error) {
	return matchSAN(p, s, legal, p.FEN)
}
