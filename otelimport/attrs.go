package otelimport

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// attrs are a span's (or an event's) attributes by key. Attributes whose
// key names a secret are dropped when read (see secretKey), so nothing
// later can copy them.
type attrs map[string]*value

func attrsOf(kvs []keyValue) attrs {
	a := make(attrs, len(kvs))
	for _, kv := range kvs {
		if secretKey(kv.key) {
			continue
		}
		a[kv.key] = kv.value
	}
	return a
}

// str returns the first of keys that is set, as text: a string as it is,
// a number or a boolean spelled out; "" when none is set.
func (a attrs) str(keys ...string) string {
	for _, k := range keys {
		if v, ok := a[k]; ok {
			if s := text(v); s != "" {
				return s
			}
		}
	}
	return ""
}

// has reports whether any attribute key starts with prefix.
func (a attrs) has(prefix string) bool {
	for k := range a {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// text is a scalar value as text ("" for arrays, maps and unset values).
func text(v *value) string {
	if v == nil {
		return ""
	}
	switch v.kind {
	case valueString:
		return v.str
	case valueInt:
		return strconv.FormatInt(v.int, 10)
	case valueDouble:
		return strconv.FormatFloat(v.double, 'g', -1, 64)
	case valueBool:
		return strconv.FormatBool(v.bool)
	}
	return ""
}

// structured is a value as a Go JSON value (json.Number for numbers, so
// they are written back as they were). A string that holds a JSON object
// or array — how most instrumentations record messages, arguments and
// tool definitions — is decoded; any other string stays a string. Map
// keys naming secrets are dropped.
func structured(v *value) any {
	if v == nil {
		return nil
	}
	switch v.kind {
	case valueString:
		return jsonText(v.str)
	case valueInt:
		return json.Number(strconv.FormatInt(v.int, 10))
	case valueDouble:
		return json.Number(strconv.FormatFloat(v.double, 'g', -1, 64))
	case valueBool:
		return v.bool
	case valueBytes:
		return base64.StdEncoding.EncodeToString(v.bytes)
	case valueArray:
		out := make([]any, 0, len(v.array))
		for _, e := range v.array {
			out = append(out, structured(e))
		}
		return out
	case valueKvlist:
		out := map[string]any{}
		for _, kv := range v.kvlist {
			if !secretKey(kv.key) {
				out[kv.key] = structured(kv.value)
			}
		}
		return out
	}
	return nil
}

// jsonText decodes s when it is a JSON object or array (secret keys
// dropped), else returns it as a string.
func jsonText(s string) any {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '{' && t[0] != '[') {
		return s
	}
	d := json.NewDecoder(strings.NewReader(t))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || d.More() {
		return s
	}
	return scrub(v)
}

// scrub drops the members of every object in v whose key names a secret.
func scrub(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if secretKey(k) {
				delete(x, k)
				continue
			}
			x[k] = scrub(e)
		}
	case []any:
		for i, e := range x {
			x[i] = scrub(e)
		}
	}
	return v
}

// rawJSON writes a Go JSON value compactly, keys sorted, HTML unescaped.
func rawJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return json.RawMessage(`null`)
	}
	return json.RawMessage(bytes.TrimRight(b.Bytes(), "\n"))
}

// node is a tree of the attributes under a prefix, split at dots: the
// flattened, indexed form instrumentations write lists of messages in
// (gen_ai.prompt.0.role, llm.input_messages.1.message.tool_calls.0.…).
type node struct {
	val  *value
	kids map[string]*node
}

// tree gathers the attributes whose key starts with prefix (which ends
// with a dot).
func (a attrs) tree(prefix string) *node {
	root := &node{}
	for k, v := range a {
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok {
			continue
		}
		n := root
		for _, part := range strings.Split(rest, ".") {
			if n.kids == nil {
				n.kids = map[string]*node{}
			}
			next := n.kids[part]
			if next == nil {
				next = &node{}
				n.kids[part] = next
			}
			n = next
		}
		n.val = v
	}
	return root
}

// get walks down path; nil when a step is missing.
func (n *node) get(path ...string) *node {
	for _, p := range path {
		if n == nil {
			return nil
		}
		n = n.kids[p]
	}
	return n
}

// str is the node's value as text.
func (n *node) str(path ...string) string {
	if n = n.get(path...); n == nil {
		return ""
	}
	return text(n.val)
}

// value is the node's value structured (nil when unset).
func (n *node) value(path ...string) any {
	if n = n.get(path...); n == nil || n.val == nil {
		return nil
	}
	return structured(n.val)
}

// maxIndex caps the indexes of a flattened list read.
const maxIndex = 10000

// list returns the children with decimal names, in numeric order.
func (n *node) list(path ...string) []*node {
	if n = n.get(path...); n == nil {
		return nil
	}
	type item struct {
		i int
		n *node
	}
	var items []item
	for k, c := range n.kids {
		if i, err := strconv.Atoi(k); err == nil && i >= 0 && i <= maxIndex {
			items = append(items, item{i, c})
		}
	}
	sort.Slice(items, func(x, y int) bool { return items[x].i < items[y].i })
	out := make([]*node, len(items))
	for i, it := range items {
		out[i] = it.n
	}
	return out
}
