package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// --- the board editor: POST /api/positions/check ---

type positionReq struct {
	rulesetReq
	FEN      string `json:"fen"`      // "" checks the variant's start position
	Chess960 bool   `json:"chess960"` // castling by rook files (Chess960 rules)
}

// castlingJSON tells the editor what the FEN's castling field may say in
// the variant: which pieces castle and on which rank.
type castlingJSON struct {
	Allowed  bool   `json:"allowed"`  // the variant has castling
	Chess960 bool   `json:"chess960"` // the variant always castles by Chess960 rules
	Rank     int    `json:"rank"`     // White's castling rank, 1-based (Black's is the mirror)
	King     string `json:"king"`     // the castling king's letter (lower case)
	Rooks    string `json:"rooks"`    // the letters of the pieces a king castles with
	KingFile string `json:"kingFile"` // the king's castling file in the standard start ("e")
	Gating   bool   `json:"gating"`   // the field also holds gates (S-Chess)
}

// positionCheck is the answer for a FEN the engine sets up.
type positionCheck struct {
	OK         bool           `json:"ok"`
	FEN        string         `json:"fen"`    // as the engine writes it back (normalised)
	Status     string         `json:"status"` // "in play", or how the game ends here: checkmate, stalemate …
	Result     string         `json:"result"` // "" in play, else 1-0, 0-1, 1/2-1/2
	Moves      int            `json:"moves"`  // legal moves of the side to move
	Turn       string         `json:"turn"`
	Check      bool           `json:"check"` // the side to move is in check
	Variant    string         `json:"variant"`
	Files      int            `json:"files"`
	Ranks      int            `json:"ranks"`
	StartFEN   string         `json:"startFen"`
	BoardStyle boardStyleJSON `json:"boardStyle"`
	Pieces     []pieceJSON    `json:"pieces"`
	Pockets    *pocketsJSON   `json:"pockets,omitempty"` // the pocket slots (and counts of this FEN)
	// PocketOrder: the letters in the order the FEN's pocket lists them
	// (Fairy-Stockfish's: king first, pawn last), in a variant with pockets
	PocketOrder string       `json:"pocketOrder,omitempty"`
	Castling    castlingJSON `json:"castling"`
}

func (s *Server) handlePositionCheck(w http.ResponseWriter, r *http.Request) {
	var req positionReq
	res := s.readRuleset(w, r, &req, &req.rulesetReq, &req.FEN)
	if res == nil {
		return
	}
	out, aerr := checkPosition(res.Ruleset, req.FEN, req.Chess960)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	if req.INI == "" {
		out.Variant = res.Name
	}
	writeJSON(w, 200, out)
}

// checkPosition sets up fen ("" the start position) as a game would start
// from it and describes it, or refuses it with the FEN parser's message
// (the field and the place) or the placement check's
// (position.CheckPlacement: a pawn on the first rank …).
func checkPosition(rs *rules.Ruleset, fen string, chess960 bool) (*positionCheck, *apiError) {
	fen = strings.TrimSpace(fen)
	g, aerr := setUp(rs, fen, chess960, fen != "")
	if aerr != nil {
		return nil, aerr
	}
	p := g.Pos
	v := p.V
	b := v.Board()
	out := &positionCheck{OK: true, FEN: g.FEN(), Status: "in play", Turn: colorName(p.SideToMove()),
		Check: g.InCheck(p.SideToMove()), Variant: v.Name, Files: b.Files, Ranks: b.Ranks,
		StartFEN: v.StartFEN, BoardStyle: boardStyle(v), Pieces: pieceList(v)}
	if end := ending(g); end != nil {
		out.Status, out.Result = end.Reason, end.Result
	}
	if out.Result == "" {
		out.Moves = len(g.LegalMoves())
	}
	if v.HasPockets() {
		view := g.View(rules.ParseSeat(""))
		out.Pockets = &pocketsJSON{White: pocketSlots(p, view.Pockets[position.White]), Black: pocketSlots(p, view.Pockets[position.Black]), Free: v.FreeDrops}
		types := v.PieceTypes().Types()
		for i := len(types) - 1; i >= 0; i-- {
			out.PocketOrder += letterOf(p, types[i])
		}
	}
	out.Castling = castlingJSON{Allowed: v.Castling, Chess960: v.Chess960, Rank: v.CastlingRank + 1,
		KingFile: string(rune('a' + v.CastlingKingFile)), Gating: v.Gating}
	if v.Castling {
		out.Castling.King = letterOf(p, v.CastlingKingPiece[position.White])
		for _, pt := range v.CastlingRookPieces[position.White].Types() {
			out.Castling.Rooks += letterOf(p, pt)
		}
	}
	return out, nil
}

// letterOf is the lower-case FEN letter of a piece type.
func letterOf(p *position.Position, pt position.PieceType) string {
	return strings.ToLower(string(p.PieceChar(position.MakePiece(position.White, pt))))
}

// setUp sets up a game from a start FEN given by a client (the editor's
// check, a game created from a position): the engine's FEN parser, then
// the placement check (when placement); errors are bad_fen with the
// parser's message.
func setUp(rs *rules.Ruleset, fen string, chess960, placement bool) (*rules.Game, *apiError) {
	g, err := rules.NewGame(rs, fen, chess960 || rs.Variant.Chess960)
	if err != nil {
		return nil, errf(http.StatusBadRequest, CodeBadFEN, err.Error())
	}
	if placement {
		board, _ := rules.SplitFacts(fen)
		if err := g.Pos.CheckPlacement(board); err != nil {
			return nil, errf(http.StatusBadRequest, CodeBadFEN, err.Error())
		}
	}
	return g, nil
}

// --- recent games: GET /api/games?ids=… ---

// maxListIDs is how many games GET /api/games?ids= looks up.
const maxListIDs = 30

// listByIDs returns the games of ids (comma-separated) that the recent list
// would show (finished, or with a move), in the order asked; unknown IDs
// are left out. At most maxListIDs IDs are taken.
func (s *Server) listByIDs(ctx context.Context, ids string) ([]store.Summary, *apiError) {
	var out []store.Summary
	seen := map[string]bool{}
	parts := strings.Split(ids, ",")
	if len(parts) > maxListIDs {
		return nil, errf(http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("ids: %d game IDs, at most %d are looked up", len(parts), maxListIDs))
	}
	for _, id := range parts {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		g, err := s.cfg.Store.GetGame(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, errf(http.StatusServiceUnavailable, CodeStorage, "could not look up the games")
		}
		if g.Status != store.StatusOver && len(g.Moves) == 0 {
			continue
		}
		out = append(out, store.Summary{ID: g.ID, Variant: g.Variant, Presets: g.Presets, Status: g.Status,
			Result: g.Result, Plies: len(g.Moves), UpdatedAt: g.UpdatedAt})
	}
	return out, nil
}
