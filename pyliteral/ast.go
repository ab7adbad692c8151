package pyliteral

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options chooses how ParseCallsOptions reads its input.
type Options struct {
	// AST reads what Python's ast.parse(src, mode="eval") accepts — any
	// expression syntax, comments, implicit string concatenation,
	// positional arguments, repeated keywords, lowercase names such as
	// false — and rejects what it rejects (a keyword such as `from` used as
	// an argument name, a positional argument after a keyword one). Values
	// are then resolved the way the Berkeley Function Calling Leaderboard's
	// decoder resolves them: literals as themselves (tuples as arrays), a
	// bare name as its text, a call with keyword arguments as
	// {"name": {arguments}}, a call without them and a subscript as their
	// source text (ast.unparse), arithmetic evaluated, "-x" as the negated
	// constant (also for "+x", as the leaderboard does), positional
	// arguments dropped, the last of repeated keywords kept. Anything else
	// (attributes, comparisons, f-strings, sets, comprehensions…) is an
	// error, as it is for the leaderboard.
	//
	// Without AST, the reader is strict: keyword arguments whose values are
	// literals only.
	AST bool
	// TupleKey, with AST, writes a tuple as {TupleKey: [items]} instead of
	// an array, for consumers that must tell tuples from lists (the
	// leaderboard's checker fails a tuple where a list is expected).
	TupleKey string
}

// ParseCallsOptions is ParseCalls with options; ParseCalls(src) is
// ParseCallsOptions(src, Options{}).
func ParseCallsOptions(src string, opt Options) ([]Call, error) {
	if !opt.AST {
		return ParseCalls(src)
	}
	p := &astParser{src: src}
	n, err := p.parseEval()
	if err != nil {
		return nil, err
	}
	return resolveCalls(n, opt.TupleKey)
}

// node is a Python expression (a small subset of the ast module's nodes).
type node struct {
	kind  nodeKind
	pos   int
	op    string  // operator of unary/binary/compare/bool nodes; the name of a Name/Attribute/keyword
	val   Object  // Constant
	kids  []*node // operands, elements, call arguments (positional), dict keys
	vals  []*node // dict values
	kws   []kwArg // call keywords
	slice *node   // subscript
}

type kwArg struct {
	name string // "" for **x
	val  *node
}

type nodeKind uint8

const (
	nConst nodeKind = iota
	nName
	nAttr
	nCall
	nList
	nTuple
	nDict
	nSet
	nSub
	nUnary
	nBin
	nCompare
	nBool
	nIfExp
	nLambda
	nStarred
	nSlice
	nJoinedStr
)

var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

type astParser struct {
	src   string
	pos   int
	depth int // bracket nesting: newlines are whitespace inside brackets
	nest  int // expression nesting, to bound recursion
}

func (p *astParser) errf(off int, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: "invalid syntax: " + fmt.Sprintf(format, args...)}
}

// skip moves over spaces, comments and (inside brackets) newlines.
func (p *astParser) skip() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\f':
			p.pos++
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		case c == '\\' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '\n':
			p.pos += 2
		case c == '\\' && strings.HasPrefix(p.src[p.pos+1:], "\r\n"):
			p.pos += 3
		case (c == '\n' || c == '\r') && p.depth > 0:
			p.pos++
		default:
			return
		}
	}
}

func (p *astParser) peekOp(op string) bool {
	p.skip()
	if !strings.HasPrefix(p.src[p.pos:], op) {
		return false
	}
	// Do not split a longer operator ("**" is not "*", "==" is not "=").
	rest := p.src[p.pos+len(op):]
	switch op {
	case "*", "/", "<", ">", "=", "!", "-", "+", "%", "&", "|", "^", "@", ":":
		if rest != "" && (rest[0] == '=' || (op == "*" || op == "/" || op == "<" || op == ">") && rest[0] == op[0] || op == "-" && rest[0] == '>') {
			return false
		}
	case "**", "//", "<<", ">>":
		if rest != "" && rest[0] == '=' {
			return false
		}
	case ".":
		if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return false
		}
	}
	return true
}

func (p *astParser) eatOp(op string) bool {
	if p.peekOp(op) {
		p.pos += len(op)
		return true
	}
	return false
}

// peekWord reports whether the keyword w comes next.
func (p *astParser) peekWord(w string) bool {
	p.skip()
	if !strings.HasPrefix(p.src[p.pos:], w) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos+len(w):])
	return !isIdentRune(r, true)
}

func (p *astParser) eatWord(w string) bool {
	if p.peekWord(w) {
		p.pos += len(w)
		return true
	}
	return false
}

func (p *astParser) open() { p.depth++ }
func (p *astParser) close() {
	if p.depth > 0 {
		p.depth--
	}
}

// parseEval parses a whole input as ast.parse(mode="eval").
func (p *astParser) parseEval() (*node, error) {
	p.skip()
	n, err := p.exprList(true)
	if err != nil {
		return nil, err
	}
	for {
		p.skip()
		if p.pos < len(p.src) && (p.src[p.pos] == '\n' || p.src[p.pos] == '\r') {
			p.pos++
			continue
		}
		break
	}
	if p.pos < len(p.src) {
		return nil, p.errf(p.pos, "unexpected %q", snippet(p.src[p.pos:]))
	}
	return n, nil
}

// exprList parses "a, b, c" as a tuple (or one expression).
func (p *astParser) exprList(allowStar bool) (*node, error) {
	start := p.pos
	first, err := p.starExpr(allowStar)
	if err != nil {
		return nil, err
	}
	if !p.peekOp(",") {
		if first.kind == nStarred {
			return nil, p.errf(first.pos, "can't use starred expression here")
		}
		return first, nil
	}
	t := &node{kind: nTuple, pos: start, kids: []*node{first}}
	for p.eatOp(",") {
		if p.atExprEnd() {
			break
		}
		n, err := p.starExpr(allowStar)
		if err != nil {
			return nil, err
		}
		t.kids = append(t.kids, n)
	}
	return t, nil
}

// atExprEnd reports whether no expression can start here.
func (p *astParser) atExprEnd() bool {
	p.skip()
	if p.pos >= len(p.src) {
		return true
	}
	switch p.src[p.pos] {
	case ')', ']', '}', '\n', '\r', '=', ':':
		return true
	}
	return false
}

func (p *astParser) starExpr(allowStar bool) (*node, error) {
	if allowStar && p.peekOp("*") {
		at := p.pos
		p.pos++
		n, err := p.orExpr()
		if err != nil {
			return nil, err
		}
		return &node{kind: nStarred, pos: at, kids: []*node{n}}, nil
	}
	return p.test()
}

// test is a conditional expression or a lambda.
func (p *astParser) test() (*node, error) {
	p.nest++
	defer func() { p.nest-- }()
	if p.nest > 200 {
		return nil, p.errf(p.pos, "expression nested too deeply")
	}
	p.skip()
	at := p.pos
	if p.eatWord("lambda") {
		// lambda [params]: body — parameters are names, skipped to the colon.
		for p.pos < len(p.src) && p.src[p.pos] != ':' && p.src[p.pos] != '\n' {
			p.pos++
		}
		if !p.eatOp(":") {
			return nil, p.errf(p.pos, "expected ':' in lambda")
		}
		body, err := p.test()
		if err != nil {
			return nil, err
		}
		return &node{kind: nLambda, pos: at, kids: []*node{body}}, nil
	}
	n, err := p.orTest()
	if err != nil {
		return nil, err
	}
	if p.eatWord("if") {
		cond, err := p.orTest()
		if err != nil {
			return nil, err
		}
		if !p.eatWord("else") {
			return nil, p.errf(p.pos, "expected 'else' after 'if' expression")
		}
		alt, err := p.test()
		if err != nil {
			return nil, err
		}
		return &node{kind: nIfExp, pos: at, kids: []*node{n, cond, alt}}, nil
	}
	return n, nil
}

func (p *astParser) orTest() (*node, error) {
	return p.boolOp("or", p.andTest)
}

func (p *astParser) andTest() (*node, error) {
	return p.boolOp("and", p.notTest)
}

func (p *astParser) boolOp(word string, next func() (*node, error)) (*node, error) {
	at := p.pos
	n, err := next()
	if err != nil {
		return nil, err
	}
	if !p.peekWord(word) {
		return n, nil
	}
	b := &node{kind: nBool, pos: at, op: word, kids: []*node{n}}
	for p.eatWord(word) {
		m, err := next()
		if err != nil {
			return nil, err
		}
		b.kids = append(b.kids, m)
	}
	return b, nil
}

func (p *astParser) notTest() (*node, error) {
	p.skip()
	at := p.pos
	if p.eatWord("not") {
		n, err := p.notTest()
		if err != nil {
			return nil, err
		}
		return &node{kind: nUnary, pos: at, op: "not", kids: []*node{n}}, nil
	}
	return p.comparison()
}

func (p *astParser) comparison() (*node, error) {
	at := p.pos
	n, err := p.orExpr()
	if err != nil {
		return nil, err
	}
	var c *node
	for {
		op := ""
		for _, o := range compareOps {
			if p.eatOp(o) {
				op = o
				break
			}
		}
		switch {
		case op != "":
		case p.eatWord("in"):
			op = "in"
		case p.peekWord("not"):
			save := p.pos
			p.eatWord("not")
			if !p.eatWord("in") {
				p.pos = save
			} else {
				op = "not in"
			}
		case p.eatWord("is"):
			op = "is"
			if p.eatWord("not") {
				op = "is not"
			}
		}
		if op == "" {
			break
		}
		m, err := p.orExpr()
		if err != nil {
			return nil, err
		}
		if c == nil {
			c = &node{kind: nCompare, pos: at, op: op, kids: []*node{n}}
		}
		c.kids = append(c.kids, m)
	}
	if c != nil {
		return c, nil
	}
	return n, nil
}

// compareOps are the comparison operators written with symbols, longest
// first.
var compareOps = []string{"==", "!=", "<=", ">=", "<", ">"}

// binary operator levels, loosest first.
var binLevels = [][]string{{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}}

func (p *astParser) orExpr() (*node, error) { return p.binLevel(0) }

func (p *astParser) binLevel(l int) (*node, error) {
	if l == len(binLevels) {
		return p.factor()
	}
	at := p.pos
	n, err := p.binLevel(l + 1)
	if err != nil {
		return nil, err
	}
	for {
		op := ""
		for _, o := range binLevels[l] {
			// try longer operators first
			if o == "/" && p.peekOp("//") {
				continue
			}
			if p.eatOp(o) {
				op = o
				break
			}
		}
		if op == "" && l == 5 && p.eatOp("//") {
			op = "//"
		}
		if op == "" {
			return n, nil
		}
		m, err := p.binLevel(l + 1)
		if err != nil {
			return nil, err
		}
		n = &node{kind: nBin, pos: at, op: op, kids: []*node{n, m}}
	}
}

func (p *astParser) factor() (*node, error) {
	p.skip()
	at := p.pos
	for _, op := range []string{"-", "+", "~"} {
		if p.eatOp(op) {
			n, err := p.factor()
			if err != nil {
				return nil, err
			}
			return &node{kind: nUnary, pos: at, op: op, kids: []*node{n}}, nil
		}
	}
	return p.power()
}

func (p *astParser) power() (*node, error) {
	at := p.pos
	n, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.eatOp("**") {
		m, err := p.factor()
		if err != nil {
			return nil, err
		}
		return &node{kind: nBin, pos: at, op: "**", kids: []*node{n, m}}, nil
	}
	return n, nil
}

// primary is an atom with its trailers: calls, attributes, subscripts.
func (p *astParser) primary() (*node, error) {
	n, err := p.atom()
	if err != nil {
		return nil, err
	}
	for {
		p.skip()
		if p.pos >= len(p.src) {
			return n, nil
		}
		at := p.pos
		switch p.src[p.pos] {
		case '(':
			p.pos++
			p.open()
			c, err := p.callArgs(n, at)
			p.close()
			if err != nil {
				return nil, err
			}
			n = c
		case '[':
			p.pos++
			p.open()
			s, err := p.subscript()
			p.close()
			if err != nil {
				return nil, err
			}
			if !p.eatOp("]") {
				return nil, p.errf(p.pos, "expected ']'")
			}
			n = &node{kind: nSub, pos: at, kids: []*node{n}, slice: s}
		case '.':
			if !p.peekOp(".") {
				return n, nil
			}
			p.pos++
			p.skip()
			name := p.ident()
			if name == "" || pyKeywords[name] {
				return nil, p.errf(p.pos, "expected a name after '.'")
			}
			n = &node{kind: nAttr, pos: at, op: name, kids: []*node{n}}
		default:
			return n, nil
		}
	}
}

func (p *astParser) subscript() (*node, error) {
	var items []*node
	for {
		if p.peekOp("]") {
			break
		}
		it, err := p.sliceItem()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		if !p.eatOp(",") {
			break
		}
	}
	switch len(items) {
	case 0:
		return nil, p.errf(p.pos, "empty subscript")
	case 1:
		return items[0], nil
	}
	return &node{kind: nTuple, kids: items}, nil
}

func (p *astParser) sliceItem() (*node, error) {
	var parts [3]*node
	i := 0
	for {
		if !p.peekOp(":") && !p.peekOp("]") && !p.peekOp(",") {
			n, err := p.test()
			if err != nil {
				return nil, err
			}
			parts[i] = n
		}
		if i < 2 && p.eatOp(":") {
			i++
			continue
		}
		break
	}
	if i == 0 {
		if parts[0] == nil {
			return nil, p.errf(p.pos, "expected an expression")
		}
		return parts[0], nil
	}
	return &node{kind: nSlice, kids: parts[:]}, nil
}

// callArgs parses the arguments after "(" with Python's ordering rules.
func (p *astParser) callArgs(fn *node, at int) (*node, error) {
	c := &node{kind: nCall, pos: at, kids: []*node{fn}}
	sawKw, sawKwUnpack := false, false
	for {
		if p.eatOp(")") {
			return c, nil
		}
		p.skip()
		argAt := p.pos
		switch {
		case p.eatOp("**"):
			v, err := p.test()
			if err != nil {
				return nil, err
			}
			c.kws = append(c.kws, kwArg{val: v})
			sawKwUnpack = true
		case p.peekOp("*"):
			if sawKwUnpack {
				return nil, p.errf(argAt, "iterable argument unpacking follows keyword argument unpacking")
			}
			p.pos++
			v, err := p.test()
			if err != nil {
				return nil, err
			}
			c.kids = append(c.kids, &node{kind: nStarred, pos: argAt, kids: []*node{v}})
		default:
			v, err := p.test()
			if err != nil {
				return nil, err
			}
			if p.peekOp("=") {
				p.pos++
				if v.kind != nName {
					return nil, p.errf(argAt, "expression cannot contain assignment, perhaps you meant \"==\"?")
				}
				val, err := p.test()
				if err != nil {
					return nil, err
				}
				c.kws = append(c.kws, kwArg{name: v.op, val: val})
				sawKw = true
				break
			}
			if p.peekWord("for") {
				return nil, p.errf(p.pos, "generator expressions are not supported")
			}
			if sawKwUnpack {
				return nil, p.errf(argAt, "positional argument follows keyword argument unpacking")
			}
			if sawKw {
				return nil, p.errf(argAt, "positional argument follows keyword argument")
			}
			c.kids = append(c.kids, v)
		}
		if !p.eatOp(",") {
			if !p.eatOp(")") {
				return nil, p.errf(p.pos, "expected ',' or ')' in a call")
			}
			return c, nil
		}
	}
}

func isIdentRune(r rune, cont bool) bool {
	if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
		return true
	}
	if r < utf8.RuneSelf {
		return cont && r >= '0' && r <= '9'
	}
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) {
		return true
	}
	return cont && unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc)
}

func (p *astParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !isIdentRune(r, p.pos > start) {
			break
		}
		p.pos += n
	}
	return p.src[start:p.pos]
}

func (p *astParser) atom() (*node, error) {
	p.skip()
	at := p.pos
	if p.pos >= len(p.src) {
		return nil, p.errf(p.pos, "unexpected end of input")
	}
	c := p.src[p.pos]
	switch {
	case c == '(':
		p.pos++
		p.open()
		defer p.close()
		if p.eatOp(")") {
			return &node{kind: nTuple, pos: at}, nil
		}
		n, err := p.exprList(true)
		if err != nil {
			return nil, err
		}
		if p.peekWord("for") {
			return nil, p.errf(p.pos, "generator expressions are not supported")
		}
		if !p.eatOp(")") {
			return nil, p.errf(p.pos, "expected ')'")
		}
		if n.kind == nTuple && n.pos == at+1 {
			return n, nil
		}
		return n, nil
	case c == '[':
		p.pos++
		p.open()
		defer p.close()
		l := &node{kind: nList, pos: at}
		for !p.eatOp("]") {
			n, err := p.starExpr(true)
			if err != nil {
				return nil, err
			}
			if p.peekWord("for") {
				return nil, p.errf(p.pos, "comprehensions are not supported")
			}
			l.kids = append(l.kids, n)
			if !p.eatOp(",") {
				if !p.eatOp("]") {
					return nil, p.errf(p.pos, "expected ',' or ']'")
				}
				break
			}
		}
		return l, nil
	case c == '{':
		p.pos++
		p.open()
		defer p.close()
		return p.dictOrSet(at)
	case c == '"' || c == '\'':
		return p.strings()
	case c >= '0' && c <= '9' || c == '.' && p.pos+1 < len(p.src) && p.src[p.pos+1] >= '0' && p.src[p.pos+1] <= '9':
		return p.number()
	case strings.HasPrefix(p.src[p.pos:], "..."):
		p.pos += 3
		return &node{kind: nConst, pos: at, val: Object{Kind: KindEllipsis}}, nil
	}
	name := p.ident()
	if name == "" {
		return nil, p.errf(at, "unexpected %q", snippet(p.src[at:]))
	}
	if p.pos < len(p.src) && (p.src[p.pos] == '"' || p.src[p.pos] == '\'') && isStrPrefix(name) {
		p.pos = at
		return p.strings()
	}
	switch name {
	case "True":
		return &node{kind: nConst, pos: at, val: BoolOf(true)}, nil
	case "False":
		return &node{kind: nConst, pos: at, val: BoolOf(false)}, nil
	case "None":
		return &node{kind: nConst, pos: at, val: Object{Kind: KindNone}}, nil
	}
	if pyKeywords[name] {
		return nil, p.errf(at, "%q is a Python keyword", name)
	}
	return &node{kind: nName, pos: at, op: name}, nil
}

func isStrPrefix(s string) bool {
	switch strings.ToLower(s) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}

func (p *astParser) dictOrSet(at int) (*node, error) {
	if p.eatOp("}") {
		return &node{kind: nDict, pos: at}, nil
	}
	d := &node{kind: nDict, pos: at}
	isSet := false
	for n := 0; ; n++ {
		if n > 0 && p.eatOp("}") {
			return d, nil
		}
		if !isSet && p.eatOp("**") {
			v, err := p.orExpr()
			if err != nil {
				return nil, err
			}
			d.kids = append(d.kids, nil)
			d.vals = append(d.vals, v)
		} else {
			k, err := p.starExpr(true)
			if err != nil {
				return nil, err
			}
			if n == 0 && !p.peekOp(":") {
				isSet = true
				d.kind = nSet
			}
			if isSet {
				d.kids = append(d.kids, k)
			} else {
				if !p.eatOp(":") {
					return nil, p.errf(p.pos, "expected ':' in a dict")
				}
				v, err := p.test()
				if err != nil {
					return nil, err
				}
				d.kids = append(d.kids, k)
				d.vals = append(d.vals, v)
			}
		}
		if p.peekWord("for") {
			return nil, p.errf(p.pos, "comprehensions are not supported")
		}
		if !p.eatOp(",") {
			if !p.eatOp("}") {
				return nil, p.errf(p.pos, "expected ',' or '}'")
			}
			return d, nil
		}
	}
}

// strings parses one or more adjacent string literals (implicitly
// concatenated); an f-string makes the result a JoinedStr.
func (p *astParser) strings() (*node, error) {
	at := p.pos
	var sb strings.Builder
	kind, seen := KindStr, false
	fstr := false
	for {
		p.skip()
		start := p.pos
		prefix := ""
		if p.pos < len(p.src) && p.src[p.pos] != '"' && p.src[p.pos] != '\'' {
			prefix = p.ident()
			if !isStrPrefix(prefix) || p.pos >= len(p.src) || p.src[p.pos] != '"' && p.src[p.pos] != '\'' {
				p.pos = start
				break
			}
		}
		if p.pos >= len(p.src) || p.src[p.pos] != '"' && p.src[p.pos] != '\'' {
			p.pos = start
			break
		}
		lp := strings.ToLower(prefix)
		k := KindStr
		if strings.Contains(lp, "b") {
			k = KindBytes
		}
		if seen && k != kind {
			return nil, p.errf(start, "cannot mix bytes and nonbytes literals")
		}
		kind, seen = k, true
		if strings.Contains(lp, "f") {
			fstr = true
		}
		s, err := p.quoted(strings.Contains(lp, "r"), k == KindBytes)
		if err != nil {
			return nil, err
		}
		sb.WriteString(s)
	}
	if fstr {
		return &node{kind: nJoinedStr, pos: at}, nil
	}
	return &node{kind: nConst, pos: at, val: Object{Kind: kind, Str: sb.String()}}, nil
}

// quoted reads one quoted literal at p.pos.
func (p *astParser) quoted(raw, bytesLit bool) (string, error) {
	s, end, err := readQuoted(p.src, p.pos, raw, bytesLit)
	if err != nil {
		return "", err
	}
	p.pos = end
	return s, nil
}

// number parses a Python numeric literal.
func (p *astParser) number() (*node, error) {
	at := p.pos
	end := p.pos
	isHex := strings.HasPrefix(strings.ToLower(p.src[p.pos:]), "0x")
	for end < len(p.src) {
		c := p.src[end]
		if c >= '0' && c <= '9' || c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			(c == '+' || c == '-') && end > at && (p.src[end-1] == 'e' || p.src[end-1] == 'E') && !isHex {
			end++
			continue
		}
		break
	}
	lit := p.src[at:end]
	p.pos = end
	bad := func() (*node, error) { return nil, p.errf(at, "invalid number literal %q", lit) }
	if strings.Contains(lit, "__") || strings.HasSuffix(lit, "_") || strings.Contains(lit, "_.") || strings.Contains(lit, "._") {
		return bad()
	}
	clean := strings.ReplaceAll(lit, "_", "")
	low := strings.ToLower(clean)
	if strings.HasSuffix(low, "j") {
		if _, err := strconv.ParseFloat(low[:len(low)-1], 64); err != nil || strings.HasPrefix(low, "0x") {
			return bad()
		}
		return &node{kind: nConst, pos: at, val: Object{Kind: KindComplex, Str: lit}}, nil
	}
	if len(low) > 1 && low[0] == '0' && (low[1] == 'x' || low[1] == 'o' || low[1] == 'b') {
		base := map[byte]int{'x': 16, 'o': 8, 'b': 2}[low[1]]
		i, ok := new(big.Int).SetString(low[2:], base)
		if !ok || low[2:] == "" {
			return bad()
		}
		return &node{kind: nConst, pos: at, val: Object{Kind: KindInt, Int: i}}, nil
	}
	if !strings.ContainsAny(low, ".e") {
		if len(low) > 1 && low[0] == '0' && strings.Trim(low, "0") != "" {
			return nil, p.errf(at, "leading zeros in decimal integer literals are not permitted")
		}
		i, ok := new(big.Int).SetString(low, 10)
		if !ok {
			return bad()
		}
		return &node{kind: nConst, pos: at, val: Object{Kind: KindInt, Int: i}}, nil
	}
	for _, r := range low {
		if !(r >= '0' && r <= '9' || r == '.' || r == 'e' || r == '+' || r == '-') {
			return bad()
		}
	}
	f, err := strconv.ParseFloat(low, 64)
	if err != nil && f == 0 {
		return bad()
	}
	return &node{kind: nConst, pos: at, val: FloatOf(f)}, nil
}

func snippet(s string) string {
	if len(s) > 12 {
		return s[:12] + "…"
	}
	return s
}
