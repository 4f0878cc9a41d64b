package variants

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"houserules/position"
)

// How a plugin's flags become a variant: each flag is written as the
// variants.ini options that express it, in a section [key:base] whose
// parent is the catalogue variant at the root of the Extends chain, and
// that section is built by the ini parser like any other (buildSection).
// So a flag and the ini key it stands for compile to the same tables:
//
//	Rows, Cols          maxRank, maxFile
//	FEN                 startFen
//	NoCastling          castling = false (and "-" as the start position's castling rights)
//	NoEnPassant         enPassantRegion = -
//	NoPromotion         promotionRegionWhite = -, promotionRegionBlack = -
//	NoCheck             king = -, the royal letter as a commoner (or custom piece),
//	                    castlingKingPiece, extinctionValue = loss, extinctionPieceTypes
//	Torpedo             doubleStepRegionWhite/Black = every rank
//	PawnStartRank       doubleStepRegionWhite/Black = that rank
//	PromotionRank       promotionRegionWhite/Black = that rank and beyond
//	PromotionPieces     promotionPieceTypes
//	CheckThreshold      checkCounting = true, N+N in the start position
//	StalemateMeaning    stalemateValue
//	RoyalPiece          king = LETTER[:BETZA], the old king a commoner, castlingKingPiece
//	PieceRoles          customPieceN = LETTER:BETZA of the role (king = LETTER:BETZA for the king)
//	PawnMoveStyle       pawn = -, customPieceN = p:mfFcfeWimfnA, pawnTypes = p (berolina)
//	PawnDirection       pawn = -, customPieceN = p:bmWbceFibmnD, pawnTypes = p (backwards)
//	DivergentPieces     customPieceN = LETTER:m<move>c<capture>
//	Pieces              customPieceN = LETTER:BETZA
//	GoPieces            customPieceN = LETTER: (no moves in the tables; Go hooks give them)
//	Chess960            chess960 = true
//	WrapFiles/WrapRanks topology = cylinder / torus
//
// A piece of the parent whose letter is taken is removed ("knight = -"), and
// the promotion piece types, castling rook pieces and pawn types are
// written again by letter so that they keep naming it.

type iniLine struct{ field, key, value string }

type renderer struct {
	key   string
	base  *position.Variant
	c     Config
	lines []iniLine
	free  []position.PieceType // custom piece slots not used by the parent
	// replaced: piece types of the parent whose letter went to a new piece.
	replaced   map[position.PieceType]bool
	royalMoved bool
	err        *PluginError
}

func (r *renderer) add(field, key, value string) {
	r.lines = append(r.lines, iniLine{field, key, value})
}

func (r *renderer) fail(field string, kind error, format string, args ...any) {
	if r.err == nil {
		r.err = fieldErr(r.key, field, kind, format, args...)
	}
}

// compilePlugin renders a merged config as an ini section over the
// catalogue variant base and builds it.
func compilePlugin(key, base string, c Config) (string, *position.Variant, error) {
	bv, err := Get(base)
	if err != nil {
		return "", nil, fieldErr(key, "Extends", ErrParent, "parent %q failed: %v", base, err)
	}
	r := &renderer{key: key, base: bv, c: c, replaced: map[position.PieceType]bool{}}
	for pt := position.CustomPiece1; pt < position.CustomRoyal; pt++ {
		if bv.PieceChar[pt] == 0 {
			r.free = append(r.free, pt)
		}
	}
	r.render()
	if r.err != nil {
		return "", nil, r.err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "[%s:%s]\n", key, base)
	rs := &rawSection{Name: key, Parent: base, File: "plugin " + key, Line: 1}
	for i, l := range r.lines {
		fmt.Fprintf(&sb, "%s = %s\n", l.key, l.value)
		rs.Entries = append(rs.Entries, entry{Key: l.key, Value: l.value, Line: i + 2})
	}
	v, err := buildSection(rs, func(parent string) (*position.Variant, error) { return Get(parent) })
	if err != nil {
		return sb.String(), nil, r.explain(err)
	}
	cv := v.Clone()
	if err := cv.Compile(); err != nil {
		return sb.String(), nil, &PluginError{Key: key, Err: fmt.Errorf("%w: %v", ErrInconsistent, err)}
	}
	if _, err := position.New(cv, cv.StartFEN, cv.Chess960); err != nil {
		// the position is read as a game starts: e.g. a king in check
		return sb.String(), nil, &PluginError{Key: key, Field: "FEN", Err: fmt.Errorf("%w: the start position: %v", ErrInconsistent, err)}
	}
	return sb.String(), v, nil
}

// explain turns the parser's error about a rendered line into an error
// naming the Config field that wrote the line.
func (r *renderer) explain(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return &PluginError{Key: r.key, Err: err}
	}
	field, msg := "", e.Msg
	if i := e.Line - 2; i >= 0 && i < len(r.lines) {
		l := r.lines[i]
		field, msg = l.field, fmt.Sprintf("%s (as ini: %s = %s)", e.Msg, l.key, l.value)
	}
	return &PluginError{Key: r.key, Field: field, Err: fmt.Errorf("%w: %s", e.Kind, msg)}
}

func (r *renderer) render() {
	c, bv := r.c, r.base
	rows := bv.MaxRank + 1
	if c.Rows != 0 && c.Rows != rows {
		rows = c.Rows
		r.add("Rows", "maxRank", strconv.Itoa(rows))
	}
	if c.Cols != 0 && c.Cols != bv.MaxFile+1 {
		r.add("Cols", "maxFile", strconv.Itoa(c.Cols))
	}
	switch {
	case c.WrapRanks && !c.WrapFiles:
		r.fail("WrapRanks", ErrPlugin, "needs WrapFiles (the board topologies are plain, cylinder and torus)")
	case c.WrapRanks:
		r.add("WrapRanks", "topology", "torus")
	case c.WrapFiles:
		r.add("WrapFiles", "topology", "cylinder")
	}
	r.pieces()
	r.royal()
	r.lettersAgain()
	r.pawnRules(rows)
	if c.NoCastling {
		r.add("NoCastling", "castling", "false")
	}
	if c.NoEnPassant {
		r.add("NoEnPassant", "enPassantRegion", "-")
	}
	if c.Chess960 {
		r.add("Chess960", "chess960", "true")
	}
	if c.CheckThreshold < 0 {
		r.fail("CheckThreshold", ErrPlugin, "%d: must not be negative", c.CheckThreshold)
	} else if c.CheckThreshold > 0 {
		r.add("CheckThreshold", "checkCounting", "true")
	}
	switch c.StalemateMeaning {
	case "":
	case "win", "loss", "draw":
		r.add("StalemateMeaning", "stalemateValue", c.StalemateMeaning)
	default:
		r.fail("StalemateMeaning", ErrPlugin, "%q: expected win, loss or draw", c.StalemateMeaning)
	}
	r.startFEN()
}

// letter checks a one-letter key or value of a config map.
func (r *renderer) letter(field, s string) (byte, bool) {
	if len(s) != 1 || s[0] < 'a' || s[0] > 'z' {
		r.fail(field, ErrPlugin, "%q: a piece letter is one lower-case letter a..z", s)
		return 0, false
	}
	return s[0], true
}

// typeOf is the parent's piece type with letter c (lower or upper case).
func (r *renderer) typeOf(c byte) position.PieceType {
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if r.base.PieceChar[pt] == upper(c) {
			return position.PieceType(pt)
		}
	}
	return position.NoPieceType
}

// movement is the Betza notation of the parent's piece with letter c.
func (r *renderer) movement(field string, c byte) string {
	switch pt := r.typeOf(c); {
	case pt == position.NoPieceType:
		r.fail(field, ErrPlugin, "no piece of the parent has the letter %c", c)
	case pt == position.King && r.base.KingType == position.CustomRoyal:
		return r.base.CustomBetza[position.CustomRoyal]
	case pt == position.King:
		return "K"
	case pt == position.Pawn:
		r.fail(field, ErrPlugin, "the pawn's movement (with its double step and promotion) cannot be given to another letter")
	case pt.IsCustom():
		return r.base.CustomBetza[pt]
	default:
		return position.BuiltinPieces[pt].Betza
	}
	return ""
}

func (r *renderer) kingLetter() byte { return lower(r.base.PieceChar[position.King]) }

// define gives letter c the movement betza as a piece of its own.
func (r *renderer) define(field string, c byte, betza string) {
	old := r.typeOf(c)
	slot := old
	switch {
	case old == position.King:
		r.fail(field, ErrPlugin, "%c is the royal piece's letter: change it with RoyalPiece or PieceRoles", c)
		return
	case old != position.NoPieceType && !old.IsCustom():
		r.add(field, position.BuiltinPieces[old].Name, "-")
		r.replaced[old] = true
		fallthrough
	case old == position.NoPieceType:
		if len(r.free) == 0 {
			r.fail(field, ErrPlugin, "no custom piece slot left (%d at most)", position.CustomPieceNB)
			return
		}
		slot, r.free = r.free[0], r.free[1:]
	}
	r.add(field, position.BuiltinPieces[slot].Name, string(c)+":"+betza)
}

// pieces writes Pieces, DivergentPieces, the pawn's style and direction
// and the PieceRoles of non-royal letters, each letter once.
func (r *renderer) pieces() {
	c := r.c
	set := map[byte]string{} // letter → field that defines it
	claim := func(field string, l byte) bool {
		if f, dup := set[l]; dup {
			r.fail(field, ErrPlugin, "the letter %c is already defined by %s", l, f)
			return false
		}
		set[l] = field
		return true
	}
	for _, k := range sortedKeys(c.Pieces) {
		if l, ok := r.letter("Pieces", k); ok && claim("Pieces", l) {
			r.define("Pieces", l, c.Pieces[k])
		}
	}
	for _, k := range sortedKeys(c.GoPieces) {
		// a Go-coded piece has no moves of its own in the tables (the
		// empty Betza): its hooks give them (plugin_hooks.go)
		if l, ok := r.letter("GoPieces", k); ok && claim("GoPieces", l) {
			r.define("GoPieces", l, "")
		}
	}
	for _, k := range sortedKeys(c.DivergentPieces) {
		d := c.DivergentPieces[k]
		if d.Move == "" || d.Capture == "" {
			r.fail("DivergentPieces", ErrPlugin, "%s: both Move and Capture are needed", k)
			continue
		}
		if l, ok := r.letter("DivergentPieces", k); ok && claim("DivergentPieces", l) {
			r.define("DivergentPieces", l, withModality(d.Move, 'm')+withModality(d.Capture, 'c'))
		}
	}
	if pb, field := r.pawnBetza(); pb != "" {
		if pl := lower(r.base.PieceChar[position.Pawn]); pl == 0 {
			r.fail(field, ErrPlugin, "the parent has no pawn")
		} else if claim(field, pl) {
			r.define(field, pl, pb)
		}
	}
	for _, k := range sortedKeys(c.PieceRoles) {
		l, ok := r.letter("PieceRoles", k)
		role, ok2 := r.letter("PieceRoles", c.PieceRoles[k])
		if !ok || !ok2 || l == r.kingLetter() || l == role {
			continue // the king's role is written by royal
		}
		if !claim("PieceRoles", l) {
			continue
		}
		b := r.movement("PieceRoles", role)
		if r.err == nil && r.typeOf(l) == position.Pawn {
			r.fail("PieceRoles", ErrPlugin, "the pawn cannot take another role")
		}
		if r.err == nil {
			r.define("PieceRoles", l, b)
		}
	}
}

// pawnBetza is the pawn's movement for PawnMoveStyle and PawnDirection
// ("" when both keep the parent's pawn), and the field to blame.
func (r *renderer) pawnBetza() (string, string) {
	c := r.c
	back := false
	switch c.PawnDirection {
	case ByColour{}, ByColour{+1, -1}:
	case ByColour{-1, +1}:
		back = true
	default:
		r.fail("PawnDirection", ErrPlugin, "%v: the directions must mirror each other ({+1, -1} or {-1, +1}): a pawn is one piece type for both colours", c.PawnDirection)
		return "", ""
	}
	var b, field string
	switch c.PawnMoveStyle {
	case "", "standard":
		b, field = "fmWfceFifmnD", "PawnDirection"
		if !back {
			return "", ""
		}
	case "berolina":
		b, field = "mfFcfeWimfnA", "PawnMoveStyle" // as [berolina] of the catalogue
	default:
		r.fail("PawnMoveStyle", ErrPlugin, "%q: expected standard or berolina", c.PawnMoveStyle)
		return "", ""
	}
	if back {
		b = strings.ReplaceAll(b, "f", "b")
	}
	return b, field
}

// royal writes RoyalPiece, the king's PieceRoles entry and NoCheck.
func (r *renderer) royal() {
	c := r.c
	k := r.kingLetter()
	if k == 0 {
		if c.RoyalPiece != "" || c.NoCheck {
			r.fail(map[bool]string{true: "NoCheck", false: "RoyalPiece"}[c.NoCheck], ErrPlugin, "the parent has no royal piece (king)")
		}
		return
	}
	letter, betza, field := k, r.movement("", k), ""
	if role, ok := c.PieceRoles[string(k)]; ok {
		if l, ok := r.letter("PieceRoles", role); ok && l != k {
			betza, field = r.movement("PieceRoles", l), "PieceRoles"
		}
	}
	if c.RoyalPiece != "" {
		l, ok := r.letter("RoyalPiece", c.RoyalPiece)
		switch {
		case !ok || l == k:
		case field != "":
			r.fail("RoyalPiece", ErrPlugin, "give either RoyalPiece or a role for the king in PieceRoles, not both")
		default:
			letter, betza, field = l, r.movement("RoyalPiece", l), "RoyalPiece"
			if old := r.typeOf(l); old != position.NoPieceType && old != position.Pawn && !old.IsCustom() {
				r.add("RoyalPiece", position.BuiltinPieces[old].Name, "-")
				r.replaced[old] = true
			}
		}
	}
	if r.err != nil {
		return
	}
	if c.NoCheck {
		// the royal becomes an ordinary piece; losing the last one loses
		r.add("NoCheck", "king", "-")
		if letter != k {
			r.commoner(field, k, "K")
		}
		r.commoner("NoCheck", letter, betza)
		r.add("NoCheck", "castlingKingPiece", string(letter))
		r.add("NoCheck", "extinctionValue", "loss")
		r.add("NoCheck", "extinctionPieceTypes", string(letter))
		r.royalMoved = true
		return
	}
	if field == "" {
		return
	}
	r.royalMoved = true
	if letter != k {
		r.commoner(field, k, "K") // the old king, no longer royal
	}
	if betza == "K" {
		r.add(field, "king", string(letter))
		return
	}
	r.add(field, "king", string(letter)+":"+betza)
	r.add(field, "castlingKingPiece", string(letter))
}

// commoner defines letter l with the movement betza as a non-royal piece:
// the built-in commoner for a king's movement when the parent has none.
func (r *renderer) commoner(field string, l byte, betza string) {
	if betza == "K" && r.base.PieceChar[position.Commoner] == 0 {
		r.add(field, "commoner", string(l))
		return
	}
	if r.typeOf(l) == position.King || r.typeOf(l) == position.NoPieceType {
		if len(r.free) == 0 {
			r.fail(field, ErrPlugin, "no custom piece slot left")
			return
		}
		r.add(field, position.BuiltinPieces[r.free[0]].Name, string(l)+":"+betza)
		r.free = r.free[1:]
		return
	}
	r.define(field, l, betza)
}

// lettersAgain writes the options that name piece types by letter again
// when a piece of the parent lost its letter to a new one.
func (r *renderer) lettersAgain() {
	if len(r.replaced) == 0 && !r.royalMoved {
		return
	}
	bv := r.base
	var royal byte // a piece made royal leaves the promotion choices
	if len(r.c.RoyalPiece) == 1 {
		royal = r.c.RoyalPiece[0]
	}
	letters := func(s position.PieceSet) string {
		var b []byte
		for pt := 1; pt < position.PieceTypeNB; pt++ {
			if l := lower(bv.PieceChar[pt]); s&position.SetOf(position.PieceType(pt)) != 0 && l != 0 && l != royal {
				b = append(b, l)
			}
		}
		if len(b) == 0 {
			return "-"
		}
		return string(b)
	}
	if r.c.PromotionPieces == "" && !r.c.NoPromotion {
		w, b := letters(bv.PromotionPieceTypes[position.White]), letters(bv.PromotionPieceTypes[position.Black])
		if w == b {
			r.add("PromotionPieces", "promotionPieceTypes", w)
		} else {
			r.add("PromotionPieces", "promotionPieceTypesWhite", w)
			r.add("PromotionPieces", "promotionPieceTypesBlack", b)
		}
	}
	if r.replaced[position.Rook] && bv.Castling {
		r.add("Pieces", "castlingRookPieces", letters(bv.CastlingRookPieces[position.White]))
	}
	if r.replaced[position.Pawn] {
		r.add("PawnMoveStyle", "pawnTypes", string(lower(bv.PieceChar[position.Pawn])))
	}
}

// pawnRules writes the double-step and promotion flags.
func (r *renderer) pawnRules(rows int) {
	c := r.c
	ranks := func(from, to int) string {
		var s []string
		for rk := from; rk <= to; rk++ {
			s = append(s, "*"+strconv.Itoa(rk))
		}
		return strings.Join(s, " ")
	}
	cols := [2]string{"White", "Black"}
	for i, rk := range append(c.PawnStartRank[:], c.PromotionRank[:]...) {
		if rk < 0 || rk > rows {
			r.fail(map[bool]string{true: "PawnStartRank", false: "PromotionRank"}[i < 2], ErrPlugin, "rank %d is off the board (1..%d)", rk, rows)
		}
	}
	switch {
	case c.Torpedo && c.PawnStartRank != ByColour{}:
		r.fail("Torpedo", ErrPlugin, "give either Torpedo or PawnStartRank, not both")
	case c.Torpedo:
		r.add("Torpedo", "doubleStepRegionWhite", ranks(1, rows))
		r.add("Torpedo", "doubleStepRegionBlack", ranks(1, rows))
	}
	for col, rk := range c.PawnStartRank {
		if rk > 0 {
			r.add("PawnStartRank", "doubleStepRegion"+cols[col], ranks(rk, rk))
		}
	}
	if c.NoPromotion && (c.PromotionRank != ByColour{} || c.PromotionPieces != "") {
		r.fail("NoPromotion", ErrPlugin, "NoPromotion does not go with PromotionRank or PromotionPieces")
		return
	}
	if c.NoPromotion {
		r.add("NoPromotion", "promotionRegionWhite", "-")
		r.add("NoPromotion", "promotionRegionBlack", "-")
	}
	if rk := c.PromotionRank[position.White]; rk > 0 {
		r.add("PromotionRank", "promotionRegionWhite", ranks(rk, rows))
	}
	if rk := c.PromotionRank[position.Black]; rk > 0 {
		r.add("PromotionRank", "promotionRegionBlack", ranks(1, rk))
	}
	if c.PromotionPieces != "" {
		r.add("PromotionPieces", "promotionPieceTypes", c.PromotionPieces)
	}
}

// startFEN writes the start position: the config's or the parent's, without
// castling rights under NoCastling, with the check counts of CheckThreshold.
func (r *renderer) startFEN() {
	c := r.c
	fen := c.FEN
	if fen == "" {
		fen = r.base.StartFEN
	}
	f := strings.Fields(fen)
	if c.NoCastling && len(f) > 2 {
		f[2] = "-"
	}
	if c.CheckThreshold > 0 && len(f) > 3 {
		n := strconv.Itoa(c.CheckThreshold)
		if len(f) > 4 && strings.Contains(f[4], "+") {
			f[4] = n + "+" + n
		} else {
			f = append(f[:4], append([]string{n + "+" + n}, f[4:]...)...)
		}
	}
	resized := c.Rows != 0 && c.Rows != r.base.MaxRank+1 || c.Cols != 0 && c.Cols != r.base.MaxFile+1
	if s := strings.Join(f, " "); s != r.base.StartFEN || c.FEN != "" || resized {
		r.add("FEN", "startFen", s)
	}
}

// withModality prefixes every atom of a Betza notation with a modality
// letter ('m' move only, 'c' capture only): "BN" → "mBmN".
func withModality(betza string, m byte) string {
	var sb strings.Builder
	atomStart := true
	for i := 0; i < len(betza); i++ {
		ch := betza[i]
		if atomStart && ch != ' ' {
			sb.WriteByte(m)
			atomStart = false
		}
		sb.WriteByte(ch)
		if ch >= 'A' && ch <= 'Z' {
			// the atom goes on through a doubled letter (rider) and a range
			for i+1 < len(betza) && (betza[i+1] == ch || betza[i+1] >= '0' && betza[i+1] <= '9') {
				i++
				sb.WriteByte(betza[i])
			}
			atomStart = true
		}
	}
	return sb.String()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
