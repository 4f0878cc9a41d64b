package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"houserules/server"
	"houserules/store"
	"houserules/web"
)

func serveCmd() *cobra.Command {
	var addr, db, pprofAddr string
	var cfg server.Config
	var labJobs int
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: web app, HTTP API and WebSocket rooms (games stored in SQLite or PostgreSQL)",
		Long: `serve runs the play server: the web app at /, the JSON API under /api
(openapi.yaml) and the WebSocket rooms (PROTOCOL.md). Every game is stored
as it happens: --db is a SQLite file (default houserules.db in the working
directory) or a postgres:// URL. Several serve processes may share one
PostgreSQL database behind any load balancer (PROTOCOL.md "Running several
instances").`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			log := slog.New(slog.NewTextHandler(os.Stderr, nil))
			if err := checkDBPath(db); err != nil {
				return err
			}
			st, err := store.Open(ctx, db)
			if err != nil {
				return err
			}
			defer st.Close()
			cfg.Store, cfg.Static, cfg.Logger, cfg.Mover = st, web.Dist(), log, server.NewSearchMover(0, 16)
			if cfg.ExpireEmpty == 0 {
				cfg.ExpireEmpty = -1 // --expire-empty 0: never
			}
			if labJobs > 0 {
				stopLab, err := serveLab(ctx, db, labJobs, &cfg)
				if err != nil {
					return err
				}
				defer stopLab()
			}
			srv := server.New(cfg)
			defer srv.Close()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			if pprofAddr != "" {
				if err := servePprof(pprofAddr); err != nil {
					return err
				}
			}
			// an idle keep-alive connection is closed after IdleTimeout
			// (without one it would be held for good: a hostile client
			// could pile them up)
			hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
			// The first line names the address (tests read it; --addr :0 picks a free port).
			fmt.Printf("houserules: serving on http://%s (store: %s %s)\n", displayAddr(ln.Addr()), st.Backend(), dbName(db))
			if st.Clustered() {
				log.Info("instance", "id", srv.Instance(), "lease", cfg.Lease)
			}
			errc := make(chan error, 1)
			go func() { errc <- hs.Serve(ln) }()
			select {
			case err := <-errc:
				if !errors.Is(err, http.ErrServerClosed) {
					return err
				}
			case <-ctx.Done():
				sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				hs.Shutdown(sctx)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", ":8080", "address to listen on (host:port; :0 = a free port)")
	cmd.Flags().StringVar(&db, "db", store.DefaultFile, "SQLite file, or a postgres:// URL")
	cmd.Flags().IntVar(&labJobs, "lab", 0, "the Lab page (/lab, /api/lab): balance studies in --db, played here by this many jobs at once (0: no Lab)")
	// limits (PROTOCOL.md "Limits"); -1 turns one off
	f := cmd.Flags()
	f.IntVar(&cfg.CreatePerMinute, "create-per-minute", server.DefaultCreatePerMinute, "games created per client (remote IP) per minute, in a burst of as many (error rate_limited)")
	f.Float64Var(&cfg.WSPerSecond, "ws-per-second", server.DefaultWSPerSecond, "WebSocket messages per second per connection (error too_many_messages, then close 1008)")
	f.IntVar(&cfg.WSBurst, "ws-burst", server.DefaultWSBurst, "WebSocket messages in a burst per connection")
	f.IntVar(&cfg.RoomConns, "room-conns", server.DefaultRoomConns, "WebSocket connections per game, players and spectators (error too_many_connections)")
	f.IntVar(&cfg.ClientConns, "client-conns", server.DefaultClientConns, "WebSocket connections per client, all games together (error too_many_connections)")
	f.IntVar(&cfg.ConnectsPerMinute, "connects-per-minute", server.DefaultConnectsPerMin, "WebSocket connections a client may open per minute, in a burst of as many (error rate_limited, before the upgrade)")
	f.IntVar(&cfg.MaxFEN, "max-fen", server.DefaultMaxFEN, "bytes of a FEN (error fen_too_long)")
	f.IntVar(&cfg.MaxPresets, "max-presets", server.DefaultMaxPresets, "house rules in one list (error too_many_presets)")
	f.IntVar(&cfg.MaxINI, "max-ini", server.DefaultMaxINI, "bytes of a custom ini block (error ini_too_large)")
	f.DurationVar(&cfg.AIGameBudget, "ai-game-time", server.DefaultAIGameBudget, "AI think time per game; then it plays at 100 ms a move")
	f.StringVar(&cfg.Instance, "instance", "", "name of this process among several on one PostgreSQL, unique among them (default: random; logged at start)")
	f.DurationVar(&cfg.Lease, "lease", server.DefaultLease, "several instances on PostgreSQL: the AI lease, and how often each instance picks up the games nobody looks after (an AI to move, a clock run out)")
	f.StringVar(&pprofAddr, "pprof", "", "serve Go's profiler (net/http/pprof: /debug/pprof/) on this address, e.g. 127.0.0.1:6060 (never a public one)")
	f.DurationVar(&cfg.ExpireEmpty, "expire-empty", server.DefaultExpireEmpty, "delete the games with no move that nobody finished, not updated (created, joined) for this long; their invite links stop working (0 = never)")
	f.BoolVar(&cfg.TrustProxy, "trust-proxy", false, "behind a proxy that appends the client to X-Forwarded-For: count limits by its last address")
	return cmd
}

// servePprof serves net/http/pprof's handlers on their own listener at
// addr (not on the play server's mux).
func servePprof(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--pprof %s: %w", addr, err)
	}
	m := http.NewServeMux()
	m.HandleFunc("/debug/pprof/", pprof.Index)
	m.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	m.HandleFunc("/debug/pprof/profile", pprof.Profile)
	m.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	m.HandleFunc("/debug/pprof/trace", pprof.Trace)
	fmt.Fprintf(os.Stderr, "houserules: profiler on http://%s/debug/pprof/\n", displayAddr(ln.Addr()))
	go (&http.Server{Handler: m, ReadHeaderTimeout: 10 * time.Second}).Serve(ln)
	return nil
}

// displayAddr names a wildcard listener by localhost, so the line is a
// link one can open.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func dbName(dsn string) string {
	if _, sqlite := store.SQLitePath(dsn); !sqlite {
		return "(PostgreSQL URL)"
	}
	return dsn
}

// checkDBPath refuses a SQLite --db that cannot be opened, naming the path
// and the reason (the driver only says "unable to open database file"): a
// directory, or a file in a directory that does not exist. A missing file
// is fine (it is created); a postgres:// URL and ":memory:" are not checked.
func checkDBPath(db string) error {
	db, sqlite := store.SQLitePath(db)
	if !sqlite || db == ":memory:" {
		return nil
	}
	fi, err := os.Stat(db)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("--db %s: is a directory", db)
	case err == nil:
		return nil
	case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("--db %s: %v", db, err)
	}
	dir := filepath.Dir(db)
	di, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("--db %s: the directory %s does not exist", db, dir)
	case err != nil:
		return fmt.Errorf("--db %s: %v", db, err)
	case !di.IsDir():
		return fmt.Errorf("--db %s: %s is not a directory", db, dir)
	}
	return nil
}
