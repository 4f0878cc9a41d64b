package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"houserules/rules"
)

func compileFor(t testing.TB, variant, ini, presets string) *rules.Ruleset {
	t.Helper()
	var pf presetsField
	pf.Specs, pf.Err = rules.ParseSpecs(presets)
	rs, aerr := compile(variant, ini, pf)
	if aerr != nil {
		t.Fatal(aerr.Message)
	}
	return rs
}

// TestRulesetShared: rooms of the same rules share one compiled ruleset;
// other presets, options or ini text get their own.
func TestRulesetShared(t *testing.T) {
	s := newAIServer(t, Config{})
	id1, wt1, _ := createHumanS(t, s, `{"variant":"chess","presets":"piece-hp","opponent":{"type":"human"}}`)
	id2, _, _ := createHumanS(t, s, `{"variant":"chess","presets":[{"id":"piece-hp"}],"opponent":{"type":"human"}}`)
	id3, _, _ := createHumanS(t, s, `{"variant":"chess","opponent":{"type":"human"}}`)
	_ = wt1
	rs := func(id string) *rules.Ruleset {
		r, err := s.hub.room(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return r.rs
	}
	if rs(id1) != rs(id2) {
		t.Error("two rooms of chess + piece-hp compiled the ruleset twice")
	}
	if rs(id1) == rs(id3) {
		t.Error("chess + piece-hp and plain chess share a ruleset")
	}
	a := compileFor(t, "chess", "", "piece-hp,king-heals")
	if b := compileFor(t, "chess", "", "piece-hp,king-heals"); a != b {
		t.Error("same presets: two rulesets")
	}
	if b := compileFor(t, "chess", "", "piece-hp,poisoned-squares"); a == b {
		t.Error("other presets: the same ruleset")
	}
	// options (no preset takes one yet): by value, not by map order
	k := func(o rules.Options) [32]byte { return rulesetKey("chess", "", []rules.Spec{{ID: "x", Options: o}}) }
	if k(rules.Options{"scope": "white", "n": "1"}) != k(rules.Options{"n": "1", "scope": "white"}) {
		t.Error("the same options: two keys")
	}
	if k(rules.Options{"scope": "white"}) == k(rules.Options{"scope": "black"}) || k(rules.Options{"scope": "white"}) == k(nil) {
		t.Error("other options: the same key")
	}
	ini := "[mine:chess]\nmaxRank = 8\n"
	if compileFor(t, "", ini, "") != compileFor(t, "mine", ini, "") {
		t.Error("an ini's first section named or not: two rulesets")
	}
	if compileFor(t, "", ini, "") == compileFor(t, "", ini+"\n", "") {
		t.Error("two ini texts: the same ruleset")
	}
}

// createHumanS creates a game through s's handler and returns its ID and
// the white token (black: unused).
func createHumanS(t *testing.T, s *Server, body string) (string, string, string) {
	t.Helper()
	id, err := createBody(s, body)
	if err != nil {
		t.Fatal(err)
	}
	return id, "", ""
}

// TestRulesetCacheBounded: the cache keeps the rulesetCacheSize most
// recently used rulesets.
func TestRulesetCacheBounded(t *testing.T) {
	old := compiled
	t.Cleanup(func() { compiled = old })
	compiled = newRulesetCache(3)
	first := compileFor(t, "", "[c0:chess]\n", "")
	for i := 1; i < 10; i++ {
		compileFor(t, "", fmt.Sprintf("[c%d:chess]\n", i), "")
		if n := compiled.len(); n > 3 {
			t.Fatalf("%d rulesets cached, the bound is 3", n)
		}
	}
	if compileFor(t, "", "[c9:chess]\n", "") != compileFor(t, "", "[c9:chess]\n", "") {
		t.Error("the most recent ruleset was dropped")
	}
	if compileFor(t, "", "[c0:chess]\n", "") == first {
		t.Error("the least recently used ruleset is still cached")
	}
}

// TestRulesetSharedConcurrently (run with -race): goroutines compile the
// same rules at once and play random games on the one ruleset they get,
// with presets whose hooks run on every move.
func TestRulesetSharedConcurrently(t *testing.T) {
	// "variant|presets"; the plugins' own hooks too
	sets := []string{"progressiveChess|", "monsterChess|", "fiveCheck|piece-hp", "", "piece-hp", "knight-immunity", "explosive-rook", "wrap-board", "piece-hp,poisoned-squares", "piece-hp,king-heals", "last-piece-standing", "queen-splits"}
	const per = 4
	got := make([][per]*rules.Ruleset, len(sets))
	var wg sync.WaitGroup
	errs := make(chan error, len(sets)*per)
	for i, p := range sets {
		for j := 0; j < per; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				variant, p := "chess", p
				if v, ps, ok := strings.Cut(p, "|"); ok {
					variant, p = v, ps
				}
				var pf presetsField
				pf.Specs, pf.Err = rules.ParseSpecs(p)
				rs, aerr := compile(variant, "", pf)
				if aerr != nil {
					errs <- fmt.Errorf("%s: %s", p, aerr.Message)
					return
				}
				got[i][j] = rs
				g, err := rules.NewGame(rs, "", false)
				if err != nil {
					errs <- err
					return
				}
				rng := rand.New(rand.NewPCG(uint64(i), uint64(j)))
				for ply := 0; ply < 60; ply++ {
					if _, over := g.Result(); over {
						break
					}
					moves := g.LegalMoves()
					if len(moves) == 0 {
						break
					}
					g.Do(moves[rng.IntN(len(moves))])
					_ = g.FEN()
					_ = g.View(rules.Seat(0))
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for i := range sets {
		for j := 1; j < per; j++ {
			if got[i][j] != got[i][0] {
				t.Errorf("presets %q: goroutines got different rulesets", sets[i])
			}
		}
	}
}

// BenchmarkIdleRoomMemory reports the heap per idle room of a ruleset
// already in use (1,000 rooms of chess + piece-hp loaded from the store),
// with the ruleset cache off (each room compiles its own) and on, and
// (used) rooms whose states were built for both seats and a spectator
// and whose clients left:
//
//	go test ./server -run XXX -bench IdleRoomMemory -benchtime 1x
func BenchmarkIdleRoomMemory(b *testing.B) {
	for _, tc := range []struct{ cache, used bool }{{false, false}, {true, false}, {true, true}} {
		cache := tc.cache
		b.Run(fmt.Sprintf("cache=%v/used=%v", cache, tc.used), func(b *testing.B) {
			old := compiled
			defer func() { compiled = old }()
			compiled = newRulesetCache(0)
			if cache {
				compiled = newRulesetCache(rulesetCacheSize)
			}
			const n = 1000
			s := newAIServer(b, Config{CreatePerMinute: -1}) // no rate limit
			ids := make([]string, n)
			for i := range ids {
				id, err := createBody(s, `{"variant":"chess","presets":"piece-hp","opponent":{"type":"human"}}`)
				if err != nil {
					b.Fatal(err)
				}
				ids[i] = id
			}
			s.hub.mu.Lock()
			s.hub.rooms = map[string]*roomEntry{} // drop them: loaded again below
			s.hub.mu.Unlock()
			if _, err := s.hub.room(context.Background(), ids[0]); err != nil { // the ruleset in use
				b.Fatal(err)
			}
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			for _, id := range ids[1:] {
				r, err := s.hub.room(context.Background(), id)
				if err != nil {
					b.Fatal(err)
				}
				if tc.used {
					r.mu.Lock()
					for _, seat := range []string{"white", "black", ""} {
						(&encoded{msg: r.stateFor(seat)}).bytes()
					}
					r.idle()
					r.unlock()
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(int64(m1.HeapAlloc)-int64(m0.HeapAlloc))/float64(n-1), "heapB/room")
			runtime.KeepAlive(s)
		})
	}
}
