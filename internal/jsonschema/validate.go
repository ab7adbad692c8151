package jsonschema

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds how many schemas may apply inside one another (through
// $ref, allOf, anyOf, …) on one instance path, so a schema that refers to
// itself without descending into the instance fails instead of recursing
// forever.
const maxDepth = 256

// Validate checks v (a decoded JSON value: Go maps, slices, strings,
// bools, nil and json.Number or float64) and returns every violation, nil
// when v is valid.
func (s *Schema) Validate(v any) []*Error {
	var path []string
	return s.n.check(v, &path, 0, nil)
}

// Unevaluated lists, sorted, the members of obj that the schema's top
// level leaves unevaluated, as an unevaluatedProperties there would see
// them: named by no properties or patternProperties and allowed by no
// additionalProperties, here or in the subschemas applied in place that
// obj satisfies. A top level with its own unevaluatedProperties leaves
// none (Validate judges them).
func (s *Schema) Unevaluated(obj map[string]any) []string {
	seen := make(map[string]bool, len(obj))
	var path []string
	s.n.evaluated(obj, &path, 0, seen, true)
	var out []string
	for _, k := range sortedKeys(obj) {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// Valid reports whether v has no violations.
func (s *Schema) Valid(v any) bool { return len(s.Validate(v)) == 0 }

func (n *node) fail(path *[]string, out []*Error, e *Error) []*Error {
	e.Path = append([]string(nil), (*path)...)
	return append(out, e)
}

func (n *node) check(v any, path *[]string, depth int, out []*Error) []*Error {
	if depth > maxDepth {
		return n.fail(path, out, &Error{Keyword: "$ref", Message: fmt.Sprintf("schemas nest deeper than %d at %s (a $ref cycle?)", maxDepth, n.loc)})
	}
	if n.always != nil {
		if !*n.always {
			return n.fail(path, out, &Error{Keyword: "false", Message: "no value is allowed here"})
		}
		return out
	}
	typ := TypeOf(v)
	if n.types != nil && !n.typeOK(v, typ) {
		got := typ
		if got == "" {
			got = fmt.Sprintf("%T", v)
		}
		return n.fail(path, out, &Error{Keyword: "type", Message: fmt.Sprintf("got %s, want %s", got, strings.Join(n.types, " or ")), Want: n.types, Got: got})
	}
	if n.ref != nil {
		out = n.ref.check(v, path, depth+1, out)
	}
	if n.hasEnum {
		ok := false
		for _, e := range n.enum {
			if equal(v, e) {
				ok = true
				break
			}
		}
		if !ok {
			vals := make([]string, len(n.enum))
			for i, e := range n.enum {
				vals[i] = text(e)
			}
			out = n.fail(path, out, &Error{Keyword: "enum", Message: "value must be one of " + strings.Join(vals, ", "), Value: v})
		}
	}
	if n.hasConst && !equal(v, n.constV) {
		out = n.fail(path, out, &Error{Keyword: "const", Message: "value must be " + text(n.constV), Value: v})
	}
	switch typ {
	case "object":
		out = n.checkObject(v.(map[string]any), path, depth, out)
	case "array":
		out = n.checkArray(v.([]any), path, depth, out)
	case "string":
		out = n.checkString(v.(string), path, out)
	case "number":
		out = n.checkNumber(v, path, out)
	}
	for _, s := range n.allOf {
		out = s.check(v, path, depth+1, out)
	}
	if n.anyOf != nil {
		var alts [][]*Error
		for _, s := range n.anyOf {
			errs := s.check(v, path, depth+1, nil)
			if len(errs) == 0 {
				alts = nil
				break
			}
			alts = append(alts, errs)
		}
		if alts != nil {
			out = n.fail(path, out, &Error{Keyword: "anyOf", Message: "matches none of the anyOf alternatives", Alternatives: alts})
		}
	}
	if n.oneOf != nil {
		var alts [][]*Error
		var matched []int
		for i, s := range n.oneOf {
			errs := s.check(v, path, depth+1, nil)
			if len(errs) == 0 {
				matched = append(matched, i)
			}
			alts = append(alts, errs)
		}
		switch {
		case len(matched) == 0:
			out = n.fail(path, out, &Error{Keyword: "oneOf", Message: "matches none of the oneOf alternatives", Alternatives: alts})
		case len(matched) > 1:
			out = n.fail(path, out, &Error{Keyword: "oneOf", Message: fmt.Sprintf("matches oneOf alternatives %d and %d; want exactly one", matched[0], matched[1]), Matched: matched})
		}
	}
	if n.not != nil && len(n.not.check(v, path, depth+1, nil)) == 0 {
		out = n.fail(path, out, &Error{Keyword: "not", Message: "matches a schema it must not (not)"})
	}
	if n.ifS != nil {
		if len(n.ifS.check(v, path, depth+1, nil)) == 0 {
			if n.thenS != nil {
				out = n.thenS.check(v, path, depth+1, out)
			}
		} else if n.elseS != nil {
			out = n.elseS.check(v, path, depth+1, out)
		}
	}
	if obj, ok := v.(map[string]any); ok && n.unevaluated != nil {
		out = n.checkUnevaluated(obj, path, depth, out)
	}
	return out
}

// checkUnevaluated applies unevaluatedProperties to the members of obj that
// no other keyword of n evaluated: properties, patternProperties and
// additionalProperties, here or in the schemas applied in place ($ref,
// allOf, the anyOf/oneOf alternatives and if/then/else branches obj
// satisfies, dependentSchemas).
func (n *node) checkUnevaluated(obj map[string]any, path *[]string, depth int, out []*Error) []*Error {
	seen := make(map[string]bool, len(obj))
	n.evaluated(obj, path, depth, seen, false)
	var extra []string
	for _, k := range sortedKeys(obj) {
		if seen[k] {
			continue
		}
		if a := n.unevaluated.always; a != nil && !*a {
			extra = append(extra, k)
			continue
		}
		*path = append(*path, k)
		out = n.unevaluated.check(obj[k], path, depth+1, out)
		*path = (*path)[:len(*path)-1]
	}
	if extra != nil {
		out = n.fail(path, out, &Error{Keyword: "unevaluatedProperties", Message: plural("property", "properties", extra) + " not allowed", Extra: extra})
	}
	return out
}

// evaluated adds to seen the members of obj that n evaluates, n being
// applied to obj; own says whether n's own unevaluatedProperties counts
// (it does for a subschema: a valid one evaluated every member).
func (n *node) evaluated(obj map[string]any, path *[]string, depth int, seen map[string]bool, own bool) {
	if n.always != nil || depth > maxDepth {
		return
	}
	if own && n.unevaluated != nil {
		for k := range obj {
			seen[k] = true
		}
		return
	}
	if n.ref != nil {
		n.ref.evaluated(obj, path, depth+1, seen, true)
	}
	for k := range obj {
		matched := false
		if _, ok := n.props[k]; ok {
			matched = true
		}
		for _, pp := range n.patternProp {
			if pp.re.MatchString(k) {
				matched = true
			}
		}
		if matched || n.additional != nil {
			seen[k] = true
		}
		if s, ok := n.depSchemas[k]; ok {
			s.evaluated(obj, path, depth+1, seen, true)
		}
	}
	for _, s := range n.allOf {
		s.evaluated(obj, path, depth+1, seen, true)
	}
	for _, alts := range [2][]*node{n.anyOf, n.oneOf} {
		passed := false
		for _, s := range alts {
			if len(s.check(obj, path, depth+1, nil)) == 0 {
				passed = true
				s.evaluated(obj, path, depth+1, seen, true)
			}
		}
		if !passed {
			// No alternative holds, so n fails whatever is evaluated: the
			// members the alternatives name are not reported again as
			// unevaluated, beside the anyOf/oneOf that failed.
			for _, s := range alts {
				s.evaluated(obj, path, depth+1, seen, true)
			}
		}
	}
	if n.ifS != nil {
		if len(n.ifS.check(obj, path, depth+1, nil)) == 0 {
			n.ifS.evaluated(obj, path, depth+1, seen, true)
			if n.thenS != nil {
				n.thenS.evaluated(obj, path, depth+1, seen, true)
			}
		} else if n.elseS != nil {
			n.elseS.evaluated(obj, path, depth+1, seen, true)
		}
	}
}

func (n *node) typeOK(v any, typ string) bool {
	for _, t := range n.types {
		if t == typ || t == "integer" && typ == "number" && isInteger(v) {
			return true
		}
	}
	return false
}

func (n *node) checkObject(obj map[string]any, path *[]string, depth int, out []*Error) []*Error {
	var missing []string
	for _, r := range n.required {
		if _, ok := obj[r]; !ok {
			missing = append(missing, r)
		}
	}
	if missing != nil {
		out = n.fail(path, out, &Error{Keyword: "required", Message: "missing " + plural("property", "properties", missing), Missing: missing})
	}
	if n.minProps >= 0 && len(obj) < n.minProps {
		out = n.fail(path, out, &Error{Keyword: "minProperties", Message: fmt.Sprintf("minProperties: got %d, want %d", len(obj), n.minProps)})
	}
	if n.maxProps >= 0 && len(obj) > n.maxProps {
		out = n.fail(path, out, &Error{Keyword: "maxProperties", Message: fmt.Sprintf("maxProperties: got %d, want %d", len(obj), n.maxProps)})
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var extra []string
	for _, k := range keys {
		if deps, ok := n.depRequired[k]; ok {
			var miss []string
			for _, d := range deps {
				if _, ok := obj[d]; !ok {
					miss = append(miss, d)
				}
			}
			if miss != nil {
				out = n.fail(path, out, &Error{Keyword: "dependentRequired", Message: fmt.Sprintf("%q needs %s", k, plural("property", "properties", miss)), Missing: miss})
			}
		}
		if s, ok := n.depSchemas[k]; ok {
			out = s.check(obj, path, depth+1, out)
		}
		if n.propNames != nil {
			if errs := n.propNames.check(k, path, depth+1, nil); len(errs) > 0 {
				out = n.fail(path, out, &Error{Keyword: "propertyNames", Message: fmt.Sprintf("property name %q: %s", k, errs[0].Message)})
			}
		}
		*path = append(*path, k)
		matched := false
		if s, ok := n.props[k]; ok {
			matched = true
			out = s.check(obj[k], path, depth+1, out)
		}
		for _, pp := range n.patternProp {
			if pp.re.MatchString(k) {
				matched = true
				out = pp.n.check(obj[k], path, depth+1, out)
			}
		}
		if !matched && n.additional != nil {
			if a := n.additional.always; a != nil && !*a {
				extra = append(extra, k)
			} else {
				out = n.additional.check(obj[k], path, depth+1, out)
			}
		}
		*path = (*path)[:len(*path)-1]
	}
	if extra != nil {
		out = n.fail(path, out, &Error{Keyword: "additionalProperties", Message: plural("property", "properties", extra) + " not allowed", Extra: extra})
	}
	return out
}

// plural writes `property "a"` or `properties "a", "b"`.
func plural(one, many string, names []string) string {
	q := make([]string, len(names))
	for i, s := range names {
		q[i] = strconv.Quote(s)
	}
	if len(names) == 1 {
		return one + " " + q[0]
	}
	return many + " " + strings.Join(q, ", ")
}

func (n *node) checkArray(arr []any, path *[]string, depth int, out []*Error) []*Error {
	if n.minItems >= 0 && len(arr) < n.minItems {
		out = n.fail(path, out, &Error{Keyword: "minItems", Message: fmt.Sprintf("minItems: got %d, want %d", len(arr), n.minItems)})
	}
	if n.maxItems >= 0 && len(arr) > n.maxItems {
		out = n.fail(path, out, &Error{Keyword: "maxItems", Message: fmt.Sprintf("maxItems: got %d, want %d", len(arr), n.maxItems)})
	}
	if n.unique {
	dup:
		for i := range arr {
			for j := i + 1; j < len(arr); j++ {
				if equal(arr[i], arr[j]) {
					out = n.fail(path, out, &Error{Keyword: "uniqueItems", Message: fmt.Sprintf("items at %d and %d are equal", i, j)})
					break dup
				}
			}
		}
	}
	matches := 0
	for i, it := range arr {
		*path = append(*path, strconv.Itoa(i))
		switch {
		case i < len(n.prefixItems):
			out = n.prefixItems[i].check(it, path, depth+1, out)
		case n.items != nil:
			out = n.items.check(it, path, depth+1, out)
		}
		if n.contains != nil && len(n.contains.check(it, path, depth+1, nil)) == 0 {
			matches++
		}
		*path = (*path)[:len(*path)-1]
	}
	if n.contains != nil {
		least := 1
		if n.minContains >= 0 {
			least = n.minContains
		}
		if matches < least {
			out = n.fail(path, out, &Error{Keyword: "contains", Message: fmt.Sprintf("contains: %d items match, want at least %d", matches, least)})
		}
		if n.maxContains >= 0 && matches > n.maxContains {
			out = n.fail(path, out, &Error{Keyword: "maxContains", Message: fmt.Sprintf("contains: %d items match, want at most %d", matches, n.maxContains)})
		}
	}
	return out
}

func (n *node) checkString(s string, path *[]string, out []*Error) []*Error {
	if n.minLength >= 0 || n.maxLength >= 0 {
		l := utf8.RuneCountInString(s)
		if n.minLength >= 0 && l < n.minLength {
			out = n.fail(path, out, &Error{Keyword: "minLength", Message: fmt.Sprintf("minLength: got %d, want %d", l, n.minLength)})
		}
		if n.maxLength >= 0 && l > n.maxLength {
			out = n.fail(path, out, &Error{Keyword: "maxLength", Message: fmt.Sprintf("maxLength: got %d, want %d", l, n.maxLength)})
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		out = n.fail(path, out, &Error{Keyword: "pattern", Message: fmt.Sprintf("%s does not match pattern %s", text(s), strconv.Quote(n.pattern.String()))})
	}
	return out
}

func (n *node) checkNumber(v any, path *[]string, out []*Error) []*Error {
	if n.minimum == nil && n.maximum == nil && n.exclMin == nil && n.exclMax == nil && n.multipleOf == nil {
		return out
	}
	r := rat(v)
	if r == nil {
		return out
	}
	limit := func(kw string, bound *big.Rat, bad func(c int) bool) {
		if bound != nil && bad(r.Cmp(bound)) {
			out = n.fail(path, out, &Error{Keyword: kw, Message: fmt.Sprintf("%s: got %s, want %s", kw, ratText(r), ratText(bound))})
		}
	}
	limit("minimum", n.minimum, func(c int) bool { return c < 0 })
	limit("maximum", n.maximum, func(c int) bool { return c > 0 })
	limit("exclusiveMinimum", n.exclMin, func(c int) bool { return c <= 0 })
	limit("exclusiveMaximum", n.exclMax, func(c int) bool { return c >= 0 })
	if n.multipleOf != nil && !new(big.Rat).Quo(r, n.multipleOf).IsInt() {
		out = n.fail(path, out, &Error{Keyword: "multipleOf", Message: fmt.Sprintf("%s is not a multiple of %s", ratText(r), ratText(n.multipleOf))})
	}
	return out
}
