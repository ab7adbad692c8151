package pyliteral

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// resolveCalls turns a parsed expression into calls the way the
// leaderboard's ast_parse does: one call, or a list/tuple/set of calls.
func resolveCalls(n *node, tupleKey string) ([]Call, error) {
	var elems []*node
	switch n.kind {
	case nCall:
		elems = []*node{n}
	case nList, nTuple, nSet:
		elems = n.kids
	default:
		return nil, &SyntaxError{Offset: n.pos, Msg: "not a call or a list of calls"}
	}
	calls := make([]Call, 0, len(elems))
	for _, e := range elems {
		if e.kind != nCall {
			return nil, &SyntaxError{Offset: e.pos, Msg: "a list element is not a call"}
		}
		name, args, err := resolveCall(e, tupleKey)
		if err != nil {
			return nil, err
		}
		calls = append(calls, Call{Name: name, Arguments: args})
	}
	return calls, nil
}

// resolveCall resolves a call: the dotted name and the keyword arguments
// (positional ones are dropped; a repeated keyword keeps its first
// position and its last value) as a JSON object.
func resolveCall(c *node, tupleKey string) (string, json.RawMessage, error) {
	d, err := kwDict(c)
	if err != nil {
		return "", nil, err
	}
	var b bytes.Buffer
	if err := writeJSON(&b, d, tupleKey); err != nil {
		return "", nil, &SyntaxError{Offset: c.pos, Msg: err.Error()}
	}
	return callName(c), json.RawMessage(b.Bytes()), nil
}

// callName is the dotted name of the called function (attributes down to
// a name; other parts are left out, as the leaderboard does).
func callName(c *node) string {
	var parts []string
	f := c.kids[0]
	for f.kind == nAttr {
		parts = append(parts, f.op)
		f = f.kids[0]
	}
	if f.kind == nName {
		parts = append(parts, f.op)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".")
}

// kwDict resolves a call's keyword arguments.
func kwDict(c *node) (Object, error) {
	d := NewDict()
	for _, kw := range c.kws {
		if kw.name == "" {
			return Object{}, &SyntaxError{Offset: kw.val.pos, Msg: "**arguments cannot be resolved"}
		}
		v, err := resolveValue(kw.val)
		if err != nil {
			return Object{}, err
		}
		d.SetItem(Str(kw.name), v)
	}
	return d, nil
}

// resolveValue is the leaderboard's resolve_ast_by_type.
func resolveValue(n *node) (Object, error) {
	unsupported := func() (Object, error) {
		return Object{}, &SyntaxError{Offset: n.pos, Msg: "unsupported value expression"}
	}
	switch n.kind {
	case nConst:
		if n.val.Kind == KindEllipsis {
			return Str("..."), nil
		}
		return n.val, nil
	case nUnary:
		// -operand.value: only a constant operand has one, and the sign is
		// always negative (+5 and ~5 give -5, not True gives -1).
		o := n.kids[0]
		if o.kind != nConst {
			return unsupported()
		}
		v, ok := negate(o.val)
		if !ok {
			return unsupported()
		}
		return v, nil
	case nList, nTuple:
		out := NewList()
		if n.kind == nTuple {
			out.Kind = KindTuple
		}
		for _, e := range n.kids {
			if e.kind == nStarred {
				return unsupported()
			}
			v, err := resolveValue(e)
			if err != nil {
				return Object{}, err
			}
			out.Items = append(out.Items, v)
		}
		return out, nil
	case nDict:
		out := NewDict()
		for i, k := range n.kids {
			if k == nil {
				return unsupported()
			}
			kv, err := resolveValue(k)
			if err != nil {
				return Object{}, err
			}
			vv, err := resolveValue(n.vals[i])
			if err != nil {
				return Object{}, err
			}
			out.SetItem(kv, vv)
		}
		return out, nil
	case nName:
		return Str(n.op), nil
	case nBin:
		v, err := evalNode(n)
		if err != nil {
			return unsupported()
		}
		return v, nil
	case nCall:
		if len(n.kws) == 0 {
			return Str(unparse(n)), nil
		}
		inner, err := kwDict(n)
		if err != nil {
			return Object{}, err
		}
		out := NewDict()
		out.SetItem(Str(callName(n)), inner)
		return out, nil
	case nSub:
		return Str(unparse(n.kids[0]) + "[" + unparse(n.slice) + "]"), nil
	}
	return unsupported()
}

// negate is -c for a constant c (a bool counts as an int).
func negate(c Object) (Object, bool) {
	switch c.Kind {
	case KindInt:
		return Object{Kind: KindInt, Int: new(big.Int).Neg(c.Int)}, true
	case KindFloat:
		return FloatOf(-c.Float), true
	case KindBool:
		if c.Bool {
			return Int(-1), true
		}
		return Int(0), true
	case KindComplex:
		return Object{Kind: KindComplex, Str: "-" + c.Str}, true
	}
	return c, false
}

// evalNode evaluates arithmetic on constants (the leaderboard eval()s a
// BinOp's source; names are undefined there).
func evalNode(n *node) (Object, error) {
	switch n.kind {
	case nConst:
		switch n.val.Kind {
		case KindEllipsis, KindComplex, KindNone:
			return Object{}, fmt.Errorf("unsupported")
		}
		return n.val, nil
	case nUnary:
		v, err := evalNode(n.kids[0])
		if err != nil {
			return Object{}, err
		}
		num, ok := toNum(v)
		if !ok {
			return Object{}, fmt.Errorf("unsupported")
		}
		switch n.op {
		case "-":
			c, _ := negate(num)
			return c, nil
		case "+":
			return num, nil
		}
	case nList, nTuple:
		return resolveValue(n)
	case nBin:
		a, err := evalNode(n.kids[0])
		if err != nil {
			return Object{}, err
		}
		b, err := evalNode(n.kids[1])
		if err != nil {
			return Object{}, err
		}
		return binop(n.op, a, b)
	}
	return Object{}, fmt.Errorf("unsupported")
}

// toNum turns a bool into an int; other numbers stay; ok is false for
// anything else.
func toNum(c Object) (Object, bool) {
	switch c.Kind {
	case KindInt, KindFloat:
		return c, true
	case KindBool:
		if c.Bool {
			return Int(1), true
		}
		return Int(0), true
	}
	return c, false
}

func binop(op string, a, b Object) (Object, error) {
	bad := fmt.Errorf("unsupported operands for %s", op)
	if a.Kind == KindStr && b.Kind == KindStr && op == "+" {
		return Str(a.Str + b.Str), nil
	}
	if (a.Kind == KindList || a.Kind == KindTuple) && a.Kind == b.Kind && op == "+" {
		return Object{Kind: a.Kind, Items: append(append([]Object{}, a.Items...), b.Items...)}, nil
	}
	if op == "*" && (a.Kind == KindStr || b.Kind == KindStr) {
		s, k := a, b
		if s.Kind != KindStr {
			s, k = k, s
		}
		k, ok := toNum(k)
		if !ok || k.Kind != KindInt || !k.Int.IsInt64() || k.Int.Int64() > 1<<20 {
			return Object{}, bad
		}
		return Str(strings.Repeat(s.Str, int(max(0, k.Int.Int64())))), nil
	}
	x, ok1 := toNum(a)
	y, ok2 := toNum(b)
	if !ok1 || !ok2 {
		return Object{}, bad
	}
	if x.Kind == KindInt && y.Kind == KindInt {
		r := new(big.Int)
		switch op {
		case "+":
			r.Add(x.Int, y.Int)
		case "-":
			r.Sub(x.Int, y.Int)
		case "*":
			r.Mul(x.Int, y.Int)
		case "//", "%":
			if y.Int.Sign() == 0 {
				return Object{}, bad
			}
			q, m := new(big.Int).DivMod(x.Int, y.Int, new(big.Int))
			// Python floors toward negative infinity; DivMod is Euclidean.
			if m.Sign() != 0 && y.Int.Sign() < 0 {
				q.Add(q, big.NewInt(1))
				m.Add(m, y.Int)
			}
			if op == "//" {
				r = q
			} else {
				r = m
			}
		case "**":
			if y.Int.Sign() < 0 {
				xf, _ := new(big.Float).SetInt(x.Int).Float64()
				yf, _ := new(big.Float).SetInt(y.Int).Float64()
				return FloatOf(math.Pow(xf, yf)), nil
			}
			if y.Int.BitLen() > 16 {
				return Object{}, bad
			}
			r.Exp(x.Int, y.Int, nil)
		case "/":
			if y.Int.Sign() == 0 {
				return Object{}, bad
			}
			q, _ := new(big.Rat).SetFrac(x.Int, y.Int).Float64()
			return FloatOf(q), nil
		default:
			return Object{}, bad
		}
		return Object{Kind: KindInt, Int: r}, nil
	}
	xf, yf := floatOf(x), floatOf(y)
	var f float64
	switch op {
	case "+":
		f = xf + yf
	case "-":
		f = xf - yf
	case "*":
		f = xf * yf
	case "/":
		if yf == 0 {
			return Object{}, bad
		}
		f = xf / yf
	case "//":
		if yf == 0 {
			return Object{}, bad
		}
		f = math.Floor(xf / yf)
	case "%":
		if yf == 0 {
			return Object{}, bad
		}
		f = xf - math.Floor(xf/yf)*yf
	case "**":
		f = math.Pow(xf, yf)
	default:
		return Object{}, bad
	}
	return FloatOf(f), nil
}

// floatOf is float(c) for an int or float c.
func floatOf(c Object) float64 {
	if c.Kind == KindInt {
		f, _ := new(big.Float).SetInt(c.Int).Float64()
		return f
	}
	return c.Float
}

// writeJSON writes a resolved value as JSON: tuples become arrays (or
// {tupleKey: [items]} when tupleKey is set), bytes and complex numbers
// their Python text, dict keys that are not strings their Python text.
func writeJSON(b *bytes.Buffer, v Object, tupleKey string) error {
	switch v.Kind {
	case KindList, KindTuple:
		wrap := v.Kind == KindTuple && tupleKey != ""
		if wrap {
			b.WriteByte('{')
			writeJSONString(b, tupleKey)
			b.WriteByte(':')
		}
		b.WriteByte('[')
		for i, e := range v.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, e, tupleKey); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		if wrap {
			b.WriteByte('}')
		}
	case KindDict:
		b.WriteByte('{')
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			ks := k.Str
			if k.Kind != KindStr {
				ks = k.Repr()
			}
			writeJSONString(b, ks)
			b.WriteByte(':')
			if err := writeJSON(b, v.Items[i], tupleKey); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case KindStr:
		writeJSONString(b, v.Str)
	case KindBytes, KindComplex:
		writeJSONString(b, v.Repr())
	case KindInt:
		b.WriteString(v.Int.String())
	case KindFloat:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return fmt.Errorf("%s has no JSON form", v.Repr())
		}
		s := strconv.FormatFloat(v.Float, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		b.WriteString(s)
	case KindBool:
		if v.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case KindNone:
		b.WriteString("null")
	}
	return nil
}

// unparse renders an expression the way ast.unparse does for the shapes
// that reach it (calls without keywords, subscripts and their parts).
func unparse(n *node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	unparseTo(&b, n, 0)
	return b.String()
}

var binPrec = map[string]int{"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "/": 6, "//": 6, "%": 6, "@": 6, "**": 8}

func unparseTo(b *strings.Builder, n *node, prec int) {
	list := func(open, end string, kids []*node) {
		b.WriteString(open)
		for i, k := range kids {
			if i > 0 {
				b.WriteString(", ")
			}
			unparseTo(b, k, 0)
		}
		b.WriteString(end)
	}
	switch n.kind {
	case nConst:
		b.WriteString(n.val.Repr())
	case nName:
		b.WriteString(n.op)
	case nAttr:
		unparseTo(b, n.kids[0], 9)
		b.WriteString(".")
		b.WriteString(n.op)
	case nCall:
		unparseTo(b, n.kids[0], 9)
		b.WriteString("(")
		first := true
		sep := func() {
			if !first {
				b.WriteString(", ")
			}
			first = false
		}
		for _, a := range n.kids[1:] {
			sep()
			unparseTo(b, a, 0)
		}
		for _, kw := range n.kws {
			sep()
			if kw.name == "" {
				b.WriteString("**")
			} else {
				b.WriteString(kw.name)
				b.WriteString("=")
			}
			unparseTo(b, kw.val, 0)
		}
		b.WriteString(")")
	case nList:
		list("[", "]", n.kids)
	case nSet:
		list("{", "}", n.kids)
	case nTuple:
		if len(n.kids) == 1 {
			b.WriteString("(")
			unparseTo(b, n.kids[0], 0)
			b.WriteString(",)")
			return
		}
		list("(", ")", n.kids)
	case nDict:
		b.WriteString("{")
		for i, k := range n.kids {
			if i > 0 {
				b.WriteString(", ")
			}
			if k == nil {
				b.WriteString("**")
			} else {
				unparseTo(b, k, 0)
				b.WriteString(": ")
			}
			unparseTo(b, n.vals[i], 0)
		}
		b.WriteString("}")
	case nSub:
		unparseTo(b, n.kids[0], 9)
		b.WriteString("[")
		if n.slice.kind == nTuple && len(n.slice.kids) > 0 {
			for i, k := range n.slice.kids {
				if i > 0 {
					b.WriteString(", ")
				}
				unparseTo(b, k, 0)
			}
		} else {
			unparseTo(b, n.slice, 0)
		}
		b.WriteString("]")
	case nSlice:
		for i, k := range n.kids {
			if i > 0 && (i < 2 || k != nil) {
				b.WriteString(":")
			}
			if k != nil {
				unparseTo(b, k, 0)
			}
		}
	case nStarred:
		b.WriteString("*")
		unparseTo(b, n.kids[0], 9)
	case nUnary:
		p := 7
		if n.op == "not" {
			p = 0
		}
		if prec > p {
			b.WriteString("(")
		}
		b.WriteString(n.op)
		if n.op == "not" {
			b.WriteString(" ")
		}
		unparseTo(b, n.kids[0], p)
		if prec > p {
			b.WriteString(")")
		}
	case nBin:
		p := binPrec[n.op]
		if prec > p {
			b.WriteString("(")
		}
		lp, rp := p, p+1
		if n.op == "**" {
			lp, rp = p+1, p
		}
		unparseTo(b, n.kids[0], lp)
		b.WriteString(" " + n.op + " ")
		unparseTo(b, n.kids[1], rp)
		if prec > p {
			b.WriteString(")")
		}
	default:
		b.WriteString("...")
	}
}

// pyRepr is Python's repr of a str (or bytes body).
func pyRepr(s string, bytesLit bool) string {
	q := byte('\'')
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || bytesLit && r >= 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && !unicode.IsPrint(r) && r != ' ':
			switch {
			case r <= 0xff:
				fmt.Fprintf(&b, `\x%02x`, r)
			case r <= 0xffff:
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyFloatRepr is Python's repr of a float: the shortest round-tripping
// digits, positional for exponents -4 to 15, else scientific.
func pyFloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exps, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(exps)
	if exp >= -4 && exp < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	return fmt.Sprintf("%se%s%02d", mant, sign, exp)
}

// writeJSONString writes s as a JSON string without HTML escaping.
func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Truncate(b.Len() - 1) // Encode's newline
}
