package loadtest

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"time"
)

// Write prints the report as text, one fact a line.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintf(w, "elapsed      %v\n", r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "games        %d started, %d ended by the rules\n", r.GamesStarted, r.GamesOver)
	fmt.Fprintf(w, "moves        %d sent, %d acked, %.0f moves/s\n", r.MovesSent, r.MovesAcked, r.MovesPerSecond())
	fmt.Fprintf(w, "round-trip   %v\n", r.Latency)
	if r.RampTook > 0 && r.Steady.N > 0 && r.Steady.N < r.Latency.N {
		fmt.Fprintf(w, "after start  %v (moves sent once all %d games were connected, %v after the start)\n",
			r.Steady, r.GamesStarted, r.RampTook.Round(time.Millisecond))
	}
	writeTimeline(w, r.Timeline)
	if r.SpectatorsConnected > 0 || r.Watched.N > 0 {
		fmt.Fprintf(w, "watched room %v (its players)\n", r.Watched)
		fmt.Fprintf(w, "spectators   %d connected, %d messages received\n", r.SpectatorsConnected, r.SpectatorMsgs)
	}
	if r.AIFirst > 0 {
		fmt.Fprintf(w, "AI first     %d of %d games got their AI move (longest wait %v)\n", r.AIMoved, r.AIFirst, r.AIFirstMax.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "errors       %d%s\n", r.ErrorCount(), counts(r.Errors))
	if len(r.Limits) > 0 {
		fmt.Fprintf(w, "limits hit   %s (raise them with the serve flags)\n", counts(r.Limits)[1:])
	}
	if r.Server != nil {
		fmt.Fprintf(w, "server       %v\n", r.Server)
	}
}

// counts writes " code=n, code=n" in code order ("" for none).
func counts(m map[string]int) string {
	s := ""
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if s == "" {
			s = " "
		} else {
			s += ", "
		}
		s += fmt.Sprintf("%s=%d", k, m[k])
	}
	return s
}
