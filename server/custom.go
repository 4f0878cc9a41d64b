package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"houserules/rules"
	"houserules/variants"
)

// Custom variants: the check of a pasted variants.ini block, as
// `houserules check` reports it, with the line of each problem (the page
// marks the lines), and the block of a game for "view / reuse".

// customININame is the name a custom block has in messages ("… (custom.ini:26)").
const customININame = "custom.ini"

// iniProblemJSON is one problem of a custom block: its line (0 when it is
// about the whole text) and its message, place included.
type iniProblemJSON struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// iniSectionJSON is one section of a custom block: its header line and
// its problems (none when it loads).
type iniSectionJSON struct {
	Name   string           `json:"name"`
	Line   int              `json:"line"`
	OK     bool             `json:"ok"`
	Errors []iniProblemJSON `json:"errors"`
}

// iniCheckJSON is the "iniCheck" field of POST /api/rulesets/check with an
// ini: report holds the lines `houserules check custom.ini` prints for the
// same text (variants.CheckReport), sections every section with its
// problems, fileErrors the problems outside any section.
type iniCheckJSON struct {
	Report     []string         `json:"report"`
	Sections   []iniSectionJSON `json:"sections"`
	FileErrors []iniProblemJSON `json:"fileErrors"`
}

// checkINI loads a custom block and reports it section by section.
func checkINI(ini string) *iniCheckJSON {
	f, err := variants.Load(customININame, strings.NewReader(ini))
	out := &iniCheckJSON{Sections: []iniSectionJSON{}, FileErrors: problems(err)}
	if f == nil { // I/O only: cannot happen with a string
		return out
	}
	out.Report, _ = variants.CheckReport(f, err)
	for _, s := range f.Sections {
		out.Sections = append(out.Sections, iniSectionJSON{Name: s.Name, Line: s.Line, OK: s.Err == nil, Errors: problems(s.Err)})
	}
	return out
}

// problems splits an error of variants.Load (joined *variants.Error
// values) into its problems, each with its line.
func problems(err error) []iniProblemJSON {
	out := []iniProblemJSON{}
	var walk func(error)
	walk = func(err error) {
		var ve *variants.Error
		if e, ok := err.(*variants.Error); ok {
			out = append(out, iniProblemJSON{Line: e.Line, Message: e.Error()})
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		if errors.As(err, &ve) {
			out = append(out, iniProblemJSON{Line: ve.Line, Message: err.Error()})
			return
		}
		out = append(out, iniProblemJSON{Message: err.Error()})
	}
	if err != nil {
		walk(err)
	}
	return out
}

// firstSection is the name of the first section of a custom block, "" for
// none: the variant of a request that sends an ini without one.
func firstSection(ini string) string {
	f, _ := variants.Load(customININame, strings.NewReader(ini))
	if f == nil || len(f.Sections) == 0 {
		return ""
	}
	return f.Sections[0].Name
}

// writeCheckError answers a failed check; with an ini, the block's
// report (iniCheck) goes with the error.
func writeCheckError(w http.ResponseWriter, e *apiError, ini string) {
	if ini == "" {
		writeError(w, e)
		return
	}
	status := e.Status
	if status == 0 {
		status = http.StatusBadRequest
	}
	writeJSON(w, status, map[string]any{"error": e, "iniCheck": checkINI(ini)})
}

// previewJSON is the start position of a checked variant for the custom
// page's view-only board: the FEN, its board field and the pockets (as in
// the state).
type previewJSON struct {
	FEN     string       `json:"fen"`
	Board   string       `json:"board"`
	Pockets *pocketsJSON `json:"pockets,omitempty"`
}

// previewOf sets up the variant's own start position (never shuffled), or
// nil when it does not set up.
func previewOf(rs *rules.Ruleset) *previewJSON {
	g, err := rules.NewGame(rs, "", false)
	if err != nil {
		return nil
	}
	fen := g.FEN()
	board, _, _ := strings.Cut(fen, " ")
	st := &gameState{Board: board}
	setView(st, g, nil, "")
	return &previewJSON{FEN: fen, Board: st.Board, Pockets: st.Pockets}
}

// writeStartError answers the check of a custom block whose section loads
// but whose start position does not set up (POST /api/games would refuse
// it): the problem goes on the section's startFen line (its header when
// the startFen is inherited).
func writeStartError(w http.ResponseWriter, ini, section string, err error) {
	ic := checkINI(ini)
	msg := "the start position does not set up: " + err.Error()
	for i := range ic.Sections {
		s := &ic.Sections[i]
		if s.Name != section {
			continue
		}
		line := startFenLine(ini, s.Line)
		msg = fmt.Sprintf("variant %q: %s (%s:%d)", section, msg, customININame, line)
		s.OK = false
		s.Errors = append(s.Errors, iniProblemJSON{Line: line, Message: msg})
	}
	writeJSON(w, http.StatusBadRequest, map[string]any{"error": errf(http.StatusBadRequest, CodeBadFEN, msg), "iniCheck": ic})
}

// startFenLine is the line of the startFen key of the section whose header
// is on line header (the header's line when the section has none).
func startFenLine(ini string, header int) int {
	lines := strings.Split(ini, "\n")
	for i := header; i < len(lines); i++ {
		l := strings.TrimSpace(strings.TrimPrefix(lines[i], "\ufeff"))
		if strings.HasPrefix(l, "[") {
			break
		}
		k, _, ok := strings.Cut(l, "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "startFen") {
			return i + 1
		}
	}
	return header
}
