package loadtest

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// serverMsg is the part of the server's messages the players read.
type serverMsg struct {
	Type   string          `json:"type"`
	ID     json.RawMessage `json:"id"` // the game's ID in a state, the move's in an ack or error
	Code   string          `json:"code"`
	Ply    int             `json:"ply"`
	Turn   string          `json:"turn"`
	Status string          `json:"status"`
	Legal  []struct {
		UCI string `json:"uci"`
	} `json:"legal"`
	raw      []byte // a state read by parseMsg: its legal moves are found by legal()
	legalRaw []byte // the inside of its legal array, once legal() found it (uci)
	nLegal   int    // the moves in legalRaw
}

// parseMsg reads a server message. A state (the big message) is read
// without decoding it whole: its top-level type, ply, turn and status
// are found by their keys (a key's quotes cannot occur inside a JSON
// string, and these keys are unique in a state), the legal moves only
// when the player is about to move (legal): with protocol 2 a state
// carries them only then (a state of the seat that waits has no "legal",
// and legal finds none). Anything else is decoded.
func parseMsg(data []byte) (serverMsg, bool) {
	var m serverMsg
	if bytes.HasPrefix(data, []byte(`{"type":"state"`)) {
		turn, ok1 := jsonString(data, "turn")
		status, ok2 := jsonString(data, "status")
		ply, ok3 := jsonInt(data, "ply")
		if ok1 && ok2 && ok3 {
			return serverMsg{Type: "state", Turn: turn, Status: status, Ply: ply, raw: data}, true
		}
	}
	return m, json.Unmarshal(data, &m) == nil
}

// legal finds the legal moves of a state read by parseMsg and returns
// their number; uci(k) names the k-th. The list is not copied out (a
// string for each of ~30 moves, on every state of the seat to move, was
// a tenth of the tool's CPU): each move is its "uci" key inside the
// array (legalArray).
func (m *serverMsg) legal() int {
	if m.raw != nil {
		m.legalRaw = legalArray(m.raw)
		m.nLegal = bytes.Count(m.legalRaw, []byte(uciKey))
		m.raw = nil
	}
	if m.legalRaw != nil {
		return m.nLegal
	}
	return len(m.Legal)
}

// uci returns the UCI text of legal move k (0 ≤ k < legal()).
func (m *serverMsg) uci(k int) string {
	if m.legalRaw == nil {
		return m.Legal[k].UCI
	}
	s := m.legalRaw
	for ; ; k-- {
		i := bytes.Index(s, []byte(uciKey))
		s = s[i+len(uciKey):]
		if k == 0 {
			return string(s[:bytes.IndexByte(s, '"')])
		}
	}
}

// uciKey starts the value of a legal move's "uci" (a value without escapes).
const uciKey = `"uci":"`

// legalArray returns the inside of a state's "legal" array: its end is
// found by a scan that skips strings, then each "uci":" inside it is a key
// (a quote cannot occur unescaped in a JSON string) whose value has no
// escapes, and ends with a quote. nil when the state has no legal array
// or it is cut short.
func legalArray(raw []byte) []byte {
	const key = `"legal":[`
	i := bytes.Index(raw, []byte(key))
	if i < 0 {
		return nil
	}
	s := raw[i+len(key):]
	depth, inStr, esc := 0, false, false
	for j, c := range s {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}':
			depth--
		case c == ']':
			if depth == 0 {
				return s[:j:j]
			}
			depth--
		}
	}
	return nil
}

// jsonString returns the string value of the first "key": in data (a
// value without escapes).
func jsonString(data []byte, key string) (string, bool) {
	k := []byte(`"` + key + `":"`)
	i := bytes.Index(data, k)
	if i < 0 {
		return "", false
	}
	rest := data[i+len(k):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 || bytes.IndexByte(rest[:j], '\\') >= 0 {
		return "", false
	}
	return string(rest[:j]), true
}

// jsonInt returns the integer value of the first "key": in data.
func jsonInt(data []byte, key string) (int, bool) {
	k := []byte(`"` + key + `":`)
	i := bytes.Index(data, k)
	if i < 0 {
		return 0, false
	}
	rest := data[i+len(k):]
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(string(rest[:j]))
	return n, err == nil
}
