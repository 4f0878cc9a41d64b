package server

import (
	"bufio"
	"bytes"
	"net"
	"sync"
	"testing"
	"time"
)

// countConn is a net.Conn that records each Write call.
type countConn struct {
	net.Conn
	mu     sync.Mutex
	writes [][]byte
}

func (c *countConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes = append(c.writes, bytes.Clone(p))
	return len(p), nil
}

func (c *countConn) SetWriteDeadline(time.Time) error { return nil }

// TestCorkOneWritePerMessage: a message longer than the library's 4 KB
// write buffer, written corked as the writer does, leaves in one Write
// of the connection (two without the cork), whole and in order; so do
// two messages written while more are queued; and the connection keeps no
// buffer between messages.
func TestCorkOneWritePerMessage(t *testing.T) {
	cc := &countConn{}
	sc := &stopConn{Conn: cc}
	bw := bufio.NewWriterSize(sc, 4096) // net/http's hijacked writer
	msg := bytes.Repeat([]byte("0123456789"), 1100)
	write := func(last bool) {
		sc.cork(true)
		bw.Write([]byte{0x81, 126}) // a frame header, then the payload
		bw.Write(msg)
		bw.Flush()
		if last {
			if err := sc.cork(false); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(true)
	if len(cc.writes) != 1 || len(cc.writes[0]) != 2+len(msg) || !bytes.Equal(cc.writes[0][2:], msg) {
		t.Fatalf("one corked message: %d writes (%d bytes first), want 1 of %d", len(cc.writes), len(cc.writes[0]), 2+len(msg))
	}
	if sc.pending != nil {
		t.Errorf("a buffer of %d bytes kept between messages", cap(sc.pending))
	}
	write(false)
	write(true)
	if len(cc.writes) != 2 || len(cc.writes[1]) != 2*(2+len(msg)) {
		t.Fatalf("two messages queued together: %d writes, want 2 in all", len(cc.writes))
	}
	// uncorked, the same message takes two writes (a full buffer, then the rest)
	cc.writes = nil
	bw.Write([]byte{0x81, 126})
	bw.Write(msg)
	bw.Flush()
	if len(cc.writes) != 2 {
		t.Errorf("uncorked: %d writes, want 2 (the test's premise)", len(cc.writes))
	}
}

// TestCorkFlushDeadline: the flush of a corked message to a client that
// reads nothing fails at the write deadline instead of holding the
// writer for good.
func TestCorkFlushDeadline(t *testing.T) {
	old := corkFlushTimeout
	corkFlushTimeout = 100 * time.Millisecond
	defer func() { corkFlushTimeout = old }()
	a, b := net.Pipe() // nobody reads b
	defer a.Close()
	defer b.Close()
	sc := &stopConn{Conn: a}
	sc.cork(true)
	sc.Write(make([]byte, 10000))
	start := time.Now()
	err := sc.cork(false)
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("flush to a client that reads nothing: %v after %v", err, time.Since(start))
	}
	if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
		t.Errorf("flush error %v, want a timeout", err)
	}
}

// TestLongFrameDeadline: a frame longer than a cork holds (written to the
// network at once) to a client that reads nothing fails at the write
// deadline too: the writer gives the library no context to watch for each
// message, the connection's writes are bounded instead.
func TestLongFrameDeadline(t *testing.T) {
	old := corkFlushTimeout
	corkFlushTimeout = 100 * time.Millisecond
	defer func() { corkFlushTimeout = old }()
	for _, corked := range []bool{true, false} {
		a, b := net.Pipe() // nobody reads b
		sc := &stopConn{Conn: a}
		sc.cork(corked)
		start := time.Now()
		_, err := sc.Write(make([]byte, maxCorked+1))
		if ne, ok := err.(net.Error); !ok || !ne.Timeout() || time.Since(start) > 5*time.Second {
			t.Errorf("corked %v: a %d-byte write to a client that reads nothing: %v after %v, want a timeout", corked, maxCorked+1, err, time.Since(start))
		}
		a.Close()
		b.Close()
	}
}
