package bfclcheck

import (
	"regexp"
	"strings"

	"github.com/tooleval/tooleval/internal/lazyre"
	py "github.com/tooleval/tooleval/pyliteral"
)

// The leaderboard's Java and JavaScript categories state every parameter
// value as source text ("5", "true", "new ArrayList<>(Arrays.asList(1, 2))")
// and its checker converts that text by the parameter's declared type
// before comparing it with the possible answers. These are those
// conversions, rule for rule: text that does not have the type's shape
// stays a string (and then usually fails the type check).

// noKind marks "no type constraint".
const noKind py.Kind = 255

// javaTypes maps a Java type name to the Python type its value converts
// to; the names not listed here are unknown to the leaderboard.
var javaTypes = map[string]py.Kind{
	"byte": py.KindInt, "short": py.KindInt, "integer": py.KindInt, "long": py.KindInt,
	"float": py.KindFloat, "double": py.KindFloat,
	"boolean": py.KindBool, "char": py.KindStr, "String": py.KindStr, "any": py.KindStr,
	"Array": py.KindList, "ArrayList": py.KindList, "Queue": py.KindList, "Stack": py.KindList,
	"HashMap": py.KindDict, "Hashtable": py.KindDict,
}

// jsTypes maps a JavaScript type name to the Python type its value
// converts to.
var jsTypes = map[string]py.Kind{
	"String": py.KindStr, "integer": py.KindInt, "float": py.KindFloat, "Bigint": py.KindInt,
	"Boolean": py.KindBool, "dict": py.KindDict, "array": py.KindList, "any": py.KindStr,
}

// pythonTypes maps the leaderboard's Python type names (the function docs'
// "type") to Python types; "any" means a string.
var pythonTypes = map[string]py.Kind{
	"string": py.KindStr, "integer": py.KindInt, "float": py.KindFloat, "boolean": py.KindBool,
	"array": py.KindList, "tuple": py.KindList, "dict": py.KindDict, "any": py.KindStr,
}

var (
	reJavaInt    = lazyre.New(`^-?\d+$`)
	reJavaFloat  = lazyre.New(`^-?\d+(\.\d+)?([eE][+-]?\d+)?[fF]$`)
	reJavaDouble = lazyre.New(`^-?\d+(\.\d+)?([eE][+-]?\d+)?$`)
	reJavaLong   = lazyre.New(`^-?\d+[lL]$`)
	reJSFloat    = lazyre.New(`^-?\d+(\.\d+)?$`)
	reJSBigint   = lazyre.New(`^-?\d+n$`)

	reArrayListAsList = lazyre.New(`new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)`)
	reArrayListAdds   = lazyre.New(`(?s)new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}`)
	reArrayListAdd    = lazyre.New(`add\((.+?)\)`)
	reArrayListEmpty  = lazyre.New(`new\s+ArrayList<\w*>\(\)`)
	reJavaArray       = lazyre.New(`new\s+\w+\[\]\s*\{(.*?)\}`)
	reHashMap         = lazyre.New(`(?s)new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}`)
	reHashMapPut      = lazyre.New(`put\("(.*?)",\s*(.*?)\)`)
	reHashMapEmpty    = lazyre.New(`new\s+HashMap<.*?>\s*\(\)`)

	reJSArray2D = lazyre.New(`^(?:\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\))`)
	reJSArray   = lazyre.New(`^(?:\[(.*?)\]|\bnew\s+Array\((.*?)\))`)
	reJSInner   = lazyre.New(`\[(.*?)\]`)
	reJSDict    = lazyre.New(`^\{(.*?)\}`)
)

// pyMatch is re.match(pattern with ^…$, s): Python's $ also matches before
// a final newline, which the returned text then still holds.
func pyMatch(re *regexp.Regexp, s string) bool {
	return re.MatchString(s) || strings.HasSuffix(s, "\n") && re.MatchString(s[:len(s)-1])
}

// ConvertJava converts a Java source-text value by its declared type the
// way the leaderboard's checker does; nested is the element type of an
// Array or ArrayList ("" when the doc gives none).
func convertJava(s, typ, nested string) py.Object {
	switch typ {
	case "byte", "short", "integer":
		if !pyMatch(reJavaInt(), s) {
			return py.Str(s)
		}
		return pyIntOr(s)
	case "float":
		if !pyMatch(reJavaFloat(), s) {
			return py.Str(s)
		}
		t := strings.TrimSuffix(s, "\n")
		return pyFloatOr(t[:len(t)-1])
	case "double":
		if !pyMatch(reJavaDouble(), s) {
			return py.Str(s)
		}
		return pyFloatOr(s)
	case "long":
		if !pyMatch(reJavaLong(), s) {
			return py.Str(s)
		}
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1])
	case "boolean":
		if s != "true" && s != "false" {
			return py.Str(s)
		}
		return py.Object{Kind: py.KindBool, Bool: s == "true"}
	case "ArrayList":
		return javaArrayList(s, nested)
	case "Array":
		return javaArray(s, nested)
	case "HashMap":
		return javaHashMap(s)
	}
	// char (its pattern can never match, so the text is kept), String,
	// any, and the types the leaderboard has no converter for.
	return py.Str(s)
}

func javaElement(e, nested string) py.Object {
	switch {
	case nested == "char" || nested == "String":
		return py.Str(pySlice1(e))
	case nested != "":
		return convertJava(e, nested, "")
	}
	return javaValue(e)
}

func javaArrayList(s, nested string) py.Object {
	if m := reArrayListAsList().FindStringSubmatch(s); m != nil {
		out := py.Object{Kind: py.KindList, Items: []py.Object{}}
		for _, e := range strings.Split(m[1], ",") {
			out.Items = append(out.Items, javaElement(py.Strip(e), nested))
		}
		return out
	}
	if m := reArrayListAdds().FindStringSubmatch(s); m != nil {
		out := py.Object{Kind: py.KindList, Items: []py.Object{}}
		for _, a := range reArrayListAdd().FindAllStringSubmatch(m[1], -1) {
			out.Items = append(out.Items, javaElement(py.Strip(a[1]), nested))
		}
		return out
	}
	if reArrayListEmpty().MatchString(s) {
		return py.Object{Kind: py.KindList, Items: []py.Object{}}
	}
	return py.Str(s)
}

func javaArray(s, nested string) py.Object {
	m := reJavaArray().FindStringSubmatch(s)
	if m == nil {
		return py.Str(s)
	}
	out := py.Object{Kind: py.KindList, Items: []py.Object{}}
	for _, e := range strings.Split(m[1], ",") {
		e = py.Strip(e)
		if e == "" {
			continue
		}
		if nested != "" {
			out.Items = append(out.Items, convertJava(e, nested, ""))
		} else {
			out.Items = append(out.Items, javaValue(e))
		}
	}
	return out
}

func javaHashMap(s string) py.Object {
	if m := reHashMap().FindStringSubmatch(s); m != nil {
		out := py.Object{Kind: py.KindDict, Items: []py.Object{}, Keys: []py.Object{}}
		if py.Strip(m[1]) != "" {
			for _, p := range reHashMapPut().FindAllStringSubmatch(m[1], -1) {
				out.SetItem(py.Str(p[1]), javaValue(py.Strip(p[2])))
			}
		}
		return out
	}
	if reHashMapEmpty().MatchString(s) {
		return py.Object{Kind: py.KindDict, Items: []py.Object{}, Keys: []py.Object{}}
	}
	return py.Str(s)
}

// javaValue reads an element whose type is not declared.
func javaValue(s string) py.Object {
	switch {
	case s == "true":
		return py.Object{Kind: py.KindBool, Bool: true}
	case s == "false":
		return py.Object{Kind: py.KindBool, Bool: false}
	case strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`):
		return py.Str(pySlice1(s))
	case pyMatch(reJavaLong(), s):
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1])
	case pyMatch(reJavaFloat(), s):
		t := strings.TrimSuffix(s, "\n")
		return pyFloatOr(t[:len(t)-1])
	}
	return intFloatOrString(s)
}

// convertJS converts a JavaScript source-text value by its declared type
// the way the leaderboard's checker does.
func convertJS(s, typ, nested string) (py.Object, bool) {
	switch typ {
	case "String":
		if !(strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`)) && !(strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'")) {
			return py.Str(s), true
		}
		return py.Str(pySlice1(s)), true
	case "integer":
		if !pyMatch(reJavaInt(), s) {
			return py.Str(s), true
		}
		return pyIntOr(s), true
	case "float":
		if !pyMatch(reJSFloat(), s) {
			return py.Str(s), true
		}
		return pyFloatOr(s), true
	case "Bigint":
		if !pyMatch(reJSBigint(), s) {
			return py.Str(s), true
		}
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1]), true
	case "Boolean":
		if s != "true" && s != "false" {
			return py.Str(s), true
		}
		return py.Object{Kind: py.KindBool, Bool: s == "true"}, true
	case "dict":
		return jsDict(s), true
	case "array":
		return jsArray(s, nested), true
	case "any":
		return py.Str(s), true
	}
	return py.Object{}, false // the leaderboard raises on an unknown type
}

func jsArray(code, nested string) py.Object {
	code = py.Strip(code)
	if m := reJSArray2D().FindString(code); m != "" {
		out := py.Object{Kind: py.KindList, Items: []py.Object{}}
		for i, inner := range reJSInner().FindAllStringSubmatch(m, -1) {
			s := py.Strip(inner[1])
			if i == 0 && strings.HasPrefix(s, "[") {
				s = s[1:]
			}
			row := py.Object{Kind: py.KindList, Items: []py.Object{}}
			for _, e := range strings.Split(s, ",") {
				row.Items = append(row.Items, jsValue(py.Strip(e)))
			}
			out.Items = append(out.Items, row)
		}
		return out
	}
	m := reJSArray().FindStringSubmatchIndex(code)
	if m == nil {
		return py.Str(code)
	}
	var body string
	switch {
	case m[2] >= 0:
		body = code[m[2]:m[3]]
	case m[4] >= 0:
		body = code[m[4]:m[5]]
	}
	var elems []string
	if b := py.Strip(body); b != "" {
		elems = strings.Split(b, ",")
	}
	out := py.Object{Kind: py.KindList, Items: []py.Object{}}
	for _, e := range elems {
		e = py.Strip(e)
		if nested == "" {
			out.Items = append(out.Items, jsValue(e))
			continue
		}
		var v py.Object
		var ok bool
		if strings.HasPrefix(e, "'") || strings.HasPrefix(e, `"`) {
			v, ok = convertJS(e, nested, "String")
		} else {
			v, ok = convertJS(e, nested, "")
		}
		if !ok {
			return py.Str(code) // the converter raised; the text is kept
		}
		out.Items = append(out.Items, v)
	}
	return out
}

func jsDict(code string) py.Object {
	code = py.Strip(code)
	if code == "{}" {
		return py.Object{Kind: py.KindDict, Items: []py.Object{}, Keys: []py.Object{}}
	}
	m := reJSDict().FindStringSubmatch(code)
	if m == nil {
		return py.Str(code)
	}
	out := py.Object{Kind: py.KindDict, Items: []py.Object{}, Keys: []py.Object{}}
	for _, kv := range jsPairs(m[1]) {
		key := strings.Trim(py.Strip(kv[0]), `'"`)
		val := py.Strip(kv[1])
		switch {
		case strings.HasPrefix(val, "[") && strings.HasSuffix(val, "]"):
			out.SetItem(py.Str(key), jsArray(val, ""))
		case strings.HasPrefix(val, "{") && strings.HasSuffix(val, "}"):
			out.SetItem(py.Str(key), jsDict(val))
		default:
			out.SetItem(py.Str(key), jsValue(strings.Trim(val, `'"`)))
		}
	}
	return out
}

// jsPairs is re.findall(r"([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)", s), which
// RE2 cannot express (a lookahead): a key up to the first colon, then the
// value up to the first comma that is followed by another "key:", or to
// the end; the value may not cross a newline.
func jsPairs(s string) [][2]string {
	var out [][2]string
	for p := 0; p <= len(s); {
		colon := strings.IndexByte(s[p:], ':')
		if colon <= 0 {
			if colon == 0 {
				p++
				continue
			}
			break
		}
		key := s[p : p+colon]
		q := p + colon + 1
		for q < len(s) && py.IsStripSpace(s[q]) {
			q++
		}
		end, next := -1, -1
		for e := q; e <= len(s); e++ {
			if e == len(s) || e == len(s)-1 && s[e] == '\n' {
				end, next = e, e
				break
			}
			if s[e] == '\n' {
				break
			}
			if s[e] == ',' {
				t := e + 1
				for t < len(s) && py.IsStripSpace(s[t]) {
					t++
				}
				if keyFollows(s, t) {
					end, next = e, t
					break
				}
			}
		}
		if end < 0 {
			p++
			continue
		}
		out = append(out, [2]string{key, s[q:end]})
		if next == p {
			next++
		}
		p = next
	}
	return out
}

// keyFollows reports whether [^,]+: matches at t.
func keyFollows(s string, t int) bool {
	for c := t + 1; c < len(s); c++ {
		if s[c-1] == ',' {
			return false
		}
		if s[c] == ':' {
			return true
		}
	}
	return false
}

func jsValue(s string) py.Object {
	s = py.Strip(s)
	switch {
	case s == "true":
		return py.Object{Kind: py.KindBool, Bool: true}
	case s == "false":
		return py.Object{Kind: py.KindBool, Bool: false}
	case strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`), strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'"):
		return py.Str(pySlice1(s))
	}
	return intFloatOrString(s)
}

// pySlice1 is Python's s[1:-1].
func pySlice1(s string) string {
	r := []rune(s)
	if len(r) < 2 {
		return ""
	}
	return string(r[1 : len(r)-1])
}

func pyIntOr(s string) py.Object {
	if v, ok := py.ParseInt(s); ok {
		return v
	}
	return py.Str(s)
}

func pyFloatOr(s string) py.Object {
	if v, ok := py.ParseFloat(s); ok {
		return v
	}
	return py.Str(s)
}

// intFloatOrString tries int(s), then float(s), and keeps the text.
func intFloatOrString(s string) py.Object {
	if v, ok := py.ParseInt(s); ok {
		return v
	}
	if v, ok := py.ParseFloat(s); ok {
		return v
	}
	return py.Str(s)
}
