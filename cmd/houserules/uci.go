package main

import (
	"github.com/spf13/cobra"

	"houserules/uci"
)

func uciCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "uci",
		Short: "Run as a UCI engine (Fairy-Stockfish compatible: UCI_Variant, VariantPath, go perft, d; HouseRules option)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return uci.Main()
		},
	}
}
