package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"houserules/lab"
	"houserules/store"
)

// Limits of a study started from the web page (the CLI has none).
const (
	labMaxRulesets = 16
	labMaxGames    = 1000   // per ruleset
	labMaxNodes    = 200000 // per move
)

// labReq is POST /api/lab/studies: a balance study (package lab).
type labReq struct {
	Variant  string `json:"variant"`
	Rulesets string `json:"rulesets"` // "piece-hp;wrap-board;-" (lab.ParseRulesets)
	Games    int    `json:"games"`    // per ruleset, even
	Level    *int   `json:"level"`    // 0..20 (default 20)
	Nodes    int64  `json:"nodes"`    // per move; 0 = movetimeMs
	MoveTime int    `json:"movetimeMs"`
	Openings *int   `json:"openings"` // random opening plies (default 4)
	MaxPlies int    `json:"maxPlies"` // default 300
	Seed     int64  `json:"seed"`     // 0 = from the clock
}

// labRoutes registers the Lab page and its API when the server has a lab
// (serve --lab): GET/POST /api/lab/studies, GET /api/lab/studies/{id}
// (progress and results), GET /api/lab/studies/{id}/plots/{name} (the
// SVG plots), POST /api/lab/studies/{id}/cancel, GET
// /api/lab/studies/{id}/games (the games, without moves) and POST
// /api/lab/games/{job}/{idx}/open (a lab game as a finished game of the
// store, for the game page).
func (s *Server) labRoutes(m *http.ServeMux) {
	if s.cfg.Lab == nil {
		return
	}
	m.HandleFunc("GET /api/lab/studies", s.handleLabList)
	m.HandleFunc("POST /api/lab/studies", s.handleLabCreate)
	m.HandleFunc("GET /api/lab/studies/{id}", s.handleLabGet)
	m.HandleFunc("GET /api/lab/studies/{id}/plots/{name}", s.handleLabPlot)
	m.HandleFunc("POST /api/lab/studies/{id}/cancel", s.handleLabCancel)
	m.HandleFunc("GET /api/lab/studies/{id}/games", s.handleLabGames)
	m.HandleFunc("POST /api/lab/games/{job}/{idx}/open", s.handleLabOpen)
	if s.cfg.Static != nil {
		m.HandleFunc("GET /lab", func(w http.ResponseWriter, r *http.Request) { s.serveIndex(w) })
	}
}

func (s *Server) handleLabCreate(w http.ResponseWriter, r *http.Request) {
	var req labReq
	if aerr := s.decode(w, r, &req); aerr != nil {
		writeError(w, aerr)
		return
	}
	rs, err := lab.ParseRulesets(req.Rulesets)
	if err != nil {
		writeError(w, errf(http.StatusBadRequest, CodeBadPresets, err.Error()))
		return
	}
	if len(rs) > labMaxRulesets || req.Games > labMaxGames || req.Nodes > labMaxNodes {
		writeError(w, errf(http.StatusBadRequest, CodeBadRequest, "a study from the web has at most 16 rulesets, 1000 games each and 200000 nodes a move (the CLI's `houserules lab run` has no limit)"))
		return
	}
	st := &lab.Study{Variant: req.Variant, Rulesets: rs, Games: req.Games, Level: 20, Nodes: req.Nodes, MoveTime: req.MoveTime,
		Openings: 4, MaxPlies: req.MaxPlies, Seed: req.Seed}
	if st.Variant == "" {
		st.Variant = "chess"
	}
	if req.Level != nil {
		st.Level = *req.Level
	}
	if req.Openings != nil {
		st.Openings = *req.Openings
	}
	if st.MaxPlies == 0 {
		st.MaxPlies = 300
	}
	if st.Nodes == 0 && st.MoveTime == 0 {
		st.MoveTime = 100
	}
	if st.Seed == 0 {
		st.Seed = time.Now().UnixNano() & (1<<62 - 1)
	}
	if err := s.cfg.Lab.Enqueue(r.Context(), st); err != nil {
		writeError(w, errf(http.StatusBadRequest, CodeBadRequest, err.Error()))
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": st.ID, "study": st})
}

func (s *Server) handleLabList(w http.ResponseWriter, r *http.Request) {
	studies, err := s.cfg.Lab.Studies(r.Context())
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	out := []*lab.Progress{}
	for _, st := range studies[:min(len(studies), 50)] {
		p, err := s.cfg.Lab.Status(r.Context(), st.ID)
		if err != nil {
			writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
			return
		}
		out = append(out, p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"studies": out})
}

// labStudy reads the {id} of the path; it writes the error and returns 0
// if there is no such study.
func (s *Server) labStudy(w http.ResponseWriter, r *http.Request) int64 {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err == nil {
		if _, err = s.cfg.Lab.Study(r.Context(), id); err == nil {
			return id
		}
	}
	if err == nil || errors.Is(err, lab.ErrNoStudy) || errors.Is(err, strconv.ErrSyntax) || errors.Is(err, strconv.ErrRange) {
		writeError(w, errf(http.StatusNotFound, CodeNotFound, "no study "+r.PathValue("id")))
	} else {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
	}
	return 0
}

func (s *Server) handleLabGet(w http.ResponseWriter, r *http.Request) {
	id := s.labStudy(w, r)
	if id == 0 {
		return
	}
	p, err := s.cfg.Lab.Status(r.Context(), id)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	rep, err := s.cfg.Lab.BuildReport(r.Context(), id)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"progress": p, "finished": p.Finished(), "report": rep})
}

func (s *Server) handleLabPlot(w http.ResponseWriter, r *http.Request) {
	id := s.labStudy(w, r)
	if id == 0 {
		return
	}
	rep, err := s.cfg.Lab.BuildReport(r.Context(), id)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	var buf bytes.Buffer
	if err := rep.SVG(r.PathValue("name"), &buf); errors.Is(err, lab.ErrNoPlot) {
		writeError(w, errf(http.StatusNotFound, CodeNotFound, err.Error()))
		return
	} else if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(buf.Bytes())
}

func (s *Server) handleLabCancel(w http.ResponseWriter, r *http.Request) {
	id := s.labStudy(w, r)
	if id == 0 {
		return
	}
	n, err := s.cfg.Lab.Cancel(r.Context(), id)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "cancelled": n})
}

// labGameJSON is a lab game in GET /api/lab/studies/{id}/games.
type labGameJSON struct {
	Job         int64  `json:"job"`
	Index       int    `json:"index"`
	Ruleset     int    `json:"ruleset"`
	Pair        int    `json:"pair"`
	Result      string `json:"result"`
	Reason      string `json:"reason"`
	Termination string `json:"termination"`
	Plies       int    `json:"plies"`
}

func (s *Server) handleLabGames(w http.ResponseWriter, r *http.Request) {
	id := s.labStudy(w, r)
	if id == 0 {
		return
	}
	games, err := s.cfg.Lab.Games(r.Context(), id)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	out := make([]labGameJSON, len(games))
	for i, g := range games {
		out[i] = labGameJSON{g.JobID, g.Index, g.Ruleset, g.Pair, g.Result, g.Reason, g.Termination, g.Plies}
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// handleLabOpen stores lab game {job}/{idx} as a finished game between two
// AI seats (once; its ID is lab-{job}-{idx}) so that the game page
// (/g/{id}) shows it, and answers its ID.
func (s *Server) handleLabOpen(w http.ResponseWriter, r *http.Request) {
	job, err1 := strconv.ParseInt(r.PathValue("job"), 10, 64)
	idx, err2 := strconv.Atoi(r.PathValue("idx"))
	if err1 != nil || err2 != nil {
		writeError(w, errf(http.StatusNotFound, CodeNotFound, "no lab game "+r.PathValue("job")+"/"+r.PathValue("idx")))
		return
	}
	gameID := fmt.Sprintf("lab-%d-%d", job, idx)
	ctx := r.Context()
	if _, err := s.cfg.Store.GetGame(ctx, gameID); err == nil {
		writeJSON(w, http.StatusOK, map[string]any{"id": gameID})
		return
	}
	g, err := s.cfg.Lab.Game(ctx, job, idx)
	if errors.Is(err, lab.ErrNoGame) {
		writeError(w, errf(http.StatusNotFound, CodeNotFound, err.Error()))
		return
	}
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	st, err := s.cfg.Lab.Study(ctx, g.StudyID)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	rep, err := lab.ReplayGame(st, g)
	if err != nil {
		writeError(w, errf(http.StatusInternalServerError, CodeInternal, err.Error()))
		return
	}
	if aerr := s.storeLabGame(r, gameID, st, g, rep); aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": gameID})
}

// storeLabGame writes the replayed game to the store: created, its moves
// appended, the last with the game's result (an adjudicated draw is
// over by the lab's reason).
func (s *Server) storeLabGame(r *http.Request, gameID string, st *lab.Study, g *lab.Game, rep *lab.Replay) *apiError {
	ctx := r.Context()
	rec := &store.Game{ID: gameID, Variant: rep.Variant, Presets: rep.Presets, StartFEN: rep.StartFEN, Chess960: rep.Chess960,
		White: store.Seat{Kind: store.AI, Level: st.Level}, Black: store.Seat{Kind: store.AI, Level: st.Level}, Status: store.StatusActive}
	if err := s.cfg.Store.CreateGame(ctx, rec); err != nil {
		if _, gerr := s.cfg.Store.GetGame(ctx, gameID); gerr == nil {
			return nil // opened at the same time by another request
		}
		return errf(http.StatusInternalServerError, CodeStorage, err.Error())
	}
	reason := g.Reason
	if g.Termination != "normal" && g.Termination != "" {
		reason = g.Termination + ": " + g.Reason
	}
	end := store.Ending{Result: g.Result, Reason: reason}
	for i := range rep.UCI {
		var e *store.Ending
		if i == len(rep.UCI)-1 {
			e = &end
		}
		if err := s.cfg.Store.AppendMove(ctx, gameID, store.Move{Ply: i, UCI: rep.UCI[i], SAN: rep.SAN[i], FENAfter: rep.FENAfter[i]}, e, nil); err != nil {
			return errf(http.StatusInternalServerError, CodeStorage, err.Error())
		}
	}
	if len(rep.UCI) == 0 {
		if err := s.cfg.Store.Finish(ctx, gameID, end, nil); err != nil {
			return errf(http.StatusInternalServerError, CodeStorage, err.Error())
		}
	}
	return nil
}
