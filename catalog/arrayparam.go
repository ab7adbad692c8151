package catalog

import (
	"encoding/json"
	"slices"

	"github.com/tooleval/tooleval/toolcall"
)

// This file finds the array parameter a model wrote a call's arguments
// for alone: a tool whose one required parameter is a list of records
// (todos: [{content, status}]) is often called with the list itself, or
// with one record, where the arguments object belongs. SGLang's
// GLM-5.3-Flash detector reads such arguments as that parameter's value;
// a parser that does the same asks these functions which parameter.

// ListParam returns the parameter a JSON list written as t's arguments is
// the value of: t's first required parameter whose type is array, or nil.
func ListParam(t *toolcall.Tool) *toolcall.Param {
	if t == nil {
		return nil
	}
	for i := range t.Params {
		if p := &t.Params[i]; p.Required && slices.Contains(ParamTypes(p), "array") {
			return p
		}
	}
	return nil
}

// HasItemParam reports whether some required array parameter of t lists
// records whose properties its schema gives (items.properties): then an
// arguments object written for t may be one such record, and whether it
// is can be told only once the object is whole (ItemParam).
func HasItemParam(t *toolcall.Tool) bool {
	if t == nil {
		return false
	}
	for i := range t.Params {
		if len(itemKeysOf(&t.Params[i])) > 0 {
			return true
		}
	}
	return false
}

// ItemParam returns the parameter an arguments object args written for t
// is one element of: a required array parameter that args lacks, whose
// items' properties hold every key of args (at least one), in t's order;
// nil for none, or when args is no JSON object.
func ItemParam(t *toolcall.Tool, args []byte) *toolcall.Param {
	if t == nil {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(args, &obj) != nil || len(obj) == 0 {
		return nil
	}
	for i := range t.Params {
		p := &t.Params[i]
		if _, given := obj[p.Name]; given {
			continue
		}
		keys := itemKeysOf(p)
		if len(keys) == 0 {
			continue
		}
		all := true
		for k := range obj {
			if !slices.Contains(keys, k) {
				all = false
				break
			}
		}
		if all {
			return p
		}
	}
	return nil
}

// itemKeysOf returns p.ItemKeys, derived from p's schema when the catalog
// did not fill it.
func itemKeysOf(p *toolcall.Param) []string {
	if p.ItemKeys != nil {
		return p.ItemKeys
	}
	return itemKeys(p)
}

// itemKeys returns the names of the properties of the records required
// array parameter p lists (its schema's items.properties), sorted; empty,
// not nil, for any other parameter (Param.ItemKeys).
func itemKeys(p *toolcall.Param) []string {
	none := []string{}
	if !p.Required || len(p.Schema) == 0 || !slices.Contains(ParamTypes(p), "array") {
		return none
	}
	var s struct {
		Items struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"items"`
	}
	if json.Unmarshal(p.Schema, &s) != nil || len(s.Items.Properties) == 0 {
		return none
	}
	keys := make([]string, 0, len(s.Items.Properties))
	for k := range s.Items.Properties {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
