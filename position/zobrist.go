package position

import "houserules/geom"

var (
	zobristPiece    [256][geom.SquareNB]uint64
	zobristCastling [16]uint64
	zobristEP       [geom.MaxFiles]uint64
	zobristChecks   [2][16]uint64
	zobristSide     uint64
	zobristFact     [FactSlots][16]uint64
	zobristGame     [4][16]uint64
)

// zobristFacts hashes a piece's fact values on s (zero facts hash to 0, so
// variants without facts pay one branch).
func zobristFacts(f Facts, s geom.Square) uint64 {
	if f == (Facts{}) {
		return 0
	}
	var k uint64
	for i, v := range f {
		if v != 0 {
			k ^= zobristFact[i][uint16(v)&15] * (uint64(s) + 1)
		}
	}
	return k
}

func zobristGameFact(i int, v int32) uint64 {
	if v == 0 {
		return 0
	}
	if i >= len(zobristGame) {
		return zobristMix(uint64(i)<<40 | uint64(uint32(v))<<1 | 1)
	}
	return zobristGame[i][uint32(v)&15] * uint64(v)
}

func zobristTurnPly(n int) uint64 {
	if n == 0 {
		return 0
	}
	return zobristMix(0x7475726e<<32 | uint64(uint32(n)))
}

// zobristMix is a fixed 64-bit mixer (splitmix64's finaliser): keys for
// the fact slots beyond the tables.
func zobristMix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

func init() {
	// xorshift64* with a fixed seed: keys are the same in every run.
	s := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		s ^= s >> 12
		s ^= s << 25
		s ^= s >> 27
		return s * 2685821657736338717
	}
	for i := range zobristPiece {
		for j := range zobristPiece[i] {
			zobristPiece[i][j] = next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = next()
	}
	for i := range zobristEP {
		zobristEP[i] = next()
	}
	for c := range zobristChecks {
		for i := range zobristChecks[c] {
			zobristChecks[c][i] = next()
		}
	}
	zobristSide = next()
	for i := range zobristFact {
		for j := range zobristFact[i] {
			zobristFact[i][j] = next()
		}
	}
	for i := range zobristGame {
		for j := range zobristGame[i] {
			zobristGame[i][j] = next()
		}
	}
	for j := range zobristPiece[0] {
		zobristPiece[0][j] = 0
	}
}

// computeKey computes the Zobrist key from scratch. Piece keys are already
// folded in by put while the board was set up.
func (p *Position) computeKey() {
	var k uint64
	for s := p.occ; s.Any(); {
		sq := s.Pop()
		k ^= zobristPiece[p.board[sq]][sq] ^ p.factsKey(p.meta[sq], sq)
	}
	for w := p.st.Walls; w.Any(); {
		k ^= zobristWall[w.Pop()]
	}
	for i, v := range p.st.GameFacts {
		k ^= zobristGameFact(i, v)
	}
	if x := p.st.moreGame; x != 0 {
		for j := 0; j < int(p.arena[x]); j++ {
			k ^= zobristGameFact(FactSlots+j, p.arena[int(x)+1+j])
		}
	}
	k ^= zobristTurnPly(int(p.st.turnPly))
	k ^= p.handKeys()
	k ^= p.gatesKey()
	if p.side == Black {
		k ^= zobristSide
	}
	k ^= zobristCastling[p.st.Castling]
	for e := p.st.EP; e.Any(); {
		k ^= zobristEP[e.Pop().File()]
	}
	if p.V.CheckCounting {
		for c := 0; c < 2; c++ {
			k ^= zobristChecks[c][p.st.ChecksRemaining[c]&15]
		}
	}
	p.st.Key = k
}
