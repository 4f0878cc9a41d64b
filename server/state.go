package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"houserules/geom"
	"houserules/pgn"
	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// legalMove is one legal move as the client sees it.
type legalMove struct {
	UCI        string `json:"uci"`
	SAN        string `json:"san"`
	From       string `json:"from,omitempty"` // "" for a drop
	To         string `json:"to"`
	Promotion  string `json:"promotion,omitempty"` // promotion piece letter (lower case), "+" / "-" for shogi-style, "+" for a drop as the promoted type
	Drop       string `json:"drop,omitempty"`      // a drop: the letter (lower case) of the pocket piece it takes
	Wall       string `json:"wall,omitempty"`      // the wall square the move places (wallingRule: the duck's square …)
	Kind       string `json:"kind"`
	Production string `json:"production"` // why it is legal
	Capture    bool   `json:"capture,omitempty"`
}

type seatState struct {
	Kind   string `json:"kind"`            // human or ai
	Level  *int   `json:"level,omitempty"` // AI level 0..20 (set by playExtras)
	Taken  bool   `json:"taken"`           // a human holds the seat (always true for the AI)
	Online bool   `json:"online"`          // a client of this seat is connected

	LevelName string `json:"levelName,omitempty"` // "Level 10 (club)" (playExtras)
}

// clockJSON is the clock in a state: the time left of each side when the
// state was made (ms) and the side whose clock is running ("" = stopped).
type clockJSON struct {
	Initial   int64  `json:"initial"`
	Increment int64  `json:"increment"`
	White     int64  `json:"white"`
	Black     int64  `json:"black"`
	Running   string `json:"running"`
}

// pieceJSON names a piece type of the variant for the board's images.
type pieceJSON struct {
	Letter string `json:"letter"` // lower-case FEN letter
	Name   string `json:"name"`   // variants.ini name: pawn, knight, archbishop, customPiece1 …
	Betza  string `json:"betza"`  // its movement
	Royal  bool   `json:"royal,omitempty"`
	// Promoted is the lower-case letter of the type the piece becomes when
	// promoted (promotedPieceType: shogi's p → tokin, Shaolin King's
	// master k → g), "" for none: "+P" on the board is that type
	Promoted string `json:"promoted,omitempty"`
}

func pieceList(v *position.Variant) []pieceJSON {
	var out []pieceJSON
	for _, pt := range v.PieceTypes().Types() {
		c := v.PieceChar[pt]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b := v.CustomBetza[pt]
		if b == "" {
			b = position.BuiltinPieces[pt].Betza
		}
		name := position.BuiltinPieces[pt].Name
		if pt == position.King && v.KingType != position.King {
			b = v.CustomBetza[v.KingType]
		}
		pj := pieceJSON{Letter: string(c), Name: name, Betza: b, Royal: pt == position.King}
		if pr := v.PromotedPieceType[pt]; pr != position.NoPieceType && v.PieceChar[pr] != 0 {
			pj.Promoted = strings.ToLower(string(v.PieceChar[pr]))
		}
		out = append(out, pj)
	}
	return out
}

type production struct {
	ID   string `json:"id"`
	By   string `json:"by"`   // "base" or the preset that adds / overrides it
	Role string `json:"role"` // base, added, overridden
	Note string `json:"note"` // a sentence for "why is this move legal?"
}

// gameState is the "state" message and the body of GET /api/games/{id}.
type gameState struct {
	Type        string               `json:"type"` // "state"
	ID          string               `json:"id"`
	Variant     string               `json:"variant"`
	Custom      bool                 `json:"custom,omitempty"` // the variant is a custom ini block (GET /api/games/{id} gives it as "ini")
	Presets     string               `json:"presets"`
	Files       int                  `json:"files"`
	Ranks       int                  `json:"ranks"`
	Topology    string               `json:"topology"`   // plain, cylinder (files wrap), torus (files and ranks wrap)
	BoardStyle  boardStyleJSON       `json:"boardStyle"` // how the board is drawn (boardStyle)
	StartFEN    string               `json:"startFen"`
	FEN         string               `json:"fen"`             // FEN with its {…} suffix (rules.Game.FEN)
	Board       string               `json:"board"`           // the FEN's board field (piece placement)
	Turn        string               `json:"turn"`            // side to move
	Ply         int                  `json:"ply"`             // number of plies played
	Since       *int                 `json:"since,omitempty"` // a partial state (protocol 2, statetail.go): moves holds the moves from this ply on
	Moves       json.RawMessage      `json:"moves"`           // [playedMove…]: the room's encoded list (movesJSON), or this view's masked one
	Legal       json.RawMessage      `json:"legal,omitempty"` // [legalMove…], encoded once per position (legalCache); nil: left out (protocol 2, a view no client of which can move: legalFor)
	LastMove    *playedMove          `json:"lastMove"`
	Check       []string             `json:"check"`      // royal squares in check
	Badges      []badgeJSON          `json:"badges"`     // labels on pieces, from the ruleset's view
	Marks       []markJSON           `json:"marks"`      // marked squares, from the ruleset's view
	Hidden      []string             `json:"hidden"`     // squares this seat may not see
	StatusText  []string             `json:"statusText"` // the ruleset's status lines for this seat
	Legend      []legendJSON         `json:"legend"`     // what the badges and marks mean
	Status      string               `json:"status"`     // waiting, active, over
	Result      string               `json:"result"`
	Reason      string               `json:"reason"`
	Seats       map[string]seatState `json:"seats"`
	You         string               `json:"you"` // white, black or spectator
	DrawOffer   string               `json:"drawOffer"`
	AIThinking  bool                 `json:"aiThinking"`
	CanTakeback bool                 `json:"canTakeback"`
	Productions json.RawMessage      `json:"productions,omitempty"` // map[string]production, encoded once per room (left out of a partial state)
	Pieces      []pieceJSON          `json:"pieces,omitempty"`      // the variant's piece types by FEN letter (left out of a partial state)
	Pockets     *pocketsJSON         `json:"pockets,omitempty"`     // both pockets, in a variant with pockets
	Clock       *clockJSON           `json:"clock,omitempty"`       // the chess clock, when the game has one
	Watchers    int                  `json:"watchers"`              // spectators connected
	CreatedAt   int64                `json:"createdAt"`             // Unix ms
	UpdatedAt   int64                `json:"updatedAt"`

	// play features (rematch.go)
	CanAbort     bool            `json:"canAbort"`           // this seat may abort the game
	RematchOffer string          `json:"rematchOffer"`       // colour offering a rematch, or ""
	Rematch      *rematchJSON    `json:"rematch,omitempty"`  // the rematch, once agreed
	Premoves     json.RawMessage `json:"premoves,omitempty"` // [premoveJSON…]: the side not to move's premove destinations, encoded once per position (premovesJSON); nil: none, or left out (protocol 2: premovesFor)

	// byKind holds the view again by kind, as top-level fields (see
	// viewByKind); MarshalJSON adds them.
	byKind map[string]any

	// tail is the moves from ply tailFrom on, encoded, for the partial
	// form of a broadcast state (setTail; nil: the state has none and is
	// sent whole to every client).
	tail     json.RawMessage
	tailFrom int

	// movesOpen is the room's move list encoded without its closing
	// bracket (movesOpenJSON: shared with the room, read only), the
	// whole form's moves when Moves is nil: the encoder writes the
	// bracket, so a state no longer copies the whole list (most states
	// go out partial and never write it)
	movesOpen []byte
}

// pocketsJSON is both sides' pockets: a slot per piece type the pocket
// can hold, in the order to show them, with how many it holds.
type pocketsJSON struct {
	White []pocketSlotJSON `json:"white"`
	Black []pocketSlotJSON `json:"black"`
	// Free: drops come from an unlimited supply (variants.ini freeDrops, as
	// in ataxx): the counts are 0 and mean nothing, every slot may drop.
	Free bool `json:"free,omitempty"`
}

type pocketSlotJSON struct {
	Letter string `json:"letter"` // lower-case FEN letter
	Count  int    `json:"count"`
}

type badgeJSON struct {
	Square string `json:"square"`
	Kind   string `json:"kind"`
	Value  int    `json:"value"`
	Max    int    `json:"max,omitempty"`
	Text   string `json:"text"`
	Title  string `json:"title,omitempty"`
}

type markJSON struct {
	Square string `json:"square"`
	Kind   string `json:"kind"`
	Title  string `json:"title,omitempty"`
}

type legendJSON struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// setView fills the view fields of st from the ruleset's view for seat.
// Besides the lists, each badge kind K is a field K (square → value) and
// KMax (piece letter → the value a fresh piece has), and each mark kind K
// a field K (its squares): the shape clients of the first protocol read.
func setView(st *gameState, g *rules.Game, ms []playedMove, seat string) {
	p := g.Pos
	v := g.View(rules.ParseSeat(seat))
	st.Badges, st.Marks, st.Legend = []badgeJSON{}, []markJSON{}, []legendJSON{}
	st.Hidden, st.StatusText = squareNames(v.Hidden), append([]string{}, v.Status...)
	st.byKind = map[string]any{}
	if p.V.HasPockets() {
		st.Pockets = &pocketsJSON{White: pocketSlots(p, v.Pockets[position.White]), Black: pocketSlots(p, v.Pockets[position.Black]), Free: p.V.FreeDrops}
	}
	if v.Hidden.Any() {
		// what the seat may not see is not sent: the pieces and their {…} items on
		// hidden squares, badges and marks there, checks there
		b := p.V.Board()
		st.Board = maskBoard(st.Board, b.Files, b.Ranks, v.Hidden)
		st.FEN = maskFEN(st.FEN, b.Files, b.Ranks, v.Hidden)
		moves := append([]playedMove{}, ms...)
		for i := range moves {
			m := &moves[i]
			m.FEN = maskFEN(m.FEN, b.Files, b.Ranks, v.Hidden)
			if m.By != seat {
				// the opponent's moves are not named either: their squares,
				// SAN and production would tell what the fog hides
				m.UCI, m.SAN, m.Production, m.From, m.To, m.Capture = "", "?", "", "", "", false
			}
		}
		st.Moves, _ = json.Marshal(moves)
		if st.LastMove != nil {
			st.LastMove = &moves[len(moves)-1]
		}
		keep := func(sq geom.Square) bool { return !v.Hidden.Has(sq) }
		v.Badges = slices.DeleteFunc(v.Badges, func(b rules.Badge) bool { return !keep(b.Square) })
		v.Marks = slices.DeleteFunc(v.Marks, func(m rules.Mark) bool { return !keep(m.Square) })
		st.Check = slices.DeleteFunc(st.Check, func(s string) bool { return slices.Contains(st.Hidden, s) })
	}
	for _, b := range v.Badges {
		st.Badges = append(st.Badges, badgeJSON{Square: b.Square.String(), Kind: b.Kind, Value: b.Value, Max: b.Max, Text: b.Text, Title: b.Title})
		vals, _ := st.byKind[b.Kind].(map[string]int)
		if vals == nil {
			vals = map[string]int{}
			st.byKind[b.Kind] = vals
		}
		vals[b.Square.String()] = b.Value
		if b.Max > 0 {
			maxes, _ := st.byKind[b.Kind+"Max"].(map[string]int)
			if maxes == nil {
				maxes = map[string]int{}
				st.byKind[b.Kind+"Max"] = maxes
			}
			if pc := p.PieceOn(b.Square); pc != position.NoPiece {
				maxes[string(p.PieceChar(pc))] = b.Max
			}
		}
	}
	marked := map[string]geom.Set{}
	for _, m := range v.Marks {
		st.Marks = append(st.Marks, markJSON{Square: m.Square.String(), Kind: m.Kind, Title: m.Title})
		s := marked[m.Kind]
		s.Add(m.Square)
		marked[m.Kind] = s
	}
	for k, s := range marked {
		st.byKind[k] = squareNames(s)
	}
	for _, l := range v.Legend {
		st.Legend = append(st.Legend, legendJSON{Kind: l.Kind, Text: l.Text})
	}
}

// stateFor builds the state as seen by seat ("" = spectator), with the
// legal moves and the premoves (the HTTP answers, a client of protocol
// 1). Called with r.mu held.
func (r *room) stateFor(seat string) *gameState { return r.stateView(seat, true, true) }

// stateView builds the state as seen by seat ("" = spectator); withLegal
// false leaves legal out (nil: the field is not sent) and does not build
// the position's legal moves (a view whose clients all speak protocol 2
// and none of which can move: legalFor). check is there either way.
// withPremoves false leaves premoves out and does not build them (a view
// whose clients all speak protocol 2: premovesFor). Called with r.mu
// held.
func (r *room) stateView(seat string, withLegal, withPremoves bool) *gameState {
	g := r.game
	p := g.Pos
	v := r.rs.Variant
	b := v.Board()
	fen := g.FEN()
	board, _, _ := strings.Cut(fen, " ")
	st := &gameState{
		Type: "state", ID: r.id, Variant: r.rec.Variant, Custom: r.rec.VariantINI != "", Presets: r.rec.Presets,
		Files: b.Files, Ranks: b.Ranks, Topology: b.Topology.String(), BoardStyle: boardStyle(v),
		StartFEN: r.rec.StartFEN, FEN: fen, Board: board, Turn: colorName(p.SideToMove()),
		Ply: len(r.moves), Check: []string{},
		Status: r.rec.Status, Result: r.rec.Result, Reason: r.rec.Reason,
		You: seat, DrawOffer: r.draw, AIThinking: r.aiBusy,
		CreatedAt: r.rec.CreatedAt.UnixMilli(), UpdatedAt: r.rec.UpdatedAt.UnixMilli(),
		Productions: r.prods,
		Pieces:      r.pieces,
	}
	if r.prods == nil {
		// the same for every state of the room: built once, shared by the
		// states (read only, also while encoded outside the lock)
		r.prods, _ = json.Marshal(r.productions())
		r.pieces = pieceList(v)
		st.Productions, st.Pieces = r.prods, r.pieces
	}
	if seat == "" {
		st.You = "spectator"
	}
	if n := len(r.moves); n > 0 {
		last := r.moves[n-1] // a copy: the state may be encoded after the room is unlocked
		st.LastMove = &last
	}
	st.Seats = map[string]seatState{}
	for _, c := range []string{"white", "black"} {
		s := r.seat(c)
		st.Seats[c] = seatState{Kind: s.Kind, Taken: s.Kind == store.AI || s.TokenHash != "", Online: s.Kind == store.AI || r.online(c)}
	}
	if seat != "" && r.seat(otherColor(seat)).Kind == store.AI {
		for _, m := range r.moves {
			if m.By == seat {
				st.CanTakeback = !r.over()
				break
			}
		}
	}
	// (also when the game is over: a checkmated king is shown in check)
	st.Check = append(st.Check, r.checkNow()...)
	for c := range r.clients {
		if c.seat == "" {
			st.Watchers++
		}
	}
	st.movesOpen = r.movesOpenJSON()
	setView(st, g, r.moves, seat)
	if withLegal {
		st.Legal = r.legalShown(seat, len(st.Hidden) > 0)
	}
	r.playExtras(st, seat, withPremoves)
	if r.clockOn() {
		now := time.Now().UnixMilli()
		k := r.rec.Clock
		st.Clock = &clockJSON{Initial: k.InitialMS, Increment: k.IncrementMS,
			White: max(r.remaining("white", now), 0), Black: max(r.remaining("black", now), 0)}
		if k.Since != 0 && !r.over() {
			st.Clock.Running = r.sideToMove()
		}
	}
	return st
}

// legalCache is the legal moves of the room's position, built once per
// change of the game (gen) and shared by the states of every view (read
// only: also while they are encoded outside the lock): each move, its
// UCI text and SAN at the same index, and the list as the client sees
// it encoded (legalOf, appendLegalMove). One with moves alone (enc nil)
// is the list play generated for the result of the position
// (keepLegal): legalNow completes it; parseMove does not use it.
type legalCache struct {
	gen, ply int
	moves    []position.Move // the game's LegalMoves, in their order
	ucis     []string        // UCI text of each move (uciTexts)
	sans     []string        // SAN of each move (rules.Game.SANs)
	enc      json.RawMessage // the list, encoded
}

// checkCache is the royal squares in check of the room's position, built
// once per change of the game (gen) as legalCache is, without the legal
// moves.
type checkCache struct {
	gen, ply int
	check    []string
}

// changedNotMoves bumps the room's generation for a change that leaves
// the move list as it was (a seat taken, a status or clock read from
// another instance): the legal moves built for the position stay valid.
func (r *room) changedNotMoves() {
	r.gen++
	if lc := r.legal; lc != nil && lc.gen == r.gen-1 && lc.ply == len(r.moves) {
		lc.gen = r.gen
	}
	if pc := r.pmc; pc != nil && pc.gen == r.gen-1 && pc.ply == len(r.moves) {
		pc.gen = r.gen
	}
	if cc := r.chk; cc != nil && cc.gen == r.gen-1 && cc.ply == len(r.moves) {
		cc.gen = r.gen
	}
}

// premoveCache is the encoded premove list of the room's position, built
// once per change of the game (gen) as legalCache is.
type premoveCache struct {
	gen, ply int
	enc      json.RawMessage // nil: none
}

// premovesJSON returns the encoded premoves of the side not to move
// (premoves), nil when there are none (r.mu held).
func (r *room) premovesJSON() json.RawMessage {
	if pc := r.pmc; pc != nil && pc.gen == r.gen && pc.ply == len(r.moves) {
		return pc.enc
	}
	pc := &premoveCache{gen: r.gen, ply: len(r.moves)}
	if ps := r.premoves(); len(ps) > 0 {
		pc.enc = appendPremoves(make([]byte, 0, 32*len(ps)), ps)
	}
	r.pmc = pc
	return pc.enc
}

// legalJSON returns the encoded legal moves a state or a "legal" answer
// carries: the position's (legalNow), [] when the game is over (r.mu
// held).
func (r *room) legalJSON() json.RawMessage {
	if r.over() {
		return json.RawMessage("[]")
	}
	return r.legalNow().enc
}

// checkNow returns the royal squares in check of the position, White's
// then Black's: the royal pieces each side has in check
// (rules.Game.CheckedRoyals: coregal's queen as well as its king, atomic's
// king unless it stands beside the enemy king, duple check's kings when
// all are attacked, the ruleset's royals), found without the legal moves;
// the result is shared, read only (r.mu held).
func (r *room) checkNow() []string {
	if cc := r.chk; cc != nil && cc.gen == r.gen && cc.ply == len(r.moves) {
		return cc.check
	}
	g := r.game
	cc := &checkCache{gen: r.gen, ply: len(r.moves)}
	for _, c := range []position.Color{position.White, position.Black} {
		for k := g.CheckedRoyals(c); k.Any(); {
			cc.check = append(cc.check, k.Pop().String())
		}
	}
	r.chk = cc
	return cc.check
}

// legalNow returns the legal moves of the position (r.mu held): the
// game's legal moves (those play listed for the position's result when
// it did: keepLegal), their SANs (rules.Game.SANs) and UCI texts
// (uciTexts), and the list encoded, each move as the client sees it
// (legalOf) written straight into the encoding (appendLegalMove).
func (r *room) legalNow() *legalCache {
	var legal []position.Move
	if lc := r.legal; lc != nil && lc.gen == r.gen && lc.ply == len(r.moves) {
		if lc.enc != nil {
			return lc
		}
		legal = lc.moves
	} else {
		legal = r.game.LegalMoves()
	}
	p := r.game.Pos
	lc := &legalCache{gen: r.gen, ply: len(r.moves), moves: legal, ucis: uciTexts(p, legal), sans: r.game.SANs(legal)}
	// the encoding's length, guessed: a move is ~100 bytes
	b := append(make([]byte, 0, 104*len(legal)+2), '[')
	for i, m := range legal {
		if i > 0 {
			b = append(b, ',')
		}
		lm := legalOf(p, m, lc.ucis[i], lc.sans[i])
		b = appendLegalMove(b, &lm)
	}
	lc.enc = append(b, ']')
	r.legal = lc
	return lc
}

// keepLegal keeps legal, the game's legal moves in the position play has
// just reached (listed for its result: ending), for legalNow to complete
// when a state asks for them (r.mu held, r.gen and r.moves those of the
// position).
func (r *room) keepLegal(legal []position.Move) {
	r.legal = &legalCache{gen: r.gen, ply: len(r.moves), moves: legal}
}

// uciTexts returns the UCI text of each of moves (Position.UCI), at the
// same index: written into one buffer, one string for them all (each
// text a part of it), not a string per move.
func uciTexts(p *position.Position, moves []position.Move) []string {
	out := make([]string, len(moves))
	var bufArr [1024]byte
	var endArr [256]int
	buf, ends := bufArr[:0], endArr[:0]
	for _, m := range moves {
		buf = p.AppendUCI(buf, m)
		ends = append(ends, len(buf))
	}
	all, start := string(buf), 0
	for i, end := range ends {
		out[i], start = all[start:end], end
	}
	return out
}

// legalOf is legal move m of p as the client sees it, with its UCI text
// (Position.UCI) and SAN given.
func legalOf(p *position.Position, m position.Move, uci, san string) legalMove {
	lm := legalMove{UCI: uci, SAN: san, To: m.To().String(),
		Production: position.ProductionName(m.Production()), Capture: p.IsCapture(m)}
	if m.Kind() != position.Drop {
		lm.From = m.From().String()
	}
	if w := m.Wall(); w != geom.NoSquare {
		lm.Wall = w.String()
	}
	switch m.Kind() {
	case position.Promotion:
		move, _, _ := strings.Cut(uci, ",") // the move without its wall part
		lm.Kind, lm.Promotion = "promotion", move[len(move)-1:]
	case position.PiecePromotion:
		lm.Kind, lm.Promotion = "piece-promotion", "+"
	case position.PieceDemotion:
		lm.Kind, lm.Promotion = "piece-demotion", "-"
	case position.EnPassant:
		lm.Kind = "en-passant"
	case position.Castling:
		lm.Kind = "castling"
		// the UCI text names the king's target (or the rook in Chess960),
		// maybe followed by a suffix (a gated piece's letter)
		lm.To = leadingSquare(uci[len(lm.From):])
	case position.Drop:
		lm.Kind = "drop"
		lm.Drop = strings.ToLower(string(p.PieceChar(position.MakePiece(position.White, m.PromotionType()))))
		if m.DroppedType() != m.PromotionType() {
			lm.Promotion = "+"
		}
	case position.Pass:
		lm.Kind = "pass"
		if lm.Wall != "" {
			lm.Kind = "wall" // a wall placed without moving (wallOrMove)
		}
	case position.Action:
		lm.Kind = "action" // a house rule's own move: its uci text says which
	default:
		lm.Kind = "normal"
	}
	if lm.Wall != "" {
		lm.To = wallMoveTo(uci, lm.From, lm.To)
	}
	return lm
}

// wallMoveTo is the target square of a walling move's board move: the
// text before the comma (a2a3 of a2a3,a3a4; P@e4 of P@e4,e4d5), whatever
// square the engine's move type reports (to, kept when the text says none).
func wallMoveTo(uci, from, to string) string {
	base, _, _ := strings.Cut(uci, ",")
	sq := ""
	if _, at, drop := strings.Cut(base, "@"); drop {
		sq = at
	} else if from != "" && strings.HasPrefix(base, from) {
		sq = base[len(from):]
	}
	if m := squareText.FindString(sq); m != "" {
		return m
	}
	return to
}

// squareText is a square name at the start of a text.
var squareText = regexp.MustCompile(`^[a-z][0-9]+`)

var baseNotes = map[string]string{
	"fide.pawn-single-push":     "a pawn steps one square forward onto an empty square",
	"fide.pawn-double-push":     "a pawn on its starting rank may step two squares forward through empty squares",
	"fide.pawn-capture":         "a pawn captures one square diagonally forward",
	"fide.en-passant":           "a pawn captures a pawn that just passed it with a double step, as if it had moved one square",
	"fide.promotion":            "a pawn reaching the promotion region becomes a piece of the player's choice",
	"fide.castling":             "king and rook castle: neither has moved, the squares between are empty, the king does not pass through check",
	"fide.king-move":            "the king moves one square in any direction",
	"fide.knight-move":          "the knight leaps (1,2) in any direction",
	"fide.bishop-move":          "the bishop slides diagonally",
	"fide.rook-move":            "the rook slides along ranks and files",
	"fide.queen-move":           "the queen slides along ranks, files and diagonals",
	"base.pass":                 "the variant lets this side pass",
	"base.piece-promotion":      "a piece entering the promotion zone may promote",
	"base.piece-demotion":       "a promoted piece may demote",
	"base.drop":                 "a piece in the pocket is put on an empty square the variant allows",
	"base.gating":               "a piece from the pocket enters on the square a back-rank piece leaves on its first move",
	"fide.capture":              "a piece captures by moving onto an enemy piece",
	"fide.check-detection":      "a move may not leave one's own royal piece attacked",
	"fide.king-capture-illegal": "kings are never captured: check must be answered",
}

// productions explains every production that appears in the ruleset: base
// rules of the variant, and what each preset adds or overrides.
func (r *room) productions() map[string]production {
	out := map[string]production{}
	for _, id := range rules.BaseProductions(r.rs.Variant) {
		note := baseNotes[id]
		if note == "" && strings.HasPrefix(id, "betza.") {
			note = "the piece's own movement in the variant (Betza notation)"
		}
		if note == "" {
			note = "a base rule of " + r.rs.Variant.Name
		}
		out[id] = production{ID: id, By: "base", Role: "base", Note: note}
	}
	for _, s := range r.rs.Specs {
		pr, ok := rules.Lookup(s.ID)
		if !ok {
			continue
		}
		inf := pr.Info()
		for _, id := range inf.Overrides {
			out[id] = production{ID: id, By: inf.ID, Role: "overridden", Note: fmt.Sprintf("%s (overridden by house rule %s: %s)", noteOr(out[id].Note, id), inf.Name, inf.Description)}
		}
		for _, id := range inf.Adds {
			out[id] = production{ID: id, By: inf.ID, Role: "added", Note: fmt.Sprintf("added by house rule %s: %s", inf.Name, inf.Description)}
		}
	}
	return out
}

func noteOr(n, id string) string {
	if n == "" {
		return id
	}
	return n
}

// pgn renders the game as PGN (pgnGame).
func (r *room) pgn() string { return r.pgnGame().String() }

// pgnGame is the game as a PGN record: the variant, house rules, start
// position (when it is not the variant's own), clock, how and why it
// ended. Called with r.mu held.
func (r *room) pgnGame() *pgn.Game {
	g := &pgn.Game{Event: "houserules game", Site: "houserules serve", Date: r.rec.CreatedAt.Format("2006.01.02"), Round: "-",
		White: seatLabel(r.rec.White), Black: seatLabel(r.rec.Black), Result: r.rec.Result, Variant: r.rec.Variant,
		HouseRules: r.rec.Presets, TimeControl: "-", Termination: "unterminated", Final: r.rec.Reason}
	if start, err := pgn.SetUpFEN(r.rs, r.rec.StartFEN, r.rec.Chess960); err == nil {
		g.FEN = start
	} else {
		g.FEN = r.rec.StartFEN
	}
	if k := r.rec.Clock; k.InitialMS > 0 {
		g.TimeControl = pgn.TimeControl(time.Duration(k.InitialMS)*time.Millisecond, time.Duration(k.IncrementMS)*time.Millisecond)
	}
	if r.over() {
		g.Termination = "normal"
		if strings.HasSuffix(r.rec.Reason, "ran out of time") {
			g.Termination = "time forfeit"
		}
	}
	for _, m := range r.moves {
		c := position.White
		if m.By == "black" {
			c = position.Black
		}
		g.Moves = append(g.Moves, pgn.Move{SAN: m.SAN, Color: c, UCI: m.UCI})
	}
	return g
}

func seatLabel(s store.Seat) string {
	if s.Kind == store.AI {
		return fmt.Sprintf("AI level %d", s.Level) // on the 0..20 scale (search.LevelName)
	}
	return "Human"
}

// maskBoard empties the hidden squares of a FEN board field (files ×
// ranks; a "+" before a letter and a "~" after it stay with their piece;
// a pocket in brackets is kept).
func maskBoard(board string, files, ranks int, hidden geom.Set) string {
	pocket := ""
	if i := strings.IndexByte(board, '['); i >= 0 {
		board, pocket = board[:i], board[i:]
	}
	rows := strings.Split(board, "/")
	for i := 0; i < len(rows) && i < ranks; i++ {
		r := ranks - 1 - i
		row := rows[i]
		var cells []string
		for j := 0; j < len(row); {
			c := row[j]
			if c >= '0' && c <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				for ; n > 0; n-- {
					cells = append(cells, "")
				}
				j = k
				continue
			}
			k := j + 1
			if c == '+' && k < len(row) {
				k++
			}
			if k < len(row) && row[k] == '~' {
				k++
			}
			cells = append(cells, row[j:k])
			j = k
		}
		var sb strings.Builder
		empty := 0
		for f, cell := range cells {
			if f < files && hidden.Has(geom.Sq(f, r)) {
				cell = ""
			}
			if cell == "" {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteString(cell)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		rows[i] = sb.String()
	}
	return strings.Join(rows, "/") + pocket
}

// maskFEN masks the board field of a FEN (maskBoard) and drops the items
// of its {…} suffix that name a hidden square.
func maskFEN(fen string, files, ranks int, hidden geom.Set) string {
	head, suffix, braces := strings.Cut(fen, "{")
	board, rest, _ := strings.Cut(strings.TrimSpace(head), " ")
	out := maskBoard(board, files, ranks, hidden) + " " + rest
	if !braces {
		return out
	}
	suffix = strings.TrimSuffix(suffix, "}")
	var groups []string
	for _, grp := range strings.Split(suffix, ";") {
		name, items, ok := strings.Cut(grp, ":")
		if !ok {
			continue
		}
		var kept []string
		for _, it := range strings.Split(items, ",") {
			k, _, _ := strings.Cut(it, "=")
			if s, err := geom.ParseSquare(k, files, ranks); err == nil && hidden.Has(s) {
				continue
			}
			kept = append(kept, it)
		}
		if len(kept) > 0 {
			groups = append(groups, name+":"+strings.Join(kept, ","))
		}
	}
	return out + " {" + strings.Join(groups, ";") + "}"
}

// leadingSquare returns the square name that s starts with ("g1" of
// "g1h"), or s when it starts with none.
func leadingSquare(s string) string {
	i := 0
	if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if i == 0 || j == i {
		return s
	}
	return s[:j]
}

// pocketSlots is one pocket of the view as the state sends it.
func pocketSlots(p *position.Position, slots []rules.PocketSlot) []pocketSlotJSON {
	out := make([]pocketSlotJSON, len(slots))
	for i, s := range slots {
		out[i] = pocketSlotJSON{Letter: strings.ToLower(string(p.PieceChar(position.MakePiece(position.White, s.Type)))), Count: s.Count}
	}
	return out
}

// squareNames lists the squares of a set (sorted).
func squareNames(s geom.Set) []string {
	var out []string
	for s.Any() {
		out = append(out, s.Pop().String())
	}
	if out == nil {
		out = []string{}
	}
	sort.Strings(out)
	return out
}
