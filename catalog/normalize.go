package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
)

// NormalizeSchema rewrites a tool's parameter schema as plain JSON Schema
// (2020-12 vocabulary) and returns it with the problems it found:
//
//   - Python and other type names are mapped: dict → object, str → string,
//     int → integer, float → number, bool → boolean, list and tuple →
//     array, any → no type constraint, None → null; upper-case Gemini
//     names (STRING, OBJECT) are lower-cased.
//   - `nullable: true` (OpenAPI) becomes a "null" member of the type.
//   - Local references (#/$defs/…, #/definitions/…) are inlined; a
//     recursive reference is kept and so are the definitions it needs.
//   - A missing type is filled from the schema's shape: properties →
//     object, items → array, enum/const/default → the type of the values.
//     A schema with none of these stays untyped (any value).
//   - Enums, defaults, anyOf/oneOf/allOf, formats and descriptions are
//     kept as they are, in source order.
//
// An empty schema becomes {"type":"object","properties":{}}.
func NormalizeSchema(schema json.RawMessage) (json.RawMessage, []Issue, error) {
	if len(schema) == 0 {
		return json.RawMessage(`{"type":"object","properties":{}}`), nil, nil
	}
	v, err := decodeValue(schema, 0)
	if err != nil {
		return nil, nil, err
	}
	n := &normalizer{}
	out := n.root(v)
	return out.raw(), n.issues, nil
}

type normalizer struct {
	root_  *value
	defs   map[string]*value // "#/$defs/x" → schema
	stack  []string          // refs being inlined
	keep   map[string]bool   // recursive refs that stay as refs
	issues []Issue
}

func (n *normalizer) warn(path, code, format string, args ...any) {
	n.issues = append(n.issues, Issue{Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
}

// root normalises a tool's top-level parameter schema.
func (n *normalizer) root(v *value) *value {
	if v == nil || v.kind == 'z' {
		return &value{kind: 'o', keys: []string{"type", "properties"}, vals: []*value{strValue("object"), {kind: 'o'}}}
	}
	if !v.isObject() {
		n.warn("$", "invalid_schema", "parameters must be a JSON Schema object, got %s; using an empty object schema", v.kindName())
		return n.root(nil)
	}
	n.root_ = v
	n.defs = map[string]*value{}
	for _, key := range [...]string{"$defs", "definitions"} {
		if d := v.get(key); d.isObject() {
			for i, name := range d.keys {
				n.defs["#/"+key+"/"+escapePointer(name)] = d.vals[i]
			}
		}
	}
	out := n.schema(v, "$")
	// The arguments of a call are always an object.
	if t := out.get("type"); t == nil {
		if !out.has("anyOf") && !out.has("oneOf") && !out.has("$ref") {
			out = prepend(out, "type", strValue("object"))
		}
	} else if t.isString() && t.str != "object" {
		n.warn("$.type", "invalid_schema", "parameters have type %q; tool arguments are always an object", t.str)
	}
	if out.get("type").isString() && out.get("type").str == "object" && !out.has("properties") {
		out.set("properties", &value{kind: 'o'})
	}
	// Keep only the definitions that recursive references still need.
	for _, key := range [...]string{"$defs", "definitions"} {
		d := out.get(key)
		if d == nil {
			continue
		}
		if len(n.keep) == 0 {
			out.del(key)
			continue
		}
		nd := &value{kind: 'o'}
		for i, name := range d.keys {
			ref := "#/" + key + "/" + escapePointer(name)
			if n.keep[ref] {
				n.stack = append(n.stack[:0], ref)
				nd.set(name, n.schema(d.vals[i], "$."+key+"."+name))
				n.stack = n.stack[:0]
			}
		}
		if len(nd.keys) == 0 {
			out.del(key)
		} else {
			out.set(key, nd)
		}
	}
	return out
}

// schemaKeys are the members whose values are schemas.
var schemaKeys = map[string]bool{
	"items": true, "additionalProperties": true, "not": true, "contains": true,
	"if": true, "then": true, "else": true, "propertyNames": true,
	"unevaluatedItems": true, "unevaluatedProperties": true, "additionalItems": true,
}

// schemaMapKeys are members whose values map names to schemas.
var schemaMapKeys = map[string]bool{
	"properties": true, "patternProperties": true, "dependentSchemas": true,
}

// schemaListKeys are members whose values are lists of schemas.
var schemaListKeys = map[string]bool{
	"anyOf": true, "oneOf": true, "allOf": true, "prefixItems": true,
}

// schema normalises one (sub)schema; path is its JSON path in the tool's
// parameters.
func (n *normalizer) schema(v *value, path string) *value {
	if v == nil {
		return nil
	}
	if v.kind == 'b' { // true / false schemas
		return v
	}
	if !v.isObject() {
		n.warn(path, "invalid_schema", "want a schema object, got %s", v.kindName())
		return &value{kind: 'o'}
	}
	dropRef := false
	if ref := v.get("$ref"); ref.isString() {
		if r := n.resolve(ref.str, v, path); r != nil {
			return r
		}
		// A reference that names nothing is dropped (and reported) so
		// that the schema still compiles; a recursive one stays.
		dropRef = !n.keep[ref.str]
	}
	out := &value{kind: 'o', off: v.off}
	nullable := false
	for i, key := range v.keys {
		m := v.vals[i]
		switch {
		case key == "$ref" && dropRef:
			continue
		case key == "$defs" || key == "definitions":
			if path == "$" {
				out.set(key, m) // filtered by root
			}
			continue
		case key == "type":
			out.set(key, n.types(m, path+".type"))
			continue
		case key == "nullable":
			nullable = m.kind == 'b' && m.b
			continue
		case key == "optional" || key == "required" && m.kind == 'b':
			// BFCL/Swagger-style per-property flags are lifted by the
			// parent (see liftRequired); drop them here.
			continue
		case key == "items" && m.isArray():
			// Draft-4 tuple form.
			list := &value{kind: 'a'}
			for j, it := range m.items {
				list.items = append(list.items, n.schema(it, fmt.Sprintf("%s.items[%d]", path, j)))
			}
			out.set("prefixItems", list)
			continue
		case schemaKeys[key]:
			out.set(key, n.schema(m, path+"."+key))
			continue
		case schemaMapKeys[key] && m.isObject():
			nm := &value{kind: 'o', off: m.off}
			for j, name := range m.keys {
				nm.set(name, n.schema(m.vals[j], path+"."+key+"."+name))
			}
			out.set(key, nm)
			continue
		case schemaListKeys[key] && m.isArray():
			list := &value{kind: 'a', off: m.off}
			for j, it := range m.items {
				list.items = append(list.items, n.schema(it, fmt.Sprintf("%s.%s[%d]", path, key, j)))
			}
			out.set(key, list)
			continue
		}
		out.set(key, m)
	}
	liftRequired(v, out)
	if t := out.get("type"); t == nil {
		if inferred := inferType(out); inferred != "" {
			out = prepend(out, "type", strValue(inferred))
		}
	} else if t.kind == 'z' {
		out.del("type") // "any"
	}
	if nullable {
		out = addNull(out)
	}
	if r := out.get("required"); r.isArray() {
		props := out.get("properties")
		for _, it := range r.items {
			if it.isString() && props.isObject() && !props.has(it.str) && !out.has("additionalProperties") && !out.has("patternProperties") {
				n.warn(path+".required", "required_not_defined", "required parameter %q is not among the properties", it.str)
			}
		}
	}
	return out
}

// liftRequired turns per-property `"required": true` or `"optional":
// false/true` flags into the parent's required list when the parent has
// none.
func liftRequired(src, out *value) {
	props := src.get("properties")
	if !props.isObject() {
		return
	}
	if r := src.get("required"); r.isArray() {
		return
	}
	list := &value{kind: 'a'}
	for i, name := range props.keys {
		p := props.vals[i]
		if r := p.get("required"); r != nil && r.kind == 'b' && r.b {
			list.items = append(list.items, strValue(name))
		} else if o := p.get("optional"); o != nil && o.kind == 'b' && !o.b {
			list.items = append(list.items, strValue(name))
		}
	}
	if len(list.items) > 0 {
		out.set("required", list)
	}
}

// resolve inlines a local reference. It returns nil when the reference
// stays (recursive or unresolvable).
func (n *normalizer) resolve(ref string, v *value, path string) *value {
	if ref == "#" {
		n.keepRef(ref)
		return nil
	}
	target, ok := n.defs[ref]
	if !ok {
		if strings.HasPrefix(ref, "#") {
			n.warn(path+".$ref", "unresolved_ref", "reference %q names no definition; it is dropped (any value)", ref)
		} else {
			n.warn(path+".$ref", "unresolved_ref", "non-local reference %q is not followed; it is dropped (any value)", ref)
		}
		return nil
	}
	for _, s := range n.stack {
		if s == ref {
			n.keepRef(ref)
			return nil
		}
	}
	n.stack = append(n.stack, ref)
	r := n.schema(target, path)
	n.stack = n.stack[:len(n.stack)-1]
	r = r.clone()
	// Siblings of $ref (description, default…) override the target.
	for i, key := range v.keys {
		if key != "$ref" {
			r.set(key, n.schemaMember(key, v.vals[i], path))
		}
	}
	return r
}

func (n *normalizer) schemaMember(key string, m *value, path string) *value {
	if key == "type" {
		return n.types(m, path+".type")
	}
	if schemaKeys[key] {
		return n.schema(m, path+"."+key)
	}
	return m
}

func (n *normalizer) keepRef(ref string) {
	if n.keep == nil {
		n.keep = map[string]bool{}
	}
	n.keep[ref] = true
}

// types maps a "type" member. A null result means "any type".
func (n *normalizer) types(t *value, path string) *value {
	switch t.kind {
	case 's':
		name, ok := typeName(t.str)
		if !ok {
			n.warn(path, "unknown_type", "unknown type %q; treating it as any type", t.str)
			return &value{kind: 'z'}
		}
		if name == "" {
			return &value{kind: 'z'}
		}
		return strValue(name)
	case 'a':
		out := &value{kind: 'a'}
		seen := map[string]bool{}
		for _, it := range t.items {
			if !it.isString() {
				n.warn(path, "invalid_schema", "type list holds a %s", it.kindName())
				continue
			}
			name, ok := typeName(it.str)
			if !ok {
				n.warn(path, "unknown_type", "unknown type %q; treating it as any type", it.str)
				return &value{kind: 'z'}
			}
			if name == "" {
				return &value{kind: 'z'}
			}
			if !seen[name] {
				seen[name] = true
				out.items = append(out.items, strValue(name))
			}
		}
		if len(out.items) == 1 {
			return out.items[0]
		}
		return out
	}
	n.warn(path, "invalid_schema", "type must be a string or a list of strings, got %s", t.kindName())
	return &value{kind: 'z'}
}

// SchemaType maps a type name a tool's schema or a model's output may
// write (int, str, bool, float64, any…) to its JSON Schema type; "" means
// any type and false means the name is unknown (typeName's list).
func SchemaType(s string) (string, bool) { return typeName(s) }

// typeName maps a type name to its JSON Schema name; "" means any type and
// false means the name is unknown. It is the one list of the type names
// tools write besides JSON Schema's (Python's, C's, Go's, Java's): the
// names with a size (int8 … int128, uint32, float16) read by their base,
// as the serving stacks read them.
func typeName(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if base := strings.TrimRight(s, "0123456789"); base != s {
		switch base {
		case "int", "uint":
			return "integer", true
		case "float":
			return "number", true
		}
	}
	switch s {
	case "object", "dict", "map", "mapping", "hashmap", "struct", "record":
		return "object", true
	case "string", "str", "text", "char", "date", "datetime", "time", "uri", "url":
		return "string", true
	case "integer", "int", "long", "uint", "short", "unsigned", "bigint", "smallint", "tinyint",
		"long long", "unsigned int", "unsigned long", "unsigned short", "usize", "isize":
		return "integer", true
	case "number", "float", "double", "decimal", "real", "numeric":
		return "number", true
	case "boolean", "bool":
		return "boolean", true
	case "array", "list", "tuple", "set", "sequence", "iterable", "frozenset":
		return "array", true
	case "null", "none", "nonetype", "nil":
		return "null", true
	case "any", "object?", "mixed", "unknown":
		return "", true
	}
	return "", false
}

// inferType guesses a missing type from the schema's shape.
func inferType(s *value) string {
	switch {
	case s.has("properties") || s.has("additionalProperties") || s.has("patternProperties") || s.has("required") && s.get("required").isArray():
		return "object"
	case s.has("items") || s.has("prefixItems") || s.has("minItems") || s.has("maxItems"):
		return "array"
	case s.has("anyOf") || s.has("oneOf") || s.has("allOf") || s.has("$ref") || s.has("not"):
		return ""
	}
	var vals []*value
	if e := s.get("enum"); e.isArray() {
		vals = e.items
	} else if c := s.get("const"); c != nil {
		vals = []*value{c}
	} else if d := s.get("default"); d != nil && d.kind != 'z' {
		vals = []*value{d}
	}
	if len(vals) == 0 {
		if s.has("minLength") || s.has("maxLength") || s.has("pattern") || s.has("format") {
			return "string"
		}
		if s.has("minimum") || s.has("maximum") || s.has("exclusiveMinimum") || s.has("exclusiveMaximum") || s.has("multipleOf") {
			return "number"
		}
		return ""
	}
	t := ""
	for _, v := range vals {
		vt := valueType(v)
		switch {
		case t == "":
			t = vt
		case t == vt:
		case t == "integer" && vt == "number", t == "number" && vt == "integer":
			t = "number"
		default:
			return ""
		}
	}
	if t == "null" {
		return ""
	}
	return t
}

// addNull lets a schema also accept null.
func addNull(s *value) *value {
	t := s.get("type")
	switch {
	case t.isString():
		if t.str != "null" {
			s.set("type", &value{kind: 'a', items: []*value{t, strValue("null")}})
		}
	case t.isArray():
		for _, it := range t.items {
			if it.str == "null" {
				return s
			}
		}
		t.items = append(t.items, strValue("null"))
	case s.has("anyOf") || s.has("oneOf"):
		key := "anyOf"
		if !s.has("anyOf") {
			key = "oneOf"
		}
		alts := s.get(key)
		alts.items = append(alts.items, &value{kind: 'o', keys: []string{"type"}, vals: []*value{strValue("null")}})
	}
	if e := s.get("enum"); e.isArray() {
		for _, it := range e.items {
			if it.kind == 'z' {
				return s
			}
		}
		e.items = append(e.items, &value{kind: 'z'})
	}
	return s
}

func prepend(s *value, key string, m *value) *value {
	s.del(key)
	s.keys = append([]string{key}, s.keys...)
	s.vals = append([]*value{m}, s.vals...)
	return s
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
