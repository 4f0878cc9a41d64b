package server

import "unicode/utf8"

// The legal-move list and the premove list are encoded once per position
// (legalNow, premovesJSON) and go into the states of it as they are.
// json.Marshal found their shape by reflection for each of the lists'
// moves: a tenth of a move's handling under load (issue 45). appendLegal
// and appendPremoves write the same bytes directly.

// appendLegal appends the JSON array of ms to b: the bytes json.Marshal
// gives for a []legalMove (the same keys in the same order, the omitempty
// fields left out alike, strings escaped alike;
// TestAppendLegalAsMarshal).
func appendLegal(b []byte, ms []legalMove) []byte {
	b = append(b, '[')
	for i := range ms {
		m := &ms[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"uci":`...)
		b = appendJSONString(b, m.UCI)
		b = append(b, `,"san":`...)
		b = appendJSONString(b, m.SAN)
		b = appendOmitEmpty(b, `,"from":`, m.From)
		b = append(b, `,"to":`...)
		b = appendJSONString(b, m.To)
		b = appendOmitEmpty(b, `,"promotion":`, m.Promotion)
		b = appendOmitEmpty(b, `,"drop":`, m.Drop)
		b = appendOmitEmpty(b, `,"wall":`, m.Wall)
		b = append(b, `,"kind":`...)
		b = appendJSONString(b, m.Kind)
		b = append(b, `,"production":`...)
		b = appendJSONString(b, m.Production)
		if m.Capture {
			b = append(b, `,"capture":true`...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
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

// appendJSONString appends s as a JSON string, as json.Marshal writes it
// (encoding/json's appendString with its HTML escaping): '"' and '\\'
// after a backslash, \b \f \n \r \t, other control characters and '<',
// '>', '&' as \u00XX, each byte of invalid UTF-8 as \ufffd, U+2028 and
// U+2029 as \u2028 and \u2029, anything else as it is
// (TestAppendJSONStringAsMarshal, FuzzAppendJSONString).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(b, s[start:]...), '"')
}

const hexDigits = "0123456789abcdef"
