package arena

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/search"
	"houserules/uci"
)

// PlayConfig sets up a terminal game against the AI.
type PlayConfig struct {
	Ruleset    *rules.Ruleset
	FEN        string // "" = the variant's start position
	Chess960   bool
	Level      int            // AI skill level 0..20
	Human      position.Color // the side the person plays
	MoveTime   time.Duration  // AI thinking time per move
	HouseRules string         // shown in the header
	Seed       int64          // for the skill-level randomness (0 = time)
}

// Play runs a game between a person (reading moves from in) and the AI,
// drawing the board on out. Moves are typed in SAN (Nf3, exd5, O-O, e8=Q)
// or UCI (g1f3); the commands are undo (take back your last move and the
// AI's reply), fen, moves (list the legal moves), help and quit. It returns
// when the game ends, on quit or at the end of input.
func Play(in io.Reader, out io.Writer, cfg PlayConfig) error {
	g, err := rules.NewGame(cfg.Ruleset, cfg.FEN, cfg.Chess960)
	if err != nil {
		return err
	}
	eng := search.NewEngine(16)
	eng.SetLevel(cfg.Level) // the scale shared with the server (search.LevelLimits)
	if cfg.Seed != 0 {
		eng.Seed(cfg.Seed)
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	sc := bufio.NewScanner(in)
	var movers []position.Color // who played each ply
	var history []string        // SAN of each ply
	name := cfg.Ruleset.Variant.Name
	fmt.Fprintf(out, "houserules: %s", name)
	if cfg.HouseRules != "" {
		fmt.Fprintf(out, " with %s", cfg.HouseRules)
	}
	fmt.Fprintf(out, " — you play %s, the AI plays at level %d. Type help for commands.\n", cfg.Human, eng.Skill)
	show := func() {
		fmt.Fprintln(out)
		fmt.Fprint(out, uci.Board(g.Pos, cfg.Human == position.Black))
		if len(history) > 0 {
			fmt.Fprintf(out, "last move: %s\n", history[len(history)-1])
		}
		if g.InCheck(g.Pos.SideToMove()) {
			fmt.Fprintf(out, "%s is in check\n", g.Pos.SideToMove())
		}
	}
	show()
	for {
		if r, over := g.Result(); over {
			fmt.Fprintf(out, "game over: %s (%s)\n", r.Score, r.Reason)
			fmt.Fprintf(out, "moves: %s\n", strings.Join(history, " "))
			return nil
		}
		stm := g.Pos.SideToMove()
		if stm != cfg.Human {
			res := eng.Search(context.Background(), g, search.Limits{MoveTime: cfg.MoveTime}, nil)
			if res.Move == position.NoMove {
				fmt.Fprintln(out, "the AI has no move")
				return nil
			}
			san := g.SAN(res.Move)
			g.Do(res.Move)
			movers = append(movers, stm)
			history = append(history, san)
			score := fmt.Sprintf("%+.2f", float64(res.Score)/100)
			if n, ok := search.MateIn(res.Score); ok {
				score = fmt.Sprintf("mate %d", n)
			}
			fmt.Fprintf(out, "AI plays %s (%s)   [depth %d, %s]\n", san, res.MoveText, res.Depth, score)
			show()
			continue
		}
		fmt.Fprintf(out, "your move (%s): ", stm)
		if !sc.Scan() {
			fmt.Fprintln(out)
			return sc.Err()
		}
		text := strings.TrimSpace(sc.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "resign":
			fmt.Fprintln(out, "bye")
			return nil
		case "help", "?":
			fmt.Fprintln(out, "moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q); commands: undo, fen, moves, board, quit")
			continue
		case "fen":
			fmt.Fprintln(out, g.FEN())
			continue
		case "board", "d":
			show()
			continue
		case "moves":
			fmt.Fprintln(out, strings.Join(legalSANs(g), " "))
			continue
		case "undo", "takeback":
			var undone bool
			movers, undone = takeBack(g, movers, cfg.Human)
			history = history[:len(movers)]
			if !undone {
				fmt.Fprintln(out, "nothing to undo")
			}
			show()
			continue
		}
		m, err := ParseHumanMove(g, text)
		if err != nil {
			fmt.Fprintf(out, "%v — type moves for the list\n", err)
			continue
		}
		san := g.SAN(m)
		g.Do(m)
		movers = append(movers, stm)
		history = append(history, san)
		show()
	}
}

// takeBack takes back plies of g (movers: who played each) until it is
// human's turn again and at least one of their moves was taken back; it
// returns the movers of the plies left and whether a move was taken back.
func takeBack(g *rules.Game, movers []position.Color, human position.Color) ([]position.Color, bool) {
	undone := false
	hasOwn := false
	for _, c := range movers {
		hasOwn = hasOwn || c == human
	}
	for hasOwn && len(movers) > 0 {
		last := movers[len(movers)-1]
		g.Undo()
		movers = movers[:len(movers)-1]
		if last == human {
			undone = true
			if g.Pos.SideToMove() == human && (len(movers) == 0 || movers[len(movers)-1] != human) {
				break
			}
		}
	}
	return movers, undone
}

// legalSANs lists the legal moves in SAN, sorted.
func legalSANs(g *rules.Game) []string {
	_, out := g.LegalSANs()
	sort.Strings(out)
	return out
}
