package bfcl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/metrics"
	"github.com/tooleval/tooleval/suite"
	"github.com/tooleval/tooleval/toolcall"
)

// TestDifferentialCorpus generates model outputs from the fixture
// checkout's questions and answers — the right answer, every allowed
// alternative, wrong types, missing and extra parameters, wrong and
// underscored names, reordered, extra and missing parallel calls, Java and
// JavaScript source text, text and broken JSON — and pins the checker's
// verdict on each (golden file, -update rewrites it). Each verdict was
// worked out from the leaderboard checker's rules when the golden was
// reviewed; a change to any rule shows up here as a diff.
func TestDifferentialCorpus(t *testing.T) {
	im, err := Load(fixture, Options{ResultsDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	shared := mustParse(t, im.Catalog)
	var out bytes.Buffer
	out.WriteString("# id\tvariant\tverdict\toutput\n")
	for _, c := range im.Cases {
		if c.Checker == nil || len(c.Steps) > 0 {
			continue // trajectories: replay checks them step by step
		}
		cat := shared
		if docs, own := im.CaseCatalogs[c.ID]; own {
			cat = mustParse(t, docs)
		}
		for _, v := range variants(c, cat) {
			rules := *c.Checker
			if v.rules != nil {
				v.rules(&rules)
			}
			r := bfclcheck.CheckCallsWith(cat, v.calls, c.GoldCalls, v.broken, &rules)
			verdict := "pass"
			if !r.Correct {
				verdict = "fail:" + string(r.Code)
			}
			fmt.Fprintf(&out, "%s\t%s\t%s\t%s\n", c.ID, v.name, verdict, v.show())
		}
	}
	golden.Check(t, filepath.Join("..", "testdata", "bfcl", "golden", "differential.tsv"), out.Bytes(), *update)
}

func mustParse(t *testing.T, docs []json.RawMessage) *catalog.Catalog {
	t.Helper()
	var b bytes.Buffer
	b.WriteByte('[')
	for i, d := range docs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(d)
	}
	b.WriteByte(']')
	cat, err := catalog.Parse(b.Bytes(), "catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// variant is one generated model output.
type variant struct {
	name   string
	calls  []toolcall.Call
	broken []metrics.Broken
	rules  func(*bfclcheck.Rules)
}

func (v variant) show() string {
	var parts []string
	for _, c := range v.calls {
		parts = append(parts, c.Name+string(c.Arguments))
	}
	for _, b := range v.broken {
		parts = append(parts, "broken:"+b.Name)
	}
	if len(parts) == 0 {
		return "(no call)"
	}
	return strings.Join(parts, " ; ")
}

// arg is one generated argument: its name and JSON value.
type arg struct {
	name  string
	value json.RawMessage
}

type callSpec struct {
	name string
	args []arg
}

func (s callSpec) call(i int) toolcall.Call {
	ex := toolcall.ExampleCall{Name: s.name}
	for _, a := range s.args {
		ex.Args = append(ex.Args, toolcall.ExampleArg{Key: a.name, Value: a.value})
	}
	return toolcall.Call{Index: i, Name: s.name, Arguments: json.RawMessage(ex.Arguments())}
}

func toCalls(specs []callSpec) []toolcall.Call {
	out := make([]toolcall.Call, len(specs))
	for i, s := range specs {
		out[i] = s.call(i)
	}
	return out
}

func cloneSpecs(specs []callSpec) []callSpec {
	out := make([]callSpec, len(specs))
	for i, s := range specs {
		out[i] = callSpec{name: s.name, args: append([]arg(nil), s.args...)}
	}
	return out
}

// variants generates the outputs for one case.
func variants(c suite.Case, cat *catalog.Catalog) []variant {
	rules := c.Checker
	lang := rules.Lang()
	firstTool := ""
	if names := cat.Names(); len(names) > 0 {
		firstTool = names[0]
	}
	if c.GoldCalls == nil || len(c.GoldCalls) == 0 {
		// relevance and irrelevance: whether a call decodes is all that counts
		return []variant{
			{name: "no call"},
			{name: "one call", calls: []toolcall.Call{{Name: firstTool, Arguments: json.RawMessage(`{}`)}}},
			{name: "broken JSON", broken: []metrics.Broken{{Name: firstTool, Code: toolcall.CodeInvalidJSON, Message: "unexpected end"}}},
			{name: "arguments not an object", calls: []toolcall.Call{{Name: firstTool, Arguments: json.RawMessage(`[1]`)}}},
		}
	}
	// The right answer: each parameter's first allowed value ("" leaves it out).
	right := make([]callSpec, len(c.GoldCalls))
	for i, g := range c.GoldCalls {
		right[i] = callSpec{name: g.Name}
		for _, p := range g.Params {
			if v, ok := firstValue(p); ok {
				right[i].args = append(right[i].args, arg{p.Name, sourceValue(v, lang, rules, g.Name, p.Name)})
			}
		}
	}
	out := []variant{{name: "right", calls: toCalls(right)}}
	for i, g := range c.GoldCalls {
		tool, _ := cat.Lookup(g.Name)
		for _, p := range g.Params {
			for k, alt := range p.Allowed {
				if k == 0 {
					continue
				}
				specs := cloneSpecs(right)
				if string(alt) == `""` {
					specs[i].args = without(specs[i].args, p.Name)
					out = append(out, variant{name: fmt.Sprintf("%s.%s left out (allowed)", g.Name, p.Name), calls: toCalls(specs)})
					continue
				}
				specs[i].args = with(specs[i].args, p.Name, sourceValue(alt, lang, rules, g.Name, p.Name))
				out = append(out, variant{name: fmt.Sprintf("%s.%s alternative %d", g.Name, p.Name, k), calls: toCalls(specs)})
			}
			specs := cloneSpecs(right)
			specs[i].args = without(specs[i].args, p.Name)
			out = append(out, variant{name: fmt.Sprintf("%s.%s missing", g.Name, p.Name), calls: toCalls(specs)})
			if v, ok := firstValue(p); ok {
				specs := cloneSpecs(right)
				specs[i].args = with(specs[i].args, p.Name, wrongType(v, lang))
				out = append(out, variant{name: fmt.Sprintf("%s.%s wrong type", g.Name, p.Name), calls: toCalls(specs)})
				if lang != "python" {
					specs := cloneSpecs(right)
					specs[i].args = with(specs[i].args, p.Name, v)
					out = append(out, variant{name: fmt.Sprintf("%s.%s bare JSON value", g.Name, p.Name), calls: toCalls(specs)})
				}
				if isWholeNumber(v) && lang == "python" {
					specs := cloneSpecs(right)
					specs[i].args = with(specs[i].args, p.Name, json.RawMessage(string(bytes.TrimSpace(v))+".0"))
					out = append(out, variant{name: fmt.Sprintf("%s.%s as float", g.Name, p.Name), calls: toCalls(specs)})
				}
			}
		}
		if tool != nil {
			for _, tp := range tool.Params {
				if tp.Required && g.Param(tp.Name) == nil {
					out = append(out, variant{name: fmt.Sprintf("%s.%s (required, not in the answer) missing", g.Name, tp.Name), calls: toCalls(right)})
				}
			}
		}
		specs := cloneSpecs(right)
		specs[i].args = append(specs[i].args, arg{"zzz_extra", json.RawMessage(`1`)})
		out = append(out, variant{name: g.Name + " extra parameter", calls: toCalls(specs)})
		specs = cloneSpecs(right)
		specs[i].name += "_v2"
		out = append(out, variant{name: g.Name + " wrong name", calls: toCalls(specs)})
		if strings.Contains(g.Name, ".") {
			specs = cloneSpecs(right)
			specs[i].name = strings.ReplaceAll(g.Name, ".", "_")
			out = append(out, variant{name: g.Name + " underscored name", calls: toCalls(specs)})
			out = append(out, variant{name: g.Name + " underscored name, underscore model", calls: toCalls(specs),
				rules: func(r *bfclcheck.Rules) { r.UnderscoreNames = true }})
			out = append(out, variant{name: g.Name + " dotted name, underscore model", calls: toCalls(right),
				rules: func(r *bfclcheck.Rules) { r.UnderscoreNames = true }})
		}
	}
	if len(right) > 1 {
		rev := cloneSpecs(right)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		out = append(out, variant{name: "reversed order", calls: toCalls(rev)})
		out = append(out, variant{name: "reversed order, any order", calls: toCalls(rev),
			rules: func(r *bfclcheck.Rules) { r.Documented = []string{bfclcheck.DocumentedAnyOrder} }})
	}
	out = append(out,
		variant{name: "extra call", calls: toCalls(append(cloneSpecs(right), right[len(right)-1]))},
		variant{name: "missing call", calls: toCalls(right[:len(right)-1])},
		variant{name: "no call (text)"},
		variant{name: "broken JSON", calls: toCalls(right[1:]), broken: []metrics.Broken{{Name: right[0].name, Code: toolcall.CodeInvalidJSON, Message: "unexpected end"}}},
	)
	return out
}

func firstValue(p metrics.GoldParam) (json.RawMessage, bool) {
	for _, a := range p.Allowed {
		if string(a) != `""` {
			return a, true
		}
	}
	return nil, false
}

func with(args []arg, name string, v json.RawMessage) []arg {
	for i := range args {
		if args[i].name == name {
			args[i].value = v
			return args
		}
	}
	return append(args, arg{name, v})
}

func without(args []arg, name string) []arg {
	out := args[:0:0]
	for _, a := range args {
		if a.name != name {
			out = append(out, a)
		}
	}
	return out
}

func isWholeNumber(v json.RawMessage) bool {
	s := string(bytes.TrimSpace(v))
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// wrongType gives a value of another type: a number for text, text for
// anything else (Java/JavaScript: source text of another shape).
func wrongType(v json.RawMessage, lang string) json.RawMessage {
	if lang != "python" {
		return json.RawMessage(`"not a value of this type"`)
	}
	if s := bytes.TrimSpace(v); len(s) > 0 && s[0] == '"' {
		return json.RawMessage(`12345`)
	}
	return json.RawMessage(`"12345"`)
}

// sourceValue writes an allowed value as the model would send it: as is
// for Python, as Java or JavaScript source text by the parameter's
// declared type for those languages.
func sourceValue(v json.RawMessage, lang string, rules *bfclcheck.Rules, fn, param string) json.RawMessage {
	if lang == "python" {
		return v
	}
	typ, items := bfclcheck.SplitType(rules.Types[fn][param])
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if dec.Decode(&x) != nil {
		return v
	}
	src := sourceText(x, typ, items, lang)
	b, _ := json.Marshal(src)
	return b
}

func sourceText(x any, typ, items, lang string) string {
	switch v := x.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		switch {
		case lang == "java" && typ == "long":
			return v.String() + "L"
		case lang == "java" && typ == "float":
			return v.String() + "f"
		case lang == "javascript" && typ == "Bigint":
			return v.String() + "n"
		}
		return v.String()
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			s := sourceText(e, items, "", lang)
			if _, isStr := e.(string); isStr {
				if lang == "java" {
					s = strconv.Quote(s)
				} else {
					s = "'" + s + "'"
				}
			}
			parts[i] = s
		}
		switch {
		case lang == "java" && typ == "ArrayList":
			if len(parts) == 0 {
				return "new ArrayList<>()"
			}
			return "new ArrayList<>(Arrays.asList(" + strings.Join(parts, ", ") + "))"
		case lang == "java":
			return "new Object[]{" + strings.Join(parts, ", ") + "}"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			val := v[k]
			if alts, ok := val.([]any); ok && len(alts) > 0 {
				val = alts[0] // an allowed dict lists each key's allowed values
			}
			s := sourceText(val, "", "", lang)
			if _, isStr := val.(string); isStr {
				s = "'" + s + "'"
			}
			if lang == "java" {
				parts = append(parts, fmt.Sprintf("put(%q, %s);", k, strings.ReplaceAll(s, "'", `"`)))
			} else {
				parts = append(parts, k+": "+s)
			}
		}
		if lang == "java" {
			return "new HashMap<String, Object>() {{ " + strings.Join(parts, " ") + " }}"
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case nil:
		return "null"
	}
	return fmt.Sprint(x)
}
