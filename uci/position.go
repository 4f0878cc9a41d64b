package uci

import (
	"strings"

	"houserules/rules"
)

func (e *Engine) cmdPosition(args []string) {
	e.settle()
	e.posRefused = true
	if len(args) == 0 {
		e.infoString("position: expected startpos or fen")
		return
	}
	var fen string
	var moves []string
	i := 0
	switch args[0] {
	case "startpos":
		i = 1
	case "fen":
		j := 1
		for j < len(args) && args[j] != "moves" {
			j++
		}
		fen = strings.Join(args[1:j], " ")
		i = j
		if fen == "" {
			e.infoString("position fen: the FEN is missing")
			return
		}
	default:
		e.infoString("position: expected startpos or fen, got %q", args[0])
		return
	}
	if i < len(args) {
		if args[i] != "moves" {
			// the base position still stands, as in Fairy-Stockfish
			e.infoString("position: expected \"moves\" after the position, got %q; the rest of the line is ignored", args[i])
		} else {
			moves = args[i+1:]
		}
	}
	g, err := rules.NewGameFSF(e.rs, fen, e.chess960)
	if err != nil {
		e.infoString("position: %v", err)
		return
	}
	played := moves[:0:0]
	for _, mv := range moves {
		m, err := g.ParseMove(mv)
		if err != nil {
			// Fairy-Stockfish stops at the first illegal move.
			e.infoString("position: illegal move %s ignored with the rest of the line%s", mv, rules.WhyIllegal(err))
			break
		}
		g.Do(m)
		played = append(played, mv)
	}
	e.fen, e.moves, e.posRefused = fen, played, false
}

// Game rebuilds the current position as a fresh game.
func (e *Engine) Game() (*rules.Game, error) {
	g, err := rules.NewGameFSF(e.rs, e.fen, e.chess960)
	if err != nil {
		return nil, err
	}
	for _, mv := range e.moves {
		m, err := g.ParseMove(mv)
		if err != nil {
			return nil, err
		}
		g.Do(m)
	}
	return g, nil
}
