package position

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"houserules/betza"
	"houserules/geom"
)

// leap is one leaper target; a lame leaper also needs its path empty.
type leap struct {
	to    geom.Square
	npath uint8
	path  [3]geom.Square
}

// Ray kinds.
const (
	raySlide uint8 = iota
	rayCannon
	rayGrasshopper
)

// ray is the squares of one rider or hopper direction, nearest first,
// already cut to the board, its topology and the rider's range.
type ray struct {
	kind uint8
	sq   []geom.Square
	mask geom.Set // the squares of sq
	// step is the square-number difference between neighbours on the ray
	// when it is constant and the squares run monotonically (no wrapping
	// edge): the nearest blocker is then the lowest (step > 0) or highest
	// (step < 0) square of mask∩occ. 0 when the ray must be walked.
	step int
	// tmask: the squares a masked ray (raySlideMasked, rayCannonMasked:
	// janggi's palace diagonals) may reach; its other squares only block
	tmask geom.Set
}

// moveTable is one modality of one piece type on one square.
type moveTable struct {
	leaps []leap // lame leaps (with a path to keep empty); plain ones are in plain
	rays  []ray
	all   geom.Set // every target on an empty board (pseudo attacks)
	plain geom.Set // targets of plain (non-lame) leaps
	// targets' fast path, derived from rays by setFast: the masks of
	// slide rays whose squares run upwards (up) or downwards (down), where
	// the nearest blocker is the lowest or highest square of mask∩occ;
	// and the other rays (walked).
	up, down []geom.Set
	walk     []ray
}

// setFast fills the fast-path fields from rays.
func (mt *moveTable) setFast() {
	mt.up, mt.down, mt.walk = nil, nil, nil
	for _, r := range mt.rays {
		switch {
		case r.kind == raySlide && r.step > 0:
			mt.up = append(mt.up, r.mask)
		case r.kind == raySlide && r.step < 0:
			mt.down = append(mt.down, r.mask)
		default:
			mt.walk = append(mt.walk, r)
		}
	}
}

// pieceTable holds the tables of one piece type for one colour.
type pieceTable struct {
	quiet, capture, initial [geom.SquareNB]moveTable
	hasInitial              bool
	sameQC                  bool // quiet and capture tables are identical
	asymmetric              bool // attacks cannot be found by reversing from the target
	slider                  bool // has rays (blocking matters)
}

// compiled is everything Compile derives from the options.
type compiled struct {
	// castleHome[c]: the square of colour c's castling king in the
	// variant's start position (NoSquare when it has none there, or more
	// than one), computed once on first use (castlingHome)
	castleHomeOnce sync.Once
	// placement: what CheckPlacement derives from the variant, computed
	// once on first use (placementFactsOf)
	placementOnce sync.Once
	placement     *placementFacts
	// ep: the en-passant squares each side's moves can mark, computed
	// once on first use (epFactsOf)
	epOnce     sync.Once
	ep         *epFacts
	castleHome [2]geom.Square
	// castleRookHome[cr]: the rook square of castling right cr in the
	// start position (NoSquare when the start has no such right)
	castleRookHome [16]geom.Square
	board          *geom.Board
	types          PieceSet
	typeList       []PieceType
	pieceList      []PieceType // typeList without Pawn and King (genPieceMoves' types)
	tables         [2][PieceTypeNB]*pieceTable
	betza          [PieceTypeNB]*betza.Piece
	mobility       [2][PieceTypeNB]geom.Set // board ∩ mobility region
	kingRing       [geom.SquareNB]geom.Set  // K moves on an empty board (for blasts)
	pawnPush       [2]int
	hasRoyal       bool
	charToPc       [256]Piece
	epNonPawn      [2]bool // en-passant types include non-pawns
	fastPawnEP     bool    // fastAttacks-like: only pawns capture en passant
	// pinLegal: legality of ordinary moves can be decided from pins
	// (a royal king, only leapers and sliders, no blast, no extra rules).
	pinLegal bool
	sliders  []PieceType // types with rays
	// sliderReach[c][s]: the squares the sliders of colour c reach from s
	// on an empty board (computePins' first filter)
	sliderReach [2][geom.SquareNB]geom.Set
	// plainMover: the type's moves are plain from→to moves (no promotion,
	// demotion or en passant for that colour).
	plainMover [2][PieceTypeNB]bool
	// plainSameQC: plainMover with the same quiet and capture moves
	// (genPieceMoves' counted case)
	plainSameQC [2][PieceTypeNB]bool
	// reachStable: plainSameQC, and the capture table holds only plain
	// leaps and slides (its reach depends on the occupied squares it
	// reaches alone: see perftcount.go)
	reachStable [2][PieceTypeNB]bool
	// standardChess: the options are exactly the defaults (chess).
	standardChess bool
	// crazyhouse64: the options are crazyhouse's (1) or loop chess's (2),
	// whatever the start position; 0 otherwise (see crazyhouseRules)
	crazyhouse64 int
	// startKings[c]: kings of colour c in the start position
	startKings [2]int
	// type lists of the option sets, for the hot path
	extinctionTypes []PieceType
	promoList       [2][]PieceType
	blastImmune     []PieceType
	connectTypes    []PieceType
	// revAll[c][i*geom.SquareNB+s]: the squares from which a piece of
	// colour c and type typeList[i] attacks s on an empty board (empty when
	// s is outside the type's mobility region); AttackersTo's first filter,
	// packed so the whole set of one type stays in few cache lines
	revAll [2][]geom.Set
	// revAny[c][s]: revAll[c] of every type together: the squares from
	// which some type of colour c could attack s (givesCheckFast's filter)
	revAny [2][geom.SquareNB]geom.Set
	// drops: the static drop region of each colour and type (see
	// compileDrops); simpleDrops: a drop's legality is its royal safety
	// alone (no dropChecks = false, mustDrop, bishop or pawn-file rule)
	drops bool
	// markPromoted: the FEN marks promoted pieces with ~ (a captured one
	// goes to the pocket demoted)
	markPromoted bool
	dropRegion   [2][PieceTypeNB]geom.Set
	// promDropRegion: where a type in hand may be dropped as its promoted
	// type (dropPromoted): the drop region with the immobility filter of
	// the promoted type, the one that stands there
	promDropRegion [2][PieceTypeNB]geom.Set
	simpleDrops    bool
	darkSquares    geom.Set
	// gating: the FEN's castling field holds gates (gating.go);
	// seirawanGating: pieces in hand enter through them; cambodian: the
	// king's and fers' leaps; gateRegion: where a type may be gated (the
	// drop region without the immobility filter, as Fairy-Stockfish's
	// drop_region)
	gating, seirawanGating, cambodian bool
	gateRegion                        [2][PieceTypeNB]geom.Set
	// countLeaves: CountLegal may count the moves of unpinned ordinary
	// pieces without testing each (a royal king and pins decide, and no
	// rule forbids a move that is safe for the king)
	countLeaves bool
	// gateByBase: a gating move is legal exactly when the move it gates
	// behind is, but for castling gates on the king's or the rook's
	// destination (legalRoyal looks at the gate only there: no extinction
	// pseudo-royalty, no rule on giving check, no mustDrop), so the legal
	// moves are filtered before their gating forms are added
	gateByBase bool
	// sittuyin: sittuyinPromotion's promotion moves (sittuyin.go);
	// checkRules: some moves may not give check (checking = false, a
	// sittuyin promotion), so Legal must test it
	sittuyin, checkRules bool
	// enclosing: drops obey enclosingDrop; flip: moves turn enclosed
	// pieces; freeDrops: drops from an unlimited supply (enclose.go)
	enclosing, flip, freeDrops bool
	// pseudoIsLegal: every pseudo-legal move is legal, but a
	// passOnStalemate pass (no royal piece and no rule of Legal applies):
	// CountLegal counts the moves as generated (countPseudo). A new rule
	// of Legal must clear it.
	pseudoIsLegal bool
	// walling: moves place walls (wallingRule); wallLegal: the wall a
	// move places can decide its legality (pseudo-royal pieces), so
	// walling forms are tested one by one; wallsChange: Do may change
	// the walls (walling or petrification); edges: the board's edge
	// squares (the edge walling rule)
	walling, wallLegal, wallsChange bool
	edges                           geom.Set
	// petrifyRoyal: the pseudo-royal types that petrify when capturing
	// (they cannot take a pseudo-royal piece: Fairy-Stockfish's legal)
	petrifyRoyal []PieceType
	// flyingGeneral: the kings may not face each other (flyingGeneral or
	// bikjangRule: Legal tests it); bikjang: the state records whether
	// the side to move's king faces the enemy king; rookRay: a rook's
	// table (facingKing)
	flyingGeneral, bikjang bool
	// chasing: the states record the pieces chased and the king's
	// blockers (chasingRule; chase.go)
	chasing bool
	rookRay *pieceTable
	// fastCheck: givesCheckFast may decide whether a move checks without
	// making it: Do changes only the squares of the move itself (no
	// gating, walls, flips, blasts or petrification) and attacks depend
	// only on the occupancy and the pieces' squares (no janggi cannons)
	fastCheck bool
	// pathLegal: the pin test does not apply (lame leapers, hoppers, the
	// flying general) but the same royalty rules hold; kingPaths[c][k]
	// lists, for colour c's king on k, each enemy piece square and type
	// whose attack on k depends on the occupancy of other squares, with
	// those squares (see compilePaths)
	pathLegal bool
	kingPaths [2][][]kingPath
}

// kingPath is one way an enemy piece of type pt on from reaches the king
// square: the squares between (a line, a lame leaper's path).
type kingPath struct {
	from geom.Square
	pt   PieceType
	path geom.Set
	// hop: the way is a hopper's line (its screen is on path); flying:
	// the line to the enemy king (flyingGeneral), not a move of pt
	hop, flying bool
}

// Compile validates the options and builds the move tables. It must be
// called once after the options are set; it returns an error for an
// inconsistent definition (bad board size, bad Betza, missing king letter).
func (v *Variant) Compile() error {
	c := &compiled{}
	b, err := geom.NewBoard(v.MaxFile+1, v.MaxRank+1, v.Topology)
	if err != nil {
		return err
	}
	c.board = b
	c.types = v.PieceTypes()
	c.typeList = c.types.Types()
	c.pieceList = (c.types &^ SetOf(Pawn, King)).Types()
	if !v.DoubleStep {
		v.DoubleStepRegion = [2]geom.Set{}
	}
	if v.DoubleStepRegion[0].Empty() && v.DoubleStepRegion[1].Empty() {
		v.DoubleStep = false
	}
	for _, pt := range c.typeList {
		ch := v.PieceChar[pt]
		for col := White; col <= Black; col++ {
			p := MakePiece(col, pt)
			cc := ch
			if col == Black {
				cc = lower(ch)
			}
			if c.charToPc[cc] != 0 && c.charToPc[cc] != p {
				return fmt.Errorf("piece letter %c is used by %s and %s", ch, c.charToPc[cc].Type(), pt)
			}
			c.charToPc[cc] = p
			if s := v.PieceCharSynonym[pt]; s != 0 {
				if col == Black {
					s = lower(s)
				}
				c.charToPc[s] = p
			}
		}
		movePt := pt
		if pt == King {
			movePt = v.KingType
		}
		bz := BuiltinPieces[movePt].Betza
		if movePt.IsCustom() || movePt == CustomRoyal {
			bz = v.CustomBetza[movePt]
		}
		bp, err := betza.Parse(bz)
		if err != nil {
			return fmt.Errorf("%s: %v", BuiltinPieces[pt].Name, err)
		}
		c.betza[pt] = bp
		for col := White; col <= Black; col++ {
			c.tables[col][pt] = buildTable(b, bp, col)
			c.xiangqiTable(v, col, pt)
			m := v.MobilityRegion[col][pt]
			if m.Empty() {
				m = geom.All
			}
			c.mobility[col][pt] = m.And(b.Mask)
		}
	}
	c.hasRoyal = c.types.Has(King)
	kb, _ := betza.Parse("K")
	kt := buildTable(b, kb, White)
	for s := 0; s < geom.SquareNB; s++ {
		c.kingRing[s] = kt.capture[s].all
	}
	c.pawnPush = [2]int{1, -1}
	for col := White; col <= Black; col++ {
		c.epNonPawn[col] = v.EnPassantTypes[col]&^SetOf(Pawn) != 0
	}
	restricted := false
	for _, pt := range c.typeList {
		if !v.MobilityRegion[0][pt].Empty() || !v.MobilityRegion[1][pt].Empty() {
			restricted = true
		}
	}
	chessLike := SetOf(Pawn, Knight, Bishop, Rook, Queen, King, Immobile, Commoner, Archbishop, Chancellor)
	c.fastPawnEP = c.types&^chessLike == 0 && v.KingType == King && !restricted
	for _, pt := range c.typeList {
		for col := White; col <= Black; col++ {
			c.plainMover[col][pt] = v.PromotedPieceType[pt] == NoPieceType && !v.PieceDemotion &&
				!v.PromotionPawnTypes[col].Has(pt) && !v.EnPassantTypes[col].Has(pt)
			c.plainSameQC[col][pt] = c.plainMover[col][pt] && c.tables[col][pt].sameQC
			c.reachStable[col][pt] = c.plainSameQC[col][pt] && c.tables[col][pt].plainSlides()
		}
	}
	c.compilePins(v, restricted)
	c.flyingGeneral = v.FlyingGeneral || v.BikjangRule
	c.bikjang = v.BikjangRule
	if c.flyingGeneral {
		c.pinLegal = false // a piece between the kings may not leave their file
		rb, _ := betza.Parse("R")
		c.rookRay = buildTable(b, rb, White)
	}
	if c.types.Has(JanggiCannon) {
		for col := White; col <= Black; col++ {
			c.plainSameQC[col][JanggiCannon] = false // its reach needs the cannons (janggiTargets)
			c.reachStable[col][JanggiCannon] = false
		}
	}
	c.standardChess = v.sameRulesAs(NewVariant())
	c.crazyhouse64 = crazyhouseRules(v)
	if kc := v.PieceChar[King]; kc != 0 {
		board, _, _ := strings.Cut(strings.TrimSpace(v.StartFEN), " ")
		c.startKings = [2]int{strings.Count(board, string(kc)), strings.Count(board, string(lower(kc)))}
	}
	c.extinctionTypes = v.ExtinctionPieceTypes.Types()
	c.promoList = [2][]PieceType{v.PromotionPieceTypes[0].Types(), v.PromotionPieceTypes[1].Types()}
	c.blastImmune = v.BlastImmuneTypes.Types()
	c.connectTypes = (v.ConnectPieceTypes & c.types).Types()
	for col := White; col <= Black; col++ {
		c.revAll[col] = make([]geom.Set, len(c.typeList)*geom.SquareNB)
		for i, pt := range c.typeList {
			// by inversion: the squares from which the type reaches s
			// (exact also for pieces whose moves depend on their square,
			// such as unpromoted soldiers)
			for x := 0; x < geom.SquareNB; x++ {
				for to := c.tables[col][pt].capture[x].all.And(c.mobility[col][pt]); to.Any(); {
					s := to.Pop()
					c.revAll[col][i*geom.SquareNB+int(s)].Add(geom.Square(x))
					c.revAny[col][s].Add(geom.Square(x))
				}
			}
		}
	}
	for s := 0; s < geom.SquareNB; s++ {
		if sq := geom.Square(s); (sq.File()+sq.Rank())%2 == 0 {
			c.darkSquares.Add(sq)
		}
	}
	c.compilePaths(v)
	c.chasing = v.ChasingRule != NoChasing && c.pathLegal && c.hasRoyal
	if c.chasing && c.rookRay == nil {
		rb, _ := betza.Parse("R")
		c.rookRay = buildTable(b, rb, White)
	}
	c.drops = v.PieceDrops
	c.markPromoted = (v.CapturesToHand && !v.DropLoop) || v.TwoBoards
	c.gating = v.Gating
	c.seirawanGating = v.Gating && v.SeirawanGating
	c.cambodian = v.Gating && v.CambodianMoves
	c.sittuyin = v.SittuyinPromotion
	c.checkRules = !v.Checking || v.SittuyinPromotion
	c.countLeaves = (c.pinLegal || c.pathLegal) && !v.MustCapture && !v.ImmobilityIllegal && !v.MustDrop
	c.pseudoIsLegal = !c.hasRoyal && !v.ExtinctionPseudoRoyal && !v.MustCapture && !v.MustDrop && !v.ImmobilityIllegal &&
		!c.checkRules && v.MutuallyImmuneTypes == 0 && !v.Gating && v.DropChecks && !v.DropOppositeColoredBishop
	c.gateByBase = c.seirawanGating && !v.ExtinctionPseudoRoyal && !c.checkRules && !v.MustDrop
	if c.drops || c.seirawanGating {
		c.compileDrops(v)
	}
	c.compileEnclosing(v)
	c.compileWalls(v)
	c.fastCheck = !c.gating && !c.flip && !c.walling && !c.wallsChange && !v.BlastOnCapture &&
		v.PetrifyOnCaptureTypes == 0 && !c.types.Has(JanggiCannon)
	v.c = c
	return nil
}

// compilePins sets pinLegal, sliders and sliderReach (restricted: some
// type has a mobility region).
func (c *compiled) compilePins(v *Variant, restricted bool) {
	c.pinLegal = c.hasRoyal && !restricted && v.Checking && !v.ExtinctionPseudoRoyal && !v.BlastOnCapture &&
		v.MutuallyImmuneTypes == 0 && !v.MakpongRule
	for _, pt := range c.typeList {
		t := c.tables[White][pt]
		if t.asymmetric {
			c.pinLegal = false
		}
		for s := range t.capture {
			for _, r := range t.capture[s].rays {
				if r.kind != raySlide {
					c.pinLegal = false
				}
			}
		}
		if t.slider {
			c.sliders = append(c.sliders, pt)
			for col := White; col <= Black; col++ {
				for s := range c.sliderReach[col] {
					c.sliderReach[col][s] = c.sliderReach[col][s].Or(c.tables[col][pt].capture[s].all)
				}
			}
		}
	}
}

// sameRulesAs reports whether v and w have the same options (names aside).
func (v *Variant) sameRulesAs(w *Variant) bool {
	a, b := *v, *w
	a.Name, b.Name, a.Template, b.Template, a.c, b.c = "", "", "", "", nil, nil
	return reflect.DeepEqual(a, b)
}

// StandardChess reports whether the compiled variant has exactly the rules
// of chess (fast paths may then be used).
func (v *Variant) StandardChess() bool { return v.c != nil && v.c.standardChess }

// StandardCrazyhouse reports whether the compiled variant has exactly the
// rules of crazyhouse (chess with pieceDrops and capturesToHand), or with
// loop those of loop chess (dropLoop as well): the rules of the 64-bit
// crazyhouse fast path (chess64.ZH).
func (v *Variant) StandardCrazyhouse() (ok, loop bool) {
	if v.c == nil {
		return false, false
	}
	return v.c.crazyhouse64 != 0, v.c.crazyhouse64 == 2
}

// crazyhouseRules is 1 when v has exactly the options of crazyhouse, 2
// for loop chess, 0 otherwise (start positions aside).
func crazyhouseRules(v *Variant) int {
	if !v.PieceDrops || !v.CapturesToHand || v.MaxFile != 7 || v.MaxRank != 7 {
		return 0
	}
	zh := NewVariant()
	zh.PieceDrops, zh.CapturesToHand, zh.StartFEN = true, true, v.StartFEN
	if v.sameRulesAs(zh) {
		return 1
	}
	zh.DropLoop = true
	if v.sameRulesAs(zh) {
		return 2
	}
	return 0
}

// Compiled reports whether Compile has run.
func (v *Variant) Compiled() bool { return v.c != nil }

// Board returns the board geometry (after Compile).
func (v *Variant) Board() *geom.Board { return v.c.board }

// Betza returns the parsed movement of piece type pt (after Compile).
func (v *Variant) Betza(pt PieceType) *betza.Piece { return v.c.betza[pt] }

func buildTable(b *geom.Board, p *betza.Piece, col Color) *pieceTable {
	t := &pieceTable{}
	for s := 0; s < geom.SquareNB; s++ {
		sq := geom.Square(s)
		if !b.Contains(sq) {
			continue
		}
		for _, a := range p.Atoms {
			df, dr := a.DF, a.DR
			if col == Black {
				df, dr = -df, -dr
			}
			var mt *moveTable
			switch {
			case a.Initial && a.Modality == betza.Quiet:
				mt = &t.initial[s]
				t.hasInitial = true
			case a.Initial:
				continue
			case a.Modality == betza.Quiet:
				mt = &t.quiet[s]
			default:
				mt = &t.capture[s]
			}
			switch a.Kind {
			case betza.Leap:
				to, ok := b.Step(sq, df, dr)
				if !ok || to == sq {
					continue
				}
				l := leap{to: to}
				if a.Limit != 0 && !lameLeapKnown(df, dr) {
					continue
				}
				if a.Limit != 0 {
					path, ok := lamePath(b, sq, df, dr)
					if !ok {
						continue
					}
					for _, ps := range path {
						l.path[l.npath] = ps
						l.npath++
					}
					t.asymmetric = true
				}
				if l.npath > 0 {
					mt.leaps = append(mt.leaps, l)
				} else {
					mt.plain.Add(to) // no square to block: a lame one-step leap is plain
				}
				mt.all.Add(to)
			case betza.Slide, betza.Hop:
				r := ray{kind: raySlide}
				limit := a.Limit
				if a.Kind == betza.Hop {
					r.kind = rayCannon
					if a.Limit == 1 {
						r.kind = rayGrasshopper
						limit = 0
						t.asymmetric = true
					}
				}
				cur := sq
				seen := geom.Bit(sq)
				for n := 0; limit == 0 || n < limit; n++ {
					nx, ok := b.Step(cur, df, dr)
					if !ok || seen.Has(nx) {
						break
					}
					seen.Add(nx)
					r.sq = append(r.sq, nx)
					r.mask.Add(nx)
					mt.all.Add(nx)
					cur = nx
				}
				if len(r.sq) > 0 {
					r.setStep()
					mt.rays = append(mt.rays, r)
					t.slider = true
				}
			}
		}
	}
	for s := range t.quiet {
		t.quiet[s].setFast()
		t.capture[s].setFast()
		t.initial[s].setFast()
	}
	t.sameQC = !t.hasInitial && sameTables(t.quiet[:], t.capture[:])
	return t
}

// plainSlides reports whether t's capture tables hold only plain leaps and
// slides (no lame leap, hop or grasshopper).
func (t *pieceTable) plainSlides() bool {
	for s := range t.capture {
		if len(t.capture[s].leaps) > 0 {
			return false
		}
		for _, r := range t.capture[s].rays {
			if r.kind != raySlide {
				return false
			}
		}
	}
	return true
}

func sameTables(a, b []moveTable) bool {
	for i := range a {
		x, y := &a[i], &b[i]
		if x.all != y.all || x.plain != y.plain || len(x.leaps) != len(y.leaps) || len(x.rays) != len(y.rays) {
			return false
		}
		for j := range x.leaps {
			if x.leaps[j] != y.leaps[j] {
				return false
			}
		}
		for j := range x.rays {
			if x.rays[j].kind != y.rays[j].kind || len(x.rays[j].sq) != len(y.rays[j].sq) {
				return false
			}
			for k := range x.rays[j].sq {
				if x.rays[j].sq[k] != y.rays[j].sq[k] {
					return false
				}
			}
		}
	}
	return true
}

// lamePath returns the intermediate squares of a lame leap: it steps
// orthogonally while the remaining distance is longer in one dimension
// and diagonally otherwise (the nN horse steps W then F).
func lamePath(b *geom.Board, s geom.Square, df, dr int) ([]geom.Square, bool) {
	var path []geom.Square
	if _, ok := b.Step(s, df, dr); !ok {
		return nil, false
	}
	sf, sr := 0, 0
	cur := s
	for sf != df || sr != dr {
		rf, rr := df-sf, dr-sr
		stf, str := sign(rf), sign(rr)
		switch {
		case abs(rf) > abs(rr):
			str = 0
		case abs(rf) < abs(rr):
			stf = 0
		}
		sf += stf
		sr += str
		nx, ok := b.Step(cur, stf, str)
		if !ok {
			return nil, false
		}
		cur = nx
		if sf != df || sr != dr {
			path = append(path, cur)
		}
	}
	return path, true
}

// lameLeapKnown reports whether Fairy-Stockfish moves a lame leaper
// (Betza n) by the leap (df, dr): only the leaps of the lame dabbaba,
// the horse, the elephant and the janggi elephant have lame tables there
// (bitboard.cpp); any other lame leap, such as nW or nC, never moves.
func lameLeapKnown(df, dr int) bool {
	f, r := abs(df), abs(dr)
	if f > r {
		f, r = r, f
	}
	switch [2]int{f, r} {
	case [2]int{0, 2}, [2]int{1, 2}, [2]int{2, 2}, [2]int{2, 3}:
		return true
	}
	return false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// setStep fills step when the ray's squares run at a constant, monotonic
// step (a one-square ray counts as step 1).
func (r *ray) setStep() {
	r.step = 0
	if r.kind != raySlide || len(r.sq) == 0 {
		return
	}
	if len(r.sq) == 1 {
		r.step = 1
		return
	}
	d := int(r.sq[1]) - int(r.sq[0])
	for i := 1; i < len(r.sq); i++ {
		if int(r.sq[i])-int(r.sq[i-1]) != d {
			return
		}
	}
	r.step = d
}

// targets returns the squares reached by table mt from s with the given
// occupancy: leaps and ride/hop squares, without looking at colours.
func (mt *moveTable) targets(occ geom.Set) geom.Set {
	b := mt.plain
	for i := range mt.leaps {
		l := &mt.leaps[i]
		ok := true
		for j := uint8(0); j < l.npath; j++ {
			if occ.Has(l.path[j]) {
				ok = false
				break
			}
		}
		if ok {
			b.Add(l.to)
		}
	}
	for _, m := range mt.up {
		if x := m.And(occ); x.Empty() {
			b = b.Or(m)
		} else {
			b = b.Or(m.And(geom.UpTo(x.First())))
		}
	}
	for _, m := range mt.down {
		if x := m.And(occ); x.Empty() {
			b = b.Or(m)
		} else {
			b = b.Or(m.And(geom.From(x.Last())))
		}
	}
	for i := range mt.walk {
		r := &mt.walk[i]
		switch r.kind {
		case raySlide:
			for _, s := range r.sq {
				b.Add(s)
				if occ.Has(s) {
					break
				}
			}
		case rayCannon:
			hurdle := false
			for _, s := range r.sq {
				if hurdle {
					b.Add(s)
					if occ.Has(s) {
						break
					}
				} else if occ.Has(s) {
					hurdle = true
				}
			}
		case rayGrasshopper:
			for j, s := range r.sq {
				if occ.Has(s) {
					if j+1 < len(r.sq) {
						b.Add(r.sq[j+1])
					}
					break
				}
			}
		case raySlideMasked:
			for _, s := range r.sq {
				if r.tmask.Has(s) {
					b.Add(s)
				}
				if occ.Has(s) {
					break
				}
			}
		case rayCannonMasked:
			hurdle := false
			for _, s := range r.sq {
				if hurdle {
					if r.tmask.Has(s) {
						b.Add(s)
					}
					if occ.Has(s) {
						break
					}
				} else if occ.Has(s) {
					hurdle = true
				}
			}
		}
	}
	return b
}

// hits returns the squares of cand that the table reaches with occupancy
// occ, assuming every member of cand is occupied: the first piece on a
// slide ray, the piece behind the screen on a cannon ray, plain leaps.
// (Lame leaps and grasshoppers are not covered: their types are handled
// as asymmetric.)
func (mt *moveTable) hits(occ, cand geom.Set) geom.Set {
	b := mt.plain.And(cand)
	for i := range mt.rays {
		r := &mt.rays[i]
		if r.mask.And(cand).Empty() {
			continue
		}
		if r.step != 0 {
			// the nearest blocker on the ray, by bit scan
			x := r.mask.And(occ)
			if x.Empty() {
				continue
			}
			bl := x.First()
			if r.step < 0 {
				bl = x.Last()
			}
			if cand.Has(bl) {
				b.Add(bl)
			}
			continue
		}
		screens := 0
		if r.kind == rayCannon || r.kind == rayCannonMasked {
			screens = 1
		}
		for _, s := range r.sq {
			if !occ.Has(s) {
				continue
			}
			if screens == 0 {
				if cand.Has(s) && (r.kind < raySlideMasked || r.tmask.Has(s)) {
					b.Add(s)
				}
				break
			}
			screens--
		}
	}
	return b
}
