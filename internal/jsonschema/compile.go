package jsonschema

import (
	"fmt"
	"math/big"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Schema is a compiled schema, safe for concurrent use.
type Schema struct {
	n *node
	c *compiler
}

// node is one compiled (sub)schema.
type node struct {
	loc    string // keyword location, "#/properties/a"
	always *bool  // a boolean schema

	ref *node

	types       []string // nil: any type
	enum        []any
	hasEnum     bool
	constV      any
	hasConst    bool
	props       map[string]*node
	patternProp []patternNode
	additional  *node
	unevaluated *node // unevaluatedProperties
	propNames   *node
	required    []string
	minProps    int // -1: none
	maxProps    int
	depRequired map[string][]string
	depSchemas  map[string]*node

	prefixItems []*node
	items       *node
	contains    *node
	minContains int // -1: none (1 when contains is set)
	maxContains int
	minItems    int
	maxItems    int
	unique      bool

	minLength int
	maxLength int
	pattern   *regexp.Regexp

	minimum, maximum, exclMin, exclMax, multipleOf *big.Rat

	allOf, anyOf, oneOf []*node
	not                 *node
	ifS, thenS, elseS   *node
}

type patternNode struct {
	re *regexp.Regexp
	n  *node
}

type compiler struct {
	doc     any
	id      string // the root's $id, without fragment
	nodes   map[string]*node
	anchors map[string]*node
	pending []pendingRef
}

type pendingRef struct {
	n   *node
	ref string
	loc string
}

// Compile compiles a decoded schema document (as Decode returns it; Go
// maps, slices, strings, bools, json.Number or float64). Its errors name
// the keyword location ("#/properties/a/pattern").
func Compile(doc any) (*Schema, error) {
	c := &compiler{doc: doc, nodes: map[string]*node{}, anchors: map[string]*node{}}
	if m, ok := doc.(map[string]any); ok {
		if id, ok := m["$id"].(string); ok {
			c.id, _, _ = strings.Cut(id, "#")
		}
	}
	n, err := c.compile(doc, "#")
	if err != nil {
		return nil, err
	}
	if err := c.resolvePending(); err != nil {
		return nil, err
	}
	return &Schema{n: n, c: c}, nil
}

// resolvePending resolves the references found so far, once every anchor
// of the reachable document is known; resolving one may compile more of
// the document, and so find more.
func (c *compiler) resolvePending() error {
	for len(c.pending) > 0 {
		p := c.pending[0]
		c.pending = c.pending[1:]
		target, err := c.resolve(p.ref, p.loc)
		if err != nil {
			return err
		}
		p.n.ref = target
	}
	return nil
}

// Lookup returns the subschema at a JSON pointer fragment of the compiled
// document ("#/$defs/settings"), compiled against the same document.
func (s *Schema) Lookup(fragment string) (*Schema, error) {
	// Compile the fragment on a copy of the compiler state, so a Schema in
	// use by other goroutines is never written to.
	c := &compiler{doc: s.c.doc, id: s.c.id, nodes: map[string]*node{}, anchors: map[string]*node{}}
	for k, v := range s.c.nodes {
		c.nodes[k] = v
	}
	for k, v := range s.c.anchors {
		c.anchors[k] = v
	}
	n, err := c.resolve(fragment, "#")
	if err != nil {
		return nil, err
	}
	if err := c.resolvePending(); err != nil {
		return nil, err
	}
	return &Schema{n: n, c: c}, nil
}

// resolve finds the node a $ref names.
func (c *compiler) resolve(ref, from string) (*node, error) {
	frag, ok := c.fragment(ref)
	if !ok {
		return nil, fmt.Errorf("jsonschema: %s: $ref %q: only references within the document are supported", from, ref)
	}
	if frag != "" && frag[0] != '/' {
		if n, ok := c.anchors[frag]; ok {
			return n, nil
		}
		return nil, fmt.Errorf("jsonschema: %s: $ref %q: no $anchor %q in the document", from, ref, frag)
	}
	v := c.doc
	loc := "#"
	if frag != "" {
		for _, tok := range strings.Split(frag[1:], "/") {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
			switch x := v.(type) {
			case map[string]any:
				var ok bool
				if v, ok = x[tok]; !ok {
					return nil, fmt.Errorf("jsonschema: %s: $ref %q: nothing at %s", from, ref, loc+"/"+escapeToken(tok))
				}
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) || !Index(tok) {
					return nil, fmt.Errorf("jsonschema: %s: $ref %q: nothing at %s", from, ref, loc+"/"+escapeToken(tok))
				}
				v = x[i]
			default:
				return nil, fmt.Errorf("jsonschema: %s: $ref %q: nothing at %s", from, ref, loc+"/"+escapeToken(tok))
			}
			loc += "/" + escapeToken(tok)
		}
	}
	return c.compile(v, loc)
}

// fragment returns the (percent-decoded) fragment of a reference into this
// document, and false for a reference to another document.
func (c *compiler) fragment(ref string) (string, bool) {
	base, frag, hasFrag := strings.Cut(ref, "#")
	if base != "" && base != c.id {
		return "", false
	}
	if !hasFrag {
		return "", true
	}
	f, err := url.PathUnescape(frag)
	if err != nil {
		return "", false
	}
	return f, true
}

func escapeToken(tok string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok) }

// compile compiles the schema v found at loc (memoised by location, so
// references and cycles share nodes).
func (c *compiler) compile(v any, loc string) (*node, error) {
	if n, ok := c.nodes[loc]; ok {
		return n, nil
	}
	n := &node{loc: loc, minProps: -1, maxProps: -1, minContains: -1, maxContains: -1, minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	c.nodes[loc] = n
	switch s := v.(type) {
	case bool:
		n.always = &s
		return n, nil
	case map[string]any:
		if err := c.object(n, s); err != nil {
			return nil, err
		}
		return n, nil
	}
	return nil, fmt.Errorf("jsonschema: %s: a schema must be an object or a boolean, got %s", loc, typeName(v))
}

func typeName(v any) string {
	if t := TypeOf(v); t != "" {
		return t
	}
	return fmt.Sprintf("%T", v)
}

// unsupported are keywords whose meaning this package does not implement;
// Compile refuses them rather than accept values they would reject.
var unsupported = []string{"unevaluatedItems", "$dynamicRef", "$recursiveRef"}

var validTypes = map[string]bool{"null": true, "boolean": true, "object": true, "array": true, "number": true, "integer": true, "string": true}

func (c *compiler) object(n *node, m map[string]any) error {
	loc := n.loc
	kw := func(k string) string { return loc + "/" + escapeToken(k) }
	bad := func(k, format string, args ...any) error {
		return fmt.Errorf("jsonschema: %s: %s", kw(k), fmt.Sprintf(format, args...))
	}
	for _, k := range unsupported {
		if _, ok := m[k]; ok {
			return bad(k, "keyword not supported")
		}
	}
	sub := func(k string) (*node, error) {
		v, ok := m[k]
		if !ok {
			return nil, nil
		}
		return c.compile(v, kw(k))
	}
	subList := func(k string) ([]*node, error) {
		v, ok := m[k]
		if !ok {
			return nil, nil
		}
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			return nil, bad(k, "want a non-empty array of schemas")
		}
		out := make([]*node, len(list))
		for i, s := range list {
			var err error
			if out[i], err = c.compile(s, kw(k)+"/"+strconv.Itoa(i)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	subMap := func(k string) (map[string]*node, error) {
		v, ok := m[k]
		if !ok {
			return nil, nil
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, bad(k, "want an object of schemas")
		}
		out := make(map[string]*node, len(obj))
		for _, name := range sortedKeys(obj) {
			var err error
			if out[name], err = c.compile(obj[name], kw(k)+"/"+escapeToken(name)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	count := func(k string) (int, error) {
		v, ok := m[k]
		if !ok {
			return -1, nil
		}
		r := rat(v)
		if r == nil || !r.IsInt() || r.Sign() < 0 || !r.Num().IsInt64() {
			return 0, bad(k, "want a non-negative integer, got %s", text(v))
		}
		return int(min(r.Num().Int64(), int64(^uint(0)>>1))), nil
	}
	number := func(k string) (*big.Rat, error) {
		v, ok := m[k]
		if !ok {
			return nil, nil
		}
		r := rat(v)
		if r == nil {
			return nil, bad(k, "want a number, got %s", text(v))
		}
		return r, nil
	}
	strs := func(k string) ([]string, error) {
		v, ok := m[k]
		if !ok {
			return nil, nil
		}
		list, ok := v.([]any)
		if !ok {
			return nil, bad(k, "want an array of strings")
		}
		out := make([]string, len(list))
		for i, s := range list {
			if out[i], ok = s.(string); !ok {
				return nil, bad(k, "want an array of strings, item %d is %s", i, typeName(s))
			}
		}
		return out, nil
	}
	regex := func(where, src string) (*regexp.Regexp, error) {
		re, err := regexp.Compile(src)
		if err != nil {
			return nil, fmt.Errorf("jsonschema: %s: not a valid regular expression: %v", where, err)
		}
		return re, nil
	}

	// Identity: the root's $id is the document's base; a nested $id that
	// is only a fragment is a draft-07 anchor.
	if id, ok := m["$id"]; ok {
		s, isStr := id.(string)
		if !isStr {
			return bad("$id", "want a string")
		}
		if loc != "#" {
			if !strings.HasPrefix(s, "#") {
				return bad("$id", "a nested $id (another base URI) is not supported")
			}
			c.anchors[s[1:]] = n
		}
	}
	if a, ok := m["$anchor"]; ok {
		s, isStr := a.(string)
		if !isStr || s == "" {
			return bad("$anchor", "want a non-empty string")
		}
		c.anchors[s] = n
	}
	if r, ok := m["$ref"]; ok {
		s, isStr := r.(string)
		if !isStr {
			return bad("$ref", "want a string")
		}
		if _, ok := c.fragment(s); !ok {
			return bad("$ref", "%q: only references within the document are supported", s)
		}
		c.pending = append(c.pending, pendingRef{n: n, ref: s, loc: kw("$ref")})
	}

	if t, ok := m["type"]; ok {
		switch x := t.(type) {
		case string:
			n.types = []string{x}
		case []any:
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return bad("type", "want a type name or an array of them")
				}
				n.types = append(n.types, s)
			}
			if len(n.types) == 0 {
				return bad("type", "want at least one type")
			}
		default:
			return bad("type", "want a type name or an array of them")
		}
		for _, s := range n.types {
			if !validTypes[s] {
				return bad("type", "unknown type %q", s)
			}
		}
	}
	if e, ok := m["enum"]; ok {
		list, ok := e.([]any)
		if !ok {
			return bad("enum", "want an array")
		}
		n.enum, n.hasEnum = list, true
	}
	if v, ok := m["const"]; ok {
		n.constV, n.hasConst = v, true
	}

	var err error
	if n.props, err = subMap("properties"); err != nil {
		return err
	}
	if pp, ok := m["patternProperties"]; ok {
		obj, ok := pp.(map[string]any)
		if !ok {
			return bad("patternProperties", "want an object of schemas")
		}
		for _, src := range sortedKeys(obj) {
			where := kw("patternProperties") + "/" + escapeToken(src)
			re, err := regex(where, src)
			if err != nil {
				return err
			}
			s, err := c.compile(obj[src], where)
			if err != nil {
				return err
			}
			n.patternProp = append(n.patternProp, patternNode{re, s})
		}
	}
	if n.additional, err = sub("additionalProperties"); err != nil {
		return err
	}
	if n.unevaluated, err = sub("unevaluatedProperties"); err != nil {
		return err
	}
	if n.propNames, err = sub("propertyNames"); err != nil {
		return err
	}
	if n.required, err = strs("required"); err != nil {
		return err
	}
	if n.minProps, err = count("minProperties"); err != nil {
		return err
	}
	if n.maxProps, err = count("maxProperties"); err != nil {
		return err
	}
	if n.depSchemas, err = subMap("dependentSchemas"); err != nil {
		return err
	}
	if dr, ok := m["dependentRequired"]; ok {
		if n.depRequired, err = c.depRequired(kw("dependentRequired"), dr); err != nil {
			return err
		}
	}
	if d, ok := m["dependencies"]; ok { // draft-07: either form per member
		obj, ok := d.(map[string]any)
		if !ok {
			return bad("dependencies", "want an object")
		}
		for _, name := range sortedKeys(obj) {
			if _, isList := obj[name].([]any); isList {
				req, err := c.depRequired(kw("dependencies"), map[string]any{name: obj[name]})
				if err != nil {
					return err
				}
				if n.depRequired == nil {
					n.depRequired = map[string][]string{}
				}
				n.depRequired[name] = req[name]
				continue
			}
			s, err := c.compile(obj[name], kw("dependencies")+"/"+escapeToken(name))
			if err != nil {
				return err
			}
			if n.depSchemas == nil {
				n.depSchemas = map[string]*node{}
			}
			n.depSchemas[name] = s
		}
	}

	if _, ok := m["prefixItems"]; ok {
		if n.prefixItems, err = subList("prefixItems"); err != nil {
			return err
		}
	}
	if it, ok := m["items"]; ok {
		if _, tuple := it.([]any); tuple { // draft-07 tuple form
			if n.prefixItems, err = subList("items"); err != nil {
				return err
			}
			if n.items, err = sub("additionalItems"); err != nil {
				return err
			}
		} else if n.items, err = sub("items"); err != nil {
			return err
		}
	}
	if n.contains, err = sub("contains"); err != nil {
		return err
	}
	if n.minContains, err = count("minContains"); err != nil {
		return err
	}
	if n.maxContains, err = count("maxContains"); err != nil {
		return err
	}
	if n.minItems, err = count("minItems"); err != nil {
		return err
	}
	if n.maxItems, err = count("maxItems"); err != nil {
		return err
	}
	if u, ok := m["uniqueItems"]; ok {
		b, isBool := u.(bool)
		if !isBool {
			return bad("uniqueItems", "want a boolean")
		}
		n.unique = b
	}

	if n.minLength, err = count("minLength"); err != nil {
		return err
	}
	if n.maxLength, err = count("maxLength"); err != nil {
		return err
	}
	if p, ok := m["pattern"]; ok {
		s, isStr := p.(string)
		if !isStr {
			return bad("pattern", "want a string")
		}
		if n.pattern, err = regex(kw("pattern"), s); err != nil {
			return err
		}
	}

	if n.minimum, err = number("minimum"); err != nil {
		return err
	}
	if n.maximum, err = number("maximum"); err != nil {
		return err
	}
	// exclusiveMinimum/Maximum: a number (draft 6 on) or, in draft 4, a
	// boolean that makes minimum/maximum exclusive.
	for _, ex := range []struct {
		k     string
		limit **big.Rat
		dst   **big.Rat
	}{{"exclusiveMinimum", &n.minimum, &n.exclMin}, {"exclusiveMaximum", &n.maximum, &n.exclMax}} {
		v, ok := m[ex.k]
		if !ok {
			continue
		}
		if b, isBool := v.(bool); isBool {
			if b && *ex.limit != nil {
				*ex.dst, *ex.limit = *ex.limit, nil
			}
			continue
		}
		if *ex.dst, err = number(ex.k); err != nil {
			return err
		}
	}
	if n.multipleOf, err = number("multipleOf"); err != nil {
		return err
	}
	if n.multipleOf != nil && n.multipleOf.Sign() <= 0 {
		return bad("multipleOf", "want a number greater than 0")
	}

	if n.allOf, err = subList("allOf"); err != nil {
		return err
	}
	if n.anyOf, err = subList("anyOf"); err != nil {
		return err
	}
	if n.oneOf, err = subList("oneOf"); err != nil {
		return err
	}
	if n.not, err = sub("not"); err != nil {
		return err
	}
	if n.ifS, err = sub("if"); err != nil {
		return err
	}
	if n.thenS, err = sub("then"); err != nil {
		return err
	}
	if n.elseS, err = sub("else"); err != nil {
		return err
	}
	// Definitions are compiled even when nothing references them, so a
	// broken one is reported at Compile as the general validators do.
	if _, err := subMap("$defs"); err != nil {
		return err
	}
	if _, err := subMap("definitions"); err != nil {
		return err
	}
	return nil
}

func (c *compiler) depRequired(loc string, v any) (map[string][]string, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("jsonschema: %s: want an object of string arrays", loc)
	}
	out := make(map[string][]string, len(obj))
	for name, list := range obj {
		items, ok := list.([]any)
		if !ok {
			return nil, fmt.Errorf("jsonschema: %s/%s: want an array of strings", loc, escapeToken(name))
		}
		for _, it := range items {
			s, ok := it.(string)
			if !ok {
				return nil, fmt.Errorf("jsonschema: %s/%s: want an array of strings", loc, escapeToken(name))
			}
			out[name] = append(out[name], s)
		}
	}
	return out, nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
