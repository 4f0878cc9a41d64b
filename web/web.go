// Package web holds the front end: its sources (web/src), the bundle built
// from them with esbuild (web/dist, committed so that `go run` works on a
// fresh clone without npm) and the end-to-end tests (web/e2e).
// `npm run build` in web/ rebuilds dist; web/check-dist.sh (and
// TestDistUpToDate when npm is available) checks that it is up to date.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built front end: index.html at its root, assets/ below.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embedded tree always has dist
	}
	return sub
}
