package variants

import (
	"fmt"
	"strings"

	"houserules/geom"
	"houserules/position"
)

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
	p.parseBoard()
	p.parseDeprecated()
	p.parseAliases()
	p.parseOfficial()
	p.parseGameEnd()
	p.parseExtension()
	p.reportUnknown()
}

// parseBoard reads the board size, then the pieces, each followed by its
// mobility regions, and the piece values.
func (p *parser) parseBoard() {
	v := p.v
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
}

// parseDeprecated reads the deprecated options.
func (p *parser) parseDeprecated() {
	v := p.v
	W, B := position.White, position.Black
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
	p.pPieceSet("petrifyOnCaptureTypes", &v.PetrifyOnCaptureTypes)
	p.pBool("petrifyBlastPieces", &v.PetrifyBlastPieces)
	p.pSquares("whiteDropRegion", &v.DropRegion[W])
	p.pSquares("blackDropRegion", &v.DropRegion[B])
	// dropOnTop = true is enclosingDrop = top (read later, it may override)
	dropOnTop := false
	p.pBool("dropOnTop", &dropOnTop)
	if dropOnTop {
		v.EnclosingDrop = position.TopEnclosing
	}
}

// parseAliases reads the aliases (pawnTypes).
func (p *parser) parseAliases() {
	v := p.v
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
}

// parseOfficial reads the official options up to the game end ones.
func (p *parser) parseOfficial() {
	v := p.v
	W, B := position.White, position.Black
	p.pString("variantTemplate", &v.Template)
	p.find("pieceToCharTable") // XBoard display only: accepted and ignored
	var pocketSize int
	p.pInt("pocketSize", &pocketSize) // XBoard display only
	p.pBool("chess960", &v.Chess960)
	p.unsupportedBool("twoBoards", false)
	p.pString("startFen", &v.StartFEN)
	p.pSquares("promotionRegionWhite", &v.PromotionRegion[W])
	p.pSquares("promotionRegionBlack", &v.PromotionRegion[B])
	// The main promotion pawn type is the last letter of promotionPawnTypes.
	p.pPieceTypes("promotionPawnTypes", &v.MainPromotionPawnType)
	p.pPieceSets("promotionPawnTypes", &v.PromotionPawnTypes)
	p.pPieceSets("promotionPieceTypes", &v.PromotionPieceTypes)
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
	p.pSquareSets("enPassantRegion", &v.EnPassantRegion)
	p.pPieceSets("enPassantTypes", &v.EnPassantTypes)
	p.pBool("castling", &v.Castling)
	p.pBool("castlingDroppedPiece", &v.CastlingDroppedPiece)
	p.pFile("castlingKingsideFile", &v.CastlingKingsideFile)
	p.pFile("castlingQueensideFile", &v.CastlingQueensideFile)
	p.pRank("castlingRank", &v.CastlingRank)
	p.pFile("castlingKingFile", &v.CastlingKingFile)
	p.pPieceTypes("castlingKingPiece", &v.CastlingKingPiece)
	p.pFile("castlingRookKingsideFile", &v.CastlingRookKingsideFile)
	p.pFile("castlingRookQueensideFile", &v.CastlingRookQueensideFile)
	p.pPieceSets("castlingRookPieces", &v.CastlingRookPieces)
	p.pBool("oppositeCastling", &v.OppositeCastling)
	p.pBool("checking", &v.Checking)
	p.pBool("dropChecks", &v.DropChecks)
	p.pBool("mustCapture", &v.MustCapture)
	p.pBool("mustDrop", &v.MustDrop)
	p.pPieceType("mustDropType", &v.MustDropType)
	p.pBool("pieceDrops", &v.PieceDrops)
	p.pBool("dropLoop", &v.DropLoop)
	p.pBool("capturesToHand", &v.CapturesToHand)
	p.pBool("firstRankPawnDrops", &v.FirstRankPawnDrops)
	p.pBool("promotionZonePawnDrops", &v.PromotionZonePawnDrops)
	p.pEnclosing("enclosingDrop", &v.EnclosingDrop)
	p.pSquares("enclosingDropStart", &v.EnclosingDropStart)
	p.pSquares("dropRegionWhite", &v.DropRegion[W])
	p.pSquares("dropRegionBlack", &v.DropRegion[B])
	p.pBool("sittuyinRookDrop", &v.SittuyinRookDrop)
	p.pBool("dropOppositeColoredBishop", &v.DropOppositeColoredBishop)
	p.pBool("dropPromoted", &v.DropPromoted)
	p.pPieceType("dropNoDoubled", &v.DropNoDoubled)
	p.pInt("dropNoDoubledCount", &v.DropNoDoubledCount)
	p.unsupportedBool("immobilityIllegal", false)
	p.pBool("gating", &v.Gating)
	rule := int(v.WallingRule)
	p.pEnum("wallingRule", "WallingRule", position.WallingRuleNames[:], &rule)
	v.WallingRule = position.WallingRule(rule)
	p.pSquares("wallingRegionWhite", &v.WallingRegion[W])
	p.pSquares("wallingRegionBlack", &v.WallingRegion[B])
	p.pSquares("wallingRegion", &v.WallingRegion[W])
	p.pSquares("wallingRegion", &v.WallingRegion[B])
	p.pBool("wallOrMove", &v.WallOrMove)
	p.pBool("seirawanGating", &v.SeirawanGating)
	p.pBool("cambodianMoves", &v.CambodianMoves)
	p.pSquares("diagonalLines", &v.DiagonalLines)
	p.pBools("pass", &v.Pass)
	p.pBools("passOnStalemate", &v.PassOnStalemate)
	p.pBool("makpongRule", &v.MakpongRule)
	p.pBool("flyingGeneral", &v.FlyingGeneral)
	p.pRank("soldierPromotionRank", &v.SoldierPromotionRank)
	p.pEnclosing("flipEnclosedPieces", &v.FlipEnclosedPieces)
}

// parseGameEnd reads the game end options.
func (p *parser) parseGameEnd() {
	v := p.v
	W, B := position.White, position.Black
	p.pPieceSets("nMoveRuleTypes", &v.NMoveRuleTypes)
	p.pInt("nMoveRule", &v.NMoveRule)
	p.pInt("nFoldRule", &v.NFoldRule)
	p.pValue("nFoldValue", &v.NFoldValue)
	p.pBool("nFoldValueAbsolute", &v.NFoldValueAbsolute)
	p.pBool("perpetualCheckIllegal", &v.PerpetualCheckIllegal)
	p.pBool("moveRepetitionIllegal", &v.MoveRepetitionIllegal)
	if _, ok := p.cfg["chasingRule"]; ok {
		cr := int(v.ChasingRule)
		p.pEnum("chasingRule", "ChasingRule", []string{"none", "axf"}, &cr)
		v.ChasingRule = position.ChasingRule(cr)
	}
	p.pValue("stalemateValue", &v.StalemateValue)
	p.pBool("stalematePieceCount", &v.StalematePieceCount)
	p.pValue("checkmateValue", &v.CheckmateValue)
	p.pBool("shogiPawnDropMateIllegal", &v.ShogiPawnDropMateIllegal)
	p.pBool("shatarMateRule", &v.ShatarMateRule)
	p.pBool("bikjangRule", &v.BikjangRule)
	p.pValue("extinctionValue", &v.ExtinctionValue)
	p.pBool("extinctionClaim", &v.ExtinctionClaim)
	p.pBool("extinctionPseudoRoyal", &v.ExtinctionPseudoRoyal)
	p.pBool("dupleCheck", &v.DupleCheck)
	p.pPieceSet("extinctionPieceTypes", &v.ExtinctionPieceTypes)
	p.pInt("extinctionPieceCount", &v.ExtinctionPieceCount)
	p.pInt("extinctionOpponentPieceCount", &v.ExtinctionOpponentPieceCount)
	p.pPieceTypes("flagPiece", &v.FlagPiece)
	p.pSquareSets("flagRegion", &v.FlagRegion)
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
}

// pEnclosing reads an [EnclosingRule] (enclosingDrop, flipEnclosedPieces).
func (p *parser) pEnclosing(key string, dst *position.EnclosingRule) {
	r := int(*dst)
	p.pEnum(key, "EnclosingRule", position.EnclosingRuleNames, &r)
	*dst = position.EnclosingRule(r)
}

// parseExtension reads our extensions: topology; freeDrops (drops from an
// unlimited supply without a pocket, as Fairy-Stockfish's built-in ataxx);
// and kingType (the predefined piece whose moves the king uses, which
// Fairy-Stockfish sets only for its built-ins: the wazir-moving general of
// xiangqi and janggi, which alone receives the palace diagonals of
// diagonalLines).
func (p *parser) parseExtension() {
	v := p.v
	p.pBool("freeDrops", &v.FreeDrops)
	if e, ok := p.find("kingType"); ok {
		pt, found := position.PieceTypeByName(e.Value)
		if !found || pt.IsCustom() || pt == position.CustomRoyal {
			p.invalid(e, "PieceType", "the name of a predefined piece such as wazir or king")
		} else {
			v.KingType = pt
		}
	}
	p.pLetterSynonyms()
	if _, ok := p.cfg["topology"]; ok {
		t := int(v.Topology)
		p.pEnum("topology", "topology", []string{"plain", "cylinder", "torus"}, &t)
		v.Topology = geom.Topology(t)
	}
}

// pLetterSynonyms reads our extension letterSynonyms = NAME:LETTER …: a
// second FEN letter for a piece of the variant, read but never written (a
// synonym Fairy-Stockfish gives some built-ins in code: xiangqi's horse h
// and elephant e). A letter another piece uses, or a piece not in the
// variant, is an error.
func (p *parser) pLetterSynonyms() {
	e, ok := p.find("letterSynonyms")
	if !ok {
		return
	}
	v := p.v
	for _, f := range strings.Fields(e.Value) {
		name, letter, found := strings.Cut(f, ":")
		pt, known := position.PieceTypeByName(name)
		switch {
		case !found || len(letter) != 1 || !isAlpha(letter[0]):
			p.invalid(e, "NAME:LETTER …", fmt.Sprintf("%q is not a piece name, ':' and one letter", f))
			return
		case !known || v.PieceChar[pt] == 0:
			p.invalid(e, "NAME:LETTER …", fmt.Sprintf("%q: no piece %s in the variant", f, name))
			return
		case p.typeOf(letter[0]) != position.NoPieceType:
			p.invalid(e, "NAME:LETTER …", fmt.Sprintf("%q: the letter %s is already a piece's", f, letter))
			return
		}
		v.PieceCharSynonym[pt] = upper(letter[0])
	}
}

// reportUnknown reports every key left over as unknown.
func (p *parser) reportUnknown() {
	for _, e := range p.rs.Entries {
		if !p.used[e.Key] {
			p.used[e.Key] = true // report a repeated unknown key once
			p.errAt(p.cfg[e.Key], ErrUnknownOption, "unknown option %s", showKey(e.Key))
		}
	}
}
