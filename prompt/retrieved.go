package prompt

import (
	"strings"
	"unicode/utf8"

	"github.com/tooleval/tooleval/toolcall"
)

// RetrievedHeader opens the retrieved variant.
const RetrievedHeader = "## AvailableTools (retrieved)"

const retrievedRules = `Rules:
- Only the tools below are available for this request; call them by their exact names.
- Give every parameter listed under Required. A "?" marks an optional parameter; leave it out unless you need it.
- Use the types shown and respect the Constraints. Do not invent tools or parameters.
`

// renderRetrieved writes the retrieved block: a header, short rules and,
// per tool,
//
//	Tool: read_file
//	Required: path
//	WhenToUse: Read a file. <details>
//	KeyParams: path: string, limit?: integer
//	Returns: The file's text.
//	Constraints: limit >= 1; read-only
//	Source: mcp:filesystem
//
// Returns, Constraints and Source lines appear only when there is something
// to say. Each tool's lines are held to budget characters (runes); see
// fitTool for what is trimmed first.
//
// With a search tool (Options.SearchTool) the rules add seed 002's
// re-retrieval rule: a tool, parameter or return value that is not listed
// must be searched for with that tool, never guessed.
func renderRetrieved(b *strings.Builder, tools []toolcall.Tool, budget int, search, param string) {
	b.WriteString(RetrievedHeader)
	b.WriteByte('\n')
	b.WriteString(retrievedRules)
	if search != "" {
		writeSearchRule(b, search, param)
	}
	if len(tools) == 0 {
		b.WriteString("\nNo tools matched this request.\n")
	}
	for i := range tools {
		b.WriteByte('\n')
		writeRetrievedTool(b, &tools[i], budget)
	}
}

// writeSearchRule writes the rule that tells the model the search tool
// exists.
func writeSearchRule(b *strings.Builder, search, param string) {
	if param == "" {
		param = "query"
	}
	b.WriteString("- If you need a tool, parameter or return value that is not listed below, call ")
	b.WriteString(search)
	b.WriteByte('(')
	b.WriteString(param)
	b.WriteString(") to search the tool corpus again instead of guessing; the tools it finds are added for your next step.\n")
}

// retrievedTool holds the fields of one tool's entry, each trimmable.
type retrievedTool struct {
	name, required                 string
	description, details           string
	requiredParams, optionalParams []string
	returns, constraints, source   string
}

func writeRetrievedTool(b *strings.Builder, t *toolcall.Tool, budget int) {
	rt := retrievedTool{
		name:        t.Name,
		description: oneLine(t.Description),
		details:     oneLine(t.Details),
		returns:     oneLine(t.Returns),
		source:      oneLine(t.Source),
	}
	var req []string
	var cons []string
	for _, p := range params(t) {
		pi := infoOf(p)
		label := p.Name
		if !p.Required {
			label += "?"
		}
		label += ": " + pi.typeLabel()
		if p.Required {
			req = append(req, p.Name)
			rt.requiredParams = append(rt.requiredParams, label)
		} else {
			rt.optionalParams = append(rt.optionalParams, label)
		}
		if c := pi.constraints(); len(c) > 0 {
			cons = append(cons, p.Name+" "+strings.Join(c, ", "))
		}
	}
	cons = append(cons, hints(t.Annotations)...)
	rt.constraints = strings.Join(cons, "; ")
	rt.required = "none"
	if len(req) > 0 {
		rt.required = strings.Join(req, ", ")
	}
	if budget > 0 {
		fitTool(&rt, budget)
	}
	rt.write(b)
}

func (rt *retrievedTool) whenToUse() string {
	switch {
	case rt.description == "":
		return rt.details
	case rt.details == "":
		return rt.description
	}
	return rt.description + " " + rt.details
}

func (rt *retrievedTool) keyParams() string {
	all := append(append([]string(nil), rt.requiredParams...), rt.optionalParams...)
	if len(all) == 0 {
		return "none"
	}
	return strings.Join(all, ", ")
}

func (rt *retrievedTool) write(b *strings.Builder) {
	line := func(label, s string) {
		if s == "" {
			return
		}
		b.WriteString(label)
		b.WriteString(s)
		b.WriteByte('\n')
	}
	line("Tool: ", rt.name)
	line("Required: ", rt.required)
	line("WhenToUse: ", rt.whenToUse())
	line("KeyParams: ", rt.keyParams())
	line("Returns: ", rt.returns)
	line("Constraints: ", rt.constraints)
	line("Source: ", rt.source)
}

// size is the entry's length in runes, newlines included.
func (rt *retrievedTool) size() int {
	var b strings.Builder
	rt.write(&b)
	return utf8.RuneCountInString(b.String())
}

// minKept is the shortest a trimmed text is cut to before it is dropped.
const minKept = 24

// fitTool trims an entry to budget runes. Long details go first, then
// constraints, returns, optional parameters (from the last), the source and
// finally the description; the name, the required list and the required
// parameters are never cut, so an entry may stay over a tiny budget.
func fitTool(rt *retrievedTool, budget int) {
	over := rt.size() - budget
	if over <= 0 {
		return
	}
	for _, s := range []*string{&rt.details, &rt.constraints, &rt.returns} {
		if over = cutText(s, over); over <= 0 {
			return
		}
	}
	for len(rt.optionalParams) > 0 && over > 0 {
		last := rt.optionalParams[len(rt.optionalParams)-1]
		rt.optionalParams = rt.optionalParams[:len(rt.optionalParams)-1]
		over -= utf8.RuneCountInString(last) + 2
	}
	if over <= 0 {
		return
	}
	for _, s := range []*string{&rt.source, &rt.description} {
		if over = cutText(s, over); over <= 0 {
			return
		}
	}
}

// cutText shortens *s by about over runes, ending it with "…", or drops it
// when what would be left is shorter than minKept. It returns how much is
// still over.
func cutText(s *string, over int) int {
	n := utf8.RuneCountInString(*s)
	if n == 0 {
		return over
	}
	keep := n - over - 1 // room for "…"
	if keep < minKept {
		*s = ""
		// The line's label and newline go too, except for details,
		// which shares WhenToUse's line; counting them is close enough.
		return over - n
	}
	r := []rune(*s)
	*s = strings.TrimRight(string(r[:keep]), " ,;") + "…"
	return over - (n - utf8.RuneCountInString(*s))
}
