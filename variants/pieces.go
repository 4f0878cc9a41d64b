package variants

import (
	"fmt"
	"strconv"
	"strings"

	"houserules/betza"
	"houserules/position"
)

// ---- pieces ----

// addPiece is Fairy-Stockfish's add_piece: a piece already using the letter
// is removed first (and so leaves the promotion piece types).
func (p *parser) addPiece(pt position.PieceType, c byte) {
	if old := p.typeOf(c); old != position.NoPieceType {
		p.removePiece(old)
	}
	p.v.AddPiece(pt, c)
	p.v.PieceCharSynonym[pt] = 0
	if pt.IsCustom() {
		p.v.CustomBetza[pt] = ""
	}
}

// removePiece is Fairy-Stockfish's remove_piece.
func (p *parser) removePiece(pt position.PieceType) {
	p.v.RemovePiece(pt)
	for c := range p.v.PromotionPieceTypes {
		p.v.PromotionPieceTypes[c] &^= position.SetOf(pt)
	}
}

func (p *parser) pieceKey(pt position.PieceType) {
	name := position.BuiltinPieces[pt].Name
	e, ok := p.find(name)
	if !ok {
		return
	}
	val := e.Value
	c := val[0]
	if isAlpha(c) {
		p.claimLetter(pt, c, e)
		p.addPiece(pt, c)
	} else {
		if c != '-' {
			p.invalid(e, "a piece letter or -", fmt.Sprintf("%q is not a letter", string(c)))
		}
		p.removePiece(pt)
	}
	custom := pt.IsCustom()
	switch {
	case custom || pt == position.King:
		if len(val) == 1 {
			if pt == position.King {
				p.v.KingType = position.King
			} else if isAlpha(c) {
				p.errAt(e, ErrBetza, "%s = %s: missing Betza move notation (write %s = %c:BETZA)", name, val, name, lower(c))
			}
			return
		}
		if val[1] != ':' {
			p.invalid(e, "LETTER:BETZA", "no ':' after the letter")
			return
		}
		bz := val[2:]
		piece, err := betza.Parse(bz)
		if err != nil {
			p.addErr(&Error{File: p.rs.File, Line: e.Line, Section: p.rs.Name, Key: e.Key, Kind: ErrBetza,
				Msg: fmt.Sprintf("%s: %v", name, err), Err: err})
			return
		}
		if pt == position.King {
			p.v.CustomBetza[position.CustomRoyal] = bz
			p.v.KingType = position.CustomRoyal
			return
		}
		p.v.CustomBetza[pt] = bz
		if piece.EnPassant {
			p.v.EnPassantTypes[position.White] |= position.SetOf(pt)
			p.v.EnPassantTypes[position.Black] |= position.SetOf(pt)
		}
	case len(val) > 1:
		p.invalid(e, "a piece letter or -", "only custom pieces and the king take a Betza notation")
	}
}

// claimLetter checks that the letter c, which the key e gives to pt, is not
// the letter of another piece. Fairy-Stockfish's add_piece silently drops
// the piece that had the letter. Replacing a piece of the parent that way is
// an idiom of its variants.ini ("customPiece1 = p:…" in a chess child
// replaces the pawn: allwayspawns, dragon-chess, 1d-chess…), so it stays
// allowed, except for the king (see checkKingLetter). Two keys of one section
// with the same letter are an error: in Fairy-Stockfish the one later in its
// key order silently wins.
func (p *parser) claimLetter(pt position.PieceType, c byte, e entry) {
	p.lettered[pt] = e
	old := p.typeOf(c)
	if old == position.NoPieceType || old == pt {
		return
	}
	if o, ok := p.lettered[old]; ok {
		// Two keys of this section: report at the later line.
		first, second := o, e
		if first.Line > second.Line {
			first, second = second, first
		}
		p.errAt(second, ErrInconsistent, "%s: the letter %c is already used by %s on line %d",
			showKey(second.Key), lower(c), showKey(first.Key), first.Line)
		return
	}
	if old == position.King {
		p.kingTakenBy = append(p.kingTakenBy, e)
	}
}

// checkKingLetter runs after every piece key. An inherited king that lost
// its letter to another piece is an error unless the section has a king key
// of its own ("king = -", or a new letter): taking the king's letter would
// otherwise silently remove the king, and with it castling and checkmate.
// The king key may come after the key that took its letter (the king is
// last in Fairy-Stockfish's order), hence the check at the end.
func (p *parser) checkKingLetter() {
	if _, ok := p.cfg[position.BuiltinPieces[position.King].Name]; ok {
		return
	}
	// Only a parent gives inherited pieces (a section without one starts
	// without any).
	for _, e := range p.kingTakenBy {
		p.errAt(e, ErrInconsistent, "%s: the letter %c is already used by king (from the parent variant %s): "+
			"write king = - to remove the king, or give %s another letter",
			showKey(e.Key), lower(e.Value[0]), p.rs.Parent, showKey(e.Key))
	}
}

// pieceValues reads "p:150 n:800" (pieceValueMg, pieceValueEg) and
// "q:1 r:2" (promotionLimit) into a per-type table.
func (p *parser) pieceNumbers(key string, dst *[position.PieceTypeNB]int) {
	e, ok := p.find(key)
	if !ok {
		return
	}
	for _, tok := range strings.Fields(e.Value) {
		if len(tok) < 3 || tok[1] != ':' {
			p.invalid(e, "a list of LETTER:NUMBER", fmt.Sprintf("bad item %q", tok))
			return
		}
		pt := p.typeOf(tok[0])
		if pt == position.NoPieceType {
			p.invalid(e, "a list of LETTER:NUMBER", fmt.Sprintf("no piece type has the letter %q in this variant", tok[:1]))
			return
		}
		n, err := strconv.Atoi(tok[2:])
		if err != nil {
			p.invalid(e, "a list of LETTER:NUMBER", fmt.Sprintf("bad number in %q", tok))
			return
		}
		dst[pt] = n
	}
}

// promotedTypes reads "p:g s:g" (promotedPieceType); "x:-" clears.
func (p *parser) promotedTypes() {
	e, ok := p.find("promotedPieceType")
	if !ok {
		return
	}
	for _, tok := range strings.Fields(e.Value) {
		if len(tok) != 3 || tok[1] != ':' {
			p.invalid(e, "a list of LETTER:LETTER", fmt.Sprintf("bad item %q", tok))
			return
		}
		from := p.typeOf(tok[0])
		if from == position.NoPieceType {
			p.invalid(e, "a list of LETTER:LETTER", fmt.Sprintf("no piece type has the letter %q in this variant", tok[:1]))
			return
		}
		to := position.NoPieceType
		if tok[2] != '-' {
			if to = p.typeOf(tok[2]); to == position.NoPieceType {
				p.invalid(e, "a list of LETTER:LETTER", fmt.Sprintf("no piece type has the letter %q in this variant", tok[2:]))
				return
			}
		}
		p.v.PromotedPieceType[from] = to
	}
}
