package pyliteral

import (
	"bytes"
	"encoding/json"
	"fmt"
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
// Values may be strings (single, double or triple quoted, with escapes,
// adjacent ones concatenated), numbers, True/False/None (and the JSON
// spellings), lists, tuples and dicts; tuples become arrays. They are read
// by Value, the reader of the streaming text dialects, nested at most 64
// deep.
// Positional arguments and expressions (a nested call, arithmetic) are
// errors, since they cannot be matched against parameter names.
func ParseCalls(src string) ([]Call, error) {
	p := &pyParser{src: StripFence(src)}
	p.b = []byte(p.src)
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
	b   []byte // src, for the value reader
	pos int
	out []byte
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
	p.out = append(p.out[:0], '{')
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
			p.out = append(p.out, ',')
		}
		p.out = append(appendJSONString(p.out, kw), ':')
		var err error
		if p.out, p.pos, err = readLiteral(p.out, p.b, p.pos, maxDepth); err != nil {
			return Call{}, err
		}
	}
	p.out = append(p.out, '}')
	return Call{Name: name, Arguments: json.RawMessage(bytes.Clone(p.out))}, nil
}

// maxDepth caps the nesting of a value read by ParseCalls.
const maxDepth = 64

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
