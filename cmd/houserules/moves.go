package main

import (
	"fmt"
	"sort"

	"github.com/spf13/cobra"

	"houserules/position"
)

func movesCmd() *cobra.Command {
	var g gameFlags
	var explain bool
	cmd := &cobra.Command{
		Use:   "moves",
		Short: "List the legal moves, one UCI move per line, sorted",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			game, err := g.game()
			if err != nil {
				return err
			}
			p := game.Pos
			var out []string
			for _, m := range game.LegalMoves() {
				line := p.UCI(m)
				if explain {
					line += " " + position.ProductionName(m.Production())
					if !game.R.Plain() {
						// the presets' resolutions this move sets off
						game.Do(m)
						for _, e := range game.Effects() {
							line += " " + position.ProductionName(e)
						}
						game.Undo()
					}
				}
				out = append(out, line)
			}
			sort.Strings(out)
			for _, s := range out {
				fmt.Println(s)
			}
			return nil
		},
	}
	g.add(cmd, true)
	cmd.Flags().BoolVar(&explain, "explain", false, "print the production that generated each move, then the house-rule resolutions it sets off (e.g. preset.hp-damage)")
	return cmd
}

func fenCmd() *cobra.Command {
	var g gameFlags
	cmd := &cobra.Command{
		Use:   "fen",
		Short: "Print the FEN after --moves",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			game, err := g.game()
			if err != nil {
				return err
			}
			fmt.Println(game.FEN())
			return nil
		},
	}
	g.add(cmd, true)
	return cmd
}

func statusCmd() *cobra.Command {
	var g gameFlags
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Print `ongoing` or the result and its reason (e.g. `1-0 checkmate`)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			game, err := g.game()
			if err != nil {
				return err
			}
			if r, over := game.Result(); over {
				fmt.Println(r)
			} else {
				fmt.Println("ongoing")
			}
			return nil
		},
	}
	g.add(cmd, true)
	return cmd
}
