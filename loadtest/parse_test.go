package loadtest

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestParseMsg: a state is read by its keys (the values a full decode
// gives), its legal moves when asked; other messages are decoded.
func TestParseMsg(t *testing.T) {
	state := `{"type":"state","id":"ab12","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {}","turn":"black","ply":1,` +
		`"moves":[{"uci":"e2e4","san":"e4","by":"white","fen":"x"}],"legal":[{"uci":"e7e5","san":"e5"},{"uci":"g8f6","san":"Nf6"}],"statusText":[],"status":"active","seats":{"white":{"kind":"human"}}}`
	m, ok := parseMsg([]byte(state))
	if !ok || m.Type != "state" || m.Turn != "black" || m.Ply != 1 || m.Status != "active" || m.raw == nil {
		t.Fatalf("state: %+v %v", m, ok)
	}
	if n := m.legal(); n != 2 || m.uci(0) != "e7e5" || m.uci(1) != "g8f6" {
		t.Fatalf("legal: %d %+v", n, m.Legal)
	}
	// protocol 2: the seat that waits gets no legal (a mark's text may
	// name it: not a key)
	m, ok = parseMsg([]byte(`{"type":"state","id":"ab12","turn":"white","ply":1,"statusText":["\"legal\":[{\"uci\":\"a1a2\"}]"],"status":"active"}`))
	if n := m.legal(); !ok || n != 0 || m.Turn != "white" {
		t.Fatalf("a state without legal: %d moves %+v %v", n, m, ok)
	}
	m, ok = parseMsg([]byte(`{"type":"ack","ply":7,"id":3}`))
	if !ok || m.Type != "ack" || m.Ply != 7 || string(m.ID) != "3" || m.raw != nil {
		t.Fatalf("ack: %+v %v", m, ok)
	}
	m, ok = parseMsg([]byte(`{"type":"error","code":"stale_ply","id":"x"}`))
	if !ok || m.Code != "stale_ply" || string(m.ID) != `"x"` {
		t.Fatalf("error: %+v %v", m, ok)
	}
	if _, ok := parseMsg([]byte(`{"type":"state","turn":"wh\"ite","ply":1,"status":"active"`)); ok {
		t.Fatal("a truncated state with an escaped turn was read")
	}
}

// FuzzParseMsg: parseMsg and legal never panic, and a state read by its
// keys has the type, turn and ply a full decode of the same well-formed
// message gives when its keys are not repeated inside it.
func FuzzParseMsg(f *testing.F) {
	f.Add([]byte(`{"type":"state","turn":"white","ply":0,"legal":[{"uci":"e2e4"}],"status":"active"}`))
	f.Add([]byte(`{"type":"ack","ply":1,"id":1}`))
	f.Add([]byte(`{"type":"state","turn":"white","ply":12345678901234567890,"status":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ok := parseMsg(data)
		if !ok {
			return
		}
		raw := m.raw
		n := m.legal()
		if raw != nil {
			// the moves named one by one are the list legalUCIs reads
			want := legalUCIs(raw)
			if n != len(want) {
				t.Fatalf("legal() = %d, legalUCIs %q", n, want)
			}
			for k := range n {
				if got := m.uci(k); got != want[k] {
					t.Fatalf("uci(%d) = %q, legalUCIs %q", k, got, want)
				}
			}
		}
		if m.Type != "state" {
			return
		}
		var full serverMsg
		if json.Unmarshal(data, &full) == nil && full.Type == "state" && full.Turn == m.Turn && full.Ply != m.Ply {
			var probe map[string]json.RawMessage
			if json.Unmarshal(data, &probe) == nil && len(probe) == 4 {
				t.Errorf("ply %d, a full decode %d: %s", m.Ply, full.Ply, data)
			}
		}
	})
}

// legalUCIs returns the "uci" of each legal move of a state (legalArray)
// as a list: what legal() and uci(k) name one by one, for the tests. nil when the state has no legal array or it
// is cut short.
func legalUCIs(raw []byte) []string {
	s := legalArray(raw)
	if s == nil {
		return nil
	}
	var out []string
	for {
		k := bytes.Index(s, []byte(uciKey))
		if k < 0 {
			return out
		}
		s = s[k+len(uciKey):]
		e := bytes.IndexByte(s, '"')
		if e < 0 {
			return out
		}
		out = append(out, string(s[:e]))
		s = s[e+1:]
	}
}

// TestLegalUCIs: the legal moves' UCI read without decoding the list, as a
// full decode gives them, with brackets, braces and escaped quotes inside
// strings and arrays after the list.
func TestLegalUCIs(t *testing.T) {
	raw := []byte(`{"type":"state","legal":[{"uci":"e7e5","san":"a]b{\"c\\","production":"x"},{"uci":"g8f6","san":"Nf6","capture":true}],"check":["uci"],"moves":[{"uci":"zz"}]}`)
	got := legalUCIs(raw)
	var full struct {
		Legal []struct {
			UCI string `json:"uci"`
		} `json:"legal"`
	}
	if err := json.Unmarshal(raw, &full); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != full.Legal[0].UCI || got[1] != full.Legal[1].UCI {
		t.Errorf("legalUCIs = %q, a full decode %+v", got, full.Legal)
	}
	m := serverMsg{raw: raw}
	if n := m.legal(); n != 2 || m.uci(0) != "e7e5" || m.uci(1) != "g8f6" {
		t.Errorf("legal() = %d, uci(0) %q, uci(1) %q", n, m.uci(0), m.uci(1))
	}
	if got := legalUCIs([]byte(`{"legal":[{"uci":"e2e4"`)); got != nil {
		t.Errorf("a cut list: %q", got)
	}
	if got := legalUCIs([]byte(`{"legal":[]}`)); len(got) != 0 {
		t.Errorf("an empty list: %q", got)
	}
}

// TestDecodeHead: a create answer is decoded without its state (whose
// own "id" is not the answer's), and an answer without a state whole.
func TestDecodeHead(t *testing.T) {
	var r seatResp
	ans := `{"id":"g1","seat":"white","token":"t1","seatUrl":"/g/g1#seat=t1","inviteUrl":"/g/g1#invite=c1","watchUrl":"/g/g1","state":{"type":"state","id":"other","token":"x","legal":[{"uci":"e2e4"}]}}`
	if err := decodeHead([]byte(ans), &r); err != nil || r != (seatResp{ID: "g1", Token: "t1", InviteURL: "/g/g1#invite=c1"}) {
		t.Errorf("decodeHead = %+v, %v", r, err)
	}
	r = seatResp{}
	if err := decodeHead([]byte(`{"id":"g2","token":"t2"}`), &r); err != nil || r.ID != "g2" || r.Token != "t2" {
		t.Errorf("decodeHead without state = %+v, %v", r, err)
	}
	if err := decodeHead([]byte(`{"id":`), &r); err == nil {
		t.Error("decodeHead of a cut answer: no error")
	}
}
