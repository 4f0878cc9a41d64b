package server

import "encoding/json"

// The legal-move list and the premove list are encoded once per position
// (legalNow, premovesJSON) and go into the states of it as they are.
// json.Marshal found their shape by reflection for each of the lists'
// moves: a tenth of a move's handling under load (issue 45).
// appendLegalMove (each move of legalNow's list) and appendPremoves write
// the same bytes directly.

// appendLegalMove appends the JSON object of m to b, as json.Marshal
// writes it (TestAppendLegalAsMarshal). From and Wall are square names
// (geom.Square.String: a letter and digits, or "-") and Kind one of
// legalOf's words: nothing to escape, written as they are.
func appendLegalMove(b []byte, m *legalMove) []byte {
	b = append(b, `{"uci":`...)
	b = appendJSONString(b, m.UCI)
	b = append(b, `,"san":`...)
	b = appendJSONString(b, m.SAN)
	if m.From != "" {
		b = append(b, `,"from":"`...)
		b = append(append(b, m.From...), '"')
	}
	b = append(b, `,"to":`...)
	b = appendJSONString(b, m.To)
	b = appendOmitEmpty(b, `,"promotion":`, m.Promotion)
	b = appendOmitEmpty(b, `,"drop":`, m.Drop)
	if m.Wall != "" {
		b = append(b, `,"wall":"`...)
		b = append(append(b, m.Wall...), '"')
	}
	b = append(b, `,"kind":"`...)
	b = append(append(b, m.Kind...), '"')
	b = append(b, `,"production":`...)
	b = appendJSONString(b, m.Production)
	if m.Capture {
		b = append(b, `,"capture":true`...)
	}
	return append(b, '}')
}

// appendPremoves appends the JSON array of ps to b: the bytes json.Marshal
// gives for a []premoveJSON (TestAppendPremovesAsMarshal).
func appendPremoves(b []byte, ps []premoveJSON) []byte {
	b = append(b, '[')
	for i := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = appendOmitEmpty(b, `"from":`, ps[i].From)
		if ps[i].Drop != "" {
			if ps[i].From != "" {
				b = append(b, ',')
			}
			b = appendJSONString(append(b, `"drop":`...), ps[i].Drop)
		}
		if ps[i].From != "" || ps[i].Drop != "" {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `"to":`...), ps[i].To)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendOmitEmpty appends key and s, unless s is "" (omitempty).
func appendOmitEmpty(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendJSONString(append(b, key...), s)
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it:
// printable ASCII other than '"', '\\', '<', '>' and '&' as it is (square
// names, UCI, SAN, production names), anything else through json.Marshal
// (its escapes of control characters, HTML characters, invalid UTF-8 and
// U+2028/U+2029; TestAppendJSONStringAsMarshal, FuzzAppendJSONString).
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !jsonPlain[s[i]] {
			q, _ := json.Marshal(s) // a string: cannot fail
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// jsonPlain tells the bytes appendJSONString writes as they are: printable
// ASCII but '"', '\\', '<', '>' and '&' (one lookup a byte: the strings
// of a legal list are most of a state's bytes).
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()
