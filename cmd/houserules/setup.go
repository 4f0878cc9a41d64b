package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
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
// with errors are reported on stderr and skipped), then the catalogue. The
// name matches without regard to case, as UCI_Variant does; g.variant
// takes the spelling of the section or catalogue entry found.
func (g *gameFlags) resolveVariant() (*position.Variant, error) {
	var f *variants.File
	var names []string
	if g.ini != "" {
		var err error
		if f, err = variants.LoadFile(g.ini); err != nil {
			return nil, err
		}
		for _, s := range f.Sections {
			if s.Err != nil {
				lines := strings.Split(s.Err.Error(), "\n")
				more := ""
				if len(lines) > 1 {
					more = fmt.Sprintf(" (+%d more, see `houserules check %s`)", len(lines)-1, g.ini)
				}
				fmt.Fprintf(os.Stderr, "houserules: %s: skipped section %s: %s%s\n", g.ini, s.Name, lines[0], more)
				if errors.Is(s.Err, variants.ErrBuiltin) {
					continue // the name is the built-in variant's, as in Fairy-Stockfish
				}
			}
			names = append(names, s.Name)
		}
	}
	inFile := len(names)
	names = append(names, variants.Names()...)
	i := slices.Index(names, g.variant)
	if i < 0 {
		i = slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, g.variant) })
	}
	if i >= 0 {
		g.variant = names[i]
	}
	if i >= 0 && i < inFile {
		return f.Lookup(g.variant)
	}
	if i < 0 && g.ini != "" {
		return nil, fmt.Errorf("unknown variant %q: not a section of %s nor in the built-in catalogue", g.variant, g.ini)
	}
	return variants.Get(g.variant)
}

// game builds the game from the flags and plays --moves.
func (g *gameFlags) game() (*rules.Game, error) {
	v, err := g.resolveVariant()
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
			if r, over := game.Result(); over {
				return nil, fmt.Errorf("--moves, move %d (%s): the game is over after move %d (%s %s)", i+1, mv, i, r.Score, r.Reason)
			}
			return nil, fmt.Errorf("--moves, move %d: %v", i+1, err)
		}
		game.Do(m)
	}
	return game, nil
}
