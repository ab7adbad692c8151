package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tooleval/tooleval/toolcall"
)

// ParamsOf lists the top-level properties of a JSON Schema object in schema
// order: name, types, description, required, enum, default and the
// property's own schema. A schema without properties has no params.
func ParamsOf(schema json.RawMessage) ([]toolcall.Param, error) {
	if len(schema) == 0 {
		return nil, nil
	}
	v, err := decodeValue(schema, 0)
	if err != nil {
		return nil, fmt.Errorf("parameters: %v", err)
	}
	if !v.isObject() {
		return nil, fmt.Errorf("parameters: want a JSON Schema object, got %s", v.kindName())
	}
	return paramsOf(v, true), nil
}

// paramsOf lists schema's properties; with alts, also those of its
// allOf, anyOf and oneOf alternatives.
func paramsOf(schema *value, alts bool) []toolcall.Param {
	out := appendParams(nil, schema, true)
	if !alts {
		return out
	}
	// A tool's schema whose properties sit in alternatives ({"type": "object",
	// "oneOf": [{properties…}, {properties…}]}) has the parameters of each:
	// the first to name a parameter types it, and a parameter that anyOf
	// or oneOf alternatives type differently takes each of their types
	// (a discriminated union's {"kind": "count", "value": 7} keeps 7 an
	// integer). Only allOf's required apply to every call.
	base := len(out)
	for _, key := range [...]string{"allOf", "anyOf", "oneOf"} {
		if alts := schema.get(key); alts.isArray() {
			for _, alt := range alts.items {
				if !alt.isObject() {
					continue
				}
				branch := appendBranch(nil, alt, 0)
				if key != "allOf" {
					widenTypes(out[base:], branch)
				}
				out = mergeParams(out, branch, key == "allOf")
			}
		}
	}
	return out
}

// appendBranch appends the properties of an alternative and of its allOf
// members (nested up to four deep).
func appendBranch(out []toolcall.Param, alt *value, depth int) []toolcall.Param {
	out = appendParams(out, alt, true)
	if all := alt.get("allOf"); all.isArray() && depth < 4 {
		for _, m := range all.items {
			if m.isObject() {
				out = appendBranch(out, m, depth+1)
			}
		}
	}
	return out
}

// widenTypes adds to each typed parameter of out the types an
// alternative's parameter of the same name takes.
func widenTypes(out, branch []toolcall.Param) {
	for _, b := range branch {
		for j := range out {
			if out[j].Name != b.Name || len(out[j].Types) == 0 {
				continue
			}
			if len(b.Types) == 0 {
				out[j].Types = nil // any type
				continue
			}
			for _, t := range b.Types {
				if !slices.Contains(out[j].Types, t) {
					out[j].Types = append(out[j].Types, t)
				}
			}
		}
	}
}

// mergeParams appends the parameters of branch not in out yet; required
// says whether the branch's required list applies to every call.
func mergeParams(out, branch []toolcall.Param, required bool) []toolcall.Param {
next:
	for _, b := range branch {
		for j := range out {
			if out[j].Name == b.Name {
				continue next
			}
		}
		b.Required = b.Required && required
		out = append(out, b)
	}
	return out
}

// appendParams appends the properties of schema not in out yet.
func appendParams(out []toolcall.Param, schema *value, withRequired bool) []toolcall.Param {
	props := schema.get("properties")
	if !props.isObject() {
		return out
	}
	req := map[string]bool{}
	if r := schema.get("required"); withRequired && r.isArray() {
		for _, it := range r.items {
			if it.isString() {
				req[it.str] = true
			}
		}
	}
	if out == nil {
		out = make([]toolcall.Param, 0, len(props.keys))
	}
next:
	for i, name := range props.keys {
		for j := range out {
			if out[j].Name == name {
				continue next
			}
		}
		ps := props.vals[i]
		p := toolcall.Param{
			Name:     name,
			Required: req[name],
			Types:    schemaTypes(ps),
			Schema:   ps.raw(),
		}
		p.Description = ps.getString("description")
		if p.Description == "" {
			p.Description = ps.getString("title")
		}
		if e := enumOf(ps); e != nil {
			for _, it := range e.items {
				p.Enum = append(p.Enum, it.raw())
			}
		}
		if d := ps.get("default"); d != nil {
			p.Default = d.raw()
		}
		out = append(out, p)
	}
	return out
}

// enumOf returns the schema's enum, or a const as a one-value enum, or the
// enum shared by a nullable anyOf/oneOf.
func enumOf(s *value) *value {
	if e := s.get("enum"); e.isArray() {
		return e
	}
	if c := s.get("const"); c != nil {
		return &value{kind: 'a', items: []*value{c}}
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts := s.get(key)
		if !alts.isArray() {
			continue
		}
		var found *value
		for _, a := range alts.items {
			if e := a.get("enum"); e.isArray() {
				if found != nil {
					return nil
				}
				found = e
			}
		}
		return found
	}
	return nil
}

// schemaTypes lists the JSON types a schema allows, in a fixed order,
// looking through anyOf/oneOf alternatives. Empty means any type.
func schemaTypes(s *value) []string {
	seen := map[string]bool{}
	if !collectTypes(s, seen, 0) {
		return nil
	}
	var out []string
	for _, t := range jsonTypes {
		if seen[t] {
			out = append(out, t)
		}
	}
	return out
}

// jsonTypes is the order types are listed in.
var jsonTypes = [...]string{"string", "integer", "number", "boolean", "object", "array", "null"}

// collectTypes adds the types s allows to seen; false means s allows any
// type.
func collectTypes(s *value, seen map[string]bool, depth int) bool {
	if !s.isObject() || depth > 8 {
		return false
	}
	switch t := s.get("type"); {
	case t.isString():
		seen[t.str] = true
		return true
	case t.isArray():
		for _, it := range t.items {
			if it.isString() {
				seen[it.str] = true
			}
		}
		return len(t.items) > 0
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if alts := s.get(key); alts.isArray() && len(alts.items) > 0 {
			for _, a := range alts.items {
				if !collectTypes(a, seen, depth+1) {
					return false
				}
			}
			return true
		}
	}
	if e := s.get("enum"); e.isArray() && len(e.items) > 0 {
		for _, it := range e.items {
			seen[valueType(it)] = true
		}
		return true
	}
	if c := s.get("const"); c != nil {
		seen[valueType(c)] = true
		return true
	}
	return false
}

// valueType is the JSON Schema type of a JSON value ("integer" for whole
// numbers).
func valueType(v *value) string {
	switch v.kind {
	case 'n':
		if isInteger(v.str) {
			return "integer"
		}
		return "number"
	case 's':
		return "string"
	case 'b':
		return "boolean"
	case 'o':
		return "object"
	case 'a':
		return "array"
	}
	return "null"
}

func isInteger(num string) bool {
	for i := 0; i < len(num); i++ {
		switch num[i] {
		case '.', 'e', 'E':
			return false
		}
	}
	return true
}

// maxNestedDepth is how deep NestedParams follows nested schemas.
const maxNestedDepth = 16

// NestedParams lists the properties nested inside the parameters' schemas
// — members of object parameters, of array items, of anyOf/oneOf/allOf
// alternatives and of additionalProperties schemas — depth-first in schema
// order, each named by its path from the parameter: "filter.city",
// "passengers[].name", "headers.*.value". Each carries its description
// (or title), types, enum and whether its parent requires it. Top-level
// parameters are not included (ParamsOf lists them). Schemas nested deeper
// than 16 levels are not followed. An error names the parameter whose
// schema is not valid JSON.
func NestedParams(params []toolcall.Param) ([]toolcall.Param, error) {
	var out []toolcall.Param
	for _, p := range params {
		if !mayNest(p.Schema) {
			continue
		}
		v, err := decodeValue(p.Schema, 0)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %v", p.Name, err)
		}
		out = appendNested(out, v, p.Name, 0)
	}
	return out, nil
}

// mayNest is a cheap test that skips decoding flat parameter schemas.
func mayNest(schema json.RawMessage) bool {
	for _, k := range [...]string{`"properties"`, `"items"`, `"anyOf"`, `"oneOf"`, `"allOf"`, `"additionalProperties"`} {
		if bytes.Contains(schema, []byte(k)) {
			return true
		}
	}
	return false
}

func appendNested(out []toolcall.Param, s *value, path string, depth int) []toolcall.Param {
	if !s.isObject() || depth >= maxNestedDepth {
		return out
	}
	for _, p := range paramsOf(s, false) {
		name := path + "." + p.Name
		sub := s.get("properties").get(p.Name)
		p.Name = name
		p.Schema = nil // the parameter's own schema holds it
		out = append(out, p)
		out = appendNested(out, sub, name, depth+1)
	}
	switch it := s.get("items"); {
	case it.isObject():
		out = appendNested(out, it, path+"[]", depth+1)
	case it.isArray(): // tuple form
		for _, x := range it.items {
			out = appendNested(out, x, path+"[]", depth+1)
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf", "allOf"} {
		if alts := s.get(key); alts.isArray() {
			for _, a := range alts.items {
				out = appendNested(out, a, path, depth+1)
			}
		}
	}
	if ap := s.get("additionalProperties"); ap.isObject() {
		out = appendNested(out, ap, path+".*", depth+1)
	}
	return out
}
