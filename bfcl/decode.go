package bfcl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/tooleval/tooleval/bfclcheck"
	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/lazyre"
	"github.com/tooleval/tooleval/pyliteral"
)

// Mode is how a model answered: through a function-calling API (results
// stored as a list of {name: arguments}) or by prompting (results stored
// as the model's text, Python call syntax).
type Mode string

const (
	ModeFC        Mode = "fc"
	ModePrompting Mode = "prompting"
	// ModeFCText is a function-calling model whose results are stored as
	// its raw text (the leaderboard's locally served FC models, each
	// decoded by its own handler's parser): the text is kept verbatim as an
	// "auto" transcript for tooleval's parsers to read.
	ModeFCText Mode = "fc-text"
)

// errUndecoded marks a result the leaderboard's decoder cannot read: it
// counts as no call (an irrelevance case passes, every other fails).
var errUndecoded = errors.New("the result does not decode")

// errRawText marks a result kept as the model's raw text (ModeFCText).
var errRawText = errors.New("the result is the model's raw text")

// fcName matches the leaderboard's naming of function-calling model
// configurations ("gpt-4o-2024-11-20-FC", "…_FC").
var fcName = lazyre.New(`(^|[-_.(])FC($|[-_.)])`)

// guessMode says how a model answered, from its configuration name and
// else from its results: lists are function-calling results, strings are
// prompting ones.
func guessMode(model string, lists, texts int) (Mode, string) {
	if fcName().MatchString(model) {
		if texts > lists {
			return ModeFCText, "name and results"
		}
		return ModeFC, "name"
	}
	if lists > texts {
		return ModeFC, "results"
	}
	return ModePrompting, "results"
}

// decodeResult is the leaderboard's decode_ast for one stored result: the
// calls it decodes to, or an error wrapping errUndecoded.
//
// types are the leaderboard types of the question's parameters
// (bfclcheck.Rules.Types; nil: tuples are plain lists): a prompting model's
// tuple stays marked as
// {"__tuple__": [items]} — which the checker, like the leaderboard, fails
// where a list is expected — except as the whole value of a "tuple"
// parameter, which the leaderboard converts to a list.
func decodeResult(result json.RawMessage, mode Mode, lang string, types map[string]map[string]string) ([]rawCall, error) {
	result = bytes.TrimSpace(result)
	if len(result) == 0 {
		return nil, fmt.Errorf("%w: the result is missing", errUndecoded)
	}
	if mode == ModeFC || mode == ModeFCText && result[0] != '"' {
		return decodeFC(result)
	}
	if mode == ModeFCText {
		return nil, errRawText
	}
	var s string
	if result[0] != '"' || json.Unmarshal(result, &s) != nil {
		return nil, fmt.Errorf("%w: a prompting model's result is %s, not text", errUndecoded, jsonKind(result))
	}
	return decodePrompting(s, lang, types)
}

// tupleKey marks a Python tuple in decoded arguments.
const tupleKey = "__tuple__"

// unwrapTuples turns a marked tuple back into a list where the leaderboard
// accepts one: as the whole value of a parameter of type tuple.
func unwrapTuples(c rawCall, types map[string]map[string]string) rawCall {
	if !bytes.Contains(c.args, []byte(tupleKey)) {
		return c
	}
	var args orderedObject
	if json.Unmarshal(c.args, &args) != nil {
		return c
	}
	changed := false
	for i, kv := range args {
		if typ, _ := bfclcheck.SplitType(types[c.name][kv.key]); typ != "tuple" {
			continue
		}
		var wrapped orderedObject
		if json.Unmarshal(kv.value, &wrapped) == nil && len(wrapped) == 1 && wrapped[0].key == tupleKey {
			args[i].value = wrapped[0].value
			changed = true
		}
	}
	if !changed {
		return c
	}
	var b bytes.Buffer
	args.write(&b, "", "")
	return rawCall{c.name, b.Bytes()}
}

// decodeFC reads a function-calling result: a list whose items each name
// the function by their first key, with the arguments as a JSON string
// (or an object). Text, an empty item, broken JSON or arguments that are
// not an object do not decode.
func decodeFC(result []byte) ([]rawCall, error) {
	if result[0] != '[' {
		return nil, fmt.Errorf("%w: a function-calling result is %s, not a list of calls", errUndecoded, jsonKind(result))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(result, &items); err != nil {
		return nil, fmt.Errorf("%w: %v", errUndecoded, err)
	}
	calls := make([]rawCall, 0, len(items))
	for i, it := range items {
		it = bytes.TrimSpace(it)
		if len(it) > 0 && it[0] == '[' {
			return nil, fmt.Errorf("result[%d] is a list: a multi-turn result, which has no single transcript", i)
		}
		var obj orderedObject
		if err := json.Unmarshal(it, &obj); err != nil {
			return nil, fmt.Errorf("%w: result[%d] is %s, not {name: arguments}", errUndecoded, i, jsonKind(it))
		}
		if len(obj) == 0 {
			return nil, fmt.Errorf("%w: result[%d] is an empty object", errUndecoded, i)
		}
		name, args := obj[0].key, bytes.TrimSpace(obj[0].value)
		if len(args) > 0 && args[0] == '"' {
			var s string
			if err := json.Unmarshal(args, &s); err != nil {
				return nil, fmt.Errorf("%w: result[%d]: %v", errUndecoded, i, err)
			}
			args = bytes.TrimSpace([]byte(s))
		}
		if len(args) == 0 || args[0] != '{' || !json.Valid(args) {
			return nil, fmt.Errorf("%w: result[%d] (%s): the arguments are not a JSON object", errUndecoded, i, name)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, args); err != nil {
			return nil, fmt.Errorf("%w: result[%d]: %v", errUndecoded, i, err)
		}
		calls = append(calls, rawCall{name, buf.Bytes()})
	}
	return calls, nil
}

// decodePrompting is the leaderboard's default_decode_ast_prompting: strip
// backticks, newlines and spaces, wrap in [ ] when missing, strip
// whitespace and single quotes, and read the rest with Python's ast rules
// (Java and JavaScript: their call syntax with source-text values).
func decodePrompting(s, lang string, types map[string]map[string]string) ([]rawCall, error) {
	s = strings.Trim(s, "`\n ")
	if !strings.HasPrefix(s, "[") {
		s = "[" + s
	}
	if !strings.HasSuffix(s, "]") {
		s += "]"
	}
	if lang == "java" || lang == "javascript" {
		return decodeSourceCalls(s[1:len(s)-1], lang)
	}
	s = strings.Trim(strings.TrimFunc(s, unicode.IsSpace), "'")
	opt := pyliteral.Options{AST: true}
	if types != nil {
		opt.TupleKey = tupleKey
	}
	pcs, err := pyliteral.ParseCallsOptions(s, opt)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUndecoded, err)
	}
	calls := make([]rawCall, len(pcs))
	for i, c := range pcs {
		calls[i] = unwrapTuples(rawCall{c.Name, c.Arguments}, types)
	}
	return calls, nil
}

// decodeSourceCalls reads Java or JavaScript prompting output the way the
// leaderboard's tree-sitter decoders do: the first call only,
// `Cls.method(a="x", b=new int[]{1, 2})`; each named argument's value is
// its source text, a top-level string (or Java char) literal without its
// quotes; a positional identifier (or JavaScript `true`) becomes an
// argument no parameter matches; a name given twice does not decode; a
// Java object creation keeps its type and arguments but not an anonymous
// class body (so `new HashMap<>() {{ put(…); }}` reads as an empty map).
func decodeSourceCalls(s, lang string) ([]rawCall, error) {
	rest := strings.TrimSpace(s)
	open := strings.IndexByte(rest, '(')
	if open <= 0 {
		return nil, fmt.Errorf("%w: expected name(arguments) at %q", errUndecoded, clip(rest))
	}
	name := strings.TrimSpace(rest[:open])
	for _, r := range name {
		if !(r == '.' || r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return nil, fmt.Errorf("%w: %q is not a function name", errUndecoded, clip(name))
		}
	}
	_, parts, err := splitArgs(rest, open)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteByte('{')
	seen := map[string]bool{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		key, val := positionalKey, p
		if eq := topLevelEquals(p); eq > 0 {
			key, val = strings.TrimSpace(p[:eq]), strings.TrimSpace(p[eq+1:])
		} else if !isIdentifier(p) && !(lang == "javascript" && p == "true") {
			continue // a positional literal: the decoders skip it
		}
		if seen[key] {
			return nil, fmt.Errorf("%w: argument %s given twice", errUndecoded, key)
		}
		seen[key] = true
		val = keptText(val, lang)
		if len(seen) > 1 {
			b.WriteByte(',')
		}
		b.Write(catalog.AppendJSONString(b.AvailableBuffer(), []byte(key)))
		b.WriteByte(':')
		b.Write(catalog.AppendJSONString(b.AvailableBuffer(), []byte(val)))
	}
	b.WriteByte('}')
	return []rawCall{{name, b.Bytes()}}, nil
}

// positionalKey stands for the leaderboard's None key of a positional
// argument: no parameter has that name, so the checker reports it as an
// unexpected parameter, as the leaderboard does.
const positionalKey = "(positional)"

func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// keptText is the text the leaderboard's decoder keeps for a value.
func keptText(v, lang string) string {
	quoted := len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'')
	if quoted {
		return v[1 : len(v)-1]
	}
	if lang == "java" && strings.HasPrefix(v, "new ") {
		// object creation (not an array): type and arguments, no class body
		if i := strings.IndexAny(v, "([{"); i > 0 && v[i] == '(' {
			if end, _, err := splitArgs(v, i); err == nil {
				return v[:end]
			}
		}
	}
	return v
}

// splitArgs splits the argument list starting at the "(" at open into
// top-level parts, returning the offset after the closing ")".
func splitArgs(s string, open int) (int, []string, error) {
	depth, angle := 0, 0
	var quote byte
	start := open + 1
	var parts []string
	for i := open; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'', '`':
			quote = c
		case '<':
			// a generic type's angle brackets (List<String, Integer>), not a comparison
			if i > 0 && isWordByte(s[i-1]) && i+1 < len(s) && (isWordByte(s[i+1]) || s[i+1] == '>' || s[i+1] == '?') {
				angle++
			}
		case '>':
			if angle > 0 {
				angle--
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				parts = append(parts, s[start:i])
				return i + 1, parts, nil
			}
		case ',':
			if depth == 1 && angle == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return 0, nil, fmt.Errorf("%w: unbalanced brackets in %q", errUndecoded, clip(s))
}

// topLevelEquals finds the "=" of name=value (not ==, =>, <=, >=, !=).
func topLevelEquals(p string) int {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '"' || c == '\'' || c == '(' || c == '[' || c == '{' {
			return -1
		}
		if c == '=' {
			if i+1 < len(p) && (p[i+1] == '=' || p[i+1] == '>') || i > 0 && strings.ContainsRune("<>!=", rune(p[i-1])) {
				return -1
			}
			return i
		}
	}
	return -1
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
