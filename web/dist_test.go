package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// sourcesHash hashes the files the bundle is built from, as build.mjs
// does: for each file (sorted by path): "path\nsha256(content)\n".
func sourcesHash(t *testing.T) string {
	files := []string{"build.mjs", "package-lock.json"}
	err := filepath.WalkDir("src", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fh := sha256.Sum256(data)
		h.Write([]byte(f + "\n" + hex.EncodeToString(fh[:]) + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestDistMatchesSources fails when web/src (or the lock file or the build
// script) changed after web/dist was built: run `npm ci && npm run build`
// in web/ and commit web/dist. It needs no npm.
func TestDistMatchesSources(t *testing.T) {
	want, err := os.ReadFile("dist/SOURCES.sha256")
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcesHash(t); got != strings.TrimSpace(string(want)) {
		t.Fatalf("web/dist was built from other sources (hash %s, sources now %s): run `cd web && npm ci && npm run build` and commit web/dist",
			strings.TrimSpace(string(want)), got)
	}
	for _, f := range []string{"index.html", "assets/app.js", "assets/style.css"} {
		if _, err := fs.Stat(Dist(), f); err != nil {
			t.Errorf("embedded front end lacks %s", f)
		}
	}
}

// TestDistUpToDate rebuilds the bundle and compares it byte for byte with
// web/dist, when the npm packages are installed (npm ci in web/).
func TestDistUpToDate(t *testing.T) {
	if _, err := os.Stat("node_modules/esbuild"); err != nil {
		t.Skip("web/node_modules not installed (cd web && npm ci); TestDistMatchesSources still checks the sources hash")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	out, err := exec.Command(node, "build.mjs", "--check").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestUnit runs the front end's unit tests (web/unit, node's test runner
// over the bundled TypeScript) when the npm packages are installed.
func TestUnit(t *testing.T) {
	if _, err := os.Stat("node_modules/esbuild"); err != nil {
		t.Skip("web/node_modules not installed (cd web && npm ci)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	out, err := exec.Command(node, "unit/run.mjs").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
