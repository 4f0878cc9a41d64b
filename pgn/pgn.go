// Package pgn writes and reads games in Portable Game Notation, with the
// tags houserules adds: [Variant] (the variant's name) and [HouseRules]
// (the preset specs, rules.ParseSpecs syntax). One writer serves every
// PGN houserules produces (the match runner's games, the server's export);
// the reader replays the moves under the game's ruleset, so a game read
// back is the game that was written.
//
//	g := &pgn.Game{Event: "casual", White: "me", Black: "AI level 5", Result: "1-0",
//		Variant: "chess", Termination: "normal", Final: "checkmate",
//		Moves: []pgn.Move{{SAN: "e4", Color: position.White}, …}}
//	pgn.Write(os.Stdout, g)
//
//	games, err := pgn.Read(f, func(variant, houseRules string) (*rules.Ruleset, error) { … })
package pgn

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"houserules/position"
	"houserules/rules"
)

// Game is one game of a PGN file: its tags and its moves.
type Game struct {
	// the seven-tag roster; Write writes "?" for an unknown value
	// ("????.??.??" for the date) and "*" for a game without a result
	Event, Site, Date, Round, White, Black, Result string

	Variant    string // [Variant]: the variant's name ("" = no tag)
	HouseRules string // [HouseRules]: the preset specs ("" = none)
	// FEN is the start position ([FEN], with [SetUp "1"]); "" = the
	// variant's own start position (see SetUpFEN)
	FEN         string
	TimeControl string // [TimeControl] ("" = no tag; see TimeControl)
	// Termination is PGN's word for how the game ended: normal, time
	// forfeit, rules infraction, adjudication, abandoned, unterminated
	// ("" = no tag)
	Termination string
	// Other are further tags, written in this order after the ones above
	// and [PlyCount] (which Write counts from Moves; Read drops it).
	Other []Tag

	// Comment is a comment before the first move ("" = none).
	Comment string
	Moves   []Move
	// Final is the comment after the last move, before the result: why
	// the game ended ("checkmate", "Stockfish lost on time"). Read takes
	// the last comment after the last move of a finished game (a result
	// other than *) as Final, the way cutechess and houserules write it,
	// unless it is only embedded commands ("[%clk 0:03:00]": lichess's
	// and chess.com's clock on the last move).
	Final string

	// Chess960 plays castling by Chess960's rules on Replay. It is no
	// tag: Read sets it when the FEN's castling field names rook files
	// (Shredder-FEN, "HAha").
	Chess960 bool

	tagAt map[string]pos // where each tag was read
	at    pos            // where the game began
}

// Move is one ply.
type Move struct {
	// SAN is the move in SAN with its + or # (rules.Game.SAN); Replay
	// sets it as the ruleset writes it.
	SAN string
	// Color is the side that played it: Write numbers the moves by it
	// (a White ply follows "N.", a Black ply that starts the game,
	// follows a Black ply or follows a comment "N..."). Replay sets it.
	Color position.Color
	// UCI is the move in UCI text; Replay sets it (Write does not use it).
	UCI string
	// NAGs are the move's numeric annotation glyphs ($1 for "!", …).
	NAGs []int
	// Comment is the comment after the move ("" = none), e.g. an
	// engine's score, depth and time as cutechess writes them:
	// "+0.35/9 0.101s".
	Comment string

	at pos // where the move was read
}

// Tag is a tag pair.
type Tag struct{ Name, Value string }

// pos is a place in the text read: line and column, from 1.
type pos struct{ line, col int }

// Error is a reading error: where (line and column, from 1; the column
// counts characters) and why.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("pgn: line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

func errAt(p pos, format string, args ...any) *Error {
	return &Error{Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)}
}

// SetUpFEN returns the [FEN] tag of a game of rs set up from fen
// (chess960: Chess960 castling): the start position as rules.Game.FEN
// writes it, facts included, or "" when it is the variant's own start
// position, which PGN leaves untagged.
func SetUpFEN(rs *rules.Ruleset, fen string, chess960 bool) (string, error) {
	g, err := rules.NewGame(rs, fen, chess960)
	if err != nil {
		return "", err
	}
	own, err := rules.NewGame(rs, "", chess960)
	if err == nil && own.FEN() == g.FEN() {
		return "", nil
	}
	return g.FEN(), nil
}

// TimeControl returns the [TimeControl] of a clock of base time and
// increment per move, in seconds: "300+2", "10+0.1", "60+0".
func TimeControl(base, inc time.Duration) string {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	return secs(base) + "+" + secs(inc)
}

// startNumber is the fullmove number of a FEN (its last field before the
// facts suffix), 1 when it has none.
func startNumber(fen string) int {
	board, _ := rules.SplitFacts(fen)
	f := strings.Fields(board)
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[len(f)-1]); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

// shredderCastling reports whether a FEN's castling field names rook
// files (Chess960's Shredder-FEN, "HAha") rather than K and Q.
func shredderCastling(fen string) bool {
	f := strings.Fields(fen)
	if len(f) < 3 {
		return false
	}
	return strings.Trim(f[2], "KQkq-") != ""
}
