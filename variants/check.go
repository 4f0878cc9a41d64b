package variants

import (
	"fmt"
	"strings"

	"houserules/position"
)

// check makes the consistency checks of Fairy-Stockfish's parser (the ones
// that matter for a correct variant). Errors name the section and point at
// its header line (or at the key involved).
func (p *parser) check() {
	v := p.v
	fail := func(key, format string, args ...any) {
		line := p.rs.Line
		if e, ok := p.cfg[key]; ok {
			line = e.Line
		}
		p.addErr(&Error{File: p.rs.File, Line: line, Section: p.rs.Name, Key: key, Kind: ErrInconsistent,
			Msg: fmt.Sprintf("variant %s: %s", p.rs.Name, fmt.Sprintf(format, args...))})
	}
	// Letters are unique (ambiguous piece characters).
	seen := map[byte]position.PieceType{}
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		c := v.PieceChar[pt]
		if c == 0 {
			continue
		}
		if o, dup := seen[c]; dup {
			fail("", "ambiguous piece letter %c: %s and %s", c, o, position.PieceType(pt))
		}
		seen[c] = position.PieceType(pt)
	}
	if why := validateStartFEN(v); why != "" {
		if _, own := p.cfg["startFen"]; !own && p.rs.Parent == "" {
			// [name] or [name:] starts from Fairy-Stockfish's empty
			// template: the chess start position but no pieces
			why += " (a section without a parent has no pieces: inherit, e.g. [" + p.rs.Name + ":chess], or define the pieces and a startFen)"
		}
		fail("startFen", "invalid startFen %q: %s", v.StartFEN, why)
	}
	if !v.Checking && v.CheckCounting {
		fail("checkCounting", "checkCounting = true requires checking = true")
	}
	if v.Castling && v.CastlingRank > v.MaxRank {
		fail("castlingRank", "castlingRank %d is beyond maxRank %d", v.CastlingRank+1, v.MaxRank+1)
	}
	if v.Castling && v.CastlingQueensideFile > v.CastlingKingsideFile {
		fail("castlingQueensideFile", "castlingQueensideFile %c is right of castlingKingsideFile %c",
			'a'+v.CastlingQueensideFile, 'a'+v.CastlingKingsideFile)
	}
	if v.PieceDrops && v.Walling() {
		fail("wallingRule", "pieceDrops and any walling are incompatible")
	}
	hasKing := v.PieceChar[position.King] != 0
	if hasKing && v.BlastOnCapture {
		fail("blastOnCapture", "kings cannot be used with blastOnCapture (use commoner)")
	}
	if hasKing && v.WallingRule == position.DuckWalling {
		fail("wallingRule", "kings cannot be used with wallingRule = duck (use commoner)")
	}
	if hasKing || v.ExtinctionPseudoRoyal {
		if v.BlastImmuneTypes != 0 {
			fail("blastImmuneTypes", "kings or pseudo-royal pieces cannot be used with blastImmuneTypes")
		}
		if v.MutuallyImmuneTypes != 0 {
			fail("mutuallyImmuneTypes", "kings or pseudo-royal pieces cannot be used with mutuallyImmuneTypes")
		}
	}
	if v.FlagPieceSafe && v.BlastOnCapture {
		fail("flagPieceSafe", "flagPieceSafe cannot be used with blastOnCapture")
	}
}

// validateStartFEN checks the start position the way Fairy-Stockfish's
// validate_fen does (a pocket in brackets where the variant has pockets): number of fields,
// characters, promoted pieces, board geometry, kings, side to move. It
// returns "" when the FEN is fine.
func validateStartFEN(v *position.Variant) string {
	fen := v.StartFEN
	if fen == "" {
		return "empty"
	}
	parts := strings.Split(strings.TrimSuffix(fen, " "), " ")
	maxParts := 6
	if v.CheckCounting {
		maxParts = 7
	}
	if len(parts) > maxParts {
		return fmt.Sprintf("%d fields, at most %d expected", len(parts), maxParts)
	}
	board := parts[0]
	shogiStyle := false
	for _, t := range v.PromotedPieceType {
		if t != position.NoPieceType {
			shogiStyle = true
		}
	}
	special := "/*"
	if shogiStyle {
		special += "+"
	}
	if v.PromotionPieceTypes[0] != 0 || v.PromotionPieceTypes[1] != 0 {
		special += "~"
	}
	if v.HasPockets() {
		special += "[]-"
	}
	typeOf := func(c byte) position.PieceType {
		for pt := 1; pt < position.PieceTypeNB; pt++ {
			if v.PieceChar[pt] != 0 && (v.PieceChar[pt] == c || lower(v.PieceChar[pt]) == c) {
				return position.PieceType(pt)
			}
			if s := v.PieceCharSynonym[pt]; s != 0 && (s == c || lower(s) == c) {
				return position.PieceType(pt)
			}
		}
		return position.NoPieceType
	}
	for i := 0; i < len(board); i++ {
		c := board[i]
		if !(c >= '0' && c <= '9') && typeOf(c) == position.NoPieceType && strings.IndexByte(special, c) < 0 {
			return fmt.Sprintf("invalid character %q", string(c))
		}
		if c == '+' && i+1 < len(board) {
			if pt := typeOf(board[i+1]); pt != position.NoPieceType && v.PromotedPieceType[pt] == position.NoPieceType {
				// the piece named as typed, with its human name (not
				// the internal type name: customPiece1, shogiPawn)
				name := ""
				if h := v.HumanName(pt); h != "" {
					name = " (" + h + ")"
				}
				return fmt.Sprintf("+%c: piece '%c'%s has no promoted form", board[i+1], board[i+1], name)
			}
		}
	}
	// Geometry (fill_char_board). Ranks are counted from the top of the FEN.
	nbRanks, nbFiles := v.MaxRank+1, v.MaxFile+1
	rank, file := 0, 0
	prev := byte('?')
	type sq struct{ r, f int }
	kings := [2][]sq{}
	for i := 0; i < len(board); i++ {
		c := board[i]
		if c == '[' {
			break
		}
		switch {
		case c == '*':
			file++
		case c >= '0' && c <= '9':
			file += int(c - '0')
			if prev >= '0' && prev <= '9' {
				file += 9 * int(prev-'0')
			}
		case c == '/':
			rank++
			if file != nbFiles {
				return fmt.Sprintf("FEN rank %d has %d files, %d expected", rank, file, nbFiles)
			}
			if rank == nbRanks {
				return fmt.Sprintf("more than %d ranks", nbRanks)
			}
			file = 0
		case strings.IndexByte(special, c) < 0:
			if file >= nbFiles {
				return fmt.Sprintf("FEN rank %d has more than %d files", rank+1, nbFiles)
			}
			if pt := typeOf(c); pt == position.King && v.PieceChar[position.King] == c {
				kings[0] = append(kings[0], sq{rank, file})
			} else if pt == position.King {
				kings[1] = append(kings[1], sq{rank, file})
			}
			file++
		}
		prev = c
	}
	if rank+1 != nbRanks {
		return fmt.Sprintf("%d ranks, %d expected", rank+1, nbRanks)
	}
	if v.PieceChar[position.King] != 0 {
		for c, ks := range kings {
			if len(ks) > 1 {
				return fmt.Sprintf("%d %s kings, at most 1 expected", len(ks), position.Color(c))
			}
		}
		if v.KingType == position.King && len(kings[0]) == 1 && len(kings[1]) == 1 {
			dr, df := kings[0][0].r-kings[1][0].r, kings[0][0].f-kings[1][0].f
			if dr*dr+df*df <= 2 {
				return "the kings touch"
			}
		}
	}
	if len(parts) >= 2 && (parts[1] == "" || (parts[1][0] != 'w' && parts[1][0] != 'b')) {
		return fmt.Sprintf("side to move %q is not w or b", parts[1])
	}
	return ""
}
