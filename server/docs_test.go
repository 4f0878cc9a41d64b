package server

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocsCoverRoutes: every API route is in openapi.yaml and every error
// code is in PROTOCOL.md.
func TestDocsCoverRoutes(t *testing.T) {
	api, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var src []byte
	for _, f := range []string{"server.go", "lab.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, b...)
	}
	for _, m := range regexp.MustCompile(`HandleFunc\("(GET|POST) (/api/[^"]+)"`).FindAllStringSubmatch(string(src), -1) {
		path, method := m[2], strings.ToLower(m[1])
		i := strings.Index(string(api), "\n  "+path+":\n")
		if i < 0 {
			t.Errorf("openapi.yaml lacks %s", path)
			continue
		}
		rest := string(api)[i+len(path)+4:]
		if j := strings.Index(rest, "\n  /"); j >= 0 {
			rest = rest[:j]
		}
		if !strings.Contains(rest, "\n    "+method+":") {
			t.Errorf("openapi.yaml lacks %s %s", m[1], path)
		}
	}
	proto, err := os.ReadFile("../PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	errs, _ := os.ReadFile("errors.go")
	for _, m := range regexp.MustCompile(`= "([a-z_]+)"`).FindAllStringSubmatch(string(errs), -1) {
		if m[1] == "method_not_allowed" {
			continue
		}
		if !strings.Contains(string(proto), "`"+m[1]+"`") {
			t.Errorf("PROTOCOL.md lacks the error code %s", m[1])
		}
	}
}
