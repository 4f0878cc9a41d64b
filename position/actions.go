package position

import (
	"fmt"
	"sync"

	"houserules/geom"
)

// Action moves are moves a house rule or plugin defines and carries out
// itself (explode a queen along a line, pawnify a rook …): kind Action,
// from and to squares, and an action ID in Param. Their one text form is
// FROM TO ":" NAME, e.g. d4d4:explode-file (a PGN symbol token, unlike "!",
// an annotation there), used alike by UCI, SAN, PGN
// and the web API. The rules package has the hook that produced the move
// carry it out (rules.ActionHook); Position.Do does not know them.

var (
	actionMu    sync.Mutex
	actionNames = []string{""} // ID 0 is no action
)

// RegisterAction returns the ID of the named action, adding it on first
// use (call it once at start-up). Names are lower-case words with dashes.
// It panics when the 255 IDs run out, a programming error.
func RegisterAction(name string) uint8 {
	actionMu.Lock()
	defer actionMu.Unlock()
	for i, n := range actionNames {
		if n == name && i > 0 {
			return uint8(i)
		}
	}
	if len(actionNames) > 255 {
		panic(fmt.Sprintf("position: too many actions (registering %q)", name))
	}
	actionNames = append(actionNames, name)
	return uint8(len(actionNames) - 1)
}

// ActionName returns the name of action ID id ("" for none).
func ActionName(id uint8) string {
	actionMu.Lock()
	defer actionMu.Unlock()
	if int(id) < len(actionNames) {
		return actionNames[id]
	}
	return fmt.Sprintf("action%d", id)
}

// NewAction builds an action move: action (a RegisterAction ID) from
// square from, aimed at to (from itself when it has no target).
func NewAction(from, to geom.Square, action uint8) Move {
	return NewMove(from, to, Action, 0).WithParam(action)
}
