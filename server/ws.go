package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// clientMsg is a message from a client (PROTOCOL.md).
type clientMsg struct {
	Type  string          `json:"type"`
	ID    json.RawMessage `json:"id,omitempty"` // echoed in the answer
	Token string          `json:"token,omitempty"`
	Move  string          `json:"move,omitempty"`
	Ply   *int            `json:"ply,omitempty"`
}

// client is one WebSocket connection to a room. Its messages go out
// through the room's outbox and its queue (outbox.go).
type client struct {
	r    *room
	seat string // "white", "black" or "" (spectator); under r.mu
	// proto is the protocol the client speaks (?protocol=, 1 or 2): with
	// 2 its broadcast states after the first are partial (statetail.go)
	proto int
	// masked: the last state queued to the client hid squares (its moves
	// are masked for its old view): its next one goes whole. Under r.mu.
	masked bool
	out    chan []byte
	kill   context.CancelFunc

	mu      sync.Mutex
	backlog []queued      // messages behind a full out, in order
	wake    chan struct{} // the backlog has messages

	lastRead atomic.Int64 // when the client's last message arrived (UnixNano): it needs no ping
}

// setSeat sets the client's seat (r.mu held).
func (c *client) setSeat(seat string) {
	c.seat = seat
}

// withID adds the id of the client's message to the answer msg, when the
// message had one (no "id" field otherwise).
func withID(msg map[string]any, id json.RawMessage) map[string]any {
	if len(id) == 0 {
		return msg
	}
	if !utf8.Valid(id) {
		// a text frame must be UTF-8: the id goes back decoded, its
		// invalid bytes as U+FFFD
		var v any
		if json.Unmarshal(id, &v) != nil {
			return msg
		}
		msg["id"] = v
		return msg
	}
	msg["id"] = id
	return msg
}

func errorMsg(id json.RawMessage, e *apiError) map[string]any {
	m := map[string]any{"type": "error", "code": e.Code, "message": e.Message}
	if e.Display != "" {
		m["display"] = e.Display
	}
	return withID(m, id)
}

// serveWS runs one WebSocket connection to game id.
func (s *Server) serveWS(w http.ResponseWriter, req *http.Request, id string) {
	// the refusals in order of cost, before the upgrade (wsguard.go)
	q, perr := queryOf(req)
	if perr != nil {
		writeError(w, perr)
		return
	}
	proto, perr := protocolOf(q)
	if perr != nil {
		writeError(w, perr)
		return
	}
	ip := s.clientIP(req)
	if !s.allowConnect(w, ip) {
		return
	}
	if !s.conns.add(ip, s.cfg.ClientConns) {
		s.refuse.clientConns.write(w)
		return
	}
	defer s.conns.done(ip)
	r, err := s.hub.room(req.Context(), id)
	if err != nil {
		s.roomError(w, id, err)
		return
	}
	if !r.reserveConn(s.cfg.RoomConns) {
		s.refuse.roomConns.write(w)
		return
	}
	defer r.nconns.Add(-1)
	hw := &hijackWriter{ResponseWriter: w}
	conn, err := websocket.Accept(hw, req, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	// stop reading a connection closed for its flood or an oversized
	// message: its close handshake would read what it still sends
	stopReading := func() {
		if hw.conn != nil {
			hw.conn.stopped.Store(true)
		}
	}
	// A message over the hard limit closes the connection (1009,
	// message_too_large); below it, one over the soft limit is answered
	// with message_too_large. readMessage counts the hard limit, so that
	// the close carries our reason; the library's own limit (32 KiB by
	// default) is set above it and is never reached.
	hard := int64(s.cfg.MaxMessage) * 8
	conn.SetReadLimit(hard * 2)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c := &client{r: r, out: make(chan []byte, 64), kill: cancel, wake: make(chan struct{}, 1), proto: proto}
	lim := s.newWSLimiter()

	r.mu.Lock()
	// A token may come in the query (?token=) or in a hello message.
	if tok := q.Get("token"); tok != "" {
		c.setSeat(r.seatOf(tok))
	}
	r.clients[c] = struct{}{}
	c.send(map[string]any{"type": "welcome", "you": youName(c.seat), "protocol": c.proto})
	if tok := q.Get("token"); tok != "" && c.seat == "" {
		// as for a wrong token in hello (PROTOCOL.md)
		c.send(errorMsg(nil, errf(0, CodeBadToken, "the ?token= of the URL is not a seat of this game: you are watching")))
	}
	c.send(r.stateTo(c))
	r.presenceChanged() // the others see this seat online, or one more watcher
	r.publishPresence()
	r.unlock()
	defer func() {
		r.mu.Lock()
		delete(r.clients, c)
		if len(r.clients) == 0 {
			r.idle()
		}
		r.presenceChanged()
		r.publishPresence()
		r.unlock()
	}()

	// The writer sends the queue; a close the reader asks for (closeWith)
	// goes after what was queued before it (the answers to the messages
	// read, the error that explains the close), for at most 2 s.
	closeReq := make(chan closeMsg, 1)
	writerDone := make(chan struct{})
	go func() {
		uncork := func() {
			if hw.conn != nil {
				hw.conn.cork(false)
			}
		}
		defer close(writerDone)
		defer cancel()
		defer uncork() // nothing stays held back once the writer stops
		write := func(ctx context.Context, b []byte) error {
			if hw.conn == nil {
				wctx, cancel := context.WithTimeout(ctx, writeTimeout)
				defer cancel()
				return conn.Write(wctx, websocket.MessageText, b)
			}
			hw.conn.cork(true) // the message's pieces, and the next messages queued: one system call
			// the stopConn's writes to the network have a deadline
			// (writeTimeout): no context to watch for each message
			err := conn.Write(context.Background(), websocket.MessageText, b)
			if err == nil && len(c.out) == 0 {
				err = hw.conn.cork(false)
			}
			return err
		}
		ping := func(ctx context.Context) error { uncork(); return conn.Ping(ctx) }
		c.writer(ctx, write, ping,
			closeReq, func(cm closeMsg) { uncork(); conn.Close(cm.code, cm.reason) })
	}()
	closeWith := func(code websocket.StatusCode, reason string) {
		stopReading()
		s.banFlooder(ip)
		closeReq <- closeMsg{code, reason}
		<-writerDone
		conn.Close(code, reason) // when the writer had stopped first
	}

	var rbuf bytes.Buffer // the message read, reused (nothing keeps data)
	for {
		typ, data, err := readMessage(ctx, conn, hard, &rbuf)
		c.lastRead.Store(time.Now().UnixNano())
		if errors.Is(err, errTooLarge) {
			closeWith(websocket.StatusMessageTooBig, CodeTooLarge)
			return
		}
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) || ctx.Err() != nil {
				conn.Close(websocket.StatusNormalClosure, "")
				return
			}
			conn.CloseNow()
			return
		}
		if ok, closeIt := lim.take(); !ok {
			if closeIt {
				closeWith(websocket.StatusPolicyViolation, CodeTooManyMessages)
				return
			}
			// answered outside the room's lock, with bytes encoded once
			c.enqueue(s.tooManyMsgs, false, false)
			continue
		}
		m, refused := s.parseMsg(typ, data)
		if refused != nil {
			c.enqueue(refused, false, false)
			continue
		}
		r.mu.Lock()
		s.handleMsg(ctx, r, c, &m)
		r.unlock()
	}
}

// closeMsg is a close the reader asks the writer for.
type closeMsg struct {
	code   websocket.StatusCode
	reason string
}

// errTooLarge: a message over the hard limit.
var errTooLarge = errors.New("message over the hard limit")

// readMessage reads one message of at most limit bytes into buf (reset
// first; data is buf's bytes, valid until the next call); a longer one is
// errTooLarge (the rest is not read).
func readMessage(ctx context.Context, conn *websocket.Conn, limit int64, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	typ, rd, err := conn.Reader(ctx)
	if err != nil {
		return 0, nil, err
	}
	buf.Reset()
	if _, err := buf.ReadFrom(io.LimitReader(rd, limit+1)); err != nil {
		return 0, nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > limit {
		return 0, nil, errTooLarge
	}
	return typ, data, nil
}

func youName(seat string) string {
	if seat == "" {
		return "spectator"
	}
	return seat
}

// badMessage decodes a client message into m and says what is wrong with
// it ("" when nothing): a binary frame, not a JSON object, bad JSON (with
// its byte offset), or a field of the wrong type (named). m.ID is set when
// the message's id could be read, so the error can echo it.
func badMessage(typ websocket.MessageType, data []byte, m *clientMsg) string {
	if typ != websocket.MessageText {
		return "a binary frame"
	}
	if !isJSONObject(data) {
		return "not a JSON object"
	}
	err := json.Unmarshal(data, m)
	if err == nil {
		return ""
	}
	var id struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &id) == nil {
		m.ID = id.ID
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("bad JSON at byte %d (%v)", se.Offset, se)
	case errors.As(err, &te) && te.Field != "":
		t := te.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		return fmt.Sprintf("field %q is a JSON %s, want %s", te.Field, te.Value, jsonKind(t.Kind()))
	}
	return err.Error()
}

// jsonKind names a Go kind as the JSON value a field takes.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "an integer"
	}
	return k.String()
}

// parseMsg decodes a client message, without the room's lock: a message
// over the size limit, malformed (badMessage) or with a duplicate key is
// refused with the encoded error to send back (refused != nil). The common
// messages, flat objects, are read by parseMsgFast (msgfast.go); the rest
// by parseMsgSlow, with the same results.
func (s *Server) parseMsg(typ websocket.MessageType, data []byte) (m clientMsg, refused []byte) {
	if len(data) > s.cfg.MaxMessage {
		return m, s.tooLarge(len(data))
	}
	if typ == websocket.MessageText {
		if m, ok := parseMsgFast(data); ok {
			return m, nil
		}
	}
	return parseMsgSlow(typ, data)
}

// parseMsgSlow decodes a client message with encoding/json (badMessage)
// and refuses a duplicate key (duplicateKey): it reads any message and
// says what is wrong with a bad one, at several times parseMsgFast's cost.
func parseMsgSlow(typ websocket.MessageType, data []byte) (m clientMsg, refused []byte) {
	var e map[string]any
	if why := badMessage(typ, data, &m); why != "" {
		e = errorMsg(m.ID, errf(0, CodeBadJSON, why+`: messages are JSON objects such as {"type":"move","move":"e2e4"}`))
	} else if why := duplicateKey(data); why != "" {
		e = errorMsg(m.ID, errf(0, CodeDuplicateKey, why+": the message is refused, nothing was done"))
	} else {
		return m, nil
	}
	b, _ := json.Marshal(e)
	return m, b
}

// tooLarge is the answer to a message of n bytes over the soft limit.
func (s *Server) tooLarge(n int) []byte {
	b, _ := json.Marshal(errorMsg(nil, errf(0, CodeTooLarge, fmt.Sprintf("message of %d bytes is over the limit of %d", n, s.cfg.MaxMessage))))
	return b
}

// handleMsg answers one parsed client message (parseMsg); called with
// r.mu held.
func (s *Server) handleMsg(ctx context.Context, r *room, c *client, mp *clientMsg) {
	m := *mp
	var aerr *apiError
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	switch m.Type {
	case "hello":
		seat := r.seatOf(m.Token)
		if m.Token != "" && seat == "" {
			aerr = errf(0, CodeBadToken, "this token is not a seat of this game: you are watching")
		}
		prev := c.seat
		c.setSeat(seat)
		c.send(map[string]any{"type": "welcome", "you": youName(seat), "protocol": c.proto})
		if seat != prev {
			r.broadcast() // the others see the seat online (or the watchers change)
			r.publishPresence()
		} else {
			// nothing changed for the others: only this client gets the
			// state (a hello must not make every client of the room get one)
			c.send(r.stateTo(c))
		}
	case "move":
		if aerr = missingMove(m.Move); aerr != nil {
			break
		}
		var ply int
		if ply, aerr = plyOf(m.Ply); aerr != nil {
			break
		}
		// the ack goes before the state of the move (PROTOCOL.md)
		aerr = r.play(sctx, c.seat, m.Move, ply, false, func(ply int) {
			c.send(withID(map[string]any{"type": "ack", "ply": ply}, m.ID))
		})
	case "resign":
		aerr = r.resign(sctx, c.seat)
	case "draw_offer":
		aerr = r.offerDraw(sctx, c.seat)
	case "draw_accept":
		aerr = r.answerDraw(sctx, c.seat, true)
	case "draw_decline":
		aerr = r.answerDraw(sctx, c.seat, false)
	case "takeback":
		aerr = r.takeback(sctx, c.seat)
	case "abort":
		aerr = r.abort(sctx, c.seat)
	case "rematch_offer":
		aerr = r.offerRematch(sctx, c.seat)
	case "rematch_accept":
		aerr = r.answerRematch(sctx, c.seat, true)
	case "rematch_decline":
		aerr = r.answerRematch(sctx, c.seat, false)
	case "sync":
		c.send(r.stateTo(c))
	case "legal":
		c.send(withID(r.legalMsg(c.seat), m.ID))
	case "premoves":
		c.send(withID(r.premovesMsg(c.seat), m.ID))
	case "ping":
		c.send(withID(map[string]any{"type": "pong"}, m.ID))
	default:
		aerr = errf(0, CodeUnknownType, fmt.Sprintf("unknown message type %q (hello, move, resign, draw_offer, draw_accept, draw_decline, takeback, abort, rematch_offer, rematch_accept, rematch_decline, sync, legal, premoves, ping)", m.Type))
	}
	if aerr != nil {
		c.send(errorMsg(m.ID, aerr))
	}
}
