package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// A room is one game in memory: the rules.Game, the stored record and the
// connected clients. Its mutex serialises everything that changes the
// game; rooms never wait for each other (the AI thinks outside the lock).
type room struct {
	hub *hub
	id  string

	mu      sync.Mutex
	rec     *store.Game // metadata; rec.Moves is not kept up to date (see moves)
	rs      *rules.Ruleset
	game    *rules.Game
	moves   []playedMove
	clients map[*client]struct{}
	// nconns counts the WebSocket connections of the room, those being
	// upgraded included (reserveConn): the room's connection limit
	// refuses before the upgrade, without the lock
	nconns    atomic.Int32
	aiSpent   time.Duration      // the AI's think time in this game (hub.aiGameBudget), since the room was loaded
	draw      string             // colour that offers a draw, or ""
	gen       int                // bumped on every change of the move list or status
	ai        context.CancelFunc // stops the AI's run (or its pending retry)
	aiBusy    bool               // a run or a retry is pending
	aiRun     uint64             // the current run; bumped on every start and cancel
	aiFails   int                // AI moves the store refused in a row (retryAI)
	touched   atomic.Int64       // Unix ms of the last request (idle rooms leave memory)
	flag      *time.Timer        // fires when the running clock runs out
	rm        rematchState       // rematch offer and new game (rematch.go)
	drawPly   int                // the ply at which draw was offered (cluster.go)
	remote    remotePresence     // seats online on other instances (cluster.go)
	presSeq   uint64             // this instance's presence events of the room
	presPub   [2]bool            // the seats (white, black) with a client here, as last published
	pre       *prefetched        // a read made before the lock, for refresh (crossing.go)
	prods     json.RawMessage    // productions of the ruleset, encoded (stateFor), built once
	pieces    []pieceJSON        // pieceList of the variant (stateFor), built once
	legal     *legalCache        // legal moves of the position (stateFor)
	chk       *checkCache        // royal squares in check of the position (stateFor)
	pm        *rules.Game        // the game for premoves (premoveGame), at ply pmPly
	pmPly     int
	pmc       *premoveCache // the encoded premoves of the position (premovesJSON)
	movesEnc  []byte        // the moves r.moves[:movesEncN] encoded, without the closing ']' (movesJSON)
	movesEncN int
	movesOff  []int // where each move of movesEnc starts (movesTailJSON)
	tailLow   int   // the move count at the last broadcast, lowered by moves taken back since (statetail.go)

	// messages (outbox.go)
	outbox        []outMsg    // queued under mu, sent by unlock
	sendMu        sync.Mutex  // held from before mu is released until the outbox is sent
	presenceTimer *time.Timer // a presence message is due
	presenceSent  presence    // the presence the clients last got
}

// playedMove is one ply of the game as the room knows it.
type playedMove struct {
	move       position.Move
	UCI        string `json:"uci"`
	SAN        string `json:"san"`
	By         string `json:"by"` // colour that played it
	Production string `json:"production"`
	From       string `json:"from,omitempty"`
	To         string `json:"to,omitempty"`
	Capture    bool   `json:"capture,omitempty"` // the move captured (as its legal move's capture): the page's capture sound
	FEN        string `json:"fen"`               // FEN with its {…} suffix after the move (rules.Game.FEN)
}

func colorName(c position.Color) string {
	if c == position.White {
		return "white"
	}
	return "black"
}

// loadRoom rebuilds a room from the store: compile the ruleset, set up the
// start position and replay every stored move through the engine.
func loadRoom(ctx context.Context, h *hub, id string) (*room, error) {
	rec, err := h.store.GetGame(ctx, id)
	if err != nil {
		return nil, err
	}
	return roomOf(ctx, h, rec)
}

// roomOf builds the room of the stored game rec (its moves replayed; the
// room owns rec).
func roomOf(ctx context.Context, h *hub, rec *store.Game) (*room, error) {
	id := rec.ID
	var pf presetsField
	pf.Specs, pf.Err = rules.ParseSpecs(rec.Presets)
	rs, aerr := compile(rec.Variant, rec.VariantINI, pf)
	if aerr != nil {
		return nil, fmt.Errorf("game %s: ruleset: %s", id, aerr.Message)
	}
	g, err := storedGame(rs, rec)
	if err != nil {
		return nil, fmt.Errorf("game %s: start FEN: %v", id, err)
	}
	r := &room{hub: h, id: id, rec: rec, rs: rs, game: g, clients: map[*client]struct{}{}, rm: loadRematch(rec)}
	for _, sm := range rec.Moves {
		m, err := g.ParseMove(sm.UCI)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored ply %d (%s): %v", id, sm.Ply, sm.UCI, err)
		}
		pm := r.do(m)
		if sm.FENAfter != "" && sm.FENAfter != pm.FEN {
			h.log.Warn("replayed position differs from the stored one", "game", id, "ply", sm.Ply, "stored", sm.FENAfter, "replayed", pm.FEN)
		}
		r.moves = append(r.moves, pm)
	}
	rec.Moves = nil
	r.tailLow = len(r.moves)
	if !r.over() {
		if end := ending(g); end != nil {
			// a game stored active in a finished position (games created from
			// such a FEN were once left active): end it as the rules say
			if err := h.store.Finish(ctx, id, *end, r.stoppedClock(time.Now().UnixMilli())); err != nil {
				h.log.Error("store the end of a finished position", "game", id, "err", err)
			}
			rec.Status, rec.Result, rec.Reason = store.StatusOver, end.Result, end.Reason
		}
	}
	if r.clockRunning() && !h.clustered() {
		// the clock stood still while the server was down (with several
		// instances it runs on: another one may be serving the game)
		rec.Clock.Since = time.Now().UnixMilli()
	}
	return r, nil
}

// do plays m on the room's game and returns it described (describe, from
// the position before it) with the FEN after it.
func (r *room) do(m position.Move) playedMove { return r.doSAN(m, "") }

// doSAN is do with m's SAN known ("": worked out here).
func (r *room) doSAN(m position.Move, san string) playedMove {
	pm := r.describe(m, san)
	r.game.Do(m)
	pm.FEN = r.game.FEN()
	return pm
}

// describe returns the played-move record of legal move m (before Do),
// with its SAN (san, or worked out when "").
func (r *room) describe(m position.Move, san string) playedMove {
	p := r.game.Pos
	if san == "" {
		san = r.game.SAN(m)
	}
	pm := playedMove{move: m, UCI: p.UCI(m), SAN: san, By: colorName(p.SideToMove()),
		Production: position.ProductionName(m.Production()), Capture: p.IsCapture(m)}
	if m.Kind() != position.Drop {
		pm.From = m.From().String()
	}
	pm.To = m.To().String()
	return pm
}

// parseMove is r.game.ParseMove with the move's SAN (or ""), answered
// from the legal moves built for the position's states (legalNow) while
// they are the game's: the first of the same list whose UCI text matches
// (position.UCIEqual), as ParseMove finds it, without building the list
// and each SAN again. Other text (SAN, the other castling form) and a
// position whose list was not built go to ParseMove. r.mu held.
func (r *room) parseMove(s string) (position.Move, string, error) {
	if lc := r.legal; lc != nil && lc.gen == r.gen && lc.ply == len(r.moves) {
		for i, uci := range lc.ucis {
			if position.UCIEqual(uci, s) {
				// a copy: the list's SANs share one string (rules.Game.SANs),
				// which the played move would keep whole for the game's life
				return lc.moves[i], strings.Clone(lc.sans[i]), nil
			}
		}
	}
	m, err := r.game.ParseMove(s)
	return m, "", err
}

// seatOf returns the colour whose token tok is, or "" (r.mu held). The
// room notes the token for a rematch (noteToken).
func (r *room) seatOf(tok string) string {
	seat := ""
	switch {
	case tok == "":
	case store.TokenMatches(tok, r.rec.White.TokenHash):
		seat = "white"
	case store.TokenMatches(tok, r.rec.Black.TokenHash):
		seat = "black"
	}
	r.noteToken(seat, tok)
	return seat
}

func (r *room) seat(color string) *store.Seat {
	if color == "white" {
		return &r.rec.White
	}
	return &r.rec.Black
}

func (r *room) over() bool { return r.rec.Status == store.StatusOver }

func (r *room) sideToMove() string { return colorName(r.game.Pos.SideToMove()) }

// noPly is the ply of a move request that gave none (no stale_ply test).
const noPly = -1

// play validates and plays the move text mv for seat (the colour of the
// caller, "" for a spectator; ai = the AI plays it) at ply (or noPly). The
// move is stored before the game changes in memory and before anyone is
// told: an error from the store leaves the game as it was. Then, in this
// order: ack (when not nil) is called with the new ply, every client gets
// one state (the AI, when it is to move, is already thinking) and, when
// the move ended the game, game_over. Called with r.mu held.
func (r *room) play(ctx context.Context, seat, mv string, ply int, ai bool, ack func(ply int)) *apiError {
	switch {
	case r.over():
		return errf(http.StatusConflict, CodeGameOver, fmt.Sprintf("the game is over (%s %s)", r.rec.Result, r.rec.Reason))
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot move: open your seat link to play")
	case r.rec.Status == store.StatusWaiting:
		return errf(http.StatusConflict, CodeWaiting, "waiting for the opponent to take the other seat (send them the invite link)")
	case seat != r.sideToMove():
		return errf(http.StatusForbidden, CodeNotYourTurn, fmt.Sprintf("it is %s's turn; you play %s", r.sideToMove(), seat))
	case !ai && r.seat(seat).Kind == store.AI:
		return errf(http.StatusForbidden, CodeNotYourTurn, "the AI plays this seat")
	case ply >= 0 && ply != len(r.moves):
		return errf(http.StatusConflict, CodeStale, fmt.Sprintf("the move was sent for ply %d, the game is at ply %d", ply, len(r.moves)))
	}
	if r.flagged(time.Now().UnixMilli()) {
		r.timeForfeit(ctx)
		return errf(http.StatusConflict, CodeGameOver, fmt.Sprintf("the game is over (%s %s)", r.rec.Result, r.rec.Reason))
	}
	mv = strings.TrimSpace(mv)
	if mv == "" || len(mv) > 32 {
		return errf(http.StatusBadRequest, CodeIllegalMove, "the move is empty or too long (UCI text such as e2e4, e7e8q)")
	}
	m, san, err := r.parseMove(mv)
	if err != nil {
		return errf(http.StatusUnprocessableEntity, CodeIllegalMove, err.Error()) // names the move, the position and, when it can, why
	}
	pm := r.doSAN(m, san)
	var legal []position.Move
	var end *store.Ending
	if r.legalSoon() {
		legal = r.game.LegalMoves() // for the result and then the states (keepLegal)
		end = endingAmong(r.game, legal)
	} else {
		end = ending(r.game) // (no list: the first legal move found is enough)
	}
	sm := store.Move{Ply: len(r.moves), UCI: pm.UCI, SAN: pm.SAN, FENAfter: pm.FEN}
	clk := r.clockAfterMove(seat, time.Now().UnixMilli(), end != nil)
	if err := r.hub.store.AppendMove(ctx, r.id, sm, end, clk); err != nil {
		r.game.Undo()
		r.hub.log.Error("store move", "game", r.id, "err", err)
		if errors.Is(err, store.ErrConflict) {
			// another instance wrote first: catch up, then refuse
			if rerr := r.refresh(ctx); rerr != nil {
				r.hub.log.Error("refresh", "game", r.id, "err", rerr)
			}
			return errf(http.StatusConflict, CodeStale, "the game changed meanwhile; reload it")
		}
		return errf(http.StatusServiceUnavailable, CodeStorage, "the move could not be stored, so it was not played; try again")
	}
	r.moves = append(r.moves, pm)
	r.gen++
	r.draw = ""
	if clk != nil {
		r.rec.Clock = *clk
	}
	r.armFlag()
	if end != nil {
		r.rec.Status, r.rec.Result, r.rec.Reason = store.StatusOver, end.Result, end.Reason
	} else if legal != nil {
		r.keepLegal(legal)
	}
	r.rec.UpdatedAt = time.Now().UTC()
	r.scheduleAI()
	if ack != nil {
		ack(len(r.moves))
	}
	r.broadcast()
	if end != nil {
		r.sendAll(map[string]any{"type": "game_over", "result": end.Result, "reason": end.Reason})
	}
	return nil
}

// legalSoon reports whether a state of the position just played (the
// game still active) will carry its legal moves: a client here of
// protocol 1, or of the seat to move (legalFor). Else play tells the
// game's end without listing them: the other seat plays on another
// instance, which builds the list for its own states. r.mu held.
func (r *room) legalSoon() bool {
	for c := range r.clients {
		if r.legalFor(c) {
			return true
		}
	}
	return false
}

// finish ends the game without a move (resignation, agreement).
func (r *room) finish(ctx context.Context, result, reason string) *apiError {
	if r.over() {
		return errf(http.StatusConflict, CodeGameOver, "the game is already over")
	}
	clk := r.stoppedClock(time.Now().UnixMilli())
	if err := r.hub.store.Finish(ctx, r.id, store.Ending{Result: result, Reason: reason}, clk); err != nil {
		r.hub.log.Error("store finish", "game", r.id, "err", err)
		if errors.Is(err, store.ErrConflict) && r.refresh(ctx) == nil && r.over() {
			// another instance ended it first
			return errf(http.StatusConflict, CodeGameOver, fmt.Sprintf("the game is over (%s %s)", r.rec.Result, r.rec.Reason))
		}
		return errf(http.StatusServiceUnavailable, CodeStorage, "the result could not be stored; try again")
	}
	r.rec.Status, r.rec.Result, r.rec.Reason = store.StatusOver, result, reason
	if clk != nil {
		r.rec.Clock = *clk
	}
	r.armFlag()
	r.gen++
	r.draw = ""
	r.cancelAI()
	r.broadcast()
	r.sendAll(map[string]any{"type": "game_over", "result": result, "reason": reason})
	return nil
}

func (r *room) resign(ctx context.Context, seat string) *apiError {
	if seat == "" {
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot resign")
	}
	res := "0-1"
	if seat == "black" {
		res = "1-0"
	}
	return r.finish(ctx, res, seat+" resigned")
}

func (r *room) offerDraw(ctx context.Context, seat string) *apiError {
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot offer a draw")
	case r.over():
		return errf(http.StatusConflict, CodeGameOver, "the game is over")
	case r.draw != "" && r.draw != seat:
		return r.finish(ctx, "1/2-1/2", "draw by agreement") // both offered: agreed
	}
	other := "black"
	if seat == "black" {
		other = "white"
	}
	if r.seat(other).Kind == store.AI {
		r.sendSeat(seat, map[string]any{"type": "draw_declined", "by": other, "message": "the AI declines the draw"})
		return nil
	}
	r.draw = seat
	r.publishDraw("")
	r.broadcast()
	return nil
}

func (r *room) answerDraw(ctx context.Context, seat string, accept bool) *apiError {
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot answer a draw offer")
	case r.draw == "" || r.draw == seat:
		return errf(http.StatusConflict, CodeNoDrawOffer, "there is no draw offer from your opponent")
	}
	if accept {
		return r.finish(ctx, "1/2-1/2", "draw by agreement")
	}
	by := r.draw
	r.draw = ""
	r.publishDraw(seat)
	r.sendSeat(by, map[string]any{"type": "draw_declined", "by": seat})
	r.broadcast()
	return nil
}

// takeback takes back the human's last turn (and the AI's reply) in a
// game against the AI.
func (r *room) takeback(ctx context.Context, seat string) *apiError {
	switch {
	case seat == "":
		return errf(http.StatusForbidden, CodeSpectator, "spectators cannot take back")
	case r.seat(otherColor(seat)).Kind != store.AI:
		return errf(http.StatusConflict, CodeNoTakeback, "takebacks are only for games against the AI")
	case r.over():
		return errf(http.StatusConflict, CodeNoTakeback, "the game is over ("+r.rec.Reason+"): a finished game cannot be taken back")
	}
	n := len(r.moves)
	for n > 0 && r.moves[n-1].By != seat {
		n--
	}
	if n == 0 {
		return errf(http.StatusConflict, CodeNoTakeback, "you have no move to take back")
	}
	for n > 0 && r.moves[n-1].By == seat {
		n--
	}
	clk := r.stoppedClock(time.Now().UnixMilli())
	if clk != nil && n > 0 {
		clk.Since = time.Now().UnixMilli()
	}
	if err := r.hub.store.TruncateMoves(ctx, r.id, n, clk); err != nil {
		r.hub.log.Error("store takeback", "game", r.id, "err", err)
		return errf(http.StatusServiceUnavailable, CodeStorage, "the takeback could not be stored; try again")
	}
	r.rec.Takebacks++ // (refresh: moves this room had were taken back)
	r.cancelAI()
	r.pm, r.movesEnc, r.movesEncN = nil, nil, 0 // kept for the moves played: built again
	for len(r.moves) > n {
		r.game.Undo()
		r.moves = r.moves[:len(r.moves)-1]
	}
	r.movesTaken(n)
	r.rec.Status, r.rec.Result, r.rec.Reason = store.StatusActive, "", ""
	if clk != nil {
		r.rec.Clock = *clk
	}
	r.gen++
	r.armFlag()
	r.draw = ""
	r.scheduleAI()
	r.broadcast()
	return nil
}

// --- clocks ---
//
// The clock of the side to move runs from Clock.Since (Unix ms; 0 =
// stopped). It starts after the first move; the increment is added when a
// turn passes to the other side; a side whose time runs out loses
// ("time forfeit"). While the server is down the clocks stand still.

func (r *room) clockOn() bool { return r.rec.Clock.InitialMS > 0 }

// clockRunning reports whether a side's clock is running: a clock game
// under way after its first move.
func (r *room) clockRunning() bool {
	return r.clockOn() && r.rec.Clock.Since != 0 && !r.over()
}

// remaining returns the time left of colour c at now.
func (r *room) remaining(c string, now int64) int64 {
	k := r.rec.Clock
	left := k.WhiteMS
	if c == "black" {
		left = k.BlackMS
	}
	if k.Since != 0 && c == r.sideToMove() && !r.over() {
		left -= now - k.Since
	}
	return left
}

// flagged reports whether the side to move has run out of time.
func (r *room) flagged(now int64) bool {
	return r.clockOn() && !r.over() && r.rec.Clock.Since != 0 && r.remaining(r.sideToMove(), now) <= 0
}

// clockAfterMove returns the clock after mover's move (the game already
// shows the position after it), or nil without a clock.
func (r *room) clockAfterMove(mover string, now int64, over bool) *store.Clock {
	if !r.clockOn() {
		return nil
	}
	k := r.rec.Clock
	left := k.WhiteMS
	if mover == "black" {
		left = k.BlackMS
	}
	if k.Since != 0 {
		left -= now - k.Since
	}
	if r.sideToMove() != mover && !over {
		left += k.IncrementMS
	}
	if mover == "white" {
		k.WhiteMS = left
	} else {
		k.BlackMS = left
	}
	k.Since = 0
	if !over {
		k.Since = now
	}
	return &k
}

// stoppedClock returns the clock stopped at now (nil without a clock).
func (r *room) stoppedClock(now int64) *store.Clock {
	if !r.clockOn() {
		return nil
	}
	k := r.rec.Clock
	if k.Since != 0 {
		if r.sideToMove() == "white" {
			k.WhiteMS -= now - k.Since
		} else {
			k.BlackMS -= now - k.Since
		}
	}
	k.Since = 0
	return &k
}

// armFlag (re)starts the timer that ends the game when the running clock
// runs out.
func (r *room) armFlag() {
	if r.flag != nil {
		r.flag.Stop()
		r.flag = nil
	}
	if !r.clockOn() || r.over() || r.rec.Clock.Since == 0 {
		return
	}
	gen := r.gen
	left := r.remaining(r.sideToMove(), time.Now().UnixMilli())
	r.flag = time.AfterFunc(time.Duration(max(left, 0)+5)*time.Millisecond, func() {
		r.mu.Lock()
		defer r.unlock()
		if r.gen == gen && r.flagged(time.Now().UnixMilli()) {
			r.timeForfeit(context.Background())
		}
	})
}

// timeForfeit ends the game: the side to move ran out of time.
func (r *room) timeForfeit(ctx context.Context) {
	loser := r.sideToMove()
	res := "0-1"
	if loser == "black" {
		res = "1-0"
	}
	if aerr := r.finish(ctx, res, loser+" ran out of time"); aerr != nil {
		r.hub.log.Error("time forfeit", "game", r.id, "err", aerr)
	}
}

func otherColor(c string) string {
	if c == "white" {
		return "black"
	}
	return "white"
}

// cancelAI stops the AI's search (or its pending retry). The goroutine
// of the run cancelled finds aiRun moved on and leaves the room alone.
func (r *room) cancelAI() {
	if r.ai != nil {
		r.ai()
		r.ai = nil
	}
	r.aiBusy = false
	r.aiRun++
}

// scheduleAI starts the AI when it is to move: on a private copy of the
// game, in its own goroutine. The goroutine waits for a search slot (in
// arrival order across rooms, with no deadline: the time budget starts
// when the search does), searches, then plays the move through aiDone,
// which every path out of the goroutine goes through. It does not
// broadcast: the caller sends the state of its change after it
// (aiThinking included).
func (r *room) scheduleAI() {
	if r.over() || r.rec.Status == store.StatusWaiting || r.aiBusy || r.hub.ctx.Err() != nil {
		return
	}
	color := r.sideToMove()
	seat := r.seat(color)
	if seat.Kind != store.AI {
		return
	}
	g, err := r.copyGame()
	if err != nil {
		r.hub.log.Error("AI copy", "game", r.id, "err", err)
		return
	}
	budget := r.aiMoveBudget()
	if r.clockOn() {
		// a twentieth of the time left (at least 100 ms), plus the increment
		left := r.remaining(color, time.Now().UnixMilli())
		budget = min(budget, time.Duration(max(left/20+r.rec.Clock.IncrementMS/2, 100))*time.Millisecond)
	}
	ctx, cancel := context.WithCancel(r.hub.ctx)
	r.aiRun++
	run, gen, level := r.aiRun, r.gen, seat.Level
	r.ai, r.aiBusy = cancel, true
	ply := len(r.moves)
	r.hub.wg.Add(1)
	go func() {
		defer r.hub.wg.Done()
		defer cancel()
		if !r.leaseAI(ctx, run, ply) {
			return // another instance thinks: its move comes as a notification
		}
		stop := r.hub.renewLease(ctx, r.id)
		uci, spent, err := r.hub.think(ctx, g, level, budget)
		stop()
		r.mu.Lock()
		defer r.unlock()
		r.aiSpent += spent
		r.aiDone(ctx, run, gen, color, level, uci, err)
	}()
}

// think waits for a search slot (or ctx) and runs the mover for at most
// budget; it returns the move as UCI text and the time the search took
// (counted against the game's AI budget, not the wait for the slot).
func (h *hub) think(ctx context.Context, g *rules.Game, level int, budget time.Duration) (string, time.Duration, error) {
	if err := h.aiSlots.acquire(ctx); err != nil {
		return "", 0, err
	}
	defer h.aiSlots.release()
	sctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	began := time.Now()
	m, err := safeBestMove(sctx, h.mover, g, level)
	spent := time.Since(began)
	if err != nil {
		return "", spent, err
	}
	return g.Pos.UCI(m), spent, nil
}

// aiDone ends AI run run (called with r.mu held): it plays the move found,
// or a random legal move when the searcher failed, ran out of time or
// found a move the game refuses; a move the store could not take is
// tried again later (retryAI). Whatever happened, the room is left with
// aiBusy true only while a run or a retry is pending.
func (r *room) aiDone(ctx context.Context, run uint64, gen int, color string, level int, uci string, err error) {
	if run != r.aiRun {
		return // cancelled (takeback, end of the game) and maybe started again
	}
	r.aiBusy, r.ai = false, nil
	switch {
	case ctx.Err() != nil:
		return // the server is closing
	case r.gen != gen:
		// the game changed without cancelling this run: think again on
		// the new position when the AI is to move
		r.scheduleAI()
		r.broadcast()
		return
	}
	if err == nil {
		aerr := r.play(context.Background(), color, uci, noPly, true, nil)
		if aerr == nil {
			r.aiFails = 0
			r.hub.releaseLease(r.id)
			return
		}
		if aerr.Code == CodeStorage {
			r.retryAI()
			return
		}
		if aerr.Code == CodeStale {
			return // another instance moved first: the room caught up and started what is next
		}
		r.hub.log.Error("AI move refused; playing a random move instead", "game", r.id, "move", uci, "err", aerr)
	} else {
		// the searcher failed or ran out of time
		r.hub.log.Error("AI move; playing a random move instead", "game", r.id, "err", err)
	}
	g2, cerr := r.copyGame()
	if cerr == nil {
		m2, rerr := (RandomMover{}).BestMove(context.Background(), g2, level)
		if rerr == nil {
			aerr := r.play(context.Background(), color, g2.Pos.UCI(m2), noPly, true, nil)
			if aerr == nil {
				r.aiFails = 0
				r.hub.releaseLease(r.id)
				return
			}
			if aerr.Code == CodeStorage {
				r.retryAI()
				return
			}
			cerr = aerr
		} else {
			cerr = rerr
		}
	}
	r.hub.log.Error("AI move", "game", r.id, "err", cerr)
	r.broadcast()
}

// retryAI starts the AI again after a pause (1 s, doubling up to 30 s)
// when its move could not be stored. The room stays "AI busy" meanwhile
// (it is not swept); cancelAI stops the pause.
func (r *room) retryAI() {
	r.aiFails++
	d := min(time.Second<<min(r.aiFails-1, 5), 30*time.Second)
	r.aiRun++
	run := r.aiRun
	t := time.AfterFunc(d, func() {
		r.mu.Lock()
		defer r.unlock()
		if r.aiRun != run {
			return
		}
		r.aiBusy, r.ai = false, nil
		r.scheduleAI()
		r.broadcast()
	})
	r.aiBusy, r.ai = true, func() { t.Stop() }
	r.broadcast()
}

// aiMoveBudget is the AI's time for its next move: the per-move limit,
// or what is left of the game's (at least 100 ms).
func (r *room) aiMoveBudget() time.Duration {
	budget := r.hub.aiTimeout
	if gb := r.hub.aiGameBudget; gb > 0 {
		budget = min(budget, max(gb-r.aiSpent, 100*time.Millisecond))
	}
	return budget
}

// safeBestMove runs the mover, turning a panic into an error: a bug in
// the AI must not take the server down.
func safeBestMove(ctx context.Context, mv Mover, g *rules.Game, level int) (m position.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = position.NoMove, fmt.Errorf("AI panicked: %v", p)
		}
	}()
	return mv.BestMove(ctx, g, level)
}

// storedGame sets up the start position of a stored game. A start FEN
// that the FEN reader accepted when the game was created but refuses since
// it became stricter (issue 45: pieces no game reaches, a rook off its
// square with its castling right) is read as Fairy-Stockfish reads it
// (rules.NewGameFSF), so that no stored game is lost; new games are
// checked by position.New when they are created.
func storedGame(rs *rules.Ruleset, rec *store.Game) (*rules.Game, error) {
	g, err := rules.NewGame(rs, rec.StartFEN, rec.Chess960)
	if err == nil {
		return g, nil
	}
	if g, ferr := rules.NewGameFSF(rs, rec.StartFEN, rec.Chess960); ferr == nil {
		return g, nil
	}
	return nil, err
}

// hub holds the rooms in memory, loading them from the store on demand.
type hub struct {
	ctx       context.Context
	store     *store.DB
	mover     Mover
	log       *slog.Logger
	aiTimeout time.Duration
	// aiGameBudget: AI think time per game (room.aiSpent), then 100 ms a move
	aiGameBudget time.Duration
	aiSlots      *slotQueue
	wg           sync.WaitGroup
	lease        time.Duration // AI lease and orphan pickup period (several instances, cluster.go)
	// the pickup loop's (cluster.go): the instances listening at its last
	// look, and the store's failed notification tries it has logged
	live           map[string]bool
	notifyFailures int64

	mu    sync.Mutex
	rooms map[string]*roomEntry
}

type roomEntry struct {
	once   sync.Once
	r      *room
	err    error
	loaded atomic.Pointer[room] // r once loaded, for readers outside once (cluster.go)

	// notifications from other instances, applied in order (crossing.go)
	inMu     sync.Mutex
	inbox    []store.Notification
	draining bool // a goroutine applies the inbox
}

// room returns the room of game id, loading it (once) from the store.
func (h *hub) room(ctx context.Context, id string) (*room, error) {
	return h.roomWith(ctx, id, true, func() (*room, error) { return loadRoom(ctx, h, id) })
}

// created returns the room of the game rec that this instance has just
// stored (CreateGame), built from rec instead of read back from the store
// (the same record: no moves, times in whole milliseconds as stored).
func (h *hub) created(ctx context.Context, rec store.Game) (*room, error) {
	rec.CreatedAt = time.UnixMilli(rec.CreatedAt.UnixMilli()).UTC()
	rec.UpdatedAt = time.UnixMilli(rec.UpdatedAt.UnixMilli()).UTC()
	rec.Moves = nil
	return h.roomWith(ctx, rec.ID, false, func() (*room, error) { return roomOf(ctx, h, &rec) })
}

// roomWith returns the room of game id, made by load when it is not
// loaded yet (once, however many ask at the same time); with ask, a room
// loaded here asks the other instances who is online there (a game just
// created here has no one elsewhere).
func (h *hub) roomWith(ctx context.Context, id string, ask bool, load func() (*room, error)) (*room, error) {
	h.mu.Lock()
	e, ok := h.rooms[id]
	if !ok {
		e = &roomEntry{}
		h.rooms[id] = e
	}
	h.mu.Unlock()
	defer func() {
		if e.r != nil {
			e.r.touched.Store(time.Now().UnixMilli())
		}
	}()
	e.once.Do(func() {
		e.r, e.err = load()
		if e.err == nil {
			e.r.mu.Lock()
			e.r.armFlag()
			e.r.scheduleAI() // the server may have stopped while the AI was to move
			if ask && h.clustered() {
				e.r.publish(evWho, nil) // the other instances tell who is online there
			}
			e.r.unlock()
			e.loaded.Store(e.r)
			h.kick(e) // what other instances sent while it loaded
		}
	})
	if e.err != nil {
		h.mu.Lock()
		if h.rooms[id] == e {
			delete(h.rooms, id) // retry on the next request
		}
		h.mu.Unlock()
		return nil, e.err
	}
	return e.r, nil
}

// sweep drops the rooms nobody used for idle: no client connected, the AI
// not thinking, no clock running. They are loaded again from the store
// when asked for. A room whose clock runs stays until the game ends: its
// flag timer must end the game in the room the players see, and a room
// loaded again would restart the clock where it stood (loadRoom does so
// for the time the server was down, not for time that passed while it
// ran).
func (h *hub) sweep(idle time.Duration) int {
	n := 0
	cut := time.Now().Add(-idle).UnixMilli()
	for id, e := range h.entries() { // (not under h.mu: a room holding its lock may ask the hub for its rematch)
		r := e.r
		if r == nil || r.touched.Load() > cut {
			continue
		}
		r.mu.Lock()
		if len(r.clients) == 0 && !r.aiBusy && !r.clockRunning() {
			h.drop(id, e) // (h.mu under r.mu, the order startRematch takes them in)
			n++
		}
		r.unlock()
	}
	return n
}

// sweeper runs sweep every minute until the server closes.
func (h *hub) sweeper(idle time.Duration) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
			h.sweep(idle)
		}
	}
}
