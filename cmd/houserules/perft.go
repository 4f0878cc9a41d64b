package main

import (
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"houserules/rules"
)

func perftCmd() *cobra.Command {
	var g gameFlags
	var depth int
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft",
		Short: "Count the leaf nodes of the legal move tree (Fairy-Stockfish compatible)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if depth < 0 || depth > maxPerftDepth {
				return fmt.Errorf("--depth %d: must be 0 to %d", depth, maxPerftDepth)
			}
			game, err := g.game()
			if err != nil {
				return err
			}
			p := game.Pos
			start := time.Now()
			var nodes uint64
			if divide && depth > 0 {
				type line struct {
					uci string
					n   uint64
				}
				var lines []line
				for _, m := range game.LegalMoves() {
					uci := p.UCI(m)
					game.Do(m)
					n := rules.PerftGame(game, depth-1)
					game.Undo()
					lines = append(lines, line{uci, n})
					nodes += n
				}
				sort.Slice(lines, func(i, j int) bool { return lines[i].uci < lines[j].uci })
				for _, l := range lines {
					fmt.Printf("%s: %d\n", l.uci, l.n)
				}
				fmt.Println()
			} else {
				nodes = rules.PerftGame(game, depth)
			}
			el := time.Since(start)
			fmt.Printf("Nodes searched: %d\n", nodes)
			nps := float64(nodes) / max(el.Seconds(), 1e-9)
			fmt.Fprintf(os.Stderr, "time %.3fs, %.0f nodes/s\n", el.Seconds(), nps)
			return nil
		},
	}
	g.add(cmd, true)
	cmd.Flags().IntVar(&depth, "depth", 1, "depth in plies")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the node count below each root move")
	return cmd
}

// maxPerftDepth bounds --depth: deeper trees never finish, and the
// recursion must stay far from the stack limit.
const maxPerftDepth = 30
