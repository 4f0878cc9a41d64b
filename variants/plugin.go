package variants

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// Config declares a variant plugin (seed 001's registerVariant config, in
// Go). A plugin is a variant derived from a parent — Extends, a registered
// plugin or a variant of the built-in catalogue, chess when "" — by flags.
// Every flag compiles to the variants.ini options that express it (see
// Plugin.INI): a plugin is played by the same tables as the equivalent ini
// section, never by code of its own.
//
// With Extends a plugin inherits every field of its parent plugin; a field
// set in the child (non-zero) overrides it, and the letters of Pieces,
// DivergentPieces and PieceRoles are merged letter by letter. A flag set by
// the parent cannot be switched off by the child. A catalogue parent gives
// its rules, board and start position only.
//
// The hooks of seed 001 (win condition, move filter, before-move, turn
// logic, after-move, init, visibility, status text) are typed fields, each
// compiled to a hook of the rules pipeline (rules/hooks.go) — the same
// hooks house-rule presets install — see plugin_hooks.go. A child's hook
// overrides its parent's, hook by hook.
type Config struct {
	// Metadata. Label, Group, Title, Description and Rule are required
	// (after inheritance).
	Label       string // name in the variant picker
	Group       string // picker group: Classic, Tactical, Alternate Rules, Large Boards…
	Title       string // full name shown with the description
	Description string // rules explanation for the player
	Rule        string // one-line summary, e.g. "Board: 8×8 · Win: Checkmate"

	// Rows and Cols are the board size, 4..12 each; 0 keeps the parent's.
	Rows, Cols int
	// FEN is the start position; "" keeps the parent's.
	FEN string
	// Extends names the parent: a registered plugin key or a variant of
	// the built-in catalogue; "" is chess.
	Extends string

	// Flags.
	NoCastling  bool // castling = false (and no castling rights in the start position)
	NoEnPassant bool // enPassantRegion = -
	NoPromotion bool // promotionRegionWhite/Black = -: pawns reach the last rank and stay pawns
	// NoCheck: the royal piece is an ordinary piece that may be captured;
	// capturing the last one wins (extinction on the royal letter).
	NoCheck bool
	Torpedo bool // pawns may double-step from any rank (doubleStepRegion = every rank)
	// CheckThreshold > 0: giving that many checks wins (checkCounting,
	// with N+N checks in the start position's check field).
	CheckThreshold int
	// StalemateMeaning is the result for the stalemated side: "win",
	// "loss" or "draw" (stalemateValue); "" keeps the parent's.
	StalemateMeaning string
	// PromotionPieces are the letters a pawn may promote to, e.g. "qrbnac".
	PromotionPieces string
	// RoyalPiece is the letter of the royal piece (default: the king's);
	// the piece keeps its movement and becomes royal, and the old king
	// becomes a non-royal king (commoner).
	RoyalPiece string
	// PieceRoles gives a letter the movement of another letter's piece:
	// {"n": "k", "k": "n"} is knightmate (the king moves as a knight and
	// stays royal; knights move as non-royal kings).
	PieceRoles map[string]string
	// PawnDirection is the direction pawns march in, per colour, as a rank
	// step: +1 towards the last rank, -1 towards the first ([0,0] = the
	// usual {+1, -1}). The directions must mirror each other ({+1,-1} or
	// {-1,+1}): a pawn is one piece type for both colours.
	PawnDirection ByColour
	// PawnStartRank is the rank a pawn may double-step from, per colour
	// (doubleStepRegion); 0 keeps the parent's.
	PawnStartRank ByColour
	// PromotionRank is the first rank on which a pawn promotes, per
	// colour; ranks beyond it promote too (promotionRegion). 0 keeps the
	// parent's.
	PromotionRank ByColour
	// PawnMoveStyle is "standard" (or "") or "berolina": pawns move
	// diagonally forward and capture straight forward.
	PawnMoveStyle string
	// DivergentPieces gives letters separate move and capture patterns,
	// each in Betza notation: {"n": {Move: "N", Capture: "B"}}.
	DivergentPieces map[string]Divergent
	// WrapFiles joins the a-file to the last file (a cylinder); with
	// WrapRanks the first and last ranks join too (a torus). WrapRanks
	// needs WrapFiles: the topologies are plain, cylinder and torus.
	WrapFiles, WrapRanks bool

	// Pieces are new or redefined piece types: a lower-case letter and
	// its Betza notation ({"a": "BN"}). A letter of the parent is replaced.
	Pieces map[string]string
	// GoPieces are piece types whose moves and attacks are Go code (seed
	// 001's registerPiece): see GoPiece.
	GoPieces map[string]GoPiece

	// MaxMovesPerTurn is the number of plies a turn has, per colour (0 =
	// 1); a ply that gives check ends the turn early. It compiles to a
	// turn-logic hook (rules.KeepTurnHook).
	MaxMovesPerTurn ByColour
	// ProgressiveMove is the number of plies of the game's first turn in
	// a progressive variant (seed 001's progressiveMove; 0 = not
	// progressive): each turn has one ply more than the turn before it
	// (Progressive Chess: 1, 2, 3 …; the turns are counted from the
	// FEN's fullmove number and side to move), and a ply that gives check
	// ends the turn early. It compiles to a turn-logic hook.
	ProgressiveMove int

	// Hooks: see plugin_hooks.go.
	WinCondition func(g *rules.Game) (rules.Result, bool)
	MoveFilter   func(g *rules.Game, moves []position.Move) []position.Move
	BeforeMove   func(g *rules.Game, m position.Move) rules.Verdict
	ReplaceMove  func(g *rules.Game, m position.Move)
	AfterMove    func(g *rules.Game, m position.Move, info rules.MoveInfo)
	TurnLogic    func(g *rules.Game, mover position.Color, pliesThisTurn int) bool
	Init         func(v *position.Variant, r rules.Shuffler) (string, error)
	Visibility   func(g *rules.Game, c position.Color) geom.Set
	StatusText   func(g *rules.Game, seat rules.Seat) string
	// PendingAction and FollowUp: seed 001's _pendingAction (see
	// plugin_hooks.go).
	PendingAction func(g *rules.Game, m position.Move, info rules.MoveInfo) (from geom.Square, ok bool)
	FollowUp      func(g *rules.Game, from geom.Square, m position.Move) bool
	// Hooks registers any other hook of the rules pipeline (rules.Builder.Hook:
	// royals, attackers, extra moves, end-turn, turn-start, actions, views …),
	// after the typed fields' hooks.
	Hooks func(b *rules.Builder) error
	// Chess960 plays with Chess960 castling rules and notation (chess960 = true).
	Chess960 bool
}

// ByColour holds a rank per colour, 1-based, indexed by position.White and
// position.Black; 0 means "unchanged". (Seed 001 takes functions of the side
// giving 0-based rows counted from the top: row r is rank Rows-r.)
type ByColour [2]int

// Divergent is a piece that moves and captures differently (Betza notation
// for each, e.g. Move "N", Capture "B").
type Divergent struct {
	Move, Capture string
}

// Plugin is a registered plugin: its configuration, the ini section its
// flags compile to, and the variant, or the error that stops it.
type Plugin struct {
	Key    string
	Config Config // as registered
	// Merged is Config with the fields inherited through Extends.
	Merged Config
	// Base is the catalogue variant at the root of the Extends chain.
	Base string
	// INI is the variants.ini section the flags compile to: [Key:Base].
	INI     string
	Err     error // nil when the plugin loads
	variant *position.Variant
	// refused: the registration itself was refused (a key already
	// registered, a catalogue name, a malformed key): the key names no
	// plugin, and Resolve does not find it.
	refused bool
}

// Variant returns a copy of the plugin's variant (nil when Err is set).
func (p *Plugin) Variant() *position.Variant {
	if p.variant == nil {
		return nil
	}
	return p.variant.Clone()
}

// PluginError is why a plugin does not load: the plugin, the Config field
// at fault ("" for the whole config) and the cause. errors.Is finds the
// cause's kind (ErrInvalidValue, ErrParent, ErrBetza, ErrDuplicate,
// ErrBuiltin, ErrInconsistent…).
type PluginError struct {
	Key   string
	Field string
	Err   error
}

func (e *PluginError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("plugin %q: %v", e.Key, e.Err)
	}
	return fmt.Sprintf("plugin %q: %s: %v", e.Key, e.Field, e.Err)
}

func (e *PluginError) Unwrap() error { return e.Err }

// ErrPlugin is the kind of the errors of a config's own fields (a board
// size out of range, a missing label, an unknown pawn move style…).
var ErrPlugin = errors.New("bad plugin config")

func fieldErr(key, field string, kind error, format string, args ...any) *PluginError {
	return &PluginError{Key: key, Field: field, Err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
}

var (
	plugMu   sync.Mutex
	plugins  = map[string]*pluginEntry{}
	plugList []*pluginEntry // in registration order
)

type pluginEntry struct {
	key    string
	cfg    Config
	regErr error // found at registration (duplicate, catalogue name)
	built  *Plugin
	state  int // 1 = building (a cycle), 2 = built
}

// Register adds a variant plugin; plugins call it from init (one file each
// under variants/plugins). Register never panics: a config that is wrong
// — a key already registered or equal to a catalogue variant's name (in
// any case), a board out of 4..12, an unknown parent, bad Betza, a start
// position that does not fit the board — is recorded, and the plugin is
// listed with its error (Plugins, "houserules variants") and cannot be
// played (Resolve says why). The plugins package tests that none of ours
// has one. The first registration of a key stands.
func Register(key string, cfg Config) {
	plugMu.Lock()
	defer plugMu.Unlock()
	e := &pluginEntry{key: key, cfg: cfg}
	switch {
	case key == "" || strings.ContainsAny(key, " \t\n[]:="):
		e.regErr = fieldErr(key, "key", ErrPlugin, "a plugin key is a non-empty word without blanks, brackets, ':' or '='")
	case catalogueName(key) != "":
		e.regErr = &PluginError{Key: key, Err: fmt.Errorf("%w: %q is the name of the built-in variant %q: give the plugin another key",
			ErrBuiltin, key, catalogueName(key))}
	}
	for _, o := range plugList {
		if strings.EqualFold(o.key, key) {
			e.regErr = &PluginError{Key: key, Err: fmt.Errorf("%w: plugin %q is already registered", ErrDuplicate, o.key)}
			break
		}
	}
	if _, dup := plugins[key]; !dup {
		plugins[key] = e
	}
	plugList = append(plugList, e)
	for _, o := range plugList {
		o.built, o.state = nil, 0 // a parent may have come in
	}
}

// catalogueName returns the catalogue section equal to name without regard
// to case, or "".
func catalogueName(name string) string {
	for n := range loadedCatalogue().sections {
		if strings.EqualFold(n, name) {
			return n
		}
	}
	return ""
}

// Plugins lists every registered plugin, loaded or not, sorted by key (a
// rejected second registration of a key is listed after the first).
func Plugins() []*Plugin {
	plugMu.Lock()
	defer plugMu.Unlock()
	out := make([]*Plugin, 0, len(plugList))
	for _, e := range plugList {
		out = append(out, buildLocked(e))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// PluginNames lists the keys of the plugins that load, sorted.
func PluginNames() []string {
	var out []string
	for _, p := range Plugins() {
		if p.Err == nil {
			out = append(out, p.Key)
		}
	}
	return out
}

// LookupPlugin finds a plugin by key: the exact spelling first, then
// without regard to case.
func LookupPlugin(key string) (*Plugin, bool) {
	plugMu.Lock()
	defer plugMu.Unlock()
	e, ok := plugins[key]
	if !ok {
		for _, o := range plugList {
			if strings.EqualFold(o.key, key) && o.regErr == nil {
				e, ok = o, true
				break
			}
		}
	}
	if !ok {
		return nil, false
	}
	return buildLocked(e), true
}

// AllNames lists what a user may name as a variant without an ini: the
// catalogue's variants and the plugins that load, sorted.
func AllNames() []string {
	out := append(Names(), PluginNames()...)
	sort.Strings(out)
	return out
}

// buildLocked builds (once) the plugin of e; plugMu is held.
func buildLocked(e *pluginEntry) *Plugin {
	if e.state == 2 {
		return e.built
	}
	p := &Plugin{Key: e.key, Config: e.cfg}
	if e.regErr != nil {
		p.Err, p.refused = e.regErr, true
		e.built, e.state = p, 2
		return p
	}
	e.state = 1
	p.Merged, p.Base, p.Err = mergeChain(e)
	if p.Err == nil {
		p.Err = checkMeta(e.key, p.Merged)
	}
	if p.Err == nil {
		p.Err = checkHooks(e.key, p.Merged)
	}
	if p.Err == nil {
		p.INI, p.variant, p.Err = compilePlugin(e.key, p.Base, p.Merged)
	}
	e.built, e.state = p, 2
	return p
}

// mergeChain follows Extends to a catalogue variant and returns the config
// with the inherited fields, and the catalogue variant's name.
func mergeChain(e *pluginEntry) (Config, string, error) {
	parent := e.cfg.Extends
	if parent == "" {
		return e.cfg, "chess", nil
	}
	if pe, ok := plugins[parent]; ok {
		if pe.state == 1 {
			return Config{}, "", fieldErr(e.key, "Extends", ErrParent, "plugin %q extends itself (through %q)", e.key, parent)
		}
		pp := buildLocked(pe)
		if pp.Err != nil {
			return Config{}, "", fieldErr(e.key, "Extends", ErrParent, "parent plugin %q failed: %v", parent, pp.Err)
		}
		return merge(pp.Merged, e.cfg), pp.Base, nil
	}
	if _, ok := loadedCatalogue().sections[parent]; ok {
		c := e.cfg
		c.Extends = ""
		return c, parent, nil
	}
	return Config{}, "", fieldErr(e.key, "Extends", ErrParent,
		"unknown parent %q: neither a registered plugin nor a variant of the built-in catalogue", parent)
}

// checkMeta checks the metadata of a merged config.
func checkMeta(key string, c Config) error {
	for _, f := range []struct{ name, v string }{{"Label", c.Label}, {"Group", c.Group},
		{"Title", c.Title}, {"Description", c.Description}, {"Rule", c.Rule}} {
		if strings.TrimSpace(f.v) == "" {
			return fieldErr(key, f.name, ErrPlugin, "required (the picker and the description panel show it)")
		}
	}
	if c.Rows != 0 && (c.Rows < 4 || c.Rows > 12) {
		return fieldErr(key, "Rows", ErrPlugin, "%d is out of 4..12", c.Rows)
	}
	if c.Cols != 0 && (c.Cols < 4 || c.Cols > 12) {
		return fieldErr(key, "Cols", ErrPlugin, "%d is out of 4..12", c.Cols)
	}
	return nil
}

// merge overlays the fields set in child on parent.
func merge(parent, child Config) Config {
	m := parent
	m.Extends = ""
	str := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	str(&m.Label, child.Label)
	str(&m.Group, child.Group)
	str(&m.Title, child.Title)
	str(&m.Description, child.Description)
	str(&m.Rule, child.Rule)
	str(&m.FEN, child.FEN)
	str(&m.StalemateMeaning, child.StalemateMeaning)
	str(&m.PromotionPieces, child.PromotionPieces)
	str(&m.RoyalPiece, child.RoyalPiece)
	str(&m.PawnMoveStyle, child.PawnMoveStyle)
	for _, f := range []struct {
		dst *int
		v   int
	}{{&m.Rows, child.Rows}, {&m.Cols, child.Cols}, {&m.CheckThreshold, child.CheckThreshold}, {&m.ProgressiveMove, child.ProgressiveMove}} {
		if f.v != 0 {
			*f.dst = f.v
		}
	}
	for _, f := range []struct {
		dst *ByColour
		v   ByColour
	}{{&m.PawnDirection, child.PawnDirection}, {&m.PawnStartRank, child.PawnStartRank}, {&m.PromotionRank, child.PromotionRank}, {&m.MaxMovesPerTurn, child.MaxMovesPerTurn}} {
		for c, r := range f.v {
			if r != 0 {
				f.dst[c] = r
			}
		}
	}
	for _, f := range []struct {
		dst *bool
		v   bool
	}{{&m.NoCastling, child.NoCastling}, {&m.NoEnPassant, child.NoEnPassant}, {&m.NoPromotion, child.NoPromotion},
		{&m.NoCheck, child.NoCheck}, {&m.Chess960, child.Chess960}, {&m.Torpedo, child.Torpedo}, {&m.WrapFiles, child.WrapFiles}, {&m.WrapRanks, child.WrapRanks}} {
		*f.dst = *f.dst || f.v
	}
	m.Pieces = mergeMap(parent.Pieces, child.Pieces)
	m.PieceRoles = mergeMap(parent.PieceRoles, child.PieceRoles)
	m.DivergentPieces = mergeMap(parent.DivergentPieces, child.DivergentPieces)
	m.GoPieces = mergeMap(parent.GoPieces, child.GoPieces)
	mergeHooks(&m, child)
	return m
}

func mergeMap[V any](a, b map[string]V) map[string]V {
	if len(a)+len(b) == 0 {
		return nil
	}
	out := map[string]V{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
