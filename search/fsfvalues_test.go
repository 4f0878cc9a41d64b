package search

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestXiangqiFamilyValues: the xiangqi and janggi piece types get
// Fairy-Stockfish's values (types.h: cannon 800/700, janggi cannon
// 800/600, soldier 200/270, horse 520/800, elephant 300/300, janggi
// elephant 340/350, wazir 400/350; riders times 13/12 on 9x10), in our
// scale (mg 10/24, eg 1/2); the chariot and the advisor keep their values
// from mobility. The order a xiangqi player knows follows: chariot >
// cannon > horse > advisor > elephant > soldier in the middle game, the
// horse above the cannon in the endgame.
func TestXiangqiFamilyValues(t *testing.T) {
	want := map[string]map[position.PieceType][2]int{
		"xiangqi": {position.Rook: {579, 764}, position.Cannon: {360, 379}, position.Horse: {216, 400},
			position.Fers: {176, 233}, position.Elephant: {125, 150}, position.Soldier: {83, 135}},
		"janggi": {position.JanggiCannon: {360, 325}, position.JanggiElephant: {141, 175}, position.Wazir: {166, 175}},
	}
	for name, vals := range want {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := rules.Compile(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEvaluator(rs)
		for pt, w := range vals {
			if e.Mg[pt] != w[0] || e.Eg[pt] != w[1] {
				t.Errorf("%s: %s is %d/%d, want %d/%d", name, position.BuiltinPieces[pt].Name, e.Mg[pt], e.Eg[pt], w[0], w[1])
			}
		}
		if name == "xiangqi-standin" {
			order := []position.PieceType{position.Rook, position.Cannon, position.Horse, position.Fers, position.Elephant, position.Soldier}
			for i := 1; i < len(order); i++ {
				if e.Mg[order[i-1]] <= e.Mg[order[i]] {
					t.Errorf("middle game: %s (%d) not above %s (%d)", position.BuiltinPieces[order[i-1]].Name, e.Mg[order[i-1]],
						position.BuiltinPieces[order[i]].Name, e.Mg[order[i]])
				}
			}
			if e.Eg[position.Horse] <= e.Eg[position.Cannon] {
				t.Errorf("endgame: the horse (%d) not above the cannon (%d)", e.Eg[position.Horse], e.Eg[position.Cannon])
			}
		}
	}
}
