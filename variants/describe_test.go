package variants

import "testing"

func TestDescribe(t *testing.T) {
	byName := map[string]Description{}
	for _, d := range Describe() {
		byName[d.Name] = d
	}
	c, ok := byName["capablanca"]
	if !ok {
		t.Fatal("capablanca missing")
	}
	if c.Title != "Capablanca chess" || c.URL != "https://en.wikipedia.org/wiki/Capablanca_chess" ||
		c.Files != 10 || c.Ranks != 8 || c.Family != "capablanca" || !c.Loads {
		t.Errorf("capablanca = %+v", c)
	}
	if want := "10x8 chess with an archbishop and a chancellor; the castling king ends on the c or i file."; c.Description != want {
		t.Errorf("description = %q, want %q", c.Description, want)
	}
	if ch := byName["chess"]; ch.Title != "Chess (orthodox chess, FIDE rules)" || ch.Files != 8 {
		t.Errorf("chess = %+v", ch)
	}
	fams := Families()
	if len(fams) == 0 || fams[0].Key != "chess" || fams[0].Name != "Chess and relatives" {
		t.Fatalf("families = %+v", fams)
	}
	for _, f := range fams {
		if f.Description == "" {
			t.Errorf("family %s has no description", f.Key)
		}
	}
	for _, d := range Describe() {
		if d.Family == "" {
			t.Errorf("%s has no family", d.Name)
		}
	}
}
