package corpus

import (
	"testing"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

func TestProbeSpeed(t *testing.T) {
	for round := 0; round < 3; round++ {
		for _, n := range []string{"chess", "crazyhouse"} {
			v, _ := variants.Get(n)
			p, _ := position.New(v, "", false)
			t0 := time.Now()
			nodes := rules.PerftGeneric(p, 5)
			el := time.Since(t0)
			t.Logf("%s %d %.1f Mnps", n, nodes, float64(nodes)/el.Seconds()/1e6)
		}
	}
}
