package presets

import (
	"fmt"

	"houserules/position"
	"houserules/rules"
)

// QueenSplits is the queen-splits preset (seed RULES.md, "Queen Fission"):
// a queen that captures is replaced by a rook on the capture square and a
// bishop on the first empty square adjacent to it, clockwise from N (no
// empty square: the bishop is forfeit).
//
// Mechanism: an AfterMove hook. It looks at the piece standing on the
// target after the move, so a pawn that promotes to a queen with a capture
// fissions too. RULINGS: queen-splits — the rook and the bishop are new
// pieces (freshMeta: new IDs, HasMoved = 1, default Hp under piece-hp);
// they have no castling rights (the base make-move already cleared any
// right of the target square). Legality is judged after fission: Game's
// hooked legality makes the move with its AfterMove hooks before it tests
// the mover's royals. The capture move itself keeps the queen's (or the
// promotion's) production; preset.queen-fission names the fission effect.
type QueenSplits struct{}

var prodQueenFission = position.RegisterProduction("preset.queen-fission")

func init() { rules.Register(QueenSplits{}) }

// Info declares the preset.
func (QueenSplits) Info() rules.Info {
	return rules.Info{
		ID: "queen-splits", Name: "Queen Fission", Category: "Piece Ability", Mode: rules.Override,
		Description: "A queen that captures splits into a rook on the capture square and a bishop on the first empty adjacent square clockwise from N (none: no bishop).",
		Adds:        []string{"preset.queen-fission"},
		Overrides:   []string{"fide.queen-capture"},
	}
}

// Setup registers the fission. The variant must have queens; rooks and
// bishops are added to a variant that lacks them (letters R and B) so
// that the fission pieces can be written in FEN.
func (QueenSplits) Setup(b *rules.Builder, opts rules.Options) error {
	v := b.Variant
	if v.PieceChar[position.Queen] == 0 {
		return fmt.Errorf("variant %s has no queen", v.Name)
	}
	for _, x := range []struct {
		pt position.PieceType
		ch byte
	}{{position.Rook, 'R'}, {position.Bishop, 'B'}} {
		if v.PieceChar[x.pt] != 0 {
			continue
		}
		for pt, ch := range v.PieceChar {
			if ch == x.ch {
				return fmt.Errorf("variant %s has no %s and its letter %c is taken by %s",
					v.Name, position.BuiltinPieces[x.pt].Name, x.ch, position.BuiltinPieces[pt].Name)
			}
		}
		v.AddPiece(x.pt, x.ch)
	}
	b.Hook(queenSplits{})
	return nil
}

type queenSplits struct{}

// AfterMove splits a queen that has just captured.
func (queenSplits) AfterMove(g *rules.Game, m position.Move, info rules.MoveInfo) {
	if info.Captured == position.NoPiece {
		return
	}
	p := g.Pos
	to := m.To()
	q := p.PieceOn(to)
	if q == position.NoPiece || q.Type() != position.Queen || q.Color() != info.Mover {
		return
	}
	rook := position.MakePiece(info.Mover, position.Rook)
	g.Place(to, rook, freshMeta(g, rook), prodQueenFission)
	if s, ok := firstEmptyAdjacent(p, to); ok {
		bishop := position.MakePiece(info.Mover, position.Bishop)
		g.Place(s, bishop, freshMeta(g, bishop), prodQueenFission)
	}
}

// AfterMoveStage: piece spawn, after capture resolution (piece-hp damage first).
func (queenSplits) AfterMoveStage() rules.Stage { return rules.StagePieceSpawn }
