// Package arena plays whole games: the match runner behind `houserules
// match` (two players — the built-in AI at a skill level or an external
// UCI engine run as a command — alternating colours over pairs of games
// that share a random opening, under a clock, a move time, a node budget
// or a depth; time forfeits, crashed engines and ply limits adjudicated;
// the score with an Elo estimate; the games in PGN through package pgn)
// and the terminal game against the AI behind `houserules play`.
//
// Files: config.go (MatchConfig, GameRecord), player.go (the Player
// interface, Clock, Thought, the built-in player), engine.go (an external
// UCI engine's process and protocol), match.go (RunMatch and the random
// openings), game.go (one game, its forfeits and adjudication), result.go
// (score and Elo), pgn.go (a game as a PGN record), play.go and
// humanmove.go (terminal play and the moves people type).
package arena
