package uci

import (
	"io"
	"strings"
	"testing"
	"time"
)

// xbSession runs the engine on a pipe and collects its output.
type xbSession struct {
	in  *io.PipeWriter
	out *syncBuf
	end chan error
}

func startXB(t *testing.T) *xbSession {
	r, w := io.Pipe()
	out := &syncBuf{}
	s := &xbSession{in: w, out: out, end: make(chan error, 1)}
	go func() { s.end <- New(out).Run(r) }()
	return s
}

func (s *xbSession) send(lines ...string) {
	for _, l := range lines {
		io.WriteString(s.in, l+"\n")
	}
}

// waitFor waits until the output contains text.
func (s *xbSession) waitFor(t *testing.T, text string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		s.out.mu.Lock()
		got := s.out.b.String()
		s.out.mu.Unlock()
		if strings.Contains(got, text) {
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no %q in:\n%s", text, s.out.take())
	return ""
}

// TestXboardProtocol: a session that starts with "xboard" speaks CECP:
// features, variant, usermove answered by move, ping/pong, illegal moves,
// force, ? (move now) and quit.
func TestXboardProtocol(t *testing.T) {
	s := startXB(t)
	s.send("xboard", "protover 2")
	out := s.waitFor(t, "feature done=1")
	if !strings.Contains(out, `variants="normal,fischerandom,`) || !strings.Contains(out, ",capablanca,") || !strings.Contains(out, "usermove=1") {
		t.Fatalf("features:\n%s", out)
	}
	s.out.take()
	// a minute a game: the time for a move is not what stops it short of
	// depth 3 (under -race the search runs several times slower)
	s.send("new", "variant capablanca", "level 0 1 0", "sd 3", "post", "usermove e2e4")
	out = s.waitFor(t, "move ")
	var move string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "move ") {
			move = strings.TrimPrefix(l, "move ")
		}
	}
	if len(move) < 4 || (move[1] != '7' && move[1] != '8' && move[2] != '6' && move[2] != '5') {
		t.Errorf("black's reply %q", move)
	}
	if !strings.Contains(out, "\n3 ") && !strings.HasPrefix(out, "3 ") {
		t.Errorf("no depth-3 thinking line:\n%s", out)
	}
	s.out.take()
	s.send("usermove z9z9", "ping 7")
	out = s.waitFor(t, "pong 7")
	if !strings.Contains(out, "Illegal move: z9z9") {
		t.Errorf("illegal move answer:\n%s", out)
	}
	// force: the engine records moves without answering; go makes it play
	s.out.take()
	s.send("force", "usermove d2d4", "ping 8")
	out = s.waitFor(t, "pong 8")
	if strings.Contains(out, "move ") {
		t.Errorf("moved in force mode:\n%s", out)
	}
	s.send("sd 0", "st 1", "go")
	s.waitFor(t, "move ")
	// a long think stopped by ? still moves
	s.out.take()
	s.send("new", "force", "usermove e2e4", "st 60", "go")
	time.Sleep(100 * time.Millisecond)
	s.send("?")
	s.waitFor(t, "move ")
	s.send("quit")
	select {
	case err := <-s.end:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end the session")
	}
}
