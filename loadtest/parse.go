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
	raw []byte // a state read by parseMsg: Legal is decoded by legal()
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

// legal decodes the legal moves of a state read by parseMsg and returns
// their number.
func (m *serverMsg) legal() int {
	if m.raw != nil {
		m.Legal = nil
		for _, u := range legalUCIs(m.raw) {
			m.Legal = append(m.Legal, struct {
				UCI string `json:"uci"`
			}{u})
		}
		m.raw = nil
	}
	return len(m.Legal)
}

// legalUCIs returns the "uci" of each legal move of a state without
// decoding the list (the tool's own CPU is the server's competitor on one
// machine): the legal array's end is found by a scan that skips strings,
// then each "uci":" inside it is a key (a quote cannot occur unescaped in
// a JSON string) whose value has no escapes. nil when the state has no
// legal array or it is cut short.
func legalUCIs(raw []byte) []string {
	const key = `"legal":[`
	i := bytes.Index(raw, []byte(key))
	if i < 0 {
		return nil
	}
	s := raw[i+len(key):]
	end, depth, inStr, esc := -1, 0, false, false
scan:
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
				end = j
				break scan
			}
			depth--
		}
	}
	if end < 0 {
		return nil
	}
	s = s[:end]
	var out []string
	const uk = `"uci":"`
	for {
		k := bytes.Index(s, []byte(uk))
		if k < 0 {
			return out
		}
		s = s[k+len(uk):]
		e := bytes.IndexByte(s, '"')
		if e < 0 {
			return out
		}
		out = append(out, string(s[:e]))
		s = s[e+1:]
	}
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
