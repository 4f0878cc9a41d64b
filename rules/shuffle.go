package rules

import (
	"fmt"
	"strings"

	"houserules/position"
)

// ShuffleStart returns a start position of v with the back ranks shuffled
// the way shuffle variants are set up (Chess960, Capablanca Random Chess):
// White's back-rank pieces in a random order, Black's mirroring them; the
// two bishops on squares of opposite colours; the king between two rooks
// (so that both castlings exist, Chess960 style); and where the back rank
// has an archbishop (Capablanca Random Chess, Reinhard Scharnagl's rules)
// the queen and the archbishop on opposite colours and every pawn defended.
// The pawns and the other fields of v's start position stay. The error says
// why v's start position cannot be shuffled (a back rank with gaps, or one
// Black does not mirror). r is a *rand.Rand of math/rand or math/rand/v2.
func ShuffleStart(v *position.Variant, r Shuffler) (string, error) {
	fields := strings.Fields(v.StartFEN)
	if len(fields) == 0 {
		return "", fmt.Errorf("variant %s has no start position", v.Name)
	}
	ranks := strings.Split(fields[0], "/")
	top, bottom := ranks[0], ranks[len(ranks)-1]
	if strings.ContainsAny(bottom, "0123456789[]*~+") || strings.ToLower(bottom) != top || strings.ToUpper(bottom) != bottom {
		return "", fmt.Errorf("variant %s: the back ranks of %q are not full ranks of single-letter pieces that mirror each other", v.Name, fields[0])
	}
	crc := strings.Contains(bottom, "A")
	pieces := []byte(bottom)
	for try := 0; try < 100000; try++ {
		r.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
		row := string(pieces)
		if !oppositeColours(row, 'B', 'B') || !kingBetweenRooks(row) || (crc && !oppositeColours(row, 'Q', 'A')) {
			continue
		}
		ranks[0], ranks[len(ranks)-1] = strings.ToLower(row), row
		f := append([]string{strings.Join(ranks, "/")}, fields[1:]...)
		fen := strings.Join(f, " ")
		if crc && !pawnsDefended(v, fen) {
			continue
		}
		return fen, nil
	}
	return "", fmt.Errorf("variant %s: no shuffled back rank meets the rules", v.Name)
}

// StartFEN is the start position of a game of v set up from fen: fen
// itself when given; for a shuffle game (chess960, or a variant that has
// it on, such as fischerandom and caparandom) without one, a shuffled back
// rank (ShuffleStart); else "" (the variant's start position, which also
// stands when its back rank cannot be shuffled).
func StartFEN(v *position.Variant, fen string, chess960 bool, r Shuffler) string {
	if fen != "" || !(chess960 || v.Chess960) {
		return fen
	}
	shuffled, err := ShuffleStart(v, r)
	if err != nil {
		return ""
	}
	return shuffled
}

// InitHook sets up the start position of a new game (seed 001's init, a
// variant plugin's Init): Chess960's shuffled back rank, say. It returns
// the start FEN ("" = the variant's own). It is asked only when a game is
// set up without a FEN (Ruleset.StartFEN).
type InitHook interface {
	StartFEN(v *position.Variant, r Shuffler) (string, error)
}

// StartFEN is the start position of a new game of the ruleset set up from
// fen: fen itself when given; else the first init hook's position; else
// the package's StartFEN (a shuffled back rank for shuffle games, or ""
// for the variant's start position).
func (r *Ruleset) StartFEN(fen string, chess960 bool, rnd Shuffler) string {
	if fen == "" {
		for _, h := range r.init {
			if s, err := h.StartFEN(r.Variant, rnd); err == nil && s != "" {
				return s
			}
		}
	}
	return StartFEN(r.Variant, fen, chess960, rnd)
}

// Shuffler is the Shuffle method of math/rand's and math/rand/v2's Rand.
type Shuffler interface {
	Shuffle(n int, swap func(i, j int))
}

// oppositeColours: the pieces a and b of row (two of a kind when a == b;
// absent or unpaired ones pass) stand on squares of opposite colours.
func oppositeColours(row string, a, b byte) bool {
	i, j := strings.IndexByte(row, a), strings.LastIndexByte(row, b)
	if i < 0 || j < 0 || i == j || (a == b && strings.Count(row, string(a)) != 2) {
		return true
	}
	return (i+j)%2 == 1
}

// kingBetweenRooks: the king stands between the outermost rooks.
func kingBetweenRooks(row string) bool {
	k := strings.IndexByte(row, 'K')
	first, last := strings.IndexByte(row, 'R'), strings.LastIndexByte(row, 'R')
	return k < 0 || first < 0 || (first < k && k < last)
}

// pawnsDefended: in the position fen of v each pawn is defended by a piece
// of its side.
func pawnsDefended(v *position.Variant, fen string) bool {
	p, err := position.New(v, fen, true)
	if err != nil {
		return false
	}
	occ := p.Occupied()
	for c := position.White; c <= position.Black; c++ {
		for b := p.PiecesOf(c, position.Pawn); b.Any(); {
			if p.AttackersTo(b.Pop(), occ, c).Empty() {
				return false
			}
		}
	}
	return true
}
