package repair

import (
	"fmt"
	"strings"
)

// Kind names one repair.
type Kind string

// The repairs, in the order Kinds lists them.
const (
	ToolName     Kind = "tool_name"
	JSON         Kind = "json"
	Coerce       Kind = "coerce"
	DropUnknown  Kind = "drop_unknown"
	DropOptional Kind = "drop_optional"
)

// Info describes one repair.
type Info struct {
	Kind Kind
	// Summary is a one-line definition (README tables and help are checked
	// against it).
	Summary string
}

// Kinds is the one list of repairs, in the order they are reported and,
// when several are asked for, applied.
var Kinds = []Info{
	{ToolName, "rename a call to the one catalog tool within edit distance 2, or equal up to case, separators (- _ .) and an mcp__server__ prefix"},
	{JSON, "make a broken call's argument text a JSON object: close strings and brackets, drop trailing commas, single quotes to double, escape raw control characters"},
	{Coerce, `convert an argument to its schema's type: "5" to 5, "true" to true, [x] to x, x to [x]`},
	{DropUnknown, "remove arguments the schema does not declare"},
	{DropOptional, `leave out optional arguments that are null, "" or rejected by the schema`},
}

// Names returns the repairs' names in Kinds order.
func Names() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = string(k.Kind)
	}
	return out
}

// Parse checks names against Kinds and returns them in Kinds order, each
// once; an unknown name is an error listing the known ones.
func Parse(names []string) ([]Kind, error) {
	want := map[Kind]bool{}
	for _, n := range names {
		if !Known(Kind(n)) {
			return nil, fmt.Errorf("unknown repair %q (known: %s)", n, strings.Join(Names(), ", "))
		}
		want[Kind(n)] = true
	}
	var out []Kind
	for _, k := range Kinds {
		if want[k.Kind] {
			out = append(out, k.Kind)
		}
	}
	return out, nil
}

// Known reports whether k is one of Kinds.
func Known(k Kind) bool {
	for _, i := range Kinds {
		if i.Kind == k {
			return true
		}
	}
	return false
}
