package plugins

import "testing"

func TestThreeCheck(t *testing.T) { checkOracle(t, "threeCheck", "3check") }

func TestFiveCheck(t *testing.T) {
	checkOracle(t, "fiveCheck", "5check")
	p, _ := lookup(t, "fiveCheck")
	if p.Merged.CheckThreshold != 5 || p.Merged.Group != "Tactical" {
		t.Errorf("inherited config: %+v", p.Merged)
	}
}
