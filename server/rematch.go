package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/search"
	"houserules/store"
)

// This file holds the play features around a game of issue 44: abort
// before the first moves, rematch (colours swapped), the premove
// destinations of the side not to move, and the AI levels' names.

// rematchState is a room's rematch: the colour offering one, and once it
// is agreed the new game and its seat tokens (by colour in the new game).
// The offer and the new game's ID are stored (store.SetRematch: they
// survive a restart); the tokens stay in memory, to hand each seat its
// own (PROTOCOL.md). The new game's ID follows from this game's
// (rematchGameID) and a seat's token there from its token here
// (rematchToken): the offerer's, known when it offers, is stored as the
// hash it will have (offerHash), the other seat's is known when it
// accepts; after a restart the room computes a seat's new token again
// when that seat comes back with its token here (noteToken).
type rematchState struct {
	offer     string
	offerHash string // the hash of the offerer's token in the rematch game
	id        string
	tokens    map[string]string
	known     map[string]string // seat token (plaintext) by colour in this game, as presented (seatOf)
	checked   map[string]bool   // colour in the new game whose token was looked for after a restart
}

// rematchGameID is the ID of the rematch of game id (12 hex digits).
func rematchGameID(id string) string {
	return store.HashToken("houserules rematch of " + id)[:12]
}

// rematchToken is the seat token in rematch game newID of the holder of
// seat token tok in the game before: hex SHA-256 of both, 32 digits. Only
// who holds tok can compute it; the store keeps its hash only.
func rematchToken(tok, newID string) string {
	return store.HashToken("houserules rematch " + newID + " " + tok)[:32]
}

// noteToken is called when token tok proved seat (seatOf; r.mu held): the
// room remembers it for a rematch, and gives back the seat's token in the
// rematch game after a restart (when it was derived from tok).
func (r *room) noteToken(seat, tok string) {
	if seat == "" {
		return
	}
	if r.rm.known == nil {
		r.rm.known = map[string]string{}
	}
	r.rm.known[seat] = tok
	nc := otherColor(seat)
	if r.rm.id == "" || r.rm.tokens[nc] != "" || r.rm.checked[nc] {
		return
	}
	if r.rm.checked == nil {
		r.rm.checked = map[string]bool{}
	}
	r.rm.checked[nc] = true
	ctx, cancel := context.WithTimeout(r.hub.ctx, 5*time.Second)
	defer cancel()
	g, err := r.hub.store.GetGame(ctx, r.rm.id)
	if err != nil {
		return // expired (nobody moved), or the store fails: no token
	}
	hash := g.White.TokenHash
	if nc == "black" {
		hash = g.Black.TokenHash
	}
	if cand := rematchToken(tok, r.rm.id); store.TokenMatches(cand, hash) {
		if r.rm.tokens == nil {
			r.rm.tokens = map[string]string{}
		}
		r.rm.tokens[nc] = cand
	}
}

// loadRematch is the rematch of a stored game.
func loadRematch(rec *store.Game) rematchState {
	return rematchState{offer: rec.RematchOffer, offerHash: rec.RematchHash, id: rec.RematchID}
}

// setOffer stores and sets the rematch offer (colour, or ""), with the
// hash the offerer's token will have in the rematch game.
func (r *room) setOffer(ctx context.Context, offer string) *apiError {
	hash := ""
	if tok := r.rm.known[offer]; offer != "" && store.TokenMatches(tok, r.seat(offer).TokenHash) {
		hash = store.HashToken(rematchToken(tok, rematchGameID(r.id)))
	}
	if err := r.hub.store.SetRematch(ctx, r.id, offer, hash, r.rm.id); err != nil {
		r.hub.log.Error("store rematch offer", "game", r.id, "err", err)
		return errf(http.StatusServiceUnavailable, CodeStorage, "the rematch offer could not be stored; try again")
	}
	r.rm.offer, r.rm.offerHash = offer, hash
	return nil
}

// rematchJSON is the state's "rematch": the new game, and for a seat its
// colour and token there.
type rematchJSON struct {
	ID    string `json:"id"`
	URL   string `json:"url"`
	Seat  string `json:"seat,omitempty"`
	Token string `json:"token,omitempty"`
}

// premoveJSON is a premove destination of the side not to move: a move of
// a piece (from) or a drop (drop, the pocket letter) to a square.
type premoveJSON struct {
	From string `json:"from,omitempty"`
	Drop string `json:"drop,omitempty"`
	To   string `json:"to"`
}

// playExtras adds the fields of this file to the state for seat; the
// premoves only withPremoves (a view with a client of protocol 1:
// premovesFor).
func (r *room) playExtras(st *gameState, seat string, withPremoves bool) {
	st.CanAbort = r.canAbort(seat)
	st.RematchOffer = r.rm.offer
	if r.rm.id != "" {
		st.Rematch = r.rematchFor(seat)
	}
	for _, c := range []string{"white", "black"} {
		if s := r.seat(c); s.Kind == store.AI {
			ss := st.Seats[c]
			lvl := s.Level
			ss.Level, ss.LevelName = &lvl, search.LevelLabel(lvl)
			st.Seats[c] = ss
		}
	}
	if withPremoves {
		st.Premoves = r.premovesShown(seat, len(st.Hidden) > 0)
	}
}

// --- abort ---

// canAbort: as on lichess, a player may abort the game until both sides
// have made a move; against the AI, until the player has moved.
func (r *room) canAbort(seat string) bool {
	if seat == "" || r.over() {
		return false
	}
	moved := map[string]bool{}
	for _, m := range r.moves {
		moved[m.By] = true
	}
	if r.seat(otherColor(seat)).Kind == store.AI {
		return !moved[seat]
	}
	return !(moved["white"] && moved["black"])
}

// abort ends the game with result "*", reason "aborted".
func (r *room) abort(ctx context.Context, seat string) *apiError {
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot abort the game")
	case r.over():
		return errf(http.StatusConflict, CodeGameOver, fmt.Sprintf("the game is over (%s %s)", r.rec.Result, r.rec.Reason))
	case !r.canAbort(seat):
		if r.seat(otherColor(seat)).Kind == store.AI {
			return errf(http.StatusConflict, CodeNoAbort, "you have made a move: the game can no longer be aborted (resign instead)")
		}
		return errf(http.StatusConflict, CodeNoAbort, "both sides have made a move: the game can no longer be aborted (resign or offer a draw instead)")
	}
	return r.finish(ctx, "*", store.ReasonAborted)
}

// --- rematch ---

// offerRematch: against the AI the rematch starts at once; between humans
// it is an offer the other player accepts (or both offer).
func (r *room) offerRematch(ctx context.Context, seat string) *apiError {
	other := otherColor(seat)
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot ask for a rematch (they get a link to follow it)")
	case !r.over():
		return errf(http.StatusConflict, CodeNoRematch, "the game is not over: a rematch is offered once it ends")
	case r.rm.id != "":
		r.sendSeat(seat, r.rematchMsg(seat)) // already agreed: here it is again
		return nil
	case r.seat(other).Kind == store.Human && r.seat(other).TokenHash == "":
		return errf(http.StatusConflict, CodeNoRematch, "your opponent never took the seat: there is nobody to play a rematch with")
	case r.seat(other).Kind == store.AI || r.rm.offer == other:
		return r.startRematch(ctx)
	}
	if aerr := r.setOffer(ctx, seat); aerr != nil {
		return aerr
	}
	r.publishRematch("")
	r.broadcast()
	return nil
}

func (r *room) answerRematch(ctx context.Context, seat string, accept bool) *apiError {
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot answer a rematch offer")
	case r.rm.id != "" && accept:
		r.sendSeat(seat, r.rematchMsg(seat))
		return nil
	case r.rm.offer == "" || r.rm.offer == seat:
		return errf(http.StatusConflict, CodeNoRematch, "there is no rematch offer from your opponent")
	}
	if accept {
		return r.startRematch(ctx)
	}
	by := r.rm.offer
	if aerr := r.setOffer(ctx, ""); aerr != nil {
		return aerr
	}
	r.publishRematch(seat)
	r.sendSeat(by, map[string]any{"type": "rematch_declined", "by": seat})
	r.broadcast()
	return nil
}

// startRematch creates the new game: the same variant, ini, house rules,
// start position (a shuffled start stays the same, so the swap is fair),
// clock and AI level, colours swapped. Each human seat gets a new token,
// derived from its token here (rematchState); the new game's ID is stored
// with this game (so its link survives a restart); every connected client
// gets "rematch" (a seat with its own token).
func (r *room) startRematch(ctx context.Context) *apiError {
	old := r.rec
	k := old.Clock
	newID := rematchGameID(r.id)
	rec := &store.Game{ID: newID, Variant: old.Variant, VariantINI: old.VariantINI, Presets: old.Presets,
		StartFEN: old.StartFEN, Chess960: old.Chess960, Status: store.StatusActive,
		Clock: store.Clock{InitialMS: k.InitialMS, IncrementMS: k.IncrementMS, WhiteMS: k.InitialMS, BlackMS: k.InitialMS}}
	tokens := map[string]string{}
	for _, c := range []string{"white", "black"} {
		s := r.seat(c)
		ns := store.Seat{Kind: s.Kind, Level: s.Level}
		nc := otherColor(c)
		if s.Kind == store.Human {
			switch known := r.rm.known[c]; {
			case store.TokenMatches(known, s.TokenHash):
				tok := rematchToken(known, newID)
				ns.TokenHash, tokens[nc] = store.HashToken(tok), tok
			case c == r.rm.offer && r.rm.offerHash != "":
				ns.TokenHash = r.rm.offerHash // it gets its token when it comes back (noteToken)
			default: // not seen since a restart, and not the offerer (cannot be): a token in memory only
				tok := store.NewToken()
				ns.TokenHash, tokens[nc] = store.HashToken(tok), tok
			}
		}
		if nc == "white" {
			rec.White = ns
		} else {
			rec.Black = ns
		}
	}
	if err := r.hub.store.CreateGame(ctx, rec); err != nil {
		// created by an attempt whose link was not stored: the same game
		if _, gerr := r.hub.store.GetGame(ctx, newID); gerr != nil {
			r.hub.log.Error("create rematch", "game", r.id, "err", err)
			return errf(http.StatusServiceUnavailable, CodeStorage, "the rematch could not be stored; try again")
		}
	}
	if err := r.hub.store.SetRematch(ctx, r.id, "", "", rec.ID); err != nil {
		// the new game, never played, expires (DeleteExpired)
		r.hub.log.Error("store rematch link", "game", r.id, "err", err)
		return errf(http.StatusServiceUnavailable, CodeStorage, "the rematch could not be stored; try again")
	}
	r.rm = rematchState{id: rec.ID, tokens: tokens, known: r.rm.known}
	r.publishRematch("")
	if _, err := r.hub.room(ctx, rec.ID); err != nil { // loads it: the AI starts when it has white
		r.hub.log.Error("load rematch", "game", rec.ID, "err", err)
	}
	r.broadcast()
	for c := range r.clients {
		c.send(r.rematchMsg(c.seat))
	}
	return nil
}

// rematchFor is the rematch as seat may know it: a player's new colour
// and token, a spectator only the game.
func (r *room) rematchFor(seat string) *rematchJSON {
	rj := &rematchJSON{ID: r.rm.id, URL: "/g/" + r.rm.id}
	if seat != "" {
		rj.Seat = otherColor(seat)
		rj.Token = r.rm.tokens[rj.Seat]
	}
	return rj
}

func (r *room) rematchMsg(seat string) map[string]any {
	rj := r.rematchFor(seat)
	m := map[string]any{"type": "rematch", "id": rj.ID, "url": rj.URL}
	if rj.Seat != "" {
		m["seat"], m["token"] = rj.Seat, rj.Token
	}
	return m
}

// --- premoves ---

// premovesShown is the premove list seat's view is given, in a state of
// protocol 1 or a premoves answer (hidden: the view hides squares): the
// position's (premovesJSON) to a human seat not to move in an active
// game; nil (none) to a spectator, the seat to move, in a game waiting or
// over, and where the seat's view hides squares (a destination would
// tell what stands there). The list is built only when it is given.
// r.mu held.
func (r *room) premovesShown(seat string, hidden bool) json.RawMessage {
	if seat == "" || hidden || r.rec.Status != store.StatusActive || seat == r.sideToMove() || r.seat(seat).Kind != store.Human {
		return nil
	}
	return r.premovesJSON()
}

// premovesMsg is the answer to a client's {"type":"premoves"} (protocol
// 1 or 2): {"type":"premoves","ply":N,"premoves":[premoveJSON…]}, the
// list a state of protocol 1 carries for seat now (premovesShown), []
// where such a state has none. A protocol 2 client gets states without
// premoves (premovesFor) and asks with this when its player starts a
// premove. r.mu held.
func (r *room) premovesMsg(seat string) map[string]any {
	hidden := r.game.View(rules.ParseSeat(seat)).Hidden.Any()
	ps := r.premovesShown(seat, hidden)
	if ps == nil {
		ps = json.RawMessage("[]")
	}
	return map[string]any{"type": "premoves", "ply": len(r.moves), "premoves": ps}
}

// premoves returns the destinations the side not to move may premove to:
// the moves it would have if it were its turn now (the position after a
// null move), legal ones and pseudo-legal ones (a move that leaves its
// king attacked now may be legal after the opponent's move). The board
// library cannot compute fairy geometry itself, so the server gives it.
// A premove is only a wish: the page sends it when the turn comes and the
// server's legality decides then. Recaptures are included: a square one's
// own piece stands on, attacked by another of one's pieces.
func (r *room) premoves() (out []premoveJSON) {
	defer func() {
		if p := recover(); p != nil { // a null move some ruleset does not foresee: no premoves
			r.hub.log.Warn("premoves", "game", r.id, "panic", p)
			out = nil
			r.pm = nil
		}
	}()
	g, err := r.premoveGame()
	if err != nil {
		return nil
	}
	key := g.Pos.Key()
	g.Pos.DoNull()
	defer func() {
		g.Pos.Undo() // the null move: the game is kept for the next call
		if g.Pos.Key() != key {
			r.pm = nil // not back where it was: build it again next time (a key, not a FEN: the FEN cost 40% of this)
		}
	}()
	return premoveList(g, !g.R.Plain())
}

// premoveList lists the premoves of the side to move of g (the position
// after premoves' null move): its pseudo-legal moves, with hooked (the
// ruleset's house rules may add moves) its legal moves too, and the
// recaptures. Without house rules the legal moves are among the
// pseudo-legal ones (the position package filters them; gating and wall
// forms share their move's squares), so they are not generated again
// (TestPremovesPlainSkipLegal).
func premoveList(g *rules.Game, hooked bool) (out []premoveJSON) {
	// seen: origin (a square, or a dropped letter), destination; a key of
	// numbers, not of the names (the names' hashing was a third of this)
	seen := make(map[uint64]struct{}, 64)
	first := func(from, to geom.Square, drop byte) bool {
		k := uint64(from)<<32 | uint64(to)<<8 | uint64(drop)
		if _, ok := seen[k]; ok {
			return false
		}
		seen[k] = struct{}{}
		return true
	}
	add := func(p *position.Position, m position.Move) {
		from, drop := m.From(), byte(0)
		if m.Kind() == position.Drop {
			uci := p.UCI(m)
			if len(uci) < 2 || uci[1] != '@' {
				return
			}
			from, drop = geom.NoSquare, uci[0]|0x20
		} else if from == m.To() {
			return
		}
		if first(from, m.To(), drop) {
			pm := premoveJSON{To: m.To().String()}
			if drop != 0 {
				pm.Drop = string(drop)
			} else {
				pm.From = from.String()
			}
			out = append(out, pm)
		}
	}
	pseudo := g.Pos.PseudoLegal(nil)
	out = make([]premoveJSON, 0, len(pseudo)+16) // (grown from nil it was a third of add's time)
	for _, m := range pseudo {
		add(g.Pos, m)
	}
	if hooked {
		if _, over := g.Ended(); !over {
			for _, m := range g.LegalMoves() {
				add(g.Pos, m)
			}
		}
	}
	// recaptures: a square one's own piece stands on now, attacked by
	// another of one's pieces (the opponent may capture there first)
	p, c := g.Pos, g.Pos.SideToMove()
	for own := p.Pieces(c).AndNot(p.PiecesOf(c, position.King)); own.Any(); {
		to := own.Pop()
		for from := g.Attackers(to, c); from.Any(); {
			if f := from.Pop(); f != to && first(f, to, 0) {
				out = append(out, premoveJSON{From: f.String(), To: to.String()})
			}
		}
	}
	return out
}

// premoveGame returns a copy of the game at the room's position for
// premoves, kept between calls (r.pm) and brought forward by the moves
// played since, instead of a new game replayed from the start each time
// (that was a tenth of the server's CPU under load). The move list only
// grows between the resets that drop r.pm (takeback, a refresh from the
// database), so every move from r.pmPly on is one it has not played: a
// seat on this instance gets premoves every other ply (two instances: its
// opponent's moves come in between), and the copy catches up by those
// moves instead of being built again (5% of a server's CPU in two-instance
// saturation).
func (r *room) premoveGame() (*rules.Game, error) {
	n := len(r.moves)
	for r.pm != nil && r.pmPly < n {
		r.pm.Do(r.moves[r.pmPly].move)
		r.pmPly++
	}
	if r.pm == nil || r.pmPly != n {
		g, err := r.copyGame()
		if err != nil {
			return nil, err
		}
		r.pm, r.pmPly = g, n
	}
	return r.pm, nil
}

// --- levels ---

// handleLevels lists the AI levels with their names (GET /api/levels).
func (s *Server) handleLevels(w http.ResponseWriter, r *http.Request) {
	var out []map[string]any
	for l := search.MinLevel; l <= search.MaxLevel; l++ {
		out = append(out, map[string]any{"level": l, "name": search.LevelName(l), "label": search.LevelLabel(l)})
	}
	writeJSON(w, 200, map[string]any{"levels": out, "default": search.MinLevel})
}
