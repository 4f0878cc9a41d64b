package rules

import (
	"houserules/geom"
	"houserules/position"
)

// Seat is who looks at a game: one of the players or a spectator.
type Seat uint8

// The seats.
const (
	SeatSpectator Seat = iota
	SeatWhite
	SeatBlack
)

// SeatOf returns the seat of colour c.
func SeatOf(c position.Color) Seat {
	if c == position.White {
		return SeatWhite
	}
	return SeatBlack
}

// ParseSeat reads "white", "black" or anything else (a spectator).
func ParseSeat(s string) Seat {
	switch s {
	case "white":
		return SeatWhite
	case "black":
		return SeatBlack
	}
	return SeatSpectator
}

func (s Seat) String() string {
	return [...]string{"spectator", "white", "black"}[s]
}

// Badge is a label on the piece on Square (a piece's hit points, say).
type Badge struct {
	Square geom.Square
	Kind   string // what it counts, a short lower-case word ("hp")
	Value  int
	Max    int    // the value a fresh piece of its type has (0: none)
	Text   string // what the badge shows
	Title  string // a longer text (a tooltip)
}

// Mark is a marked square (a poisoned square, say).
type Mark struct {
	Square geom.Square
	Kind   string // a short lower-case word ("poisoned")
	Title  string
}

// LegendItem explains one kind of badge or mark to the player.
type LegendItem struct {
	Kind string
	Text string
}

// View is what a seat may see of the game beyond the board itself: the
// pockets, the squares hidden from it, badges on pieces, marked squares,
// status text and the legend that explains them. The play server sends
// it and names no preset or fact itself.
type View struct {
	// Pockets holds each side's pocket by colour (position.White,
	// position.Black) in a variant with pockets, nil slices otherwise.
	Pockets [2][]PocketSlot
	Hidden  geom.Set
	Badges  []Badge
	Marks   []Mark
	Status  []string
	Legend  []LegendItem
}

// ViewHook adds to what seat may see (the view stage): it appends badges,
// marks, status text and legend items to v, or hides squares.
type ViewHook interface {
	View(g *Game, seat Seat, v *View)
}

// View returns what seat may see: the pockets (of a variant with pockets),
// then what the ruleset's view hooks add in registration order.
func (g *Game) View(seat Seat) View {
	var v View
	if g.Pos.V.HasPockets() {
		v.Pockets = g.pockets()
	}
	for _, h := range g.R.view {
		h.View(g, seat, &v)
	}
	return v
}
