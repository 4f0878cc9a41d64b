package server

import (
	"encoding/json"
	"net/http"
)

// Error codes, shared by the HTTP API and the WebSocket protocol
// (PROTOCOL.md lists them with their meaning).
const (
	CodeBadJSON          = "bad_json"             // the body or message is not the JSON expected
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
	CodeStorage          = "storage_error"        // the move could not be stored: it was not played
	CodeMethodNotAllowed = "method_not_allowed"
	CodeInternal         = "internal"
)

// apiError is an error with a code, answered as {"error":{"code","message"}}.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func errf(status int, code, msg string) *apiError {
	return &apiError{Status: status, Code: code, Message: msg}
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
