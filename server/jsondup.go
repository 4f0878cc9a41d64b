package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// duplicateKey reports the first key that appears twice in one object of
// the JSON text data, at any depth, as a sentence naming the key and where
// it is ("" when there is none). Keys that differ only in letter case count
// as the same key: encoding/json matches struct fields without regard to
// case, so {"type":"ping","Type":"move"} would be read as a move just as
// {"type":"ping","type":"move"} would (the last one wins). Text that is not
// JSON is left to the decoder to report ("" here).
func duplicateKey(data []byte) string {
	type frame struct {
		obj     bool
		keys    map[string]bool
		path    string
		wantKey bool   // in an object: the next token is a key
		key     string // in an object: the key whose value comes next
		index   int    // in an array: the index of the next value
	}
	var stack []*frame
	// child names where the value that starts now sits.
	child := func() string {
		if len(stack) == 0 {
			return ""
		}
		top := stack[len(stack)-1]
		if top.obj {
			if top.path == "" {
				return top.key
			}
			return top.path + "." + top.key
		}
		return fmt.Sprintf("%s[%d]", top.path, top.index)
	}
	// done: a value ended in the frame on top.
	done := func() {
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.obj {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				stack = append(stack, &frame{obj: t == '{', keys: map[string]bool{}, path: child(), wantKey: true})
			case '}', ']':
				stack = stack[:len(stack)-1]
				done()
			}
		default:
			if len(stack) > 0 && stack[len(stack)-1].obj && stack[len(stack)-1].wantKey {
				top := stack[len(stack)-1]
				k, _ := t.(string)
				fold := strings.ToLower(k)
				if top.keys[fold] {
					where := "the top-level object"
					if top.path != "" {
						where = fmt.Sprintf("the object %q", top.path)
					}
					return fmt.Sprintf("duplicate key %q in %s", k, where)
				}
				top.keys[fold] = true
				top.key = k
				top.wantKey = false
				continue
			}
			done()
		}
		if len(stack) == 0 {
			return ""
		}
	}
}
