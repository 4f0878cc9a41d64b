package server

import (
	"encoding/json"
	"math"
	"unicode/utf8"
)

// The fast path of parseMsg. Every client message used to go through
// badMessage (json.Unmarshal, reflection) and duplicateKey (a json.Decoder
// token walk with a map per object): about 5% of the server's CPU at
// saturation, for messages such as {"type":"move","move":"e2e4","ply":12}.
// parseMsgFast reads such a message in one hand-written scan, with no
// decoder and no map, and gives the clientMsg json.Unmarshal would. It only
// ever accepts: whatever it does not fully understand, and every message
// that is to be refused (bad JSON, a wrong type, a duplicate key), goes to
// the slow path unchanged, so the refusal texts stay those of badMessage
// and duplicateKey. FuzzParseMsgFast holds the two paths to the same
// results.
//
// What it understands: one JSON object, with JSON whitespace anywhere
// between tokens, of at most maxFastKeys members, whose keys are ASCII
// strings without escapes and whose values are strings without escapes
// (valid UTF-8), numbers, true, false or null. Keys are matched to
// clientMsg's fields without regard to ASCII letter case, as encoding/json
// does (for ASCII keys its folding is exactly that), and two keys equal but
// for ASCII case are a duplicate (duplicateKey folds with strings.ToLower,
// which on ASCII is the same thing). Keys outside clientMsg are skipped,
// as json.Unmarshal skips them.

// maxFastKeys is the most members an object read by parseMsgFast has (the
// duplicate check compares each key with those before it).
const maxFastKeys = 8

// fastField is the clientMsg field a key names.
type fastField uint8

const (
	fieldNone fastField = iota // not a field of clientMsg: skipped
	fieldType
	fieldID
	fieldToken
	fieldMove
	fieldPly
)

// parseMsgFast reads a client message that is a flat JSON object (see
// above) into m; ok is false when the message is left to the slow path
// (then m means nothing). data is not kept: m's strings and its ID are
// copies (the reader reuses its buffer).
func parseMsgFast(data []byte) (m clientMsg, ok bool) {
	var keys [maxFastKeys][]byte
	n := 0
	i := skipJSONSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return m, false
	}
	i = skipJSONSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return m, skipJSONSpace(data, i+1) == len(data)
	}
	for {
		key, j, ascii := scanPlainString(data, i)
		if j < 0 || !ascii || n == len(keys) {
			return m, false
		}
		for _, k := range keys[:n] {
			if asciiEqualFold(k, key) {
				return m, false // duplicateKey says which
			}
		}
		keys[n] = key
		n++
		i = skipJSONSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return m, false
		}
		i = skipJSONSpace(data, i+1)
		if i = fastValue(data, i, fieldOf(key), &m); i < 0 {
			return m, false
		}
		i = skipJSONSpace(data, i)
		if i >= len(data) {
			return m, false
		}
		switch data[i] {
		case ',':
			i = skipJSONSpace(data, i+1)
		case '}':
			return m, skipJSONSpace(data, i+1) == len(data)
		default:
			return m, false
		}
	}
}

// fastValue reads the scalar value that starts at data[i] into f's field
// of m and returns the index just after it, or -1 when the value is left
// to the slow path: an object or an array, a string with an escape, a
// value of the wrong type for f (json.Unmarshal refuses it), a ply that is
// not an integer or does not fit an int. null leaves the field as it is,
// as json.Unmarshal does (the field is still zero: keys are not repeated),
// except the ID, a json.RawMessage, which keeps the text null.
func fastValue(data []byte, i int, f fastField, m *clientMsg) int {
	if i >= len(data) {
		return -1
	}
	start := i
	kind := data[i]
	switch {
	case kind == '"':
		s, j, _ := scanPlainString(data, i)
		if j < 0 {
			return -1
		}
		switch f {
		case fieldType:
			m.Type = msgType(s)
		case fieldToken:
			m.Token = string(s)
		case fieldMove:
			m.Move = string(s)
		case fieldPly:
			return -1
		}
		i = j
	case kind == '-' || '0' <= kind && kind <= '9':
		j, isInt := scanJSONNumber(data, i)
		if j < 0 {
			return -1
		}
		switch f {
		case fieldType, fieldToken, fieldMove:
			return -1
		case fieldPly:
			v, fits := smallInt(data[i:j])
			if !isInt || !fits {
				return -1
			}
			m.Ply = &v
		}
		i = j
	default:
		j := scanJSONLiteral(data, i)
		if j < 0 {
			return -1
		}
		if data[i] != 'n' && f != fieldNone && f != fieldID {
			return -1 // true or false for a string or the ply
		}
		i = j
	}
	if f == fieldID {
		m.ID = append(json.RawMessage(nil), data[start:i]...)
	}
	return i
}

// msgType is a message's type as a string: one of the types handleMsg
// answers without allocating (the type every message has), else a copy.
func msgType(s []byte) string {
	switch string(s) {
	case "move":
		return "move"
	case "ping":
		return "ping"
	case "hello":
		return "hello"
	case "sync":
		return "sync"
	case "legal":
		return "legal"
	case "premoves":
		return "premoves"
	case "resign":
		return "resign"
	case "draw_offer":
		return "draw_offer"
	case "draw_accept":
		return "draw_accept"
	case "draw_decline":
		return "draw_decline"
	case "takeback":
		return "takeback"
	case "abort":
		return "abort"
	case "rematch_offer":
		return "rematch_offer"
	case "rematch_accept":
		return "rematch_accept"
	case "rematch_decline":
		return "rematch_decline"
	}
	return string(s)
}

// fieldOf names the clientMsg field a key sets: its JSON name in any ASCII
// letter case (the key is ASCII).
func fieldOf(key []byte) fastField {
	switch len(key) {
	case 2:
		if asciiEqualFold(key, []byte("id")) {
			return fieldID
		}
	case 3:
		if asciiEqualFold(key, []byte("ply")) {
			return fieldPly
		}
	case 4:
		if asciiEqualFold(key, []byte("type")) {
			return fieldType
		}
		if asciiEqualFold(key, []byte("move")) {
			return fieldMove
		}
	case 5:
		if asciiEqualFold(key, []byte("token")) {
			return fieldToken
		}
	}
	return fieldNone
}

// asciiEqualFold: a and b are equal but for the case of ASCII letters.
func asciiEqualFold(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// skipJSONSpace returns the index of the first byte from i on that is not
// JSON whitespace (space, tab, CR, LF), len(data) when there is none.
func skipJSONSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// scanPlainString reads the JSON string that starts at data[i]: s is its
// text (between the quotes, a slice of data), j the index after its
// closing quote, ascii whether all of it is ASCII. j is -1 when there is
// no string there, or one the fast path leaves alone: with an escape, a
// control character (a syntax error) or bytes that are not UTF-8
// (json.Unmarshal would make them U+FFFD).
func scanPlainString(data []byte, i int) (s []byte, j int, ascii bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, -1, false
	}
	ascii = true
	for k := i + 1; k < len(data); k++ {
		switch c := data[k]; {
		case c == '"':
			s = data[i+1 : k]
			if !ascii && !utf8.Valid(s) {
				return nil, -1, false
			}
			return s, k + 1, ascii
		case c == '\\' || c < 0x20:
			return nil, -1, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, -1, false
}

// scanJSONNumber reads the JSON number that starts at data[i] (RFC 8259:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) and returns the index
// after it, -1 when the text there is not one, and whether it is an
// integer (no fraction, no exponent). What follows it is the caller's to
// check (01 reads as 0 followed by 1, which no caller accepts).
func scanJSONNumber(data []byte, i int) (j int, isInt bool) {
	digits := func(i int) int { // the index after a run of digits, -1 for none
		k := i
		for k < len(data) && '0' <= data[k] && data[k] <= '9' {
			k++
		}
		if k == i {
			return -1
		}
		return k
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	if i < len(data) && data[i] == '0' {
		i++
	} else if i = digits(i); i < 0 {
		return -1, false
	}
	isInt = true
	if i < len(data) && data[i] == '.' {
		isInt = false
		if i = digits(i + 1); i < 0 {
			return -1, false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		isInt = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i = digits(i); i < 0 {
			return -1, false
		}
	}
	return i, isInt
}

// scanJSONLiteral reads true, false or null at data[i] and returns the
// index after it, -1 when none is there.
func scanJSONLiteral(data []byte, i int) int {
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(data)-i >= len(lit) && string(data[i:i+len(lit)]) == lit {
			return i + len(lit)
		}
	}
	return -1
}

// smallInt is the value of an integer's text (scanJSONNumber's grammar,
// no fraction or exponent); fits is false when it has more than 18 digits
// (those the slow path judges: json.Unmarshal refuses what overflows an
// int) or does not fit an int.
func smallInt(b []byte) (v int, fits bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	if n < math.MinInt || n > math.MaxInt {
		return 0, false
	}
	return int(n), true
}
