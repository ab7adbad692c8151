package catalog

import "github.com/tooleval/tooleval/toolcall"

// ToolFor names the one tool of the catalog that a call whose arguments
// are args can be to, for a call written with an id where its tool's name
// belongs (Kimi K2 writes the call's id, "0" or a client's "call_3", when
// its history shows ids in place of names): the catalog's only tool, or
// else the only tool whose schema accepts args, as Check reads it: every
// required parameter given, types and values valid, and every argument
// evaluated by the schema (its properties or patternProperties, those of
// its allOf branches, $refs and the anyOf/oneOf alternatives args
// satisfy) or allowed by an additionalProperties or unevaluatedProperties
// that is true or a schema the value satisfies.
//
// Two tools accepting args, or none, name nothing: guessing would hand the
// agent a call to a tool the model may not have chosen. So does a tool
// whose schema cannot be judged (a $ref to a definition it lacks or to
// another document, a schema the validator cannot compile) unless its
// required parameters alone rule it out: it may be the one the model
// meant, so no other tool is the only one.
func (c *Catalog) ToolFor(args []byte) (string, bool) {
	if len(c.tools) == 1 {
		return c.tools[0].Name, true
	}
	found := -1
	for i := range c.tools {
		call := toolcall.Call{Name: c.tools[i].Name, Arguments: args}
		if c.unjudged(i) {
			if c.lacksRequired(call) {
				continue
			}
			return "", false
		}
		if !c.Valid(call) {
			continue
		}
		if found >= 0 {
			return "", false
		}
		found = i
	}
	if found < 0 {
		return "", false
	}
	return c.tools[found].Name, true
}

// unjudged reports whether what tool i accepts is not known: its schema
// lost a reference when it was loaded, or does not compile.
func (c *Catalog) unjudged(i int) bool {
	return c.meta[i].unresolved || c.compiledSchema(i).schema == nil
}

// lacksRequired reports whether call's arguments are a JSON object that
// lacks a parameter its tool requires (or are no JSON object at all).
func (c *Catalog) lacksRequired(call toolcall.Call) bool {
	for _, p := range c.Check(call) {
		if p.Code == toolcall.CodeMissingRequired || p.Code == toolcall.CodeInvalidJSON {
			return true
		}
	}
	return false
}
