package uci

import (
	"strings"
	"testing"
)

// TestPositionIllegalMoveSaysWhy: the position command's message for an
// illegal move gives the reason when the rules can tell it (arena's
// TestIllegalMoveSaysWhy checks terminal play's).
func TestPositionIllegalMoveSaysWhy(t *testing.T) {
	out := &syncBuf{}
	if err := New(out).Run(strings.NewReader("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8\n")); err != nil {
		t.Fatal(err)
	}
	if got := out.take(); !strings.Contains(got, "info string position: illegal move a7a8 ignored with the rest of the line (a promotion names its piece: a7a8n, a7a8b, a7a8r, a7a8q)") {
		t.Errorf("uci: %s", got)
	}
}
