package catalog

import "github.com/tooleval/tooleval/toolcall"

// ToolFor names the one tool of the catalog that a call whose arguments
// are args can be to, for a call written with an id where its tool's name
// belongs (Kimi K2 writes the call's id, "0" or a client's "call_3", when
// its history shows ids in place of names): the catalog's only tool, or
// else the only tool whose schema accepts args (every required parameter
// given, none it lacks unless it allows extra members, types and values
// valid, as Check reads them). Two tools accepting args, or none, name
// nothing: guessing would hand the agent a call to a tool the model may
// not have chosen.
func (c *Catalog) ToolFor(args []byte) (string, bool) {
	if len(c.tools) == 1 {
		return c.tools[0].Name, true
	}
	found := -1
	for i := range c.tools {
		if !c.Valid(toolcall.Call{Name: c.tools[i].Name, Arguments: args}) {
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
