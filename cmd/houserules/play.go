package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/cobra"

	"houserules/arena"
	"houserules/position"
)

func playCmd() *cobra.Command {
	var g gameFlags
	var level int
	var color string
	var movetime int
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a game against the AI in the terminal (moves in SAN or UCI; undo, fen, moves, quit)",
		Example: "  houserules play --variant capablanca --level 10 --color black\n" +
			"  houserules play --presets piece-hp,king-heals --level 5",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if level < 0 || level > 20 {
				return fmt.Errorf("--level must be 0..20")
			}
			if movetime < 1 {
				return fmt.Errorf("--movetime must be at least 1 (milliseconds per move), got %d", movetime)
			}
			human := position.White
			switch color {
			case "white", "w":
			case "black", "b":
				human = position.Black
			default:
				return fmt.Errorf("--color must be white or black")
			}
			resolved, err := g.resolve()
			if err != nil {
				return err
			}
			rs := resolved.Ruleset
			fen := rs.StartFEN(g.fen, g.chess960, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
			return arena.Play(os.Stdin, os.Stdout, arena.PlayConfig{Ruleset: rs, FEN: fen, Chess960: g.chess960, Level: level,
				Human: human, MoveTime: time.Duration(movetime) * time.Millisecond, HouseRules: g.presets})
		},
	}
	g.add(cmd, false)
	cmd.Flags().IntVar(&level, "level", 10, "AI skill level 0 (weakest) … 20 (strongest)")
	cmd.Flags().StringVar(&color, "color", "white", "your colour: white or black")
	cmd.Flags().IntVar(&movetime, "movetime", 1000, "AI thinking time per move in milliseconds")
	return cmd
}
