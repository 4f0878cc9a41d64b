// Command houserules is the chess-variant rules engine, AI and play server:
// perft, legal moves, FEN, game status and variant-file checking for any
// Fairy-Stockfish-compatible variant.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	_ "houserules/presets" // registers the house-rule presets
	"houserules/rules"
	_ "houserules/variants/plugins" // registers the variant plugins
)

func main() {
	root := &cobra.Command{
		Use:           "houserules",
		Short:         "Chess-variant rules engine: any variant, house rules, perft, play",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	if err := rules.CheckRegistry(); err != nil {
		fmt.Fprintln(os.Stderr, "houserules:", err)
		os.Exit(2)
	}
	root.AddCommand(perftCmd(), movesCmd(), fenCmd(), statusCmd(), checkCmd(), variantsCmd(), rulesCmd(), serveCmd(), benchCmd(), uciCmd(), playCmd(), matchCmd(), labCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "houserules:", err)
		os.Exit(2)
	}
}
