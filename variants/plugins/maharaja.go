package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// maharajaChess: the Maharaja and the Sepoys (Fairy-Stockfish's maharajah
// ini variant): White has only the maharaja — queen + knight, written as a
// Go-coded piece (seed 001's registerPiece example: its moves and attacks
// are the Go functions below, not Betza) — against Black's full army. The
// maharaja is White's royal piece: it may not be left attacked, and a
// maharaja with no escape is mated.
func init() {
	variants.Register("maharajaChess", variants.Config{
		Label: "Maharaja and the Sepoys",
		Group: "Alternate Rules",
		Rows:  8,
		Cols:  8,
		FEN:   "rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1",
		GoPieces: map[string]variants.GoPiece{
			"m": {Moves: maharajaMoves, Attacks: maharajaAttacks},
		},
		Hooks: func(b *rules.Builder) error {
			b.Hook(maharajaRoyal{})
			return nil
		},
		Title:       "Maharaja and the Sepoys",
		Description: "White has a single piece, the maharaja, which moves as a queen or a knight; Black has the whole army. White wins by mating Black's king, Black by mating the maharaja.",
		Rule:        "Board: 8×8 · Maharaja (queen + knight) vs. army · Win: Checkmate",
	})
}

var (
	queenDirs = [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	knightOff = [8][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
)

func onBoard(v *position.Variant, f, r int) bool {
	return f >= 0 && r >= 0 && f <= v.MaxFile && r <= v.MaxRank
}

// maharajaMoves: the queen's slides and the knight's jumps, to empty
// squares and onto the opponent's pieces.
func maharajaMoves(g *rules.Game, from geom.Square, c position.Color, list []position.Move) []position.Move {
	p := g.Pos
	f0, r0 := from.File(), from.Rank()
	for _, d := range queenDirs {
		for f, r := f0+d[0], r0+d[1]; onBoard(p.V, f, r); f, r = f+d[0], r+d[1] {
			to := geom.Sq(f, r)
			pc := p.PieceOn(to)
			if pc == position.NoPiece || pc.Color() != c {
				list = append(list, variants.NewMove(from, to))
			}
			if pc != position.NoPiece {
				break
			}
		}
	}
	for _, d := range knightOff {
		if f, r := f0+d[0], r0+d[1]; onBoard(p.V, f, r) {
			if pc := p.PieceOn(geom.Sq(f, r)); pc == position.NoPiece || pc.Color() != c {
				list = append(list, variants.NewMove(from, geom.Sq(f, r)))
			}
		}
	}
	return list
}

// maharajaAttacks: a knight's jump away, or on a queen's line with the
// squares between empty.
func maharajaAttacks(g *rules.Game, from, to geom.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if df*df+dr*dr == 5 {
		return true
	}
	if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df != dr && df != -dr) {
		return false
	}
	sf, sr := sign(df), sign(dr)
	for f, r := from.File()+sf, from.Rank()+sr; f != to.File() || r != to.Rank(); f, r = f+sf, r+sr {
		if g.Pos.PieceOn(geom.Sq(f, r)) != position.NoPiece {
			return false
		}
	}
	return true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// maharajaRoyal makes White's maharajas its royal pieces.
type maharajaRoyal struct{}

func (maharajaRoyal) Royals(g *rules.Game, c position.Color) (geom.Set, bool) {
	if c != position.White {
		return geom.Set{}, false
	}
	var s geom.Set
	for b := g.Pos.Pieces(c); b.Any(); {
		if sq := b.Pop(); g.Pos.PieceChar(g.Pos.PieceOn(sq)) == 'M' {
			s.Add(sq)
		}
	}
	return s, true
}
