package variants

import (
	"bufio"
	"bytes"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Description describes a built-in variant for pickers and the web API:
// its family (the catalogue file it lives in), the title, link and
// one-line description from the comment block above its section, and its
// board size.
type Description struct {
	Name        string // section name, e.g. "capablanca"
	Title       string // e.g. "Capablanca chess"
	URL         string // a page about the variant, or ""
	Description string // one or two sentences
	Family      string // family key: the catalogue file's base name ("capablanca")
	Files       int
	Ranks       int
	Loads       bool   // false when the variant uses a feature not supported yet
	Error       string // why it does not load

	// For a plugin (Plugin true): Label is its name in a picker and Rule
	// its one-line summary; Family is the key of the family named like
	// its Group (see Families).
	Plugin      bool
	Label, Rule string
}

// Family is a group of built-in variants: one catalogue file.
type Family struct {
	Key         string // e.g. "capablanca"
	Name        string // e.g. "Large boards"
	Description string // the file's header paragraph
}

var familyNames = map[string]string{
	"chess":      "Chess and relatives",
	"antichess":  "Losing chess",
	"atomic":     "Atomic",
	"capablanca": "Large boards",
	"drops":      "Drops and gating",
	"extinction": "Capture the king",
	"games":      "Other board games",
	"makruk":     "South-east Asian chess",
	"minichess":  "Small boards",
	"racing":     "Races and hills",
	"shatranj":   "Shatranj and medieval",
	"shogi":      "Shogi family",
	"xiangqi":    "Xiangqi and janggi",
	"community":  "Community variants",
}

// familyOrder lists the families in the order a picker shows them.
var familyOrder = []string{"chess", "capablanca", "minichess", "racing", "atomic", "antichess",
	"extinction", "drops", "shogi", "xiangqi", "makruk", "shatranj", "games", "community"}

// Families lists the families of the catalogue, chess first, then the
// plugins' groups that are not the name of one (in the order of the plugin
// keys): a plugin group joins the catalogue family of that name, without
// regard to case ("Large Boards" is the capablanca file's "Large boards").
func Families() []Family {
	out := catalogueFamilies()
	for _, p := range Plugins() {
		if p.Err != nil {
			continue
		}
		if k := pluginFamily(out, p.Merged.Group); !slices.ContainsFunc(out, func(f Family) bool { return f.Key == k }) {
			out = append(out, Family{Key: k, Name: p.Merged.Group, Description: "Variant plugins (Go, variants/plugins)."})
		}
	}
	return out
}

// pluginFamily is the key of the family of a plugin group: the catalogue
// family of that name, or "plugins-" and the group in lower case with
// dashes.
func pluginFamily(fams []Family, group string) string {
	for _, f := range fams {
		if strings.EqualFold(f.Name, group) && !strings.HasPrefix(f.Key, "plugins-") {
			return f.Key
		}
	}
	return "plugins-" + strings.ReplaceAll(strings.ToLower(strings.TrimSpace(group)), " ", "-")
}

func catalogueFamilies() []Family {
	names, _ := fs.Glob(catalogueFS, "catalogue/*.ini")
	have := map[string]Family{}
	for _, n := range names {
		key := strings.TrimSuffix(path.Base(n), ".ini")
		data, _ := fs.ReadFile(catalogueFS, n)
		f := Family{Key: key, Name: familyNames[key], Description: headerParagraph(data)}
		if f.Name == "" {
			f.Name = key
		}
		have[key] = f
	}
	var out []Family
	for _, k := range familyOrder {
		if f, ok := have[k]; ok {
			out = append(out, f)
			delete(have, k)
		}
	}
	for _, n := range names { // files added later, in file order
		k := strings.TrimSuffix(path.Base(n), ".ini")
		if f, ok := have[k]; ok {
			out = append(out, f)
		}
	}
	return out
}

// Describe lists every section of the catalogue with its description, in
// catalogue order (by file, then line), then every plugin by key.
func Describe() []Description {
	out := describeCatalogue()
	fams := catalogueFamilies()
	for _, p := range Plugins() {
		c := p.Merged
		d := Description{Name: p.Key, Title: c.Title, Description: c.Description, Family: pluginFamily(fams, c.Group),
			Loads: p.Err == nil, Plugin: true, Label: c.Label, Rule: c.Rule}
		if p.Err != nil {
			d.Error, d.Title = p.Err.Error(), p.Config.Title
			d.Family = pluginFamily(fams, p.Config.Group)
		} else {
			d.Files, d.Ranks = p.variant.MaxFile+1, p.variant.MaxRank+1
		}
		out = append(out, d)
	}
	return out
}

func describeCatalogue() []Description {
	comments := sectionComments()
	var out []Description
	for _, s := range Catalogue() {
		d := Description{Name: s.Name, Family: strings.TrimSuffix(path.Base(s.File), ".ini"), Loads: s.Err == nil}
		if c, ok := comments[s.Name]; ok {
			d.Title, d.URL, d.Description = c[0], c[1], c[2]
		}
		if d.Title == "" {
			d.Title = s.Name
		}
		if s.Err != nil {
			d.Error = s.Err.Error()
		} else if s.Variant != nil {
			d.Files, d.Ranks = s.Variant.MaxFile+1, s.Variant.MaxRank+1
		}
		out = append(out, d)
	}
	return out
}

// headerParagraph returns the first comment paragraph of an ini file.
func headerParagraph(data []byte) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(l, "#") {
			break
		}
		t := strings.TrimSpace(strings.TrimPrefix(l, "#"))
		if t == "" {
			break
		}
		lines = append(lines, t)
	}
	return strings.Join(lines, " ")
}

// sectionComments reads the comment block right above each section line:
// title, then an optional URL line, then the description lines.
func sectionComments() map[string][3]string {
	out := map[string][3]string{}
	names, _ := fs.Glob(catalogueFS, "catalogue/*.ini")
	for _, n := range names {
		data, _ := fs.ReadFile(catalogueFS, n)
		var block []string
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			switch {
			case strings.HasPrefix(l, "#") || strings.HasPrefix(l, ";"):
				block = append(block, strings.TrimSpace(l[1:]))
			case strings.HasPrefix(l, "[") && strings.Contains(l, "]"):
				name := l[1:strings.Index(l, "]")]
				if i := strings.Index(name, ":"); i >= 0 {
					name = name[:i]
				}
				var c [3]string
				var desc []string
				for i, b := range block {
					switch {
					case i == 0:
						c[0] = b
					case c[1] == "" && len(desc) == 0 && (strings.HasPrefix(b, "http://") || strings.HasPrefix(b, "https://")):
						c[1] = b
					case b != "":
						desc = append(desc, b)
					}
				}
				c[2] = strings.Join(desc, " ")
				if len(block) > 0 {
					out[strings.TrimSpace(name)] = c
				}
				block = nil
			default:
				block = nil
			}
		}
	}
	return out
}
