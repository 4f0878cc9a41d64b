package variants

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"houserules/betza"
	"houserules/geom"
	"houserules/position"
)

// Error kinds, for errors.Is.
var (
	// ErrNotSupported: the key sets a Fairy-Stockfish feature this engine
	// does not have yet (drops, gating, walls, …) to a non-default value.
	ErrNotSupported = errors.New("not supported yet")
	// ErrUnknownOption: Fairy-Stockfish does not know the key.
	ErrUnknownOption = errors.New("unknown option")
	// ErrInvalidValue: the value does not parse as the key's type.
	ErrInvalidValue = errors.New("invalid value")
	// ErrBetza: a custom piece's Betza notation does not parse.
	ErrBetza = errors.New("invalid Betza notation")
	// ErrSyntax: a malformed line or section header, a file that is not
	// UTF-8 text, text before the first section, or no section at all.
	ErrSyntax = errors.New("syntax error")
	// ErrParent: the parent variant is unknown or failed to load.
	ErrParent = errors.New("bad parent variant")
	// ErrInconsistent: a consistency check of the whole variant failed
	// (the checks Fairy-Stockfish's parser makes at the end).
	ErrInconsistent = errors.New("inconsistent variant")
	// ErrDuplicate: a section name is used twice.
	ErrDuplicate = errors.New("duplicate variant")
	// ErrBuiltin: a section has the name of a built-in variant (the
	// built-in one stands, as in Fairy-Stockfish).
	ErrBuiltin = errors.New("built-in variant name")
)

// Error is one problem in a variant file, with its place.
type Error struct {
	File    string
	Line    int    // 0 when the error is about the whole file
	Section string // the section it belongs to ("" before any section)
	Key     string // the option, when the error is about one
	Kind    error  // one of the Err… kinds above
	Msg     string // the message without the place
	Err     error  // the underlying cause (betza error, parent error), if any
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s (%s)", e.Msg, e.File)
	}
	return fmt.Sprintf("%s (%s:%d)", e.Msg, e.File, e.Line)
}

// Unwrap gives the kind and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

// Section is one variant of a file. Variant is nil when Err is not.
type Section struct {
	Name, Parent string
	File         string
	Line         int
	Variant      *position.Variant
	Err          error // all problems of the section (errors.Join), in line order
}

// File is a loaded variants file; Sections are in file order.
type File struct {
	Path     string
	Sections []*Section
}

// LoadFile reads a variants.ini file. The error is for I/O, or for problems
// of the file as a whole (see Load): problems of a section are in its
// Section.Err and do not stop the other sections.
func LoadFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Load(path, f)
}

// Load reads variants in ini form from r; name is used in error messages.
// A section may inherit from a section defined earlier in the same text
// (as in Fairy-Stockfish), or else from a built-in variant of the catalogue.
//
// The error is for I/O (then the File is nil), or for problems outside any
// section: a file that is not UTF-8 text, text before the first section, no
// section at all. Those are *Error values of kind ErrSyntax (joined when
// there are several) and the file must not be used; the File returned with
// them still lists the sections read, for reporting (as in `check`).
func Load(name string, r io.Reader) (*File, error) {
	raws, fileErrs, err := readINI(name, r)
	if err != nil {
		return nil, err
	}
	f := &File{Path: name}
	seen := map[string]*Section{}
	lastLine := map[string]int{} // last header line of each name, for the "defined later" hint
	for _, rs := range raws {
		lastLine[rs.Name] = rs.Line
	}
	for _, rs := range raws {
		s := &Section{Name: rs.Name, Parent: rs.Parent, File: rs.File, Line: rs.Line}
		f.Sections = append(f.Sections, s)
		if first, dup := seen[rs.Name]; dup && rs.Name != "" {
			s.Err = &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrDuplicate,
				Msg: fmt.Sprintf("variant %q is already defined at %s:%d", rs.Name, first.File, first.Line)}
			continue
		}
		if _, builtin := loadedCatalogue().sections[rs.Name]; builtin {
			// Fairy-Stockfish keeps its own variant of that name ("Variant
			// 'makruk' already exists.") and skips the section: a file
			// that redefined it here would play another game than there
			s.Err = &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrBuiltin,
				Msg: fmt.Sprintf("variant %q is built in: Fairy-Stockfish keeps its own and skips this section (give it another name)", rs.Name)}
			continue
		}
		seen[rs.Name] = s
		resolve := func(parent string) (*position.Variant, error) {
			if p, ok := seen[parent]; ok && p != s {
				if p.Err != nil {
					return nil, p.Err
				}
				return p.Variant, nil
			}
			v, err := Get(parent)
			var nf *notFoundError
			if errors.As(err, &nf) {
				if l := lastLine[parent]; l > rs.Line {
					nf.hint = fmt.Sprintf(" (it is defined later, at line %d: a parent must come first)", l)
				}
			}
			return v, err
		}
		s.Variant, s.Err = buildSection(rs, resolve)
	}
	switch len(fileErrs) {
	case 0:
		return f, nil
	case 1:
		return f, fileErrs[0]
	}
	return f, errors.Join(fileErrs...)
}

// Lookup returns the variant of the named section; the error says why it is
// absent or why its section failed.
func (f *File) Lookup(name string) (*position.Variant, error) {
	for _, s := range f.Sections {
		if s.Name == name {
			if s.Err != nil {
				return nil, fmt.Errorf("variant %q: %w", name, s.Err)
			}
			return s.Variant, nil
		}
	}
	return nil, fmt.Errorf("variant %q is not defined in %s", name, f.Path)
}

// notFoundError says a variant name is not in the catalogue.
type notFoundError struct {
	name string
	hint string // added by Load: where else the name occurs
}

func (e *notFoundError) Error() string {
	return fmt.Sprintf("unknown variant %q: not in the built-in catalogue", e.name)
}

// buildSection turns a raw section into a variant. resolve finds the parent.
func buildSection(rs *rawSection, resolve func(string) (*position.Variant, error)) (*position.Variant, error) {
	if len(rs.Errs) > 0 && rs.Name == "" {
		return nil, joinSorted(rs.Errs)
	}
	var base *position.Variant
	if rs.Parent != "" {
		pv, err := resolve(rs.Parent)
		if err != nil {
			var msg string
			var nf *notFoundError
			if errors.As(err, &nf) {
				msg = fmt.Sprintf("unknown parent variant %q%s", rs.Parent, nf.hint)
				err = nil
			} else {
				msg = fmt.Sprintf("parent variant %q failed: %s", rs.Parent, rootCause(err))
			}
			perr := &Error{File: rs.File, Line: rs.Line, Section: rs.Name, Kind: ErrParent, Msg: msg, Err: err}
			return nil, joinSorted(append(rs.Errs, perr))
		}
		base = pv.Clone()
	}
	p := newParser(rs, base)
	p.parse()
	errs := append(append([]error{}, rs.Errs...), p.errs...)
	if len(errs) == 0 {
		p.check()
		errs = p.errs
	}
	if len(errs) > 0 {
		return nil, joinSorted(errs)
	}
	return p.v, nil
}

// rootCause describes why a parent failed: its first error, following a
// chain of failed parents down to the original problem.
func rootCause(err error) string {
	var e *Error
	for errors.As(err, &e) && e.Kind == ErrParent && e.Err != nil {
		err = e.Err
	}
	s := err.Error()
	if errors.As(err, &e) {
		s = e.Error()
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// joinSorted joins errors in line order (stable), or returns the only one.
func joinSorted(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	line := func(e error) int {
		var le *Error
		if errors.As(e, &le) {
			return le.Line
		}
		return 0
	}
	sort.SliceStable(errs, func(i, j int) bool { return line(errs[i]) < line(errs[j]) })
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// parser applies the keys of one section in Fairy-Stockfish's order
// (parser.cpp, VariantParser::parse).
type parser struct {
	rs   *rawSection
	v    *position.Variant
	cfg  map[string]entry
	used map[string]bool
	errs []error

	// lettered holds the piece types given a letter by a key of this
	// section; kingTakenBy, the keys that took the inherited king's letter
	// (see claimLetter and checkKingLetter).
	lettered    map[position.PieceType]entry
	kingTakenBy []entry
}

func newParser(rs *rawSection, base *position.Variant) *parser {
	p := &parser{rs: rs, cfg: map[string]entry{}, used: map[string]bool{}, lettered: map[position.PieceType]entry{}}
	for _, e := range rs.Entries {
		p.cfg[e.Key] = e // later wins
	}
	if base == nil {
		// Without a parent: the defaults, but without any piece
		// (Fairy-Stockfish's reset_pieces).
		base = position.NewVariant()
		for pt := range base.PieceChar {
			base.PieceChar[pt] = 0
			base.PieceCharSynonym[pt] = 0
		}
		base.PromotionPieceTypes = [2]position.PieceSet{}
	}
	base.Name = rs.Name
	p.v = base
	return p
}

func (p *parser) find(key string) (entry, bool) {
	e, ok := p.cfg[key]
	if ok {
		p.used[key] = true
	}
	return e, ok
}

func (p *parser) errAt(e entry, kind error, format string, args ...any) {
	p.addErr(&Error{File: p.rs.File, Line: e.Line, Section: p.rs.Name, Key: e.Key, Kind: kind,
		Msg: fmt.Sprintf(format, args...)})
}

// addErr records an error once (a key read for both colours is checked twice).
func (p *parser) addErr(err *Error) {
	for _, old := range p.errs {
		if o, ok := old.(*Error); ok && o.Line == err.Line && o.Msg == err.Msg {
			return
		}
	}
	p.errs = append(p.errs, err)
}

func (p *parser) invalid(e entry, typ, why string) {
	msg := fmt.Sprintf("invalid value %q for %s: expected %s", e.Value, showKey(e.Key), typ)
	if why != "" {
		msg += ": " + why
	}
	p.errAt(e, ErrInvalidValue, "%s", msg)
}

func (p *parser) notSupported(e entry) {
	p.errAt(e, ErrNotSupported, "not supported yet: %s", e.Key)
}

// ---- value readers (the set<T> functions of parser.cpp) ----

// leadingInt reads an integer the way "stream >> int" does: blanks, an
// optional sign and digits; the rest of the text is ignored.
func leadingInt(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0, false
	}
	n, err := strconv.Atoi(s[:j])
	return n, err == nil
}

func readInt(s string) (int, string) {
	n, ok := leadingInt(s)
	if !ok {
		return 0, "not a number"
	}
	if n < 0 {
		return 0, "must not be negative"
	}
	return n, ""
}

// readRank reads a 1-based rank and returns it 0-based.
func readRank(s string) (int, string) {
	n, ok := leadingInt(s)
	if !ok {
		return 0, "not a number"
	}
	if n < 1 || n > geom.MaxRanks {
		return 0, fmt.Sprintf("out of 1..%d", geom.MaxRanks)
	}
	return n - 1, ""
}

// readFile reads a file as a 1-based number or a letter, 0-based.
func readFile(s string) (int, string) {
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		n, _ := leadingInt(s)
		if n < 1 || n > geom.MaxFiles {
			return 0, fmt.Sprintf("out of 1..%d", geom.MaxFiles)
		}
		return n - 1, ""
	}
	if s == "" || s[0] < 'a' || int(s[0]-'a') >= geom.MaxFiles {
		return 0, fmt.Sprintf("a file number 1..%d or letter a..%c", geom.MaxFiles, 'a'+geom.MaxFiles-1)
	}
	return int(s[0] - 'a'), ""
}

// readSquares reads a square list: "e4 d5", "*8" (a rank), "a*" (a file),
// "-" ends the list.
func readSquares(s string) (geom.Set, string) {
	var set geom.Set
	for _, sym := range strings.Fields(s) {
		if sym == "-" {
			break
		}
		switch {
		case sym[len(sym)-1] == '*':
			if len(sym) != 2 || !isAlpha(sym[0]) {
				return set, fmt.Sprintf("bad square %q", sym)
			}
			f := int(lower(sym[0]) - 'a')
			if f >= geom.MaxFiles {
				return set, fmt.Sprintf("bad square %q: file out of a..%c", sym, 'a'+geom.MaxFiles-1)
			}
			set = set.Or(geom.FileSet(f))
		case sym[0] == '*':
			r, ok := leadingInt(sym[1:])
			if !ok || r < 1 || r > geom.MaxRanks {
				return set, fmt.Sprintf("bad square %q: rank out of 1..%d", sym, geom.MaxRanks)
			}
			set = set.Or(geom.RankSet(r - 1))
		case isAlpha(sym[0]) && len(sym) > 1:
			f := int(lower(sym[0]) - 'a')
			r, ok := leadingInt(sym[1:])
			if !ok || f >= geom.MaxFiles || r < 1 || r > geom.MaxRanks {
				return set, fmt.Sprintf("bad square %q", sym)
			}
			set.Add(geom.Sq(f, r-1))
		default:
			return set, fmt.Sprintf("bad square %q", sym)
		}
	}
	return set, ""
}

func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// typeOf finds the piece type with letter c in the variant (0 if none).
func (p *parser) typeOf(c byte) position.PieceType {
	c = upper(c)
	for pt := 1; pt < position.PieceTypeNB; pt++ {
		if p.v.PieceChar[pt] == c {
			return position.PieceType(pt)
		}
	}
	return position.NoPieceType
}

// readPieces reads piece letters ("qrbn", "*" = all pieces, "-" ends).
// Blanks between letters are allowed.
func (p *parser) readPieces(s string) ([]position.PieceType, string) {
	var out []position.PieceType
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n':
			continue
		case c == '-':
			return out, ""
		case c == '*':
			out = append(out, position.AllPieces)
		default:
			pt := p.typeOf(c)
			if pt == position.NoPieceType {
				return out, fmt.Sprintf("no piece type has the letter %q in this variant", string(c))
			}
			out = append(out, pt)
		}
	}
	return out, ""
}

// ---- typed attributes (parse_attribute) ----

func (p *parser) pInt(key string, dst *int) {
	if e, ok := p.find(key); ok {
		if n, why := readInt(e.Value); why != "" {
			p.invalid(e, "int", why)
		} else {
			*dst = n
		}
	}
}

func (p *parser) pRank(key string, dst *int) bool {
	if e, ok := p.find(key); ok {
		if n, why := readRank(e.Value); why != "" {
			p.invalid(e, "Rank", why)
		} else {
			*dst = n
			return true
		}
	}
	return false
}

func (p *parser) pFile(key string, dst *int) {
	if e, ok := p.find(key); ok {
		if n, why := readFile(e.Value); why != "" {
			p.invalid(e, "File", why)
		} else {
			*dst = n
		}
	}
}

func readBool(s string) (bool, bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (p *parser) pBool(key string, dst *bool) {
	if e, ok := p.find(key); ok {
		if b, ok := readBool(e.Value); !ok {
			p.invalid(e, "bool", "true or false")
		} else {
			*dst = b
		}
	}
}

func (p *parser) pValue(key string, dst *position.Value) {
	if e, ok := p.find(key); ok {
		if v, ok := readValue(e.Value); !ok {
			p.invalid(e, "Value", "win, loss, draw or none")
		} else {
			*dst = v
		}
	}
}

func readValue(s string) (position.Value, bool) {
	if s != strings.TrimSpace(s) {
		return position.ValueNone, false
	}
	return position.ParseValue(s)
}

func (p *parser) pString(key string, dst *string) {
	if e, ok := p.find(key); ok {
		*dst = e.Value
	}
}

func (p *parser) pSquares(key string, dst *geom.Set) {
	if e, ok := p.find(key); ok {
		if set, why := readSquares(e.Value); why != "" {
			p.invalid(e, "Bitboard (squares such as e4, *8, a*)", why)
		} else {
			*dst = set
		}
	}
}

func (p *parser) pPieceSet(key string, dst *position.PieceSet) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceSet", why)
			return
		}
		*dst = position.SetOf(pts...)
	}
}

// pPieceType reads one piece type; with several letters the last wins, as in
// Fairy-Stockfish. "-" is no piece type, "*" all pieces.
func (p *parser) pPieceType(key string, dst *position.PieceType) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceType", why)
			return
		}
		*dst = position.NoPieceType
		if len(pts) > 0 {
			*dst = pts[len(pts)-1]
		}
	}
}

// pEnum reads one of the given words into the index of the word.
func (p *parser) pEnum(key, typ string, words []string, dst *int) {
	if e, ok := p.find(key); ok {
		for i, w := range words {
			if e.Value == w {
				*dst = i
				return
			}
		}
		p.invalid(e, typ, strings.Join(words, ", "))
	}
}

// ---- not-yet-supported options: an error unless the value is the default ----

// unsupportedBool: when position.Variant gains a bool field of the option's
// Go-cased name (immobilityIllegal → ImmobilityIllegal), the option is
// supported from then on and sets that field.
func (p *parser) unsupportedBool(key string, def bool) {
	if e, ok := p.find(key); ok {
		if b, ok := readBool(e.Value); !ok {
			p.invalid(e, "bool", "true or false")
		} else if !setBoolField(p.v, key, b) && b != def {
			p.notSupported(e)
		}
	}
}

// setBoolField sets the bool field named like the option (first letter
// upper-cased) of the struct *v, and reports whether there is one.
func setBoolField(v any, option string, b bool) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct || option == "" {
		return false
	}
	f := rv.Elem().FieldByName(string(upper(option[0])) + option[1:])
	if !f.IsValid() || f.Kind() != reflect.Bool || !f.CanSet() {
		return false
	}
	f.SetBool(b)
	return true
}

func (p *parser) unsupportedInt(key string, def int) {
	if e, ok := p.find(key); ok {
		if n, why := readInt(e.Value); why != "" {
			p.invalid(e, "int", why)
		} else if n != def {
			p.notSupported(e)
		}
	}
}

func (p *parser) unsupportedRank(key string, def int) {
	if e, ok := p.find(key); ok {
		if n, why := readRank(e.Value); why != "" {
			p.invalid(e, "Rank", why)
		} else if n != def {
			p.notSupported(e)
		}
	}
}

// unsupportedSquares: the default is either the empty set or every square
// (a set that covers the whole board counts as every square).
func (p *parser) unsupportedSquares(key string, defAll bool) {
	if e, ok := p.find(key); ok {
		set, why := readSquares(e.Value)
		switch {
		case why != "":
			p.invalid(e, "Bitboard (squares such as e4, *8, a*)", why)
		case defAll && !boardMask(p.v).AndNot(set).Empty(), !defAll && set.Any():
			p.notSupported(e)
		}
	}
}

// unsupportedPieceSet: any non-empty set is not supported yet.
func (p *parser) unsupportedPieceSet(key string) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceSet", why)
		} else if len(pts) > 0 {
			p.notSupported(e)
		}
	}
}

func (p *parser) unsupportedPieceType(key string, def position.PieceType) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		pt := position.NoPieceType
		if len(pts) > 0 {
			pt = pts[len(pts)-1]
		}
		if why != "" {
			p.invalid(e, "PieceType", why)
		} else if pt != def {
			p.notSupported(e)
		}
	}
}

func (p *parser) unsupportedEnum(key, typ string, words []string) {
	if e, ok := p.find(key); ok {
		for _, w := range words {
			if e.Value == w {
				if w != "none" {
					p.notSupported(e)
				}
				return
			}
		}
		p.invalid(e, typ, strings.Join(words, ", "))
	}
}

var (
	enclosingRules = []string{"reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"}
	wallingRules   = []string{"arrow", "duck", "edge", "past", "static", "none"}
	chasingRules   = []string{"axf", "none"}
)

func boardMask(v *position.Variant) geom.Set {
	var s geom.Set
	for r := 0; r <= v.MaxRank && r < geom.MaxRanks; r++ {
		for f := 0; f <= v.MaxFile && f < geom.MaxFiles; f++ {
			s.Add(geom.Sq(f, r))
		}
	}
	return s
}

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

// zone is Fairy-Stockfish's zone_bb: the relative rank r and every rank in
// front of it, for colour c on a board whose last rank is maxRank.
func zone(c int, r, maxRank int) geom.Set {
	var s geom.Set
	for rk := 0; rk <= maxRank; rk++ {
		if (c == 0 && rk >= r) || (c == 1 && rk <= maxRank-r) {
			s = s.Or(geom.RankSet(rk))
		}
	}
	return s
}

var colors = [2]string{"White", "Black"}

// parse applies every key, in Fairy-Stockfish's order.
func (p *parser) parse() {
	v := p.v
	W, B := position.White, position.Black
	p.pRank("maxRank", &v.MaxRank)
	p.pFile("maxFile", &v.MaxFile)

	// Pieces, each followed by its mobility regions.
	for pt := position.Pawn; int(pt) < position.PieceTypeNB; pt++ {
		if pt == position.CustomRoyal {
			continue
		}
		p.pieceKey(pt)
		name := position.BuiltinPieces[pt].Name
		capitalized := string(upper(name[0])) + name[1:]
		for c, col := range colors {
			p.pSquares("mobilityRegion"+col+capitalized, &v.MobilityRegion[c][pt])
		}
	}
	p.checkKingLetter()
	p.pieceNumbers("pieceValueMg", &v.PieceValueMg)
	p.pieceNumbers("pieceValueEg", &v.PieceValueEg)

	// Deprecated options.
	promotionRank := 7
	if p.pRank("promotionRank", &promotionRank) {
		for c := range v.PromotionRegion {
			v.PromotionRegion[c] = zone(c, promotionRank, v.MaxRank)
		}
	}
	// Fairy-Stockfish reads doubleStepRankMin only when doubleStepRank is
	// absent or invalid (and then calls it an invalid option); both are read
	// here.
	doubleStepRank, doubleStepRankMin := 1, 1
	okMax := p.pRank("doubleStepRank", &doubleStepRank)
	okMin := p.pRank("doubleStepRankMin", &doubleStepRankMin)
	if okMax || okMin {
		for c := range v.DoubleStepRegion {
			v.DoubleStepRegion[c] = zone(c, doubleStepRankMin, v.MaxRank).AndNot(zone(c, doubleStepRank+1, v.MaxRank))
		}
	}
	p.pSquares("whiteFlag", &v.FlagRegion[W])
	p.pSquares("blackFlag", &v.FlagRegion[B])
	if _, ok := p.cfg["castlingRookPiece"]; ok {
		p.pPieceSet("castlingRookPiece", &v.CastlingRookPieces[W])
		v.CastlingRookPieces[B] = v.CastlingRookPieces[W]
	}
	// petrification leaves wall squares: walls come in a later issue
	p.unsupportedPieceSet("petrifyOnCaptureTypes")
	p.unsupportedBool("petrifyBlastPieces", false)
	p.unsupportedSquares("whiteDropRegion", true)
	p.unsupportedSquares("blackDropRegion", true)
	p.unsupportedBool("dropOnTop", false)

	// Aliases.
	if e, ok := p.find("pawnTypes"); ok {
		if pts, why := p.readPieces(e.Value); why != "" {
			p.invalid(e, "PieceSet", why)
		} else {
			main, set := position.NoPieceType, position.SetOf(pts...)
			if len(pts) > 0 {
				main = pts[len(pts)-1] // the last letter, as in Fairy-Stockfish
			}
			v.MainPromotionPawnType = [2]position.PieceType{main, main}
			v.PromotionPawnTypes = [2]position.PieceSet{set, set}
			v.EnPassantTypes = [2]position.PieceSet{set, set}
			v.NMoveRuleTypes = [2]position.PieceSet{set, set}
		}
	}

	// The official options.
	p.pString("variantTemplate", &v.Template)
	p.find("pieceToCharTable") // XBoard display only: accepted and ignored
	var pocketSize int
	p.pInt("pocketSize", &pocketSize) // XBoard display only
	p.pBool("chess960", &v.Chess960)
	p.unsupportedBool("twoBoards", false)
	p.pString("startFen", &v.StartFEN)
	p.pSquares("promotionRegionWhite", &v.PromotionRegion[W])
	p.pSquares("promotionRegionBlack", &v.PromotionRegion[B])
	both := func(key string, f func(string, int)) {
		if _, ok := p.cfg[key]; ok {
			f(key, 0)
			f(key, 1)
		}
		for c, col := range colors {
			if _, ok := p.cfg[key+col]; ok {
				f(key+col, c)
			}
		}
	}
	pieceSets := func(key string, dst *[2]position.PieceSet) {
		both(key, func(k string, c int) { p.pPieceSet(k, &dst[c]) })
	}
	pieceTypes := func(key string, dst *[2]position.PieceType) {
		both(key, func(k string, c int) { p.pPieceType(k, &dst[c]) })
	}
	squares := func(key string, dst *[2]geom.Set) {
		both(key, func(k string, c int) { p.pSquares(k, &dst[c]) })
	}
	bools := func(key string, dst *[2]bool) {
		both(key, func(k string, c int) { p.pBool(k, &dst[c]) })
	}
	// The main promotion pawn type is the last letter of promotionPawnTypes.
	pieceTypes("promotionPawnTypes", &v.MainPromotionPawnType)
	pieceSets("promotionPawnTypes", &v.PromotionPawnTypes)
	pieceSets("promotionPieceTypes", &v.PromotionPieceTypes)
	p.pBool("sittuyinPromotion", &v.SittuyinPromotion)
	p.pieceNumbers("promotionLimit", &v.PromotionLimit)
	p.promotedTypes()
	p.pBool("piecePromotionOnCapture", &v.PiecePromotionOnCapture)
	p.pBool("mandatoryPawnPromotion", &v.MandatoryPawnPromotion)
	p.pBool("mandatoryPiecePromotion", &v.MandatoryPiecePromotion)
	p.pBool("pieceDemotion", &v.PieceDemotion)
	p.pBool("blastOnCapture", &v.BlastOnCapture)
	p.pPieceSet("blastImmuneTypes", &v.BlastImmuneTypes)
	p.pPieceSet("mutuallyImmuneTypes", &v.MutuallyImmuneTypes)
	p.pBool("doubleStep", &v.DoubleStep)
	p.pSquares("doubleStepRegionWhite", &v.DoubleStepRegion[W])
	p.pSquares("doubleStepRegionBlack", &v.DoubleStepRegion[B])
	p.pSquares("tripleStepRegionWhite", &v.TripleStepRegion[W])
	p.pSquares("tripleStepRegionBlack", &v.TripleStepRegion[B])
	squares("enPassantRegion", &v.EnPassantRegion)
	pieceSets("enPassantTypes", &v.EnPassantTypes)
	p.pBool("castling", &v.Castling)
	p.unsupportedBool("castlingDroppedPiece", false)
	p.pFile("castlingKingsideFile", &v.CastlingKingsideFile)
	p.pFile("castlingQueensideFile", &v.CastlingQueensideFile)
	p.pRank("castlingRank", &v.CastlingRank)
	p.pFile("castlingKingFile", &v.CastlingKingFile)
	pieceTypes("castlingKingPiece", &v.CastlingKingPiece)
	p.pFile("castlingRookKingsideFile", &v.CastlingRookKingsideFile)
	p.pFile("castlingRookQueensideFile", &v.CastlingRookQueensideFile)
	pieceSets("castlingRookPieces", &v.CastlingRookPieces)
	p.pBool("oppositeCastling", &v.OppositeCastling)
	p.pBool("checking", &v.Checking)
	p.unsupportedBool("dropChecks", true)
	p.pBool("mustCapture", &v.MustCapture)
	p.unsupportedBool("mustDrop", false)
	p.unsupportedPieceType("mustDropType", position.AllPieces)
	p.unsupportedBool("pieceDrops", false)
	p.unsupportedBool("dropLoop", false)
	p.unsupportedBool("capturesToHand", false)
	p.unsupportedBool("firstRankPawnDrops", false)
	p.unsupportedBool("promotionZonePawnDrops", false)
	p.unsupportedEnum("enclosingDrop", "EnclosingRule", enclosingRules)
	p.unsupportedSquares("enclosingDropStart", false)
	p.unsupportedSquares("dropRegionWhite", true)
	p.unsupportedSquares("dropRegionBlack", true)
	p.unsupportedBool("sittuyinRookDrop", false)
	p.unsupportedBool("dropOppositeColoredBishop", false)
	p.unsupportedBool("dropPromoted", false)
	p.unsupportedPieceType("dropNoDoubled", position.NoPieceType)
	p.unsupportedInt("dropNoDoubledCount", 1)
	p.unsupportedBool("immobilityIllegal", false)
	p.unsupportedBool("gating", false)
	p.unsupportedEnum("wallingRule", "WallingRule", wallingRules)
	p.unsupportedSquares("wallingRegionWhite", true)
	p.unsupportedSquares("wallingRegionBlack", true)
	p.unsupportedSquares("wallingRegion", true)
	p.unsupportedBool("wallOrMove", false)
	p.unsupportedBool("seirawanGating", false)
	p.unsupportedBool("cambodianMoves", false)
	p.unsupportedSquares("diagonalLines", false)
	bools("pass", &v.Pass)
	bools("passOnStalemate", &v.PassOnStalemate)
	p.pBool("makpongRule", &v.MakpongRule)
	p.unsupportedBool("flyingGeneral", false)
	p.unsupportedRank("soldierPromotionRank", 0)
	p.unsupportedEnum("flipEnclosedPieces", "EnclosingRule", enclosingRules)
	// Game end.
	pieceSets("nMoveRuleTypes", &v.NMoveRuleTypes)
	p.pInt("nMoveRule", &v.NMoveRule)
	p.pInt("nFoldRule", &v.NFoldRule)
	p.pValue("nFoldValue", &v.NFoldValue)
	p.pBool("nFoldValueAbsolute", &v.NFoldValueAbsolute)
	p.unsupportedBool("perpetualCheckIllegal", false)
	p.unsupportedBool("moveRepetitionIllegal", false)
	p.unsupportedEnum("chasingRule", "ChasingRule", chasingRules)
	p.pValue("stalemateValue", &v.StalemateValue)
	p.pBool("stalematePieceCount", &v.StalematePieceCount)
	p.pValue("checkmateValue", &v.CheckmateValue)
	p.unsupportedBool("shogiPawnDropMateIllegal", false)
	p.pBool("shatarMateRule", &v.ShatarMateRule)
	p.unsupportedBool("bikjangRule", false)
	p.pValue("extinctionValue", &v.ExtinctionValue)
	p.pBool("extinctionClaim", &v.ExtinctionClaim)
	p.pBool("extinctionPseudoRoyal", &v.ExtinctionPseudoRoyal)
	p.pBool("dupleCheck", &v.DupleCheck)
	p.pPieceSet("extinctionPieceTypes", &v.ExtinctionPieceTypes)
	p.pInt("extinctionPieceCount", &v.ExtinctionPieceCount)
	p.pInt("extinctionOpponentPieceCount", &v.ExtinctionOpponentPieceCount)
	pieceTypes("flagPiece", &v.FlagPiece)
	squares("flagRegion", &v.FlagRegion)
	p.pInt("flagPieceCount", &v.FlagPieceCount)
	p.pBool("flagPieceBlockedWin", &v.FlagPieceBlockedWin)
	p.pBool("flagMove", &v.FlagMove)
	p.pBool("flagPieceSafe", &v.FlagPieceSafe)
	p.pBool("checkCounting", &v.CheckCounting)
	p.pInt("connectN", &v.ConnectN)
	p.pPieceSet("connectPieceTypes", &v.ConnectPieceTypes)
	p.pBool("connectHorizontal", &v.ConnectHorizontal)
	p.pBool("connectVertical", &v.ConnectVertical)
	p.pBool("connectDiagonal", &v.ConnectDiagonal)
	p.pSquares("connectRegion1White", &v.ConnectRegion1[W])
	p.pSquares("connectRegion2White", &v.ConnectRegion2[W])
	p.pSquares("connectRegion1Black", &v.ConnectRegion1[B])
	p.pSquares("connectRegion2Black", &v.ConnectRegion2[B])
	p.pInt("connectNxN", &v.ConnectNxN)
	p.pInt("collinearN", &v.CollinearN)
	// connectValue is the result for the side that made the connection
	// (default win), as in Fairy-Stockfish.
	p.pValue("connectValue", &v.ConnectValue)
	if _, ok := p.cfg["materialCounting"]; ok {
		mc := int(v.MaterialCounting)
		p.pEnum("materialCounting", "MaterialCounting", []string{"none", "janggi", "unweighted", "whitedrawodds", "blackdrawodds"}, &mc)
		v.MaterialCounting = position.MaterialCounting(mc)
	}
	p.pBool("adjudicateFullBoard", &v.AdjudicateFullBoard)
	if _, ok := p.cfg["countingRule"]; ok {
		cr := int(v.CountingRule)
		p.pEnum("countingRule", "CountingRule", []string{"none", "makruk", "cambodian", "asean"}, &cr)
		v.CountingRule = position.CountingRule(cr)
	}
	if e, ok := p.find("castlingWins"); ok {
		if cr, why := readCastlingRights(e.Value); why != "" {
			p.invalid(e, "CastlingRights (KQkq or -)", why)
		} else {
			v.CastlingWins = cr
		}
	}

	// Our extension.
	if _, ok := p.cfg["topology"]; ok {
		t := int(v.Topology)
		p.pEnum("topology", "topology", []string{"plain", "cylinder", "torus"}, &t)
		v.Topology = geom.Topology(t)
	}

	// Every key left over is unknown.
	for _, e := range p.rs.Entries {
		if !p.used[e.Key] {
			p.used[e.Key] = true // report a repeated unknown key once
			p.errAt(p.cfg[e.Key], ErrUnknownOption, "unknown option %s", showKey(e.Key))
		}
	}
}

func readCastlingRights(s string) (position.CastlingRights, string) {
	var cr position.CastlingRights
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t':
		case '-':
			return cr, ""
		case 'K':
			cr |= position.WhiteOO
		case 'Q':
			cr |= position.WhiteOOO
		case 'k':
			cr |= position.BlackOO
		case 'q':
			cr |= position.BlackOOO
		default:
			return cr, fmt.Sprintf("%q is not one of K Q k q", s[i:i+1])
		}
	}
	return cr, ""
}

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
	if strings.ContainsRune(strings.Fields(v.StartFEN + " ")[0], '*') {
		// Wall squares (blocked squares) in the start position.
		line := p.rs.Line
		if e, ok := p.cfg["startFen"]; ok {
			line = e.Line
		}
		p.addErr(&Error{File: p.rs.File, Line: line, Section: p.rs.Name, Key: "startFen", Kind: ErrNotSupported,
			Msg: "not supported yet: startFen (wall squares '*')"})
	} else if why := validateStartFEN(v); why != "" {
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
	hasKing := v.PieceChar[position.King] != 0
	if hasKing && v.BlastOnCapture {
		fail("blastOnCapture", "kings cannot be used with blastOnCapture (use commoner)")
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
// validate_fen does for a variant without drops or gating: number of fields,
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
				return fmt.Sprintf("+%c: %s has no promoted form", board[i+1], pt)
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
