package position_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// pocketVariants are the catalogue's variants with pockets that load
// (sorted, so an index names the same variant from run to run as long as
// the same variants load), then chess, a variant without pockets.
func pocketVariants(t testing.TB) ([]string, []*position.Variant) {
	var names []string
	var vs []*position.Variant
	for _, n := range variants.Names() {
		v, err := variants.Get(n)
		if err != nil || !v.HasPockets() {
			continue
		}
		names, vs = append(names, n), append(vs, v)
	}
	v, err := variants.Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	return append(names, "chess"), append(vs, v)
}

// corpusPocketFENs returns the oracle corpus's FENs with a pocket or a
// promoted mark, by variant.
func corpusPocketFENs(t testing.TB) map[string][]string {
	files, _ := filepath.Glob("../corpus/testdata/perft/*.tsv")
	out := map[string][]string{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			cols := strings.Split(sc.Text(), "\t")
			if len(cols) > 3 && strings.ContainsAny(cols[3], "[~+") {
				out[cols[0]] = append(out[cols[0]], cols[3])
			}
		}
		f.Close()
	}
	return out
}

// FuzzFENPockets: any text read as the FEN of a variant with pockets
// (crazyhouse, loop, shogi when it loads, …) or of chess neither panics
// nor errors with anything but a *position.FENError; an error about the
// pocket names the character and where it stands; a FEN that reads is
// written back as a FEN that reads, reaching a fixed point within three
// rounds (at once for crazyhouse's pockets and ~), and every legal move,
// drops included, made and unmade leaves it unchanged. Seeds: the oracle
// corpus's FENs with pockets and promoted marks, and malformed pockets.
func FuzzFENPockets(f *testing.F) {
	names, vs := pocketVariants(f)
	seeds := corpusPocketFENs(f)
	for i, n := range names {
		for _, fen := range seeds[n] {
			f.Add(uint8(i), fen)
		}
	}
	zh := uint8(slices.Index(names, "crazyhouse"))
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]] w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[[]] w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qq w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Q~ w KQkq - 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQ~KB1R[Pp-] w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] b - - 0 1",
		"4k3/8/8/8/8/8/8/4K3[♔] w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3[Q]x w - - 0 1",
	} {
		f.Add(zh, s)
	}
	f.Fuzz(func(t *testing.T, vi uint8, fen string) {
		if fen == "" || fen == "startpos" {
			return
		}
		name, v := names[int(vi)%len(names)], vs[int(vi)%len(vs)]
		p, err := position.New(v, fen, false)
		if err != nil {
			var fe *position.FENError
			if !errors.As(err, &fe) {
				t.Fatalf("%s %q: error of type %T: %v", name, fen, err, err)
			}
			// (the count checks, "40 queens in the pockets, more than
			// the game has", name the type and count instead)
			counted := strings.Contains(fe.Reason, "in the pockets") || strings.Contains(fe.Reason, "in its pocket")
			if fe.Field == "pocket" && v.HasPockets() && !strings.Contains(fe.Reason, "character ") && !counted {
				t.Fatalf("%s %q: the pocket error names no place: %v", name, fen, err)
			}
			return
		}
		out := p.FEN()
		// Writing and reading again reaches a FEN that stays, within
		// three rounds: Fairy-Stockfish's writer, which we follow, needs
		// a round or two for some castling and gating fields (a gate
		// letter with an empty pocket leaves the field empty, "w  - 0 1";
		// "kb" with the king on g8 is written "qb", then "q").
		for round, text := 0, out; ; round++ {
			q, err := position.New(v, text, false)
			if err != nil {
				t.Fatalf("%s: our FEN %q (of %q) does not read: %v", name, text, fen, err)
			}
			if q.FEN() == text {
				break
			}
			if round == 2 {
				t.Fatalf("%s: FEN not stable after three rounds: %q -> %q", name, text, q.FEN())
			}
			text = q.FEN()
		}
		for _, m := range p.LegalMoves(nil) {
			p.Do(m)
			_ = p.FEN()
			p.Undo()
		}
		if p.FEN() != out {
			t.Fatalf("%s: do/undo changed %q into %q", name, out, p.FEN())
		}
	})
}

// TestFENPocketErrors: a malformed pocket is a *position.FENError of the
// pocket field naming the character and its place in the FEN (from 1) and
// in the pocket.
func TestFENPocketErrors(t *testing.T) {
	zh, err := variants.Get("crazyhouse")
	if err != nil {
		t.Fatal(err)
	}
	chess, _ := variants.Get("chess")
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" // 43 characters
	for _, c := range []struct {
		v          *position.Variant
		fen, field string
		reason     string
	}{
		{zh, board + "[Qx] w KQkq - 0 1", "pocket", `'x' (character 46 of the FEN, 2 of the pocket "Qx") is not a piece of crazyhouse`},
		{zh, board + "[Q w KQkq - 0 1", "pocket", `the pocket "[Q" (from character 44) has no closing ]`},
		{zh, board + "[]] w KQkq - 0 1", "pocket", `']' (character 46) after the pocket's closing ]`},
		{zh, board + "[Q]x w KQkq - 0 1", "pocket", `'x' (character 47) after the pocket's closing ]`},
		{zh, board + "[[Q] w KQkq - 0 1", "pocket", `'[' (character 45 of the FEN, 1 of the pocket "[Q") is not a piece of crazyhouse`},
		{zh, board + "[♔Q]x w KQkq - 0 1", "pocket", `'x' (character 48) after the pocket's closing ]`},
		{zh, board + "[Q♔n] w KQkq - 0 1", "pocket", `'♔' (character 46 of the FEN, 2 of the pocket "Q♔n") is not a piece of crazyhouse`},
		{zh, board + "[Q~] w KQkq - 0 1", "pocket", `'~' (character 46 of the FEN, 2 of the pocket "Q~") is not a piece of crazyhouse`},
		{zh, "  " + board + "/Qz w KQkq - 0 1", "pocket", `'z' (character 48 of the FEN, 2 of the pocket "Qz") is not a piece of crazyhouse`},
		{zh, board + "[" + strings.Repeat("Q", 256) + "] w KQkq - 0 1", "pocket", `'Q' (character 300 of the FEN): more than 255 'Q' in the pocket`},
		{chess, board + "[Q] w KQkq - 0 1", "pocket", `chess has no pockets (pieces in hand): "Q"`},
		// the board's marks without their piece
		{zh, "rnbqkbnr/pppppppp/8/8/4~3/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "board", `rank 4: '~' (the mark of a promoted piece) follows no piece`},
		{zh, "~rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "board", `rank 8: '~' (the mark of a promoted piece) follows no piece`},
		{zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR+[] w KQkq - 0 1", "board", `rank 1: '+' without a piece`},
		{zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ+KBNR[] w KQkq - 0 1", "board", `rank 1: '+K' is not a promotable piece`},
	} {
		_, err := position.New(c.v, c.fen, false)
		var fe *position.FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *position.FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Reason != c.reason {
			t.Errorf("%q:\n got  %s: %s\n want %s: %s", c.fen, fe.Field, fe.Reason, c.field, c.reason)
		}
	}
	// the forms that read: both pocket forms, "-" in it, promoted marks
	for fen, want := range map[string]string{
		board + "/Qn w KQkq - 0 1":          board + "[Qn] w KQkq - 0 1",
		board + "[-] w KQkq - 0 1":          board + "[] w KQkq - 0 1",
		board + "[nQ] w KQkq - 0 1":         board + "[Qn] w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1": "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1",
	} {
		p, err := position.New(zh, fen, false)
		if err != nil || p.FEN() != want {
			t.Errorf("%q: %v, %v; want %s", fen, p, err, want)
		}
	}
}

// TestHumanNameAdvisor: the fers and the wazir of a palace game (xiangqi,
// janggi, their templates, a confined king) are named "advisor" in
// messages, as the web page draws them; a fers elsewhere (makruk's met,
// shatranj's) keeps its own name.
func TestHumanNameAdvisor(t *testing.T) {
	for _, c := range []struct {
		variant string
		pt      position.PieceType
		want    string
	}{
		{"xiangqi", position.Fers, "advisor"}, {"manchu", position.Fers, "advisor"}, {"janggi", position.Wazir, "advisor"},
		{"makruk", position.Fers, "fers"}, {"shatranj", position.Fers, "fers"}, {"xiangqi", position.Rook, "rook"},
	} {
		v, err := variants.Get(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Compile(); err != nil {
			t.Fatal(err)
		}
		if got := v.HumanName(c.pt); got != c.want {
			t.Errorf("%s: HumanName(%s) = %q, want %q", c.variant, c.pt, got, c.want)
		}
	}
}
