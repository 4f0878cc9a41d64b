package server

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A state message is encoded once per broadcast and view (encoded.bytes,
// tailBytes). json.Marshal found the state's shape by reflection, the raw
// fields were spliced in afterwards (spliceRaw, now in the tests), and a
// state whose view has kinds (viewByKind: badges, marks) was decoded into
// a map and encoded again with the kinds added: ~12% of the server's CPU
// at saturation. appendState writes the same bytes directly
// (TestEncodeStateAsReflect, TestEncodeStateKinds and FuzzEncodeState
// compare it with that encoder, kept as encodeReflect in the tests).

// MarshalJSON writes the state whole with the view's kinds as extra
// top-level fields (viewByKind); a kind never replaces a field of the
// state.
func (st gameState) MarshalJSON() ([]byte, error) { return st.encode(false) }

// encode writes the state whole, or with partial its partial form when it
// has one (statetail.go: since, the moves from that ply on, no
// productions and pieces).
func (st *gameState) encode(partial bool) ([]byte, error) {
	return appendState(make([]byte, 0, stateSize(st, partial)), st, partial)
}

// stateSize guesses the length of st's encoding: its raw fields, its
// strings and lists, and room for the rest.
func stateSize(st *gameState, partial bool) int {
	n := 1024 + len(st.Legal) + len(st.Premoves) + 2*(len(st.FEN)+len(st.StartFEN)+len(st.Board))
	if partial && st.tail != nil {
		n += len(st.tail)
	} else {
		n += len(st.Moves) + len(st.movesOpen) + len(st.Productions) + 80*len(st.Pieces)
	}
	n += 64*(len(st.Badges)+len(st.Marks)+len(st.Legend)+len(st.StatusText)) + 8*(len(st.Check)+len(st.Hidden))
	if len(st.byKind) > 0 {
		n += 32 * len(st.Badges) // the kinds (square → value)
	}
	return n
}

// appendState appends the JSON of st to b: the bytes json.Marshal gave
// for the state with its raw fields (moves, legal, productions, premoves,
// the partial form's tail) spliced in as they are, and, when the view has
// kinds, the state's fields and the kinds not taken by one of them (nor
// partialOnly) sorted by key, as json.Marshal orders a map's. The raw
// fields must be compact JSON as json.Marshal writes it (json.Marshal of
// the map compacted them again: the same bytes). The error is a kind's
// value json.Marshal cannot encode.
func appendState(b []byte, st *gameState, partial bool) ([]byte, error) {
	tail := partial && st.tail != nil
	e := stateEnc{b: b}
	var sc *stateScratch
	if len(st.byKind) > 0 {
		// the fields go into a scratch buffer first, then into b sorted
		sc = scratchPool.Get().(*stateScratch)
		e = stateEnc{b: sc.b[:0], track: true, fields: sc.fields[:0]}
	}
	e.b = append(e.b, '{')
	e.str("type", st.Type)
	e.str("id", st.ID)
	e.str("variant", st.Variant)
	if st.Custom {
		e.lit("custom", "true")
	}
	e.str("presets", st.Presets)
	e.int("files", int64(st.Files))
	e.int("ranks", int64(st.Ranks))
	e.str("topology", st.Topology)
	e.key("boardStyle")
	e.b = appendBoardStyle(e.b, &st.BoardStyle)
	e.str("startFen", st.StartFEN)
	e.str("fen", st.FEN)
	e.str("board", st.Board)
	e.str("turn", st.Turn)
	e.int("ply", int64(st.Ply))
	moves, prods := st.Moves, st.Productions
	switch {
	case tail:
		e.int("since", int64(st.tailFrom))
		moves = st.tail
	case st.Since != nil:
		e.int("since", int64(*st.Since))
	}
	if moves == nil && st.movesOpen != nil {
		e.key("moves")
		e.b = append(append(e.b, st.movesOpen...), ']')
	} else {
		e.raw("moves", moves)
	}
	if st.Legal != nil { // nil: left out (protocol 2, a view that cannot move: legalFor)
		e.raw("legal", st.Legal)
	}
	e.key("lastMove")
	if st.LastMove == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = appendPlayedMove(e.b, st.LastMove)
	}
	e.key("check")
	e.b = appendStrings(e.b, st.Check)
	e.key("badges")
	e.b = appendBadges(e.b, st.Badges)
	e.key("marks")
	e.b = appendMarks(e.b, st.Marks)
	e.key("hidden")
	e.b = appendStrings(e.b, st.Hidden)
	e.key("statusText")
	e.b = appendStrings(e.b, st.StatusText)
	e.key("legend")
	e.b = appendLegend(e.b, st.Legend)
	e.str("status", st.Status)
	e.str("result", st.Result)
	e.str("reason", st.Reason)
	e.key("seats")
	e.b = appendSeats(e.b, st.Seats)
	e.str("you", st.You)
	e.str("drawOffer", st.DrawOffer)
	e.bool("aiThinking", st.AIThinking)
	e.bool("canTakeback", st.CanTakeback)
	appendStateTail(&e, st, tail, prods)
	if sc == nil {
		return append(e.b, '}'), nil
	}
	err := e.kinds(st.byKind)
	if err == nil {
		b = e.appendSorted(b)
	}
	if cap(e.b) <= maxScratch {
		sc.b, sc.fields = e.b[:0], e.fields[:0]
		scratchPool.Put(sc)
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// stateScratch is the buffers appendState writes a state with view kinds
// into before it sorts its fields, kept for the next one (scratchPool).
type stateScratch struct {
	b      []byte
	fields []fieldAt
}

var scratchPool = sync.Pool{New: func() any { return &stateScratch{fields: make([]fieldAt, 0, 64)} }}

// maxScratch is the largest scratch buffer kept (a long game's state).
const maxScratch = 1 << 20

// appendStateTail writes the fields of st from productions on (the
// partial form, tail, has neither productions nor pieces).
func appendStateTail(e *stateEnc, st *gameState, tail bool, prods json.RawMessage) {
	if !tail {
		// a whole state has productions, null when it has none
		e.raw("productions", prods)
		if len(st.Pieces) > 0 {
			e.key("pieces")
			e.b = appendPieces(e.b, st.Pieces)
		}
	}
	if st.Pockets != nil {
		e.key("pockets")
		e.b = appendPockets(e.b, st.Pockets)
	}
	if k := st.Clock; k != nil {
		e.key("clock")
		e.b = append(strconv.AppendInt(append(e.b, `{"initial":`...), k.Initial, 10), `,"increment":`...)
		e.b = append(strconv.AppendInt(e.b, k.Increment, 10), `,"white":`...)
		e.b = append(strconv.AppendInt(e.b, k.White, 10), `,"black":`...)
		e.b = append(strconv.AppendInt(e.b, k.Black, 10), `,"running":`...)
		e.b = append(appendJSONString(e.b, k.Running), '}')
	}
	e.int("watchers", int64(st.Watchers))
	e.int("createdAt", st.CreatedAt)
	e.int("updatedAt", st.UpdatedAt)
	e.bool("canAbort", st.CanAbort)
	e.str("rematchOffer", st.RematchOffer)
	if rm := st.Rematch; rm != nil {
		e.key("rematch")
		e.b = appendJSONString(append(e.b, `{"id":`...), rm.ID)
		e.b = appendJSONString(append(e.b, `,"url":`...), rm.URL)
		e.b = appendOmitEmpty(e.b, `,"seat":`, rm.Seat)
		e.b = append(appendOmitEmpty(e.b, `,"token":`, rm.Token), '}')
	}
	if len(st.Premoves) > 0 {
		e.raw("premoves", st.Premoves)
	}
}

// stateEnc writes the fields of a JSON object into b, after its opening
// brace. With track it notes where each field's value is (fields), for
// appendSorted.
type stateEnc struct {
	b      []byte
	track  bool
	n      int // the fields written
	fields []fieldAt
}

// fieldAt is a field written by stateEnc: its key (not escaped) and the
// span of its value in b.
type fieldAt struct {
	key        string
	start, end int
}

// key starts the field k (a plain key: no character to escape).
func (e *stateEnc) key(k string) {
	e.close()
	if e.n > 0 {
		e.b = append(e.b, ',')
	}
	e.n++
	e.b = append(append(append(e.b, '"'), k...), `":`...)
	if e.track {
		e.fields = append(e.fields, fieldAt{key: k, start: len(e.b), end: -1})
	}
}

// close ends the value of the last field noted.
func (e *stateEnc) close() {
	if e.track && len(e.fields) > 0 && e.fields[len(e.fields)-1].end < 0 {
		e.fields[len(e.fields)-1].end = len(e.b)
	}
}

// str writes the string field k.
func (e *stateEnc) str(k, s string) {
	e.key(k)
	e.b = appendJSONString(e.b, s)
}

// int writes the number field k.
func (e *stateEnc) int(k string, n int64) {
	e.key(k)
	e.b = strconv.AppendInt(e.b, n, 10)
}

// bool writes the boolean field k.
func (e *stateEnc) bool(k string, v bool) {
	e.lit(k, strconv.FormatBool(v))
}

// lit writes the field k with v, JSON as it is.
func (e *stateEnc) lit(k, v string) {
	e.key(k)
	e.b = append(e.b, v...)
}

// raw writes an encoded value as it is, null for nil.
func (e *stateEnc) raw(k string, v json.RawMessage) {
	if v == nil {
		e.lit(k, "null")
		return
	}
	e.key(k)
	e.b = append(e.b, v...)
}

// kinds writes the view's kinds after the state's fields (noted, as they
// are): each kind whose key no field of the state took and that is not
// partialOnly.
func (e *stateEnc) kinds(byKind map[string]any) error {
	e.close()
	for k, v := range byKind {
		if partialOnly[k] || slices.ContainsFunc(e.fields, func(f fieldAt) bool { return f.key == k }) {
			continue
		}
		start := len(e.b)
		var err error
		if e.b, err = appendKind(e.b, v); err != nil {
			return err
		}
		e.fields = append(e.fields, fieldAt{key: k, start: start, end: len(e.b)})
	}
	return nil
}

// appendSorted appends to b the object of the noted fields sorted by
// key (as json.Marshal orders a map's keys: by their bytes, then
// escaped).
func (e *stateEnc) appendSorted(b []byte) []byte {
	slices.SortFunc(e.fields, func(a, b fieldAt) int { return strings.Compare(a.key, b.key) })
	b = append(b, '{')
	for i, f := range e.fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, f.key), ':')
		b = append(b, e.b[f.start:f.end]...)
	}
	return append(b, '}')
}

// appendKind appends a kind's value (viewByKind: square → value of a
// badge kind, piece letter → maximum, a mark kind's squares) as
// json.Marshal writes it; another type goes through json.Marshal.
func appendKind(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case map[string]int:
		if v == nil {
			return append(b, "null"...), nil
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendJSONString(b, k), ':')
			b = strconv.AppendInt(b, int64(v[k]), 10)
		}
		return append(b, '}'), nil
	case []string:
		return appendStrings(b, v), nil
	}
	raw, err := json.Marshal(v)
	return append(b, raw...), err
}

// The state's nested values, each as json.Marshal writes it (a nil slice
// or map as null, omitempty fields left out alike, map keys sorted).

// appendBoardStyle appends the board's drawing (boardStyleJSON).
func appendBoardStyle(b []byte, s *boardStyleJSON) []byte {
	b = appendJSONString(append(b, `{"geometry":`...), s.Geometry)
	b = appendOmitEmpty(b, `,"theme":`, s.Theme)
	if s.River != 0 {
		b = strconv.AppendInt(append(b, `,"river":`...), int64(s.River), 10)
	}
	if len(s.Palaces) > 0 {
		b = append(b, `,"palaces":[`...)
		for i, p := range s.Palaces {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(append(b, '['), p[0])
			b = append(appendJSONString(append(b, ','), p[1]), ']')
		}
		b = append(b, ']')
	}
	return append(appendOmitEmpty(b, `,"walls":`, s.Walls), '}')
}

// appendPlayedMove appends a move of the list (lastMove).
func appendPlayedMove(b []byte, m *playedMove) []byte {
	b = appendJSONString(append(b, `{"uci":`...), m.UCI)
	b = appendJSONString(append(b, `,"san":`...), m.SAN)
	b = appendJSONString(append(b, `,"by":`...), m.By)
	b = appendJSONString(append(b, `,"production":`...), m.Production)
	b = appendOmitEmpty(b, `,"from":`, m.From)
	b = appendOmitEmpty(b, `,"to":`, m.To)
	if m.Capture {
		b = append(b, `,"capture":true`...)
	}
	b = appendJSONString(append(b, `,"fen":`...), m.FEN)
	return append(b, '}')
}

// appendStrings appends a list of strings (nil: null).
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// appendBadges appends the view's badges (nil: null).
func appendBadges(b []byte, bs []badgeJSON) []byte {
	if bs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range bs {
		x := &bs[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"square":`...), x.Square)
		b = appendJSONString(append(b, `,"kind":`...), x.Kind)
		b = strconv.AppendInt(append(b, `,"value":`...), int64(x.Value), 10)
		if x.Max != 0 {
			b = strconv.AppendInt(append(b, `,"max":`...), int64(x.Max), 10)
		}
		b = appendJSONString(append(b, `,"text":`...), x.Text)
		b = append(appendOmitEmpty(b, `,"title":`, x.Title), '}')
	}
	return append(b, ']')
}

// appendMarks appends the view's marks (nil: null).
func appendMarks(b []byte, ms []markJSON) []byte {
	if ms == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"square":`...), ms[i].Square)
		b = appendJSONString(append(b, `,"kind":`...), ms[i].Kind)
		b = append(appendOmitEmpty(b, `,"title":`, ms[i].Title), '}')
	}
	return append(b, ']')
}

// appendLegend appends the view's legend (nil: null).
func appendLegend(b []byte, ls []legendJSON) []byte {
	if ls == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range ls {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"kind":`...), ls[i].Kind)
		b = append(appendJSONString(append(b, `,"text":`...), ls[i].Text), '}')
	}
	return append(b, ']')
}

// appendSeats appends the seats by colour (the keys sorted, as
// json.Marshal writes a map).
func appendSeats(b []byte, seats map[string]seatState) []byte {
	if seats == nil {
		return append(b, "null"...)
	}
	var arr [2]string
	keys := arr[:0]
	for k := range seats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		s := seats[k]
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(appendJSONString(b, k), `:{"kind":`...), s.Kind)
		if s.Level != nil {
			b = strconv.AppendInt(append(b, `,"level":`...), int64(*s.Level), 10)
		}
		b = strconv.AppendBool(append(b, `,"taken":`...), s.Taken)
		b = strconv.AppendBool(append(b, `,"online":`...), s.Online)
		b = append(appendOmitEmpty(b, `,"levelName":`, s.LevelName), '}')
	}
	return append(b, '}')
}

// appendPieces appends the variant's piece types (not empty: the field
// is omitempty).
func appendPieces(b []byte, ps []pieceJSON) []byte {
	b = append(b, '[')
	for i := range ps {
		p := &ps[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"letter":`...), p.Letter)
		b = appendJSONString(append(b, `,"name":`...), p.Name)
		b = appendJSONString(append(b, `,"betza":`...), p.Betza)
		if p.Royal {
			b = append(b, `,"royal":true`...)
		}
		b = append(appendOmitEmpty(b, `,"promoted":`, p.Promoted), '}')
	}
	return append(b, ']')
}

// appendPockets appends both pockets.
func appendPockets(b []byte, p *pocketsJSON) []byte {
	b = appendPocket(append(b, `{"white":`...), p.White)
	b = appendPocket(append(b, `,"black":`...), p.Black)
	if p.Free {
		b = append(b, `,"free":true`...)
	}
	return append(b, '}')
}

// appendPocket appends one pocket's slots (nil: null).
func appendPocket(b []byte, slots []pocketSlotJSON) []byte {
	if slots == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range slots {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"letter":`...), s.Letter)
		b = append(strconv.AppendInt(append(b, `,"count":`...), int64(s.Count), 10), '}')
	}
	return append(b, ']')
}
