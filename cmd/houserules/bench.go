package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"houserules/loadtest"
)

func benchCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "bench", Short: "Benchmarks of a running houserules server"}
	cmd.AddCommand(benchServeCmd(), benchAttackCmd())
	return cmd
}

func benchServeCmd() *cobra.Command {
	var (
		urls, think, spawn, cpuProfile string
		cfg                            loadtest.Config
		seed                           uint64
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Load a play server: N games of two WebSocket players, spectators, AI games; report round-trips, moves/s, errors, RSS, CPU",
		Long: `bench serve drives concurrent games of two human WebSocket players against
a running houserules serve (--url; several comma-separated URLs are
instances of one database: white connects to one, black to the next) or
one it starts itself (--spawn "serve flags"). Each player thinks a random
time in --think (min-max, 0 = saturation) and plays a random legal move of
the state. It reports the move round-trip (the move sent → its ack)
p50/p95/p99/max, moves/s, errors by code, the server limits that answered
and, with --pid or --spawn, the server's CPU and RSS.

The server's limits (--create-per-minute, --connects-per-minute,
--client-conns, --room-conns, --ws-per-second) refuse a big load from one
address: raise them on the server, e.g. --spawn "--db /tmp/b.db
--create-per-minute 100000 --connects-per-minute 100000 --client-conns
100000 --room-conns 100000", or make each game slot its own client with
--forwarded against a server with --trust-proxy.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if cfg.ThinkMin, cfg.ThinkMax, err = parseThink(think); err != nil {
				return err
			}
			cfg.Seed = seed
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if spawn != "" {
				url, pid, stopServer, err := spawnServe(spawn)
				if err != nil {
					return err
				}
				defer stopServer()
				cfg.URLs, cfg.PID = []string{url}, pid
			} else {
				for _, u := range strings.Split(urls, ",") {
					if u = strings.TrimSpace(u); u != "" {
						cfg.URLs = append(cfg.URLs, u)
					}
				}
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "bench serve: %d games (think %s, %d plies, %v), %d spectators, %d AI-first games against %s\n",
				cfg.Games, think, cfg.Plies, cfg.Duration, cfg.Spectators, cfg.AIFirst, strings.Join(cfg.URLs, ", "))
			// the tool shares the machine with the server it measures: it
			// trades memory for less of the CPU its garbage collector takes
			// (the server keeps Go's default)
			debug.SetGCPercent(400)
			if cpuProfile != "" {
				// the load tool's own CPU profile (the server has serve --pprof)
				pf, err := os.Create(cpuProfile)
				if err != nil {
					return err
				}
				defer pf.Close()
				if err := pprof.StartCPUProfile(pf); err != nil {
					return err
				}
				defer pprof.StopCPUProfile()
			}
			rep, err := loadtest.Run(ctx, cfg)
			if rep != nil {
				rep.Write(out)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&urls, "url", "http://localhost:8080", "server base URL; comma-separated URLs = instances (white on one, black on the next)")
	f.StringVar(&spawn, "spawn", "", `start "houserules serve <these flags>" on a free port and load it (its pid is measured)`)
	f.IntVar(&cfg.PID, "pid", 0, "process id of the server, for its CPU and RSS (/proc)")
	f.IntVar(&cfg.Games, "games", 100, "concurrent games of two human players")
	f.StringVar(&think, "think", "1s-3s", "think time of a player before each move: min-max (1s-3s), one duration, or 0 (saturation)")
	f.IntVar(&cfg.Plies, "plies", 40, "plies per game, then a new game (0 = to the end of each game)")
	f.DurationVar(&cfg.Duration, "duration", 30*time.Second, "length of the run (0 = each game slot plays one game)")
	f.DurationVar(&cfg.Ramp, "ramp", 0, "spread the games' starts over this time (0 = all at once)")
	f.DurationVar(&cfg.Timeline, "timeline", 0, "also report the round-trips and game starts in slices of this width (e.g. 1s): where in the run the slow moves were")
	f.IntVar(&cfg.Spectators, "spectators", 0, "spectators on the first game's room (its players' round-trips are reported apart)")
	f.IntVar(&cfg.AIFirst, "ai-first", 0, "games against the AI (level 0) whose AI moves first: how many got their AI move")
	f.DurationVar(&cfg.AIWait, "ai-wait", time.Minute, "how long an AI-first game waits for the AI's move")
	f.StringVar(&cfg.Variant, "variant", "chess", "variant of the games")
	f.Uint64Var(&seed, "seed", 0, "seed of the think times and moves (0 = random)")
	f.StringVar(&cpuProfile, "cpuprofile", "", "write the load tool's own CPU profile to this file (go tool pprof)")
	f.BoolVar(&cfg.Forwarded, "forwarded", false, "each game slot is its own client, named in X-Forwarded-For (for a server with --trust-proxy: its per-client limits stay at their defaults)")
	return cmd
}

func benchAttackCmd() *cobra.Command {
	cfg := loadtest.DefaultAttack("http://localhost:8080")
	var scale float64
	cmd := &cobra.Command{
		Use:   "attack",
		Short: "Attack a play server at fixed rates: message floods, malformed and oversized messages, connection and creation floods",
		Long: `bench attack is the hostile half of the attack benchmark (bench/serve-attack.sh):
from its own process, at fixed rates (per second, all connections together),
it floods one game with pings (--flood, over --flood-conns connections),
sends oversized and malformed messages to another (--bad), opens
connections to a third and holds them (--connect: the game fills up, then
refuses), and creates games from one address (--create). The connecting
attackers name themselves in X-Forwarded-For, in turn from --addresses
addresses (a distributed attack): the server must run with --trust-proxy.
A connection the server closes is replaced from the next address.
--scale multiplies every rate. It prints what it sent and the server's
answers (error codes, HTTP refusals, WebSocket closes). Run
"bench serve --forwarded" beside it to measure the quiet games.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			cfg.Scale(scale)
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "bench attack: %s for %v: flood %.0f msg/s over %d conns, bad %.0f msg/s, connect %.0f/s, create %.0f/s, %d addresses\n",
				cfg.URL, cfg.Duration, cfg.FloodRate, cfg.FloodConns, cfg.BadRate, cfg.ConnectRate, cfg.CreateRate, cfg.Addresses)
			rep, err := loadtest.Attack(ctx, cfg)
			if rep != nil {
				rep.Write(out)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.URL, "url", cfg.URL, "server base URL")
	f.Float64Var(&cfg.FloodRate, "flood", cfg.FloodRate, "ping messages a second on the flooded game")
	f.IntVar(&cfg.FloodConns, "flood-conns", cfg.FloodConns, "connections of the message flood")
	f.Float64Var(&cfg.BadRate, "bad", cfg.BadRate, "oversized and malformed messages a second")
	f.Float64Var(&cfg.ConnectRate, "connect", cfg.ConnectRate, "connection attempts a second on one game (accepted ones held open)")
	f.Float64Var(&cfg.CreateRate, "create", cfg.CreateRate, "game creations a second from one address")
	f.IntVar(&cfg.Addresses, "addresses", cfg.Addresses, "client addresses (X-Forwarded-For) of the connecting attackers")
	f.DurationVar(&cfg.Duration, "duration", cfg.Duration, "length of the attack")
	f.Float64Var(&scale, "scale", 1, "multiply every rate")
	return cmd
}

// parseThink reads "1s-3s", "500ms" or "0".
func parseThink(s string) (lo, hi time.Duration, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	if a == "0" {
		a = "0s"
	}
	if b == "0" {
		b = "0s"
	}
	if lo, err = time.ParseDuration(a); err == nil {
		hi, err = time.ParseDuration(b)
	}
	if err != nil || lo < 0 || hi < lo {
		return 0, 0, fmt.Errorf("--think %q: want min-max durations such as 1s-3s, one duration, or 0", s)
	}
	return lo, hi, nil
}

var servingLine = regexp.MustCompile(`serving on (http://\S+)`)

// spawnServe starts this executable's serve command with flags on a free
// loopback port and returns its URL, its pid and a function that stops it.
func spawnServe(flags string) (string, int, func(), error) {
	exe, err := os.Executable()
	if err != nil {
		return "", 0, nil, err
	}
	args := append([]string{"serve", "--addr", "127.0.0.1:0"}, strings.Fields(flags)...)
	c := exec.Command(exe, args...)
	c.Stderr = os.Stderr
	stdout, err := c.StdoutPipe()
	if err != nil {
		return "", 0, nil, err
	}
	if err := c.Start(); err != nil {
		return "", 0, nil, err
	}
	stopServer := func() {
		c.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { c.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			c.Process.Kill()
			<-done
		}
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := servingLine.FindStringSubmatch(line)
	if m == nil {
		stopServer()
		if err == nil {
			err = errors.New(strings.TrimSpace(line))
		}
		return "", 0, nil, fmt.Errorf("--spawn: houserules serve %s: %v", flags, err)
	}
	go func() { // keep reading: a full pipe would block the server
		buf := make([]byte, 4096)
		for {
			if _, err := stdout.Read(buf); err != nil {
				return
			}
		}
	}()
	return m[1], c.Process.Pid, stopServer, nil
}
