package uci

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"houserules/search"
)

func (e *Engine) println(a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintln(e.out, a...)
}

func (e *Engine) printf(format string, a ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format, a...)
}

func (e *Engine) infoString(format string, a ...any) {
	// one info string: the lines of a multi-line message (several errors
	// of one variant file) are joined with "; ", so none is left without
	// the message's prefix or read by a GUI as a command
	msg := strings.TrimRight(fmt.Sprintf(format, a...), "\n")
	if len(msg) > maxInfoString {
		// a message quoting a huge input (a 100 KB FEN) is cut, not sent whole
		cut := maxInfoString
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = fmt.Sprintf("%s… (%d bytes)", msg[:cut], len(msg))
	}
	e.println("info string " + strings.ReplaceAll(strings.ReplaceAll(msg, "\r", ""), "\n", "; "))
}

// maxInfoString is the longest info string message sent, in bytes.
const maxInfoString = 4096

// FormatInfo renders a search report as a UCI info line, in
// Fairy-Stockfish's field order.
func FormatInfo(inf search.Info) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d score ", inf.Depth, inf.SelDepth, inf.MultiPV)
	if n, ok := search.MateIn(inf.Score); ok {
		fmt.Fprintf(&sb, "mate %d", n)
	} else {
		fmt.Fprintf(&sb, "cp %d", inf.Score)
	}
	fmt.Fprintf(&sb, " nodes %d nps %d", inf.Nodes, inf.NPS)
	if inf.Time > time.Second {
		fmt.Fprintf(&sb, " hashfull %d", inf.Hashfull)
	}
	fmt.Fprintf(&sb, " tbhits 0 time %d", inf.Time.Milliseconds())
	if len(inf.PVText) > 0 {
		sb.WriteString(" pv " + strings.Join(inf.PVText, " "))
	}
	return sb.String()
}
