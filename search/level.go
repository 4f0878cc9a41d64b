package search

import (
	"fmt"
	"time"
)

// The AI's strength scale, one for every front end: the CLI (houserules
// play --level, match --level) and the server's API and page use the same
// levels 0 (weakest) … 20 (strongest). A level is the engine's Skill
// (Engine.Skill, 0..20): level 10 in the browser plays as level 10 in the
// terminal. Only the thinking time differs: the CLI takes --movetime,
// the server LevelLimits' time (a weak level also stops at a shallow depth,
// so that it answers at once).
const (
	MinLevel = 0
	MaxLevel = 20
)

// ClampLevel returns level within MinLevel..MaxLevel.
func ClampLevel(level int) int { return max(MinLevel, min(MaxLevel, level)) }

// SetLevel sets the engine's strength to a level of the scale.
func (e *Engine) SetLevel(level int) { e.Skill = ClampLevel(level) }

// levelNames names bands of the scale, for menus ("Level 10 (club)").
var levelNames = []struct {
	upTo int
	name string
}{
	{2, "beginner"}, {5, "novice"}, {8, "casual"}, {11, "club"}, {14, "strong club"},
	{17, "expert"}, {19, "master"}, {20, "full strength"},
}

// LevelName names a level's band: beginner, novice, casual, club, strong
// club, expert, master, full strength.
func LevelName(level int) string {
	level = ClampLevel(level)
	for _, b := range levelNames {
		if level <= b.upTo {
			return b.name
		}
	}
	return ""
}

// LevelLabel is the level as menus show it: "Level 10 (club)".
func LevelLabel(level int) string {
	return fmt.Sprintf("Level %d (%s)", ClampLevel(level), LevelName(level))
}

// LevelLimits returns the depth cap (0 = none) and the time per move the
// server gives a level: 100 ms at depth 1 for level 0, growing to 2 s
// without a depth cap at level 20. Levels 0, 3, 6, … 18, 20 keep the
// skill, depth and time of the server's former levels 1..8 (see
// store/migrate.go, which moved stored games to this scale).
func LevelLimits(level int) (depth int, moveTime time.Duration) {
	level = ClampLevel(level)
	depths := [...]int{1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 7, 7, 7, 0, 0, 0}
	times := [...]int{100, 115, 130, 150, 185, 215, 250, 300, 350, 400, 465, 535, 600, 700, 800, 900, 1035, 1165, 1300, 1650, 2000}
	return depths[level], time.Duration(times[level]) * time.Millisecond
}
