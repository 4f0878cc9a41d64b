package variants

import (
	"reflect"
	"strings"

	"houserules/geom"
	"houserules/position"
)

// ---- not-yet-supported options: an error unless the value is the default ----

// unsupportedBool: when position.Variant gains a bool field of the option's
// Go-cased name (immobilityIllegal → ImmobilityIllegal), the option is
// supported from then on and sets that field.
func (p *parser) unsupportedBool(key string, def bool) {
	if e, ok := p.find(key); ok {
		if b, ok := readBool(e.Value); !ok {
			p.invalid(e, "bool", "true or false")
		} else if !setBoolField(p.v, key, b) && b != def {
			p.notSupported(e)
		}
	}
}

// setBoolField sets the bool field named like the option (first letter
// upper-cased) of the struct *v, and reports whether there is one.
func setBoolField(v any, option string, b bool) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct || option == "" {
		return false
	}
	f := rv.Elem().FieldByName(string(upper(option[0])) + option[1:])
	if !f.IsValid() || f.Kind() != reflect.Bool || !f.CanSet() {
		return false
	}
	f.SetBool(b)
	return true
}

func (p *parser) unsupportedInt(key string, def int) {
	p.unsupportedNumber(key, "int", readInt, def)
}

func (p *parser) unsupportedRank(key string, def int) {
	p.unsupportedNumber(key, "Rank", readRank, def)
}

// unsupportedNumber reads the key's value with read (readInt, readRank);
// typ names the type in the invalid-value error.
func (p *parser) unsupportedNumber(key, typ string, read func(string) (int, string), def int) {
	if e, ok := p.find(key); ok {
		if n, why := read(e.Value); why != "" {
			p.invalid(e, typ, why)
		} else if n != def {
			p.notSupported(e)
		}
	}
}

// unsupportedSquares: the default is either the empty set or every square
// (a set that covers the whole board counts as every square).
func (p *parser) unsupportedSquares(key string, defAll bool) {
	if e, ok := p.find(key); ok {
		set, why := readSquares(e.Value)
		switch {
		case why != "":
			p.invalid(e, "Bitboard (squares such as e4, *8, a*)", why)
		case defAll && !boardMask(p.v).AndNot(set).Empty(), !defAll && set.Any():
			p.notSupported(e)
		}
	}
}

// unsupportedPieceSet: any non-empty set is not supported yet.
func (p *parser) unsupportedPieceSet(key string) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		if why != "" {
			p.invalid(e, "PieceSet", why)
		} else if len(pts) > 0 {
			p.notSupported(e)
		}
	}
}

func (p *parser) unsupportedPieceType(key string, def position.PieceType) {
	if e, ok := p.find(key); ok {
		pts, why := p.readPieces(e.Value)
		pt := position.NoPieceType
		if len(pts) > 0 {
			pt = pts[len(pts)-1]
		}
		if why != "" {
			p.invalid(e, "PieceType", why)
		} else if pt != def {
			p.notSupported(e)
		}
	}
}

func (p *parser) unsupportedEnum(key, typ string, words []string) {
	if e, ok := p.find(key); ok {
		for _, w := range words {
			if e.Value == w {
				if w != "none" {
					p.notSupported(e)
				}
				return
			}
		}
		p.invalid(e, typ, strings.Join(words, ", "))
	}
}

func boardMask(v *position.Variant) geom.Set {
	var s geom.Set
	for r := 0; r <= v.MaxRank && r < geom.MaxRanks; r++ {
		for f := 0; f <= v.MaxFile && f < geom.MaxFiles; f++ {
			s.Add(geom.Sq(f, r))
		}
	}
	return s
}
