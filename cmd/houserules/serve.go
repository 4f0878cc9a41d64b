package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
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
	var addr, db string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: web app, HTTP API and WebSocket rooms (games stored in SQLite or PostgreSQL)",
		Long: `serve runs the play server: the web app at /, the JSON API under /api
(openapi.yaml) and the WebSocket rooms (PROTOCOL.md). Every game is stored
as it happens: --db is a SQLite file (default houserules.db in the working
directory) or a postgres:// URL.`,
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
			srv := server.New(server.Config{Store: st, Static: web.Dist(), Logger: log, Mover: server.NewSearchMover(0, 16)})
			defer srv.Close()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
			// The first line names the address (tests read it; --addr :0 picks a free port).
			fmt.Printf("houserules: serving on http://%s (store: %s %s)\n", displayAddr(ln.Addr()), st.Backend(), dbName(db))
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
	return cmd
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
