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

// pv is a resolved Python value.
type pv struct {
	c    constV
	list []pv // list (k 'L') or tuple (k 'T') items, dict values (k 'D')
	keys []pv // dict keys
	k    byte // 'c' constant, 'L' list, 'T' tuple, 'D' dict
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
	if err := writePV(&b, d, tupleKey); err != nil {
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
func kwDict(c *node) (pv, error) {
	d := pv{k: 'D'}
	for _, kw := range c.kws {
		if kw.name == "" {
			return pv{}, &SyntaxError{Offset: kw.val.pos, Msg: "**arguments cannot be resolved"}
		}
		v, err := resolveValue(kw.val)
		if err != nil {
			return pv{}, err
		}
		d.set(str(kw.name), v)
	}
	return d, nil
}

func (d *pv) set(k, v pv) {
	for i := range d.keys {
		if pvEqualKey(d.keys[i], k) {
			d.list[i] = v
			return
		}
	}
	d.keys = append(d.keys, k)
	d.list = append(d.list, v)
}

func pvEqualKey(a, b pv) bool {
	if a.k != 'c' || b.k != 'c' {
		return false
	}
	x, y := a.c, b.c
	if xf, ok := constNum(x); ok {
		yf, ok := constNum(y)
		return ok && xf.Cmp(yf) == 0
	}
	return x.kind == y.kind && x.s == y.s
}

func constNum(c constV) (*big.Float, bool) {
	switch c.kind {
	case 'i':
		return new(big.Float).SetInt(c.i), true
	case 'f':
		if math.IsNaN(c.f) || math.IsInf(c.f, 0) {
			return nil, false
		}
		return big.NewFloat(c.f), true
	case 'T':
		return big.NewFloat(1), true
	case 'F':
		return big.NewFloat(0), true
	}
	return nil, false
}

// resolveValue is the leaderboard's resolve_ast_by_type.
func resolveValue(n *node) (pv, error) {
	unsupported := func() (pv, error) {
		return pv{}, &SyntaxError{Offset: n.pos, Msg: "unsupported value expression"}
	}
	switch n.kind {
	case nConst:
		if n.val.kind == 'E' {
			return str("..."), nil
		}
		return pv{k: 'c', c: n.val}, nil
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
		return pv{k: 'c', c: v}, nil
	case nList, nTuple:
		out := pv{k: 'L', list: []pv{}}
		if n.kind == nTuple {
			out.k = 'T'
		}
		for _, e := range n.kids {
			if e.kind == nStarred {
				return unsupported()
			}
			v, err := resolveValue(e)
			if err != nil {
				return pv{}, err
			}
			out.list = append(out.list, v)
		}
		return out, nil
	case nDict:
		out := pv{k: 'D'}
		for i, k := range n.kids {
			if k == nil {
				return unsupported()
			}
			kv, err := resolveValue(k)
			if err != nil {
				return pv{}, err
			}
			vv, err := resolveValue(n.vals[i])
			if err != nil {
				return pv{}, err
			}
			out.set(kv, vv)
		}
		return out, nil
	case nName:
		return str(n.op), nil
	case nBin:
		v, err := evalNode(n)
		if err != nil {
			return unsupported()
		}
		return v, nil
	case nCall:
		if len(n.kws) == 0 {
			return str(unparse(n)), nil
		}
		inner, err := kwDict(n)
		if err != nil {
			return pv{}, err
		}
		out := pv{k: 'D'}
		out.set(str(callName(n)), inner)
		return out, nil
	case nSub:
		return str(unparse(n.kids[0]) + "[" + unparse(n.slice) + "]"), nil
	}
	return unsupported()
}

func str(s string) pv { return pv{k: 'c', c: constV{kind: 's', s: s}} }

func negate(c constV) (constV, bool) {
	switch c.kind {
	case 'i':
		return constV{kind: 'i', i: new(big.Int).Neg(c.i)}, true
	case 'f':
		return constV{kind: 'f', f: -c.f}, true
	case 'T':
		return constV{kind: 'i', i: big.NewInt(-1)}, true
	case 'F':
		return constV{kind: 'i', i: big.NewInt(0)}, true
	case 'j':
		return constV{kind: 'j', fText: "-" + c.fText}, true
	}
	return c, false
}

// evalNode evaluates arithmetic on constants (the leaderboard eval()s a
// BinOp's source; names are undefined there).
func evalNode(n *node) (pv, error) {
	switch n.kind {
	case nConst:
		if n.val.kind == 'E' || n.val.kind == 'j' || n.val.kind == 'N' {
			return pv{}, fmt.Errorf("unsupported")
		}
		return pv{k: 'c', c: n.val}, nil
	case nUnary:
		v, err := evalNode(n.kids[0])
		if err != nil || v.k != 'c' {
			return pv{}, fmt.Errorf("unsupported")
		}
		num, ok := toNum(v.c)
		if !ok {
			return pv{}, fmt.Errorf("unsupported")
		}
		switch n.op {
		case "-":
			c, _ := negate(num)
			return pv{k: 'c', c: c}, nil
		case "+":
			return pv{k: 'c', c: num}, nil
		}
	case nList, nTuple:
		return resolveValue(n)
	case nBin:
		a, err := evalNode(n.kids[0])
		if err != nil {
			return pv{}, err
		}
		b, err := evalNode(n.kids[1])
		if err != nil {
			return pv{}, err
		}
		return binop(n.op, a, b)
	}
	return pv{}, fmt.Errorf("unsupported")
}

// toNum turns a bool into an int; other numbers stay.
func toNum(c constV) (constV, bool) {
	switch c.kind {
	case 'i', 'f':
		return c, true
	case 'T':
		return constV{kind: 'i', i: big.NewInt(1)}, true
	case 'F':
		return constV{kind: 'i', i: big.NewInt(0)}, true
	}
	return c, false
}

func binop(op string, a, b pv) (pv, error) {
	bad := fmt.Errorf("unsupported operands for %s", op)
	if a.k == 'c' && b.k == 'c' && a.c.kind == 's' && b.c.kind == 's' && op == "+" {
		return str(a.c.s + b.c.s), nil
	}
	if (a.k == 'L' || a.k == 'T') && a.k == b.k && op == "+" {
		return pv{k: a.k, list: append(append([]pv{}, a.list...), b.list...)}, nil
	}
	if a.k != 'c' || b.k != 'c' {
		return pv{}, bad
	}
	if op == "*" && (a.c.kind == 's' || b.c.kind == 's') {
		s, k := a.c, b.c
		if s.kind != 's' {
			s, k = k, s
		}
		k, ok := toNum(k)
		if !ok || k.kind != 'i' || !k.i.IsInt64() || k.i.Int64() > 1<<20 {
			return pv{}, bad
		}
		return str(strings.Repeat(s.s, int(max(0, k.i.Int64())))), nil
	}
	x, ok1 := toNum(a.c)
	y, ok2 := toNum(b.c)
	if !ok1 || !ok2 {
		return pv{}, bad
	}
	if x.kind == 'i' && y.kind == 'i' {
		r := new(big.Int)
		switch op {
		case "+":
			r.Add(x.i, y.i)
		case "-":
			r.Sub(x.i, y.i)
		case "*":
			r.Mul(x.i, y.i)
		case "//", "%":
			if y.i.Sign() == 0 {
				return pv{}, bad
			}
			q, m := new(big.Int).DivMod(x.i, y.i, new(big.Int))
			// Python floors toward negative infinity; DivMod is Euclidean.
			if m.Sign() != 0 && y.i.Sign() < 0 {
				q.Add(q, big.NewInt(1))
				m.Add(m, y.i)
			}
			if op == "//" {
				r = q
			} else {
				r = m
			}
		case "**":
			if y.i.Sign() < 0 {
				xf, _ := new(big.Float).SetInt(x.i).Float64()
				yf, _ := new(big.Float).SetInt(y.i).Float64()
				return pv{k: 'c', c: constV{kind: 'f', f: math.Pow(xf, yf)}}, nil
			}
			if y.i.BitLen() > 16 {
				return pv{}, bad
			}
			r.Exp(x.i, y.i, nil)
		case "/":
			if y.i.Sign() == 0 {
				return pv{}, bad
			}
			q, _ := new(big.Rat).SetFrac(x.i, y.i).Float64()
			return pv{k: 'c', c: constV{kind: 'f', f: q}}, nil
		default:
			return pv{}, bad
		}
		return pv{k: 'c', c: constV{kind: 'i', i: r}}, nil
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
			return pv{}, bad
		}
		f = xf / yf
	case "//":
		if yf == 0 {
			return pv{}, bad
		}
		f = math.Floor(xf / yf)
	case "%":
		if yf == 0 {
			return pv{}, bad
		}
		f = xf - math.Floor(xf/yf)*yf
	case "**":
		f = math.Pow(xf, yf)
	default:
		return pv{}, bad
	}
	return pv{k: 'c', c: constV{kind: 'f', f: f}}, nil
}

func floatOf(c constV) float64 {
	if c.kind == 'i' {
		f, _ := new(big.Float).SetInt(c.i).Float64()
		return f
	}
	return c.f
}

// writePV writes a resolved value as JSON: tuples become arrays (or
// {tupleKey: [items]} when tupleKey is set), bytes and complex numbers
// their Python text, dict keys that are not strings their Python text.
func writePV(b *bytes.Buffer, v pv, tupleKey string) error {
	switch v.k {
	case 'L', 'T':
		wrap := v.k == 'T' && tupleKey != ""
		if wrap {
			b.WriteByte('{')
			writeJSONString(b, tupleKey)
			b.WriteByte(':')
		}
		b.WriteByte('[')
		for i, e := range v.list {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writePV(b, e, tupleKey); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		if wrap {
			b.WriteByte('}')
		}
		return nil
	case 'D':
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			ks := ""
			if k.k == 'c' && k.c.kind == 's' {
				ks = k.c.s
			} else {
				ks = unparseConst(k.c)
			}
			writeJSONString(b, ks)
			b.WriteByte(':')
			if err := writePV(b, v.list[i], tupleKey); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	c := v.c
	switch c.kind {
	case 's':
		writeJSONString(b, c.s)
	case 'b', 'j':
		writeJSONString(b, unparseConst(c))
	case 'i':
		b.WriteString(c.i.String())
	case 'f':
		if math.IsInf(c.f, 0) || math.IsNaN(c.f) {
			return fmt.Errorf("%s has no JSON form", unparseConst(c))
		}
		s := strconv.FormatFloat(c.f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		b.WriteString(s)
	case 'T':
		b.WriteString("true")
	case 'F':
		b.WriteString("false")
	case 'N':
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
		b.WriteString(unparseConst(n.val))
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

// unparseConst is Python's repr of a constant.
func unparseConst(c constV) string {
	switch c.kind {
	case 's':
		return pyRepr(c.s, false)
	case 'b':
		return "b" + pyRepr(c.s, true)
	case 'i':
		return c.i.String()
	case 'f':
		return pyFloatRepr(c.f)
	case 'j':
		return c.fText
	case 'T':
		return "True"
	case 'F':
		return "False"
	case 'N':
		return "None"
	case 'E':
		return "..."
	}
	return ""
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
