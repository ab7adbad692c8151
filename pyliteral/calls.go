package pyliteral

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Call is one call written in Python call syntax, as prompt-mode models on
// the leaderboard answer (`[get_weather(city='Paris', days=3)]`) and as the
// executable categories state their ground truth.
type Call struct {
	Name string
	// Arguments is a JSON object of the keyword arguments, in source order.
	Arguments json.RawMessage
}

// SyntaxError is a problem in Python call syntax at byte Offset of the input.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ParseCalls parses a list of Python calls: `[f(a=1), g.h(b='x')]`, a bare
// `f(a=1), g()` or a single call, optionally inside a Markdown code fence.
// Values may be strings (single, double or triple quoted, with escapes),
// numbers, True/False/None, lists, tuples and dicts; tuples become arrays.
// Positional arguments and expressions (a nested call, arithmetic) are
// errors, since they cannot be matched against parameter names.
func ParseCalls(src string) ([]Call, error) {
	p := &pyParser{src: StripFence(src)}
	if strings.TrimSpace(p.src) == "" {
		return nil, p.errf(0, "no call")
	}
	p.space()
	bracket := p.peek() == '['
	if bracket {
		p.pos++
	}
	var calls []Call
	for {
		p.space()
		if bracket && p.peek() == ']' && len(calls) == 0 {
			p.pos++
			break // [] : no call
		}
		c, err := p.call()
		if err != nil {
			return nil, err
		}
		calls = append(calls, c)
		p.space()
		if p.peek() == ',' {
			p.pos++
			p.space()
			if bracket && p.peek() == ']' {
				p.pos++
				break
			}
			continue
		}
		if bracket {
			if p.peek() != ']' {
				return nil, p.errf(p.pos, "expected ',' or ']' after a call")
			}
			p.pos++
		}
		break
	}
	p.space()
	if p.pos < len(p.src) {
		return nil, p.errf(p.pos, "unexpected %q after the calls", p.rest(12))
	}
	return calls, nil
}

// StripFence removes a surrounding Markdown code fence (```python … ```).
func StripFence(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") {
		return s
	}
	t = t[3:]
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	} else {
		return s
	}
	t = strings.TrimSpace(t)
	return strings.TrimSuffix(t, "```")
}

type pyParser struct {
	src string // the input, without a surrounding code fence
	pos int
	out bytes.Buffer
}

func (p *pyParser) errf(off int, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *pyParser) rest(n int) string {
	r := p.src[p.pos:]
	if len(r) > n {
		r = r[:n] + "…"
	}
	return r
}

func (p *pyParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *pyParser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		default:
			return
		}
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (p *pyParser) ident() string {
	start := p.pos
	if p.pos < len(p.src) && isIdentStart(p.src[p.pos]) {
		p.pos++
		for p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
			p.pos++
		}
	}
	return p.src[start:p.pos]
}

// call parses name(kw=value, …); the name may be dotted (math.factorial).
func (p *pyParser) call() (Call, error) {
	start := p.pos
	name := p.ident()
	if name == "" {
		return Call{}, p.errf(p.pos, "expected a function name, found %q", p.rest(12))
	}
	for p.peek() == '.' {
		p.pos++
		part := p.ident()
		if part == "" {
			return Call{}, p.errf(p.pos, "expected a name after '.'")
		}
	}
	name = p.src[start:p.pos]
	p.space()
	if p.peek() != '(' {
		return Call{}, p.errf(p.pos, "expected '(' after %s", name)
	}
	p.pos++
	p.out.Reset()
	p.out.WriteByte('{')
	seen := map[string]bool{}
	for n := 0; ; n++ {
		p.space()
		if p.peek() == ')' {
			p.pos++
			break
		}
		if n > 0 {
			if p.peek() != ',' {
				return Call{}, p.errf(p.pos, "expected ',' or ')' in the arguments of %s", name)
			}
			p.pos++
			p.space()
			if p.peek() == ')' {
				p.pos++
				break
			}
		}
		kwAt := p.pos
		kw := p.ident()
		p.space()
		if kw == "" || p.peek() != '=' || strings.HasPrefix(p.src[p.pos:], "==") {
			return Call{}, p.errf(kwAt, "positional argument in %s: only keyword arguments can be matched to parameters", name)
		}
		if seen[kw] {
			return Call{}, p.errf(kwAt, "argument %s repeated in %s", kw, name)
		}
		seen[kw] = true
		p.pos++
		if n > 0 {
			p.out.WriteByte(',')
		}
		writeJSONString(&p.out, kw)
		p.out.WriteByte(':')
		if err := p.value(0); err != nil {
			return Call{}, err
		}
	}
	p.out.WriteByte('}')
	return Call{Name: name, Arguments: json.RawMessage(bytes.Clone(p.out.Bytes()))}, nil
}

const maxDepth = 64

// value parses one Python literal and writes it to p.out as JSON.
func (p *pyParser) value(depth int) error {
	if depth > maxDepth {
		return p.errf(p.pos, "values nested deeper than %d", maxDepth)
	}
	p.space()
	c := p.peek()
	switch {
	case c == '\'' || c == '"':
		s, err := p.str()
		if err != nil {
			return err
		}
		writeJSONString(&p.out, s)
		return nil
	case c == '[':
		return p.seq(']', depth)
	case c == '(':
		return p.seq(')', depth)
	case c == '{':
		return p.dict(depth)
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		return p.number()
	case isIdentStart(c):
		at := p.pos
		id := p.ident()
		switch id {
		case "True":
			p.out.WriteString("true")
		case "False":
			p.out.WriteString("false")
		case "None":
			p.out.WriteString("null")
		case "inf", "nan":
			return p.errf(at, "%s has no JSON form", id)
		default:
			// A string prefix such as r'…' or u"…".
			if (p.peek() == '\'' || p.peek() == '"') && len(id) <= 2 && strings.Trim(strings.ToLower(id), "rub") == "" {
				raw := strings.ContainsAny(id, "rR")
				s, err := p.strRaw(raw)
				if err != nil {
					return err
				}
				writeJSONString(&p.out, s)
				return nil
			}
			return p.errf(at, "expression %q is not a literal", id+p.rest(8))
		}
		return nil
	case c == 0:
		return p.errf(p.pos, "unexpected end of input, expected a value")
	}
	return p.errf(p.pos, "unexpected %q, expected a value", p.rest(8))
}

func (p *pyParser) seq(end byte, depth int) error {
	p.pos++
	p.out.WriteByte('[')
	for n := 0; ; n++ {
		p.space()
		if p.peek() == end {
			p.pos++
			break
		}
		if n > 0 {
			if p.peek() != ',' {
				return p.errf(p.pos, "expected ',' or %q", end)
			}
			p.pos++
			p.space()
			if p.peek() == end {
				p.pos++
				break
			}
			p.out.WriteByte(',')
		}
		if err := p.value(depth + 1); err != nil {
			return err
		}
	}
	p.out.WriteByte(']')
	return nil
}

func (p *pyParser) dict(depth int) error {
	p.pos++
	p.out.WriteByte('{')
	for n := 0; ; n++ {
		p.space()
		if p.peek() == '}' {
			p.pos++
			break
		}
		if n > 0 {
			if p.peek() != ',' {
				return p.errf(p.pos, "expected ',' or '}' in a dict")
			}
			p.pos++
			p.space()
			if p.peek() == '}' {
				p.pos++
				break
			}
			p.out.WriteByte(',')
		}
		// JSON keys are strings: a Python string key is kept, a number or
		// literal key is written as its JSON text in a string.
		mark := p.out.Len()
		if err := p.value(depth + 1); err != nil {
			return err
		}
		if key := p.out.Bytes()[mark:]; len(key) == 0 || key[0] != '"' {
			k := string(key)
			p.out.Truncate(mark)
			writeJSONString(&p.out, k)
		}
		p.space()
		if p.peek() != ':' {
			return p.errf(p.pos, "expected ':' after a dict key")
		}
		p.pos++
		p.out.WriteByte(':')
		if err := p.value(depth + 1); err != nil {
			return err
		}
	}
	p.out.WriteByte('}')
	return nil
}

// number writes a Python int or float as JSON: "1." → 1.0, ".5" → 0.5,
// "1_000" → 1000, "+3" → 3; hex, octal and binary ints are converted.
func (p *pyParser) number() error {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '_' ||
			(c == '-' || c == '+') && (p.pos == start || p.src[p.pos-1] == 'e' || p.src[p.pos-1] == 'E') {
			p.pos++
			continue
		}
		break
	}
	lit := strings.ReplaceAll(p.src[start:p.pos], "_", "")
	lit = strings.TrimPrefix(lit, "+")
	if i, err := strconv.ParseInt(lit, 0, 64); err == nil {
		p.out.WriteString(strconv.FormatInt(i, 10))
		return nil
	}
	digits := strings.TrimPrefix(lit, "-")
	if isDecimalInt(digits) {
		if len(digits) > 1 && digits[0] == '0' {
			return p.errf(start, "bad number %q: leading zeros are not allowed", p.src[start:p.pos])
		}
		p.out.WriteString(lit) // too large for int64: keep the digits
		return nil
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || strings.ContainsAny(lit, "xXpP") || math.IsInf(f, 0) || math.IsNaN(f) {
		return p.errf(start, "bad number %q", p.src[start:p.pos])
	}
	b := strconv.AppendFloat(nil, f, 'g', -1, 64)
	if !bytes.ContainsAny(b, ".eE") {
		b = append(b, ".0"...) // keep it a float: 2. stays 2.0
	}
	p.out.Write(b)
	return nil
}

func isDecimalInt(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (p *pyParser) str() (string, error) { return p.strRaw(false) }

// strRaw parses a quoted Python string at p.pos.
func (p *pyParser) strRaw(raw bool) (string, error) {
	s, end, err := readQuoted(p.src, p.pos, raw, false)
	if err != nil {
		return "", err
	}
	p.pos = end
	return s, nil
}

// writeJSONString writes s as a JSON string without HTML escaping.
func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Truncate(b.Len() - 1) // Encode's newline
}
