package presets

import (
	"testing"

	"houserules/position"
)

// Scenario 1: Qd1×d4 with every square around d4 empty: rook on d4,
// bishop on d5 (N is the first empty square clockwise).
func TestQueenSplits_Scenario1(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1")
	if prod, _ := prodOfMove(g, "d1d4"); prod != "fide.queen-move" {
		t.Errorf("the capture keeps the queen's production, got %q", prod)
	}
	play(t, g, "d1d4")
	if got := g.FEN(); got != "4k3/8/8/3B4/3R4/8/8/4K3 b - - 0 1" {
		t.Errorf("after Qxd4: %s", got)
	}
	if g.Pos.Count(position.White, position.Queen) != 0 {
		t.Error("the queen is still there")
	}
	g.Undo()
	if got := g.FEN(); got != "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1" {
		t.Errorf("after undo: %s", got)
	}
}

// Scenario 2: every square around the capture square occupied: the
// bishop is forfeit. A queen always arrives through (or from) a square
// next to its target, which is empty after the move, so on a plain board
// the bishop always finds a square: here the queen takes from d3 and
// the bishop lands on d3 (S, the fifth square clockwise).
func TestQueenSplits_Scenario2(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/8/2PPP3/2PrP3/2PQP3/8/4K3 w - - 0 1")
	play(t, g, "d3d4")
	if got := g.FEN(); got != "4k3/8/8/2PPP3/2PRP3/2PBP3/8/4K3 b - - 0 1" {
		t.Errorf("after Qxd4: %s", got)
	}
}

// Scenario 2, bishop forfeit: with piece-hp the 2-HP black rook survives
// the capture and is pushed onto d3, the last empty square around d4, so
// the fission finds no square for the bishop and only the rook remains.
// (The AfterMove hooks run in ruleset order: piece-hp first here, so the
// capture resolves before the fission as the seed says.)
func TestQueenSplits_Scenario2Forfeit(t *testing.T) {
	g := newGame(t, "piece-hp,queen-splits", "4k3/8/8/2PPP3/2PrP3/2PQP3/8/4K3 w - - 0 1")
	play(t, g, "d3d4")
	if got := g.FEN(); got != "4k3/8/8/2PPP3/2PRP3/2PrP3/8/4K3 b - - 0 1 {Hp:d3=1}" {
		t.Errorf("after Qxd4: %s", got)
	}
	if g.Pos.Count(position.White, position.Bishop) != 0 {
		t.Error("the bishop must be forfeit")
	}
}

// Scenario 3: corner-side capture Qh1×h2: the bishop goes to h3 (N); with
// h3 occupied the next square clockwise on the board is h1 (S), which the
// queen has just left.
func TestQueenSplits_Scenario3(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/8/8/8/8/7p/4K2Q w - - 0 1")
	play(t, g, "h1h2")
	if got := g.FEN(); got != "4k3/8/8/8/8/7B/7R/4K3 b - - 0 1" {
		t.Errorf("after Qxh2: %s", got)
	}
	g = newGame(t, "queen-splits", "4k3/8/8/8/8/7p/7p/4K2Q w - - 0 1")
	play(t, g, "h1h2")
	if got := g.FEN(); got != "4k3/8/8/8/8/7p/7R/4K2B b - - 0 1" {
		t.Errorf("after Qxh2 with h3 taken: %s", got)
	}
}

// Scenario 4: Qg1×g7 would mate with the queen standing on g7; after the
// fission (rook g7, bishop g8) Black is not in check and the game goes on.
func TestQueenSplits_Scenario4(t *testing.T) {
	const fen = "7k/p5pp/8/8/8/8/1B6/4K1Q1 w - - 0 1"
	plain := newGame(t, "", fen)
	play(t, plain, "g1g7")
	if r, over := plain.Result(); !over || r.Score != "1-0" || r.Reason != "checkmate" {
		t.Fatalf("without the preset Qxg7 mates: %v %v", r, over)
	}
	g := newGame(t, "queen-splits", fen)
	play(t, g, "g1g7")
	if got := g.FEN(); got != "6Bk/p5Rp/8/8/8/8/1B6/4K3 b - - 0 1" {
		t.Errorf("after Qxg7: %s", got)
	}
	if g.InCheck(position.Black) {
		t.Error("Black must not be in check after the fission")
	}
	if _, over := g.Result(); over {
		t.Error("the game must go on")
	}
	if got := joined(legal(g)); got != "a7a5 a7a6 h7h5 h7h6" {
		t.Errorf("black moves %s", got)
	}
}

// Edge: the rook left on the capture square stands in a pin: it blocks the
// line as the queen would, so the capture is legal, and the rook is then
// pinned (it may only move along rank 4). The bishop goes to e5 (N),
// off the pin line.
func TestQueenSplits_EdgePinnedRook(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/8/8/K3p2r/8/4Q3/8 w - - 0 1")
	play(t, g, "e2e4")
	if got := g.FEN(); got != "4k3/8/8/4B3/K3R2r/8/8/8 b - - 0 1" {
		t.Fatalf("after Qxe4: %s", got)
	}
	play(t, g, "e8d8")
	wantFrom(t, legalFrom(t, g, "e4"), "e4b4 e4c4 e4d4 e4f4 e4g4 e4h4")
	// A queen pinned on a diagonal may not capture off its line.
	g = newGame(t, "queen-splits", "4k3/8/8/b2p4/8/8/3Q4/4K3 w - - 0 1")
	if hasMove(g, "d2d5") || !hasMove(g, "d2b4") {
		t.Errorf("the pinned queen may not take d5: %v", legal(g))
	}
}

// Edge: legality is judged on the post-fission board. Shako has cannons:
// Qd5×d6 puts the fission bishop on e7 (d7 is taken), which becomes the
// screen for the cannon on e10 against the king on e2, so the capture is
// illegal with queen-splits and legal without it.
func TestQueenSplits_EdgeLegalityAfterFission(t *testing.T) {
	const fen = "k3c5/10/10/3p6/3p6/3Q6/10/10/4K5/10 w - - 0 1"
	plain := namedVariantGame(t, "shako", "", fen, false)
	if !hasMove(plain, "d5d6") {
		t.Fatalf("without the preset Qxd6 is legal: %v", legal(plain))
	}
	g := namedVariantGame(t, "shako", "queen-splits", fen, false)
	if hasMove(g, "d5d6") {
		t.Errorf("the fission bishop on e7 would screen the cannon: %v", legal(g))
	}
	wantFrom(t, legalFrom(t, g, "d5"), "d5a2 d5a5 d5a8 d5b3 d5b5 d5b7 d5c4 d5c5 d5c6 d5d1 d5d2 d5d3 d5d4 "+
		"d5f3 d5f5 d5f7 d5g2 d5g5 d5g8 d5h1 d5h5 d5h9 d5i10 d5i5 d5j5")
}

// Edge: a pawn that promotes to a queen with a capture fissions: rook on
// d8, bishop on e8 (N and NE are off the board, E is first). Promoting to
// a rook, or to a queen without a capture, does not.
func TestQueenSplits_EdgePromotionCapture(t *testing.T) {
	const fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"
	g := newGame(t, "queen-splits", fen)
	play(t, g, "e7d8q")
	if got := g.FEN(); got != "3RB2k/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("after exd8=Q: %s", got)
	}
	g = newGame(t, "queen-splits", fen)
	play(t, g, "e7d8r")
	if got := g.FEN(); got != "3R3k/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("after exd8=R: %s", got)
	}
	g = newGame(t, "queen-splits", fen)
	play(t, g, "e7e8q")
	if got := g.FEN(); got != "3rQ2k/8/8/8/8/8/8/4K3 b - - 0 1" {
		t.Errorf("after e8=Q: %s", got)
	}
}

// Edge: fissioned pieces are new pieces (RULINGS: queen-splits): new IDs,
// default Hp under piece-hp (the damaged queen's 1 HP is not inherited).
func TestQueenSplits_EdgeFreshPieces(t *testing.T) {
	g := newGame(t, "queen-splits,piece-hp", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1 {Hp:d1=1,d4=1}")
	qid := g.Pos.IDOn(sq(t, "d1"))
	play(t, g, "d1d4")
	if got := g.FEN(); got != "4k3/8/8/3B4/3R4/8/8/4K3 b - - 0 1 {}" {
		t.Errorf("after Qxd4: %s", got)
	}
	if hp(t, g, "d4") != 2 || hp(t, g, "d5") != 2 {
		t.Errorf("Hp rook %d bishop %d, want 2 2", hp(t, g, "d4"), hp(t, g, "d5"))
	}
	r, b := g.Pos.IDOn(sq(t, "d4")), g.Pos.IDOn(sq(t, "d5"))
	if r == qid || b == qid || r == b || r == 0 || b == 0 {
		t.Errorf("IDs queen %d rook %d bishop %d", qid, r, b)
	}
}

// Edge: fissioned pieces have no castling rights: the rook that appears on
// a1 (after Qd1×a1 retakes the bishop that took the a1 rook) cannot castle.
func TestQueenSplits_EdgeNoCastlingRights(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/5b2/8/8/8/8/R2QK3 b Q - 0 1")
	play(t, g, "f6a1", "d1a1")
	if got := g.FEN(); got != "4k3/8/8/8/8/8/B7/R3K3 b - - 0 2" {
		t.Errorf("after Qxa1: %s", got)
	}
	play(t, g, "e8d8")
	if hasMove(g, "e1c1") {
		t.Errorf("a fissioned rook has no castling rights: %v", legal(g))
	}
}

// Capablanca (10×8): the fission works on the wider board.
func TestQueenSplits_Capablanca(t *testing.T) {
	g := namedVariantGame(t, "capablanca", "queen-splits", "5k4/10/10/10/8p1/10/10/4K3Q1 w - - 0 1", false)
	play(t, g, "i1i4")
	if got := g.FEN(); got != "5k4/10/10/8B1/8R1/10/10/4K5 b - - 0 1" {
		t.Errorf("after Qxi4: %s", got)
	}
}

// A variant without queens cannot take the preset.
func TestQueenSplits_NoQueen(t *testing.T) {
	v := position.NewVariant()
	v.RemovePiece(position.Queen)
	if _, err := compileVariantWith(v, "queen-splits"); err == nil {
		t.Error("queen-splits needs queens")
	}
}

// The split is recorded as the preset.queen-fission resolution of the
// capture.
func TestQueenSplits_EffectRecorded(t *testing.T) {
	g := newGame(t, "queen-splits", "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1")
	play(t, g, "d1d4")
	if e := g.Effects(); len(e) != 1 || position.ProductionName(e[0]) != "preset.queen-fission" {
		t.Errorf("effects %v, want [preset.queen-fission]", e)
	}
}
