package server

import (
	"bytes"
	"encoding/json"
)

// The state encoder appendState replaced (stateenc.go), kept as the
// oracle of TestEncodeStateAsReflect and FuzzEncodeState: json.Marshal of
// the state by reflection, the raw fields spliced in, and with the view's
// kinds the whole decoded into a map and encoded again.

// encodeReflect writes the state whole, or with partial its partial form
// when it has one (statetail.go: since, the moves from that ply on, no
// productions and pieces), as encode did before appendState.
func (st gameState) encodeReflect(partial bool) ([]byte, error) {
	type plain gameState
	// the productions (long notes, the same in every state of the room),
	// the move list (encoded once per move, movesJSON) and the legal moves
	// (once per position, legalNow) go in as they
	// were encoded, not checked and compacted again as json.Marshal does
	// with a json.RawMessage (a key's quote cannot occur unescaped inside
	// a JSON string: the first match is the field)
	prods, moves, legal, premoves := st.Productions, st.Moves, st.Legal, st.Premoves
	if moves == nil && st.movesOpen != nil {
		moves = append(append(json.RawMessage{}, st.movesOpen...), ']')
	}
	st.Moves, st.Legal, st.Premoves = nil, nil, nil
	st.Productions = json.RawMessage("null") // the place of prods (a nil one is left out: omitempty)
	if legal != nil {
		st.Legal = json.RawMessage("null") // its place (a state without legal leaves it out)
	}
	if partial && st.tail != nil {
		since := st.tailFrom
		moves, prods, st.Since = st.tail, nil, &since
		st.Productions, st.Pieces = nil, nil
	}
	b, err := json.Marshal(plain(st))
	if err == nil {
		b = spliceRaw(b, []rawField{{`"moves":null`, moves}, {`"legal":null`, legal}, {`"productions":null`, prods}}, premoves)
	}
	if err != nil || len(st.byKind) == 0 {
		return b, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	for k, v := range st.byKind {
		if _, taken := fields[k]; taken || partialOnly[k] {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		fields[k] = raw
	}
	return json.Marshal(fields)
}

// rawField is a field encoded as null whose value goes in as raw.
type rawField struct {
	null string // `"key":null`
	raw  []byte // nil: left null
}

// spliceRaw replaces each field's `"key":null` in b by its raw value, in
// one copy; fields are given in the order they appear in b, each found
// after the previous one. premoves, when not empty, goes in as the last
// field of the object b (where json.Marshal puts the state's last field,
// premoves, left out while empty).
func spliceRaw(b []byte, fields []rawField, premoves []byte) []byte {
	n, from := len(b), 0
	if len(premoves) > 0 {
		n += len(`,"premoves":`) + len(premoves)
	}
	at := make([]int, len(fields))
	for k, f := range fields {
		at[k] = -1
		if f.raw == nil {
			continue
		}
		if i := bytes.Index(b[from:], []byte(f.null)); i >= 0 {
			at[k] = from + i + len(f.null) - len("null")
			from = at[k] + len("null")
			n += len(f.raw) - len("null")
		}
	}
	out := make([]byte, 0, n)
	last := 0
	for k, f := range fields {
		if at[k] < 0 {
			continue
		}
		out = append(append(out, b[last:at[k]]...), f.raw...)
		last = at[k] + len("null")
	}
	if len(premoves) == 0 {
		return append(out, b[last:]...)
	}
	out = append(out, b[last:len(b)-1]...) // without the closing brace
	return append(append(append(out, `,"premoves":`...), premoves...), '}')
}
