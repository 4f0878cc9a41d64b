package uci

import (
	"context"
	"fmt"
	"strings"

	"houserules/rules"
)

// runPerft prints the node count below each root move, then the total,
// the way Fairy-Stockfish's "go perft" does. When ctx is cancelled (stop)
// it ends after the root move in hand: an info string says how many root
// moves were counted, and the total is theirs.
func (e *Engine) runPerft(ctx context.Context, g *rules.Game, depth int) {
	var sb strings.Builder
	var total uint64
	if depth == 0 {
		total = 1
	} else {
		moves := g.LegalMoves()
		for i, m := range moves {
			if ctx.Err() != nil {
				e.infoString("go perft: stopped after %d of %d root moves; the total below counts those", i, len(moves))
				break
			}
			uci := g.Pos.UCI(m)
			g.Do(m)
			n := rules.PerftGame(g, depth-1)
			g.Undo()
			fmt.Fprintf(&sb, "%s: %d\n", uci, n)
			total += n
		}
	}
	sb.WriteString(perftTotal(total))
	e.println(sb.String())
}

// perftTotal is go perft's last line, after an empty one, as
// Fairy-Stockfish prints it.
func perftTotal(n uint64) string { return fmt.Sprintf("\nNodes searched: %d\n", n) }
