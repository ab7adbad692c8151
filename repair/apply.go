package repair

import (
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/toolcall"
)

// Catalog is what the repairs read: the tools by name, all their names,
// and the schema checker. *catalog.Catalog is the implementation.
type Catalog interface {
	Lookup(name string) (*toolcall.Tool, bool)
	Names() []string
	Check(call toolcall.Call) []catalog.Problem
}

var _ Catalog = (*catalog.Catalog)(nil)

// Output is what a model produced for one case or step: the complete
// calls and the calls the parser could not complete.
type Output struct {
	Calls  []toolcall.Call
	Broken []metrics.Broken
}

// Apply returns out with repair k applied to every call it applies to,
// and whether it changed anything. out itself is not modified.
func Apply(k Kind, cat Catalog, out Output) (Output, bool) {
	res := Output{Calls: make([]toolcall.Call, 0, len(out.Calls)+len(out.Broken))}
	changed := false
	if k == JSON {
		res.Calls = append(res.Calls, out.Calls...)
		next := len(out.Calls)
		for _, b := range out.Broken {
			if b.Arguments == "" || b.Name == "" {
				res.Broken = append(res.Broken, b)
				continue
			}
			args, ok := FixJSON(b.Arguments)
			if !ok {
				res.Broken = append(res.Broken, b)
				continue
			}
			res.Calls = append(res.Calls, toolcall.Call{Index: next, Name: b.Name, Arguments: args})
			next++
			changed = true
		}
		return res, changed
	}
	res.Broken = out.Broken
	var names []string
	if k == ToolName {
		names = cat.Names()
	}
	for _, c := range out.Calls {
		var ok bool
		switch k {
		case ToolName:
			var to string
			if to, ok = closestTool(c.Name, names); ok {
				c.Name = to
			}
		case Coerce:
			c, ok = coerceCall(cat, c)
		case DropUnknown:
			c, ok = dropUnknownCall(cat, c)
		case DropOptional:
			c, ok = dropOptionalCall(cat, c)
		}
		changed = changed || ok
		res.Calls = append(res.Calls, c)
	}
	return res, changed
}

// ApplyAll applies kinds one after another, in the order given (Parse
// returns them in Kinds order), and reports which changed the output.
func ApplyAll(kinds []Kind, cat Catalog, out Output) (Output, []Kind) {
	var used []Kind
	for _, k := range kinds {
		var ok bool
		if out, ok = Apply(k, cat, out); ok {
			used = append(used, k)
		}
	}
	return out, used
}

// Fixes applies each repair of Kinds alone to out and returns, in Kinds
// order, those whose repaired output pass accepts. A repair that changes
// nothing fixes nothing. The caller passes a failing output; pass is its
// verdict (the same checker that failed it).
func Fixes(cat Catalog, out Output, pass func(Output) bool) []Kind {
	var fixed []Kind
	for _, info := range Kinds {
		if r, ok := Apply(info.Kind, cat, out); ok && pass(r) {
			fixed = append(fixed, info.Kind)
		}
	}
	return fixed
}
