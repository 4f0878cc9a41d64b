package server

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"houserules/arena"
	"houserules/pgn"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// scripted is a match player that plays the given moves (UCI) in turn.
type scripted struct {
	name  string
	moves []string
}

func (s *scripted) Name() string                     { return s.name }
func (s *scripted) NewGame(*arena.MatchConfig) error { return nil }
func (s *scripted) Close() error                     { return nil }
func (s *scripted) Move(_ *rules.Game, _ string, played []string, _ arena.Clock) (string, arena.Thought, error) {
	return s.moves[len(played)], arena.Thought{}, nil
}

// TestPGNSameAsMatch: the same game — variant, house rules, a FEN start
// with Black to move, the moves, a clock of 300+2, checkmate — played in a
// server room and in a match gives byte-identical PGN once the players,
// event, site, date and round are the same values: both paths fill the
// pgn package's record and call its one writer. The PGN reads back to the
// game played.
func TestPGNSameAsMatch(t *testing.T) {
	const fen = "6k1/p4ppp/8/8/8/8/5PPP/1R4K1 b - - 0 30"
	const presets = "knight-immunity"
	moves := []string{"a7a5", "h2h3", "a5a4", "h3h4", "a4a3", "h4h5", "g8f8", "g1h2", "f8g8", "b1b8"}

	// the server: a room played through the API
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess", "presets": presets, "fen": fen,
		"clock": map[string]any{"initial": 300, "increment": 2}})
	for i, mv := range moves {
		tok := bt // Black moves first
		if i%2 == 1 {
			tok = wt
		}
		if code, m := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", tok, map[string]any{"move": mv}); code != 200 {
			t.Fatalf("%s: %d %v", mv, code, m)
		}
	}
	room, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	room.mu.Lock()
	fromServer := room.pgnGame()
	room.mu.Unlock()

	// the match: the same moves by two scripted players
	rs := rulestest.Compile(t, "chess", presets)
	cfg := arena.MatchConfig{Variant: "chess", Ruleset: rs, HouseRules: presets, FEN: fen, Games: 1,
		Base: 300 * time.Second, Inc: 2 * time.Second, Seed: 1}
	res, err := arena.RunMatch(&scripted{"A", moves}, &scripted{"B", moves}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := res.Games[0]
	rec.Comments = nil // the engines' time per move, which a room does not record
	fromMatch, err := arena.PGNGame(&cfg, rec, 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}

	for _, g := range []*pgn.Game{fromServer, fromMatch} {
		g.Event, g.Site, g.Date, g.Round, g.White, g.Black = "casual", "test", "2026.12.05", "1", "Ann", "Bob"
	}
	s, m := fromServer.String(), fromMatch.String()
	if s != m {
		t.Fatalf("server:\n%s\nmatch:\n%s", s, m)
	}
	want := `[Event "casual"]
[Site "test"]
[Date "2026.12.05"]
[Round "1"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[Variant "chess"]
[HouseRules "knight-immunity"]
[FEN "6k1/p4ppp/8/8/8/8/5PPP/1R4K1 b - - 0 30"]
[SetUp "1"]
[TimeControl "300+2"]
[Termination "normal"]
[PlyCount "10"]

30... a5 31. h3 a4 32. h4 a3 33. h5 Kf8 34. Kh2 Kg8 35. Rb8# {checkmate} 1-0

`
	if s != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", s, want)
	}

	// the export reads back to the game played
	resp, err := http.Get(ts.URL + "/api/games/" + id + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	build := func(variant, houseRules string) (*rules.Ruleset, error) {
		return rulestest.Compile(t, variant, houseRules), nil
	}
	games, err := pgn.Read(strings.NewReader(string(body)), build)
	if err != nil || len(games) != 1 {
		t.Fatalf("%v, %d games:\n%s", err, len(games), body)
	}
	var uci []string
	for _, mv := range games[0].Moves {
		uci = append(uci, mv.UCI)
	}
	if strings.Join(uci, " ") != strings.Join(moves, " ") || games[0].Result != "1-0" || games[0].Final != "checkmate" {
		t.Errorf("read back: %v %s %q", uci, games[0].Result, games[0].Final)
	}
}
