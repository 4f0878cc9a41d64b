// The connect-n term: games won by lining up pieces (tic-tac-toe, gomoku,
// connect four).

package search

import (
	"houserules/geom"
	"houserules/position"
)

// connectWindowMg is what a line of connectN squares free of enemy pieces
// is worth to a side with c of its connecting pieces in it: w·c/(n-c)²
// centipawns, w being Fairy-Stockfish's 200 of its units (evaluate.cpp,
// its connect-n term) in ours. A line one piece short is worth far more
// than two lines half full: it threatens to win.
const connectWindowMg = 200 * 10 / 24

// initConnect lists the lines of ConnectN squares along the variant's
// connect directions (connectHorizontal, connectVertical,
// connectDiagonal), on the board.
func (e *Evaluator) initConnect() {
	v, b := e.v, e.board
	n := v.ConnectN
	if n <= 1 {
		return
	}
	var dirs [][2]int
	if v.ConnectHorizontal {
		dirs = append(dirs, [2]int{1, 0})
	}
	if v.ConnectVertical {
		dirs = append(dirs, [2]int{0, 1})
	}
	if v.ConnectDiagonal {
		dirs = append(dirs, [2]int{1, 1}, [2]int{1, -1})
	}
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) {
			continue
		}
		for _, d := range dirs {
			var w geom.Set
			f, r := s.File(), s.Rank()
			for i := 0; i < n; i++ {
				if f+i*d[0] < 0 || f+i*d[0] >= b.Files || r+i*d[1] < 0 || r+i*d[1] >= b.Ranks {
					w = geom.Set{}
					break
				}
				w.Add(geom.Sq(f+i*d[0], r+i*d[1]))
			}
			if w.Count() == n && w.AndNot(b.Mask).Empty() {
				e.connectLines = append(e.connectLines, w)
			}
		}
	}
	for _, pt := range e.types {
		if v.ConnectPieceTypes.Has(pt) || v.ConnectPieceTypes.Has(position.AllPieces) {
			e.connectTypes = append(e.connectTypes, pt)
		}
	}
}

// connectTerm scores each side's open lines (connectWindowMg), in the
// middle game and the endgame alike.
func (e *Evaluator) connectTerm(st *evalState) {
	p, n := st.p, e.v.ConnectN
	for c := position.White; c <= position.Black; c++ {
		var ours geom.Set
		for _, pt := range e.connectTypes {
			ours = ours.Or(p.PiecesOf(c, pt))
		}
		theirs := p.Pieces(c.Other())
		sum := 0
		for _, w := range e.connectLines {
			if w.And(theirs).Any() {
				continue
			}
			if k := w.And(ours).Count(); k > 0 && k < n {
				sum += connectWindowMg * k / (n - k) / (n - k)
			}
		}
		st.mg[c] += sum
		st.eg[c] += sum
	}
}
