package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"houserules/rules"
)

// Error codes, shared by the HTTP API and the WebSocket protocol
// (PROTOCOL.md lists them with their meaning).
const (
	CodeBadJSON          = "bad_json"             // the body or message is not the JSON expected
	CodeDuplicateKey     = "duplicate_key"        // a JSON object names a key twice (letter case aside), at any depth
	CodeBadRequest       = "bad_request"          // a field is missing or has a bad value
	CodeTooLarge         = "message_too_large"    // body or message over the size limit
	CodeUnknownType      = "unknown_type"         // a WebSocket message type the server does not know
	CodeUnknownVariant   = "unknown_variant"      // the variant is not in the catalogue (or the ini)
	CodeBadVariant       = "bad_variant"          // the custom ini does not load
	CodeBadPresets       = "bad_presets"          // the presets do not parse, or name an unknown preset or option
	CodeIncompatible     = "incompatible_presets" // the presets do not go together or with the variant
	CodeBadFEN           = "bad_fen"              // the start FEN does not parse
	CodeNotFound         = "not_found"            // no such game
	CodeBadToken         = "bad_token"            // the seat token is not a seat of this game
	CodeBadInvite        = "bad_invite"           // the invite code is wrong
	CodeSeatTaken        = "seat_taken"           // the seat was already taken
	CodeSpectator        = "spectator"            // a spectator tried to act
	CodeNotYourTurn      = "not_your_turn"        // the seat is not the side to move
	CodeWaiting          = "waiting_for_opponent" // the second seat is still open
	CodeIllegalMove      = "illegal_move"         // the engine refused the move
	CodeStale            = "stale_ply"            // the move was sent for another ply
	CodeGameOver         = "game_over"            // the game has ended
	CodeNoTakeback       = "no_takeback"          // takeback refused (not vs AI, nothing to take back, the game is over)
	CodeNoDrawOffer      = "no_draw_offer"        // no draw offer to accept or decline
	CodeNoAbort          = "no_abort"             // abort refused: both sides (against the AI: the player) have moved
	CodeNoRematch        = "no_rematch"           // rematch refused: the game is not over, no offer to answer, no opponent
	CodeStorage          = "storage_error"        // the move could not be stored: it was not played
	CodeRateLimited      = "rate_limited"         // too many games created by one client in a minute (HTTP 429, Retry-After)
	CodeTooManyMessages  = "too_many_messages"    // over the WebSocket message rate of a connection (closed with 1008 if it goes on)
	CodeTooManyConns     = "too_many_connections" // the room, or the client, has as many WebSocket connections as allowed (HTTP 429)
	CodeFENTooLong       = "fen_too_long"         // the FEN is over the size limit
	CodeTooManyPresets   = "too_many_presets"     // the house-rule list is over the length limit
	CodeINITooLarge      = "ini_too_large"        // the custom ini block is over the size limit
	CodeMethodNotAllowed = "method_not_allowed"
	CodeInternal         = "internal"
)

// apiError is an error with a code, answered as
// {"error":{"code","message","display"}}: display is the message as the
// web page shows it (pageText), when it differs.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Display string `json:"display,omitempty"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func errf(status int, code, msg string) *apiError {
	e := &apiError{Status: status, Code: code, Message: msg}
	if d := pageText(msg); d != msg {
		e.Display = d
	}
	return e
}

var (
	cliHint    = regexp.MustCompile(`,?\s*e\.g\.\s+--[a-z-]+\s+\S+|\s*\(see ` + "`houserules [^`]*`" + `\)`)
	presetWord = regexp.MustCompile(`\b[Pp]resets?\b`)
	idToken    = regexp.MustCompile(`[a-z0-9]+(?:-[a-z0-9]+)+`)
	namesOnce  sync.Once
	names      map[string]string // preset ID → display name
)

// pageText is an error message as the page shows it: without
// command-line syntax (an "e.g. --presets …" example, "see `houserules
// …`"), "preset" said "house rule", and preset IDs by the names the
// cards show.
func pageText(msg string) string {
	namesOnce.Do(func() {
		names = map[string]string{}
		for _, p := range rules.Presets() {
			names[p.Info().ID] = p.Info().Name
		}
	})
	out := msg
	// the regexp only where it can match (every refused message of a
	// flood passes here)
	if strings.Contains(msg, "e.g.") || strings.Contains(msg, "(see `houserules") {
		out = cliHint.ReplaceAllString(msg, "")
	}
	if !strings.Contains(strings.ToLower(out), "preset") {
		return out
	}
	out = idToken.ReplaceAllStringFunc(out, func(id string) string {
		if n, ok := names[id]; ok {
			return "“" + n + "”"
		}
		return id
	})
	return presetWord.ReplaceAllStringFunc(out, func(w string) string {
		r := "house rule"
		if strings.HasSuffix(w, "s") {
			r = "house rules"
		}
		if w[0] == 'P' {
			r = "H" + r[1:]
		}
		return r
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, e *apiError) {
	status := e.Status
	if status == 0 {
		status = http.StatusBadRequest
	}
	writeJSON(w, status, map[string]any{"error": e})
}
