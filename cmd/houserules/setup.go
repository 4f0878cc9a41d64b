package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// gameFlags are the flags shared by the position commands.
type gameFlags struct {
	presets  string
	variant  string
	ini      string
	fen      string
	moves    string
	chess960 bool
}

func (g *gameFlags) add(cmd *cobra.Command, withMoves bool) {
	f := cmd.Flags()
	f.StringVar(&g.variant, "variant", "chess", "variant name (built-in, or a section of --ini)")
	f.StringVar(&g.ini, "ini", "", "Fairy-Stockfish variants.ini file to load")
	f.StringVar(&g.fen, "fen", "", "start FEN (default: the variant's start position)")
	f.BoolVar(&g.chess960, "chess960", false, "Chess960 castling rules and notation")
	f.StringVar(&g.presets, "presets", "", "house rules: ID[:key=value…][,ID…], e.g. piece-hp,king-heals")
	if withMoves {
		f.StringVar(&g.moves, "moves", "", "UCI moves to play from the FEN, space separated")
	}
}

// resolveVariant finds the variant: a section of --ini first (sections
// with errors are reported on stderr and skipped), then the catalogue.
func resolveVariant(name, ini string) (*position.Variant, error) {
	name = canonicalVariant(name, ini)
	if ini != "" {
		f, err := variants.LoadFile(ini)
		if err != nil {
			return nil, err
		}
		found := false
		for _, s := range f.Sections {
			if s.Err != nil {
				lines := strings.Split(s.Err.Error(), "\n")
				more := ""
				if len(lines) > 1 {
					more = fmt.Sprintf(" (+%d more, see `houserules check %s`)", len(lines)-1, ini)
				}
				fmt.Fprintf(os.Stderr, "houserules: %s: skipped section %s: %s%s\n", ini, s.Name, lines[0], more)
			}
			if s.Name == name {
				found = true
			}
		}
		if found {
			return f.Lookup(name)
		}
	}
	return variants.Get(name)
}

// game builds the game from the flags and plays --moves.
func (g *gameFlags) game() (*rules.Game, error) {
	v, err := resolveVariant(g.variant, g.ini)
	if err != nil {
		return nil, err
	}
	specs, err := rules.ParseSpecs(g.presets)
	if err != nil {
		return nil, err
	}
	rs, err := rules.Compile(v, specs)
	if err != nil {
		return nil, err
	}
	game, err := rules.NewGame(rs, g.fen, g.chess960)
	if err != nil {
		return nil, err
	}
	for i, mv := range strings.Fields(g.moves) {
		m, err := game.ParseMove(mv)
		if err != nil {
			return nil, fmt.Errorf("--moves, move %d: %v", i+1, err)
		}
		game.Do(m)
	}
	return game, nil
}

// canonicalVariant returns the spelling of a variant name that --ini or
// the catalogue uses, matched without regard to case as UCI_Variant is
// (name itself when none matches).
func canonicalVariant(name, ini string) string {
	var names []string
	if ini != "" {
		if f, err := variants.LoadFile(ini); err == nil {
			for _, s := range f.Sections {
				names = append(names, s.Name)
			}
		}
	}
	names = append(names, variants.Names()...)
	for _, n := range names {
		if n == name {
			return n
		}
	}
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return n
		}
	}
	return name
}
