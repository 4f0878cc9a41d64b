package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

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
	fsf      bool // read fen as Fairy-Stockfish does (rules.NewGameFSF)
}

func (g *gameFlags) add(cmd *cobra.Command, withMoves bool) {
	f := cmd.Flags()
	f.StringVar(&g.variant, "variant", "chess", "variant name (built-in, a plugin, or a section of --ini)")
	f.StringVar(&g.ini, "ini", "", "Fairy-Stockfish variants.ini file to load")
	f.StringVar(&g.fen, "fen", "", "start FEN (default: the variant's start position)")
	f.BoolVar(&g.chess960, "chess960", false, "Chess960 castling rules and notation")
	f.BoolVar(&g.fsf, "fsf", false, "read --fen as Fairy-Stockfish (and the UCI engine) read it: its castling field, and no check that each piece could stand where it does (a diagram, a position to compare with Fairy-Stockfish)")
	f.StringVar(&g.presets, "presets", "", "house rules: ID[:key=value…][,ID…], e.g. piece-hp,king-heals")
	if withMoves {
		f.StringVar(&g.moves, "moves", "", "UCI moves to play from the FEN, space separated")
	}
}

// resolve resolves the ruleset the flags name (variants.Resolve): the
// variant is a section of --ini first (sections with errors are reported
// on stderr and skipped), then the catalogue, its name matched without
// regard to case, as UCI_Variant does; g.variant takes the spelling of the
// section or catalogue entry found. --presets are compiled on top, and
// g.presets takes them as the ruleset holds them.
func (g *gameFlags) resolve() (*variants.Resolved, error) {
	res, err := variants.Resolve(variants.Request{Variant: g.variant, INIPath: g.ini, Presets: g.presets,
		Chess960: g.chess960, SectionError: g.reportSection})
	if err != nil {
		return nil, err
	}
	g.variant = res.Name
	if g.presets != "" {
		// as the server writes them: IDs as registered, in the order the
		// ruleset applies them ("PIECE-HP" is piece-hp in the PGN)
		specs := make([]string, len(res.Ruleset.Specs))
		for i, s := range res.Ruleset.Specs {
			specs[i] = s.String()
		}
		g.presets = strings.Join(specs, ",")
	}
	return res, nil
}

// reportSection reports a section of --ini with an error on stderr.
func (g *gameFlags) reportSection(s *variants.Section) {
	lines := strings.Split(s.Err.Error(), "\n")
	more := ""
	if len(lines) > 1 {
		more = fmt.Sprintf(" (+%d more, see `houserules check %s`)", len(lines)-1, g.ini)
	}
	fmt.Fprintf(os.Stderr, "houserules: %s: skipped section %s: %s%s\n", g.ini, s.Name, lines[0], more)
}

// game builds the game from the flags and plays --moves.
func (g *gameFlags) game() (*rules.Game, error) {
	res, err := g.resolve()
	if err != nil {
		return nil, err
	}
	newGame := res.NewGame
	if g.fsf {
		newGame = func(fen string) (*rules.Game, error) { return rules.NewGameFSF(res.Ruleset, fen, res.Chess960) }
	}
	game, err := newGame(g.fen)
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
