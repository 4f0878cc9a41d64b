package pgn

import (
	"strings"
	"testing"
)

// FuzzRead: reading any text neither panics nor hangs, and a text that
// reads is written back as PGN that reads to the same games (writing the
// games read from that gives the same bytes).
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 {+0.35/9 0.101s} e5 2. Nf3 Nc6 3. Bb5 a6 {book} 1/2-1/2\n",
		"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 $1 Kd6 *\n",
		"[Variant \"makruk\"]\n\n1. e4 e5 2. Nf3?! (2. d4) Nc6 ; rest\n{checkmate} 0-1\n",
		"[Variant \"capablanca\"]\n[HouseRules \"piece-hp,king-heals\"]\n\n1.e4 e5 2.Ce3 *",
		"% escaped\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {checkmate} 1-0\n[Event \"two\"]\n*",
		"[White \"a \\\"b\\\" \\\\ c\"]\n{unterminated",
		"\xef\xbb\xbf[Variant \"Chess960\"]\r\n[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1\"]\r\n\r\n1. O-O O-O-O *\r\n",
		"[Variant \"Standard\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. a8Q+ Kd7 2. Rh1-h5 Kd6 3. Rh5h6+ *\n",
		"[Variant \"duck\"]\n\n1. e4,e5 Nf6,d5 2. Nc3,g8 e7e6,e6a3 *\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Read(strings.NewReader(text), build)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%T error: %v", err, err)
			}
			return
		}
		var first strings.Builder
		for _, g := range games {
			first.WriteString(g.String())
		}
		again, err := Read(strings.NewReader(first.String()), build)
		if err != nil {
			t.Fatalf("the games read do not read back: %v\n%s", err, first.String())
		}
		var second strings.Builder
		for _, g := range again {
			second.WriteString(g.String())
		}
		if second.String() != first.String() {
			t.Fatalf("written twice differently:\n%s\n---\n%s", first.String(), second.String())
		}
	})
}
