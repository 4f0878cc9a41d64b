package loadtest

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// TestReadMessageCopies: readMessage returns each message whole and of its
// own size (a short message after a long one does not keep the long one's
// buffer), in a slice of its own (the scratch buffer is reused), and the
// scratch buffer grows for a message longer than it.
func TestReadMessageCopies(t *testing.T) {
	long := strings.Repeat("x", 20_000)
	msgs := []string{`{"type":"ack","ply":1}`, long, `{"type":"pong"}`}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for _, m := range msgs {
			if err := c.Write(r.Context(), websocket.MessageText, []byte(m)); err != nil {
				return
			}
		}
		c.Read(r.Context()) // until the client closes
	}))
	defer hs.Close()
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	scratch := make([]byte, 8<<10)
	var got [][]byte
	for range msgs {
		b, err := readMessage(ctx, c, &scratch)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b)
	}
	for i, m := range msgs {
		if !bytes.Equal(got[i], []byte(m)) {
			t.Errorf("message %d: %d bytes %.30q…, want %d bytes %.30q…", i, len(got[i]), got[i], len(m), m)
		}
		if cap(got[i]) > len(m)+len(m)/8+64 { // (the allocator's size classes)
			t.Errorf("message %d of %d bytes has a buffer of %d", i, len(m), cap(got[i]))
		}
	}
	if len(scratch) < len(long) {
		t.Errorf("scratch %d bytes after a message of %d", len(scratch), len(long))
	}
}
