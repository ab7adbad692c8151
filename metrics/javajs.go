package metrics

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// The leaderboard's Java and JavaScript categories state every parameter
// value as source text ("5", "true", "new ArrayList<>(Arrays.asList(1, 2))")
// and its checker converts that text by the parameter's declared type
// before comparing it with the possible answers. These are those
// conversions, rule for rule: text that does not have the type's shape
// stays a string (and then usually fails the type check).

// noKind marks "no type constraint".
const noKind pyKind = 255

// javaTypes maps a Java type name to the Python type its value converts
// to; the names not listed here are unknown to the leaderboard.
var javaTypes = map[string]pyKind{
	"byte": pyInt, "short": pyInt, "integer": pyInt, "long": pyInt,
	"float": pyFloat, "double": pyFloat,
	"boolean": pyBool, "char": pyStr, "String": pyStr, "any": pyStr,
	"Array": pyList, "ArrayList": pyList, "Queue": pyList, "Stack": pyList,
	"HashMap": pyDict, "Hashtable": pyDict,
}

// jsTypes maps a JavaScript type name to the Python type its value
// converts to.
var jsTypes = map[string]pyKind{
	"String": pyStr, "integer": pyInt, "float": pyFloat, "Bigint": pyInt,
	"Boolean": pyBool, "dict": pyDict, "array": pyList, "any": pyStr,
}

// pythonTypes maps the leaderboard's Python type names (the function docs'
// "type") to Python types; "any" means a string.
var pythonTypes = map[string]pyKind{
	"string": pyStr, "integer": pyInt, "float": pyFloat, "boolean": pyBool,
	"array": pyList, "tuple": pyList, "dict": pyDict, "any": pyStr,
}

var (
	reJavaInt    = regexp.MustCompile(`^-?\d+$`)
	reJavaFloat  = regexp.MustCompile(`^-?\d+(\.\d+)?([eE][+-]?\d+)?[fF]$`)
	reJavaDouble = regexp.MustCompile(`^-?\d+(\.\d+)?([eE][+-]?\d+)?$`)
	reJavaLong   = regexp.MustCompile(`^-?\d+[lL]$`)
	reJSFloat    = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
	reJSBigint   = regexp.MustCompile(`^-?\d+n$`)

	reArrayListAsList = regexp.MustCompile(`new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)`)
	reArrayListAdds   = regexp.MustCompile(`(?s)new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}`)
	reArrayListAdd    = regexp.MustCompile(`add\((.+?)\)`)
	reArrayListEmpty  = regexp.MustCompile(`new\s+ArrayList<\w*>\(\)`)
	reJavaArray       = regexp.MustCompile(`new\s+\w+\[\]\s*\{(.*?)\}`)
	reHashMap         = regexp.MustCompile(`(?s)new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}`)
	reHashMapPut      = regexp.MustCompile(`put\("(.*?)",\s*(.*?)\)`)
	reHashMapEmpty    = regexp.MustCompile(`new\s+HashMap<.*?>\s*\(\)`)

	reJSArray2D = regexp.MustCompile(`^(?:\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\))`)
	reJSArray   = regexp.MustCompile(`^(?:\[(.*?)\]|\bnew\s+Array\((.*?)\))`)
	reJSInner   = regexp.MustCompile(`\[(.*?)\]`)
	reJSDict    = regexp.MustCompile(`^\{(.*?)\}`)
)

// pyMatch is re.match(pattern with ^…$, s): Python's $ also matches before
// a final newline, which the returned text then still holds.
func pyMatch(re *regexp.Regexp, s string) bool {
	return re.MatchString(s) || strings.HasSuffix(s, "\n") && re.MatchString(s[:len(s)-1])
}

// ConvertJava converts a Java source-text value by its declared type the
// way the leaderboard's checker does; nested is the element type of an
// Array or ArrayList ("" when the doc gives none).
func convertJava(s, typ, nested string) pyVal {
	switch typ {
	case "byte", "short", "integer":
		if !pyMatch(reJavaInt, s) {
			return pyString(s)
		}
		return pyIntOr(s)
	case "float":
		if !pyMatch(reJavaFloat, s) {
			return pyString(s)
		}
		t := strings.TrimSuffix(s, "\n")
		return pyFloatOr(t[:len(t)-1])
	case "double":
		if !pyMatch(reJavaDouble, s) {
			return pyString(s)
		}
		return pyFloatOr(s)
	case "long":
		if !pyMatch(reJavaLong, s) {
			return pyString(s)
		}
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1])
	case "boolean":
		if s != "true" && s != "false" {
			return pyString(s)
		}
		return pyVal{k: pyBool, b: s == "true"}
	case "ArrayList":
		return javaArrayList(s, nested)
	case "Array":
		return javaArray(s, nested)
	case "HashMap":
		return javaHashMap(s)
	}
	// char (its pattern can never match, so the text is kept), String,
	// any, and the types the leaderboard has no converter for.
	return pyString(s)
}

func javaElement(e, nested string) pyVal {
	switch {
	case nested == "char" || nested == "String":
		return pyString(pySlice1(e))
	case nested != "":
		return convertJava(e, nested, "")
	}
	return javaValue(e)
}

func javaArrayList(s, nested string) pyVal {
	if m := reArrayListAsList.FindStringSubmatch(s); m != nil {
		out := pyVal{k: pyList, items: []pyVal{}}
		for _, e := range strings.Split(m[1], ",") {
			out.items = append(out.items, javaElement(pyStrip(e), nested))
		}
		return out
	}
	if m := reArrayListAdds.FindStringSubmatch(s); m != nil {
		out := pyVal{k: pyList, items: []pyVal{}}
		for _, a := range reArrayListAdd.FindAllStringSubmatch(m[1], -1) {
			out.items = append(out.items, javaElement(pyStrip(a[1]), nested))
		}
		return out
	}
	if reArrayListEmpty.MatchString(s) {
		return pyVal{k: pyList, items: []pyVal{}}
	}
	return pyString(s)
}

func javaArray(s, nested string) pyVal {
	m := reJavaArray.FindStringSubmatch(s)
	if m == nil {
		return pyString(s)
	}
	out := pyVal{k: pyList, items: []pyVal{}}
	for _, e := range strings.Split(m[1], ",") {
		e = pyStrip(e)
		if e == "" {
			continue
		}
		if nested != "" {
			out.items = append(out.items, convertJava(e, nested, ""))
		} else {
			out.items = append(out.items, javaValue(e))
		}
	}
	return out
}

func javaHashMap(s string) pyVal {
	if m := reHashMap.FindStringSubmatch(s); m != nil {
		out := pyVal{k: pyDict, items: []pyVal{}, keys: []pyVal{}}
		if pyStrip(m[1]) != "" {
			for _, p := range reHashMapPut.FindAllStringSubmatch(m[1], -1) {
				out.setKey(pyString(p[1]), javaValue(pyStrip(p[2])))
			}
		}
		return out
	}
	if reHashMapEmpty.MatchString(s) {
		return pyVal{k: pyDict, items: []pyVal{}, keys: []pyVal{}}
	}
	return pyString(s)
}

// javaValue reads an element whose type is not declared.
func javaValue(s string) pyVal {
	switch {
	case s == "true":
		return pyVal{k: pyBool, b: true}
	case s == "false":
		return pyVal{k: pyBool, b: false}
	case strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`):
		return pyString(pySlice1(s))
	case pyMatch(reJavaLong, s):
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1])
	case pyMatch(reJavaFloat, s):
		t := strings.TrimSuffix(s, "\n")
		return pyFloatOr(t[:len(t)-1])
	}
	return intFloatOrString(s)
}

// convertJS converts a JavaScript source-text value by its declared type
// the way the leaderboard's checker does.
func convertJS(s, typ, nested string) (pyVal, bool) {
	switch typ {
	case "String":
		if !(strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`)) && !(strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'")) {
			return pyString(s), true
		}
		return pyString(pySlice1(s)), true
	case "integer":
		if !pyMatch(reJavaInt, s) {
			return pyString(s), true
		}
		return pyIntOr(s), true
	case "float":
		if !pyMatch(reJSFloat, s) {
			return pyString(s), true
		}
		return pyFloatOr(s), true
	case "Bigint":
		if !pyMatch(reJSBigint, s) {
			return pyString(s), true
		}
		t := strings.TrimSuffix(s, "\n")
		return pyIntOr(t[:len(t)-1]), true
	case "Boolean":
		if s != "true" && s != "false" {
			return pyString(s), true
		}
		return pyVal{k: pyBool, b: s == "true"}, true
	case "dict":
		return jsDict(s), true
	case "array":
		return jsArray(s, nested), true
	case "any":
		return pyString(s), true
	}
	return pyVal{}, false // the leaderboard raises on an unknown type
}

func jsArray(code, nested string) pyVal {
	code = pyStrip(code)
	if m := reJSArray2D.FindString(code); m != "" {
		out := pyVal{k: pyList, items: []pyVal{}}
		for i, inner := range reJSInner.FindAllStringSubmatch(m, -1) {
			s := pyStrip(inner[1])
			if i == 0 && strings.HasPrefix(s, "[") {
				s = s[1:]
			}
			row := pyVal{k: pyList, items: []pyVal{}}
			for _, e := range strings.Split(s, ",") {
				row.items = append(row.items, jsValue(pyStrip(e)))
			}
			out.items = append(out.items, row)
		}
		return out
	}
	m := reJSArray.FindStringSubmatchIndex(code)
	if m == nil {
		return pyString(code)
	}
	var body string
	switch {
	case m[2] >= 0:
		body = code[m[2]:m[3]]
	case m[4] >= 0:
		body = code[m[4]:m[5]]
	}
	var elems []string
	if b := pyStrip(body); b != "" {
		elems = strings.Split(b, ",")
	}
	out := pyVal{k: pyList, items: []pyVal{}}
	for _, e := range elems {
		e = pyStrip(e)
		if nested == "" {
			out.items = append(out.items, jsValue(e))
			continue
		}
		var v pyVal
		var ok bool
		if strings.HasPrefix(e, "'") || strings.HasPrefix(e, `"`) {
			v, ok = convertJS(e, nested, "String")
		} else {
			v, ok = convertJS(e, nested, "")
		}
		if !ok {
			return pyString(code) // the converter raised; the text is kept
		}
		out.items = append(out.items, v)
	}
	return out
}

func jsDict(code string) pyVal {
	code = pyStrip(code)
	if code == "{}" {
		return pyVal{k: pyDict, items: []pyVal{}, keys: []pyVal{}}
	}
	m := reJSDict.FindStringSubmatch(code)
	if m == nil {
		return pyString(code)
	}
	out := pyVal{k: pyDict, items: []pyVal{}, keys: []pyVal{}}
	for _, kv := range jsPairs(m[1]) {
		key := strings.Trim(pyStrip(kv[0]), `'"`)
		val := pyStrip(kv[1])
		switch {
		case strings.HasPrefix(val, "[") && strings.HasSuffix(val, "]"):
			out.setKey(pyString(key), jsArray(val, ""))
		case strings.HasPrefix(val, "{") && strings.HasSuffix(val, "}"):
			out.setKey(pyString(key), jsDict(val))
		default:
			out.setKey(pyString(key), jsValue(strings.Trim(val, `'"`)))
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
		for q < len(s) && isPySpace(s[q]) {
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
				for t < len(s) && isPySpace(s[t]) {
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

func jsValue(s string) pyVal {
	s = pyStrip(s)
	switch {
	case s == "true":
		return pyVal{k: pyBool, b: true}
	case s == "false":
		return pyVal{k: pyBool, b: false}
	case strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`), strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'"):
		return pyString(pySlice1(s))
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

func isPySpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c >= 0x1c && c <= 0x1f
}

// pyStrip is Python's str.strip() for ASCII whitespace.
func pyStrip(s string) string {
	i, j := 0, len(s)
	for i < j && isPySpace(s[i]) {
		i++
	}
	for j > i && isPySpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

var (
	rePyInt   = regexp.MustCompile(`^[+-]?\d(?:_?\d)*$`)
	rePyFloat = regexp.MustCompile(`^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$`)
)

// pyParseInt is Python's int(s) for base 10.
func pyParseInt(s string) (pyVal, bool) {
	s = pyStrip(s)
	if !rePyInt.MatchString(s) {
		return pyVal{}, false
	}
	i, ok := new(big.Int).SetString(strings.ReplaceAll(strings.TrimPrefix(s, "+"), "_", ""), 10)
	return pyVal{k: pyInt, i: i}, ok
}

// pyParseFloat is Python's float(s).
func pyParseFloat(s string) (pyVal, bool) {
	s = pyStrip(s)
	switch t := strings.ToLower(strings.TrimLeft(s, "+-")); t {
	case "inf", "infinity", "nan":
		f := math.Inf(1)
		if t == "nan" {
			f = math.NaN()
		} else if strings.HasPrefix(s, "-") {
			f = math.Inf(-1)
		}
		if len(s)-len(strings.TrimLeft(s, "+-")) > 1 {
			return pyVal{}, false
		}
		return pyVal{k: pyFloat, f: f}, true
	}
	if !rePyFloat.MatchString(s) {
		return pyVal{}, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	if err != nil && !math.IsInf(f, 0) {
		return pyVal{}, false
	}
	return pyVal{k: pyFloat, f: f}, true
}

func pyIntOr(s string) pyVal {
	if v, ok := pyParseInt(s); ok {
		return v
	}
	return pyString(s)
}

func pyFloatOr(s string) pyVal {
	if v, ok := pyParseFloat(s); ok {
		return v
	}
	return pyString(s)
}

// intFloatOrString tries int(s), then float(s), and keeps the text.
func intFloatOrString(s string) pyVal {
	if v, ok := pyParseInt(s); ok {
		return v
	}
	if v, ok := pyParseFloat(s); ok {
		return v
	}
	return pyString(s)
}
