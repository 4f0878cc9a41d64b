package oracle

import (
	"os"
	"testing"

	"houserules/variants"
)

// The variants below are not in Debian's Fairy-Stockfish 11.1, or 11.1
// lacks their rules (it knows no ataxx, flipersi or flipello, and reads
// variants.ini's enclosingDrop, flipEnclosedPieces and freeDrops-style
// drops as plain drops: cfour's start position has 1722 two-ply lines
// for 11.1, 49 for the current Fairy-Stockfish and us). They are compared
// with a current Fairy-Stockfish build instead, the one that produced
// corpus/testdata/perft (c19b5f6): ORACLE_CURRENT_BIN, by default
// /tmp/fsf-c19b5f6; the test skips when it is absent.
var currentOracleBin = func() string {
	if b := os.Getenv("ORACLE_CURRENT_BIN"); b != "" {
		return b
	}
	return "/tmp/fsf-c19b5f6"
}()

// currentOracleLBBin is the current build for boards larger than 8×8
// (largeboards): ORACLE_CURRENT_LB_BIN, by default /tmp/fsf-lb-c19b5f6.
var currentOracleLBBin = func() string {
	if b := os.Getenv("ORACLE_CURRENT_LB_BIN"); b != "" {
		return b
	}
	return "/tmp/fsf-lb-c19b5f6"
}()

// fsfIni is Fairy-Stockfish's variants.ini (GPL text, kept in the shared
// oracle data beside the checkout): the sections below marked ini.
const fsfIni = "../../shared/testdata/variants/fairy-stockfish-variants.ini"

var currentOracleVariants = []struct {
	name  string
	ini   bool // a section of fsfIni, not a built-in
	large bool // a board larger than 8×8: the largeboards build
}{
	// enclosing drops, flips, passes, full-board adjudication (issue 43)
	{"ataxx", false, false},
	{"flipersi", false, false},
	{"flipello", false, false},
	{"flipello10", false, true},
	{"flipello6", true, false},
	{"quadwrangle", true, false},
	{"quadwrangle7x7", true, false},
	{"snort", true, false},
	{"gale", true, true},
	{"cfour", true, false},
	{"cfour-anyside", true, false},
	{"cfour-misere", true, false},
	{"tictactoe", true, false},
}

// TestOracleDifferentialCurrent is TestOracleDifferential for the
// variants 11.1 cannot judge, against a current Fairy-Stockfish.
func TestOracleDifferentialCurrent(t *testing.T) {
	for _, vc := range currentOracleVariants {
		t.Run(vc.name, func(t *testing.T) {
			t.Parallel()
			bin := currentOracleBin
			if vc.large {
				bin = currentOracleLBBin
			}
			if _, err := os.Stat(bin); err != nil {
				t.Skipf("current oracle %s not available (%v): set ORACLE_CURRENT_BIN (ORACLE_CURRENT_LB_BIN for boards over 8×8) to a Fairy-Stockfish build", bin, err)
			}
			ini := ""
			if vc.ini {
				if _, err := os.Stat(fsfIni); err != nil {
					t.Skipf("%s is a variants.ini section and %s is absent", vc.name, fsfIni)
				}
				ini = fsfIni
			}
			var v = variants.Get
			if ini != "" {
				f, err := variants.LoadFile(ini)
				if err != nil {
					t.Fatalf("load %s: %v", ini, err)
				}
				v = f.Lookup
			}
			variant, err := v(vc.name)
			if err != nil {
				t.Fatalf("variant %s: %v", vc.name, err)
			}
			e, err := startEngine(oracleSource{bin, ini}, vc.name, false)
			if err != nil {
				t.Fatalf("start oracle for %s: %v", vc.name, err)
			}
			defer e.close()
			runGames(t, e, variant, vc.name, false)
		})
	}
}
