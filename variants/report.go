package variants

import (
	"fmt"
	"strings"
)

// CheckReport returns one line per section of f — "ok NAME" or "error
// NAME: reason" — and the number of sections with errors: what
// `houserules check FILE` prints, and what the play server's check of a
// custom block reports. A name defined more than once is followed by the
// line of each definition. fileErr, the error of Load about the file as a
// whole (no section, text before the first section, not UTF-8), comes
// first: one "error: reason" line for each of its problems.
func CheckReport(f *File, fileErr error) (lines []string, bad int) {
	if fileErr != nil {
		for _, l := range strings.Split(fileErr.Error(), "\n") {
			lines = append(lines, "error: "+l)
		}
	}
	if f == nil {
		return lines, bad
	}
	seen := map[string]int{}
	for _, s := range f.Sections {
		seen[s.Name]++
	}
	for _, s := range f.Sections {
		name := s.Name
		if seen[name] > 1 {
			name = fmt.Sprintf("%s (line %d)", name, s.Line)
		}
		if s.Err != nil {
			bad++
			lines = append(lines, fmt.Sprintf("error %s: %s", name, strings.ReplaceAll(s.Err.Error(), "\n", "; ")))
		} else {
			lines = append(lines, "ok "+name)
		}
	}
	return lines, bad
}
