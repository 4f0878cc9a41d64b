package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"houserules/rules"
)

// Partial states (protocol 2, PROTOCOL.md "Partial states"). A state
// carries the whole move list and the ruleset's productions and pieces;
// sent after every move, the list makes a game's traffic grow with the
// square of its length (a state at ply 20 is 12 KB, 3.4 KB of it the
// moves and 2.4 KB the productions; at ply 200 the moves alone are
// 34 KB). A client that connects with ?protocol=2 gets, after its first
// (whole) state, the broadcast states in a partial form: "since" N, the
// moves from ply N on (the list's tail from index N), and no productions
// or pieces (they do not change in a game). N is the room's move count at
// its previous broadcast, lowered by any move taken back since
// (r.tailLow), so every client holds the list up to N: it got that
// broadcast, or a whole state later. A view with hidden squares has no
// partial form (its earlier moves are masked again as the view changes),
// nor has the next state of a client after one (client.masked: a fog
// seat that becomes a spectator, a view whose fog lifts), and a
// spectator whose states were coalesced (outbox.go) gets the next one
// whole.

// partialOnly names the state's fields a view kind (viewByKind) may not
// take although a state may go without them: since (a whole state has
// none; a kind of that name would make it partial), what a partial state
// leaves out, legal (left out where no client of the view can move:
// a kind of that name would read as the legal list) and premoves (left
// out of every state of protocol 2, and where the seat cannot premove:
// a kind of that name would read as the premove list).
var partialOnly = map[string]bool{"since": true, "productions": true, "pieces": true, "legal": true, "premoves": true}

// movesOpenJSON returns the room's move list encoded without its
// closing bracket ("[playedMove,…", gameState.movesOpen), built once per
// move: the encoding of the moves played so far is kept (r.movesEnc) and
// each new move appended to it, so a state does not encode the whole game
// again. The result is r.movesEnc itself, capped: the room only appends
// past it, or drops the buffer and builds a new one (a move list that
// shrank: a takeback, a refresh), so a state may keep it after the room
// is unlocked without a copy.
func (r *room) movesOpenJSON() []byte {
	r.encodeMoves()
	return r.movesEnc[:len(r.movesEnc):len(r.movesEnc)]
}

// movesTailJSON returns the moves from ply from on encoded
// ([playedMove…], those of r.moves[from:]): a copy, as movesJSON.
func (r *room) movesTailJSON(from int) json.RawMessage {
	r.encodeMoves()
	if from >= len(r.moves) {
		return json.RawMessage("[]")
	}
	src := r.movesEnc[r.movesOff[from]:]
	out := make(json.RawMessage, 0, len(src)+2)
	return append(append(append(out, '['), src...), ']')
}

// encodeMoves brings r.movesEnc up to the room's moves: each move's
// encoding is appended once, and its offset kept (r.movesOff).
func (r *room) encodeMoves() {
	if r.movesEncN > len(r.moves) {
		r.movesEnc, r.movesEncN = nil, 0
	}
	if r.movesEnc == nil {
		r.movesEnc, r.movesOff = append(r.movesEnc, '['), r.movesOff[:0]
	}
	for ; r.movesEncN < len(r.moves); r.movesEncN++ {
		if r.movesEncN > 0 {
			r.movesEnc = append(r.movesEnc, ',')
		}
		r.movesOff = append(r.movesOff, len(r.movesEnc))
		r.movesEnc = appendPlayedMove(r.movesEnc, &r.moves[r.movesEncN])
	}
}

// setTail gives st (a broadcast state of the room's position) its
// partial form: the moves from ply since on. A view with hidden squares
// keeps none. r.mu held.
func (r *room) setTail(st *gameState, since int) {
	if st.tail != nil || len(st.Hidden) > 0 {
		return
	}
	st.tail, st.tailFrom = r.movesTailJSON(since), since
}

// movesTaken notes that the move list was cut to n moves (a takeback, a
// refresh): the next broadcast's moves start there at the latest.
func (r *room) movesTaken(n int) {
	r.tailLow = min(r.tailLow, n)
}

// tailBytes returns the partial form of a state message (the whole one
// for a message that has none), encoded once for all its clients.
func (e *encoded) tailBytes() []byte {
	st, ok := e.msg.(*gameState)
	if !ok || st.tail == nil {
		return e.bytes()
	}
	e.tailOnce.Do(func() { e.tb, _ = st.encode(true) })
	return e.tb
}

// queryOf parses r's query (url.ParseQuery) for a route that reads it
// (the WebSocket's ?protocol= and ?token=, a game's ?token=, the list's
// ?ids=). A query that does not parse is bad_request (400) naming it:
// r.URL.Query() would drop its bad parameters silently (a ; is no
// separator since Go 1.17: ?x=1;protocol=3 would be protocol 1).
func queryOf(r *http.Request) (url.Values, *apiError) {
	raw := r.URL.RawQuery
	q, err := url.ParseQuery(raw)
	if err == nil {
		return q, nil
	}
	shown := raw
	if len(shown) > 200 {
		shown = shown[:200] + "…"
	}
	msg := fmt.Sprintf("the query %q does not parse: %v", shown, err)
	if strings.Contains(err.Error(), "semicolon") {
		msg += " (parameters are separated by &, not ;)"
	}
	return nil, errf(http.StatusBadRequest, CodeBadRequest, msg)
}

// protocolOf reads the protocol a WebSocket asks for in its URL
// (?protocol=1 or 2, once; none: 1). Anything else is bad_request (400,
// before the upgrade).
func protocolOf(q url.Values) (int, *apiError) {
	switch vs := q["protocol"]; {
	case len(vs) == 0 || len(vs) == 1 && vs[0] == "1":
		return ProtocolVersion, nil
	case len(vs) == 1 && vs[0] == "2":
		return ProtocolPartial, nil
	default:
		return 0, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("?protocol=%s: the protocol is 1 or 2, given once", strings.Join(vs, "&protocol=")))
	}
}

// legalMsg is the answer to a client's {"type":"legal"} (protocol 1 or
// 2): {"type":"legal","ply":N,"legal":[legalMove…]}, the position's
// legal moves as a state carries them (legalJSON: built once per position
// and shared with the states; [] when the game is over, and for a seat
// whose view hides squares while it cannot move: the opponent's moves
// would tell where its hidden pieces stand, as the states of that view
// keep them []). A protocol 2 client whose seat cannot move gets states
// without legal (legalFor) and asks with this when it needs the list.
// r.mu held.
func (r *room) legalMsg(seat string) map[string]any {
	hidden := r.game.View(rules.ParseSeat(seat)).Hidden.Any()
	return map[string]any{"type": "legal", "ply": len(r.moves), "legal": r.legalShown(seat, hidden)}
}

// legalShown is the legal list seat's view is given, in a state or an
// answer (hidden: the view hides squares): the position's (legalJSON),
// but [] to a seat whose view hides squares while it cannot move, whose
// opponent's moves would tell where its hidden pieces stand (the list is
// then not built). r.mu held.
func (r *room) legalShown(seat string, hidden bool) json.RawMessage {
	if hidden && !r.canMove(seat) {
		return json.RawMessage("[]")
	}
	return r.legalJSON()
}
