package textparse

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/tooleval/tooleval/internal/jsonschema"
)

// This file reads and writes a dialect file: a marker dialect described
// in JSON, for a model no release of tooleval knows yet. LoadDialect reads
// one into a Dialect that ParseOptions.Dialect (and everything built on
// it: tooleval parse --dialect, a replay suite's "dialect" field) reads
// text in; DialectFile writes a built-in marker dialect as one, the
// starting point for a new one. The file's fields are those of Dialect,
// Block, Body and Span (see dialectFile); the body readers, name rules
// and message headers a dialect's Go code provides are named
// (registerReader, registerNameRule, registerHeader).

// dialectFile is the JSON shape of a dialect file.
type dialectFile struct {
	Format     string      `json:"format"`
	Wire       string      `json:"wire,omitempty"`
	Blocks     []blockFile `json:"blocks"`
	Reasoning  []spanFile  `json:"reasoning,omitempty"`
	Drop       []string    `json:"drop,omitempty"`
	DropTags   []string    `json:"drop_tags,omitempty"`
	DropLabels []string    `json:"drop_labels,omitempty"`
	StrayClose bool        `json:"stray_close,omitempty"`
	CutMarkers bool        `json:"cut_markers,omitempty"`
	Stray      []string    `json:"stray,omitempty"` // Dialect.Stray
	NoThink    bool        `json:"no_think,omitempty"`
	Lead       []string    `json:"lead,omitempty"`
	LeadAfter  []string    `json:"lead_after,omitempty"` // Dialect.LeadAfter
}

type blockFile struct {
	Anchored bool     `json:"anchored,omitempty"`
	Named    bool     `json:"named,omitempty"`
	Lead     bool     `json:"lead,omitempty"`     // Block.Lead
	TagOpen  bool     `json:"tag_open,omitempty"` // Block.TagOpen
	Open     string   `json:"open,omitempty"`
	Close    string   `json:"close,omitempty"`
	AltClose string   `json:"alt_close,omitempty"`
	Call     string   `json:"call,omitempty"`
	CallEnd  string   `json:"call_end,omitempty"`
	Sep      string   `json:"sep,omitempty"`
	Body     bodyFile `json:"body"`
}

type bodyFile struct {
	Read     []string `json:"read"`
	NameEnd  string   `json:"name_end,omitempty"`
	IDMark   string   `json:"id_mark,omitempty"`
	NameRule string   `json:"name_rule,omitempty"`
	Fence    bool     `json:"fence,omitempty"`
	InList   bool     `json:"in_list,omitempty"`
	InObject bool     `json:"in_object,omitempty"`
	NameKey  bool     `json:"name_key,omitempty"`
	// BraceEndsName: Body.BraceEndsName.
	BraceEndsName bool `json:"brace_ends_name,omitempty"`
	// Probe: Body.Probe.
	Probe bool `json:"probe,omitempty"`
	// Repair: Body.Repair.
	Repair bool `json:"repair,omitempty"`
	// WrapArrayArgs: Body.WrapArrayArgs.
	WrapArrayArgs bool   `json:"wrap_array_args,omitempty"`
	Quote         string `json:"quote,omitempty"`
	TypeWord      string `json:"type_word,omitempty"`
	Untyped       string `json:"untyped,omitempty"`
	Header        string `json:"header,omitempty"`
	// ArgOpen, ArgValue, ArgEnd, CallClose: Body.ArgOpen, ArgValue,
	// ArgEnd, CallClose (the marker_args reader's).
	ArgOpen   string `json:"arg_open,omitempty"`
	ArgValue  string `json:"arg_value,omitempty"`
	ArgEnd    string `json:"arg_end,omitempty"`
	CallClose string `json:"call_close,omitempty"`
}

type spanFile struct {
	Open   string   `json:"open,omitempty"`
	Close  string   `json:"close"`
	Label  string   `json:"label,omitempty"`  // Span.Label
	Alt    bool     `json:"alt,omitempty"`    // Span.Alt
	Named  bool     `json:"named,omitempty"`  // Span.Named
	Ends   []string `json:"ends,omitempty"`   // Span.Ends
	Lead   bool     `json:"lead,omitempty"`   // Span.Lead
	Resume bool     `json:"resume,omitempty"` // Span.Resume
	// Damaged: Span.Damaged.
	Damaged []string `json:"damaged,omitempty"`
}

// Named hooks: the parts of a body description that are Go code, by the
// name a dialect file gives them.
var (
	readerNames = map[Reader]string{ReadJSON: "json", ReadNameJSON: "name_json"}
	nameRules   = map[string]func(raw string) (name, id string, ok bool){}
	headers     = map[string]func(raw []byte) (HeaderKind, []byte){}
)

// registerNameRule names a Body.Name function for dialect files.
func registerNameRule(name string, f func(raw string) (name, id string, ok bool)) {
	if nameRules[name] != nil {
		panic("textparse: name rule registered twice: " + name)
	}
	nameRules[name] = f
}

// registerHeader names a Body.Header function for dialect files.
func registerHeader(name string, f func(raw []byte) (HeaderKind, []byte)) {
	if headers[name] != nil {
		panic("textparse: header registered twice: " + name)
	}
	headers[name] = f
}

// DialectError is a problem in a dialect file: at a line and column (a
// syntax error) or at a JSON path (blocks[0].body.read).
type DialectError struct {
	// File is the file's name when known (ReadDialectFile).
	File      string
	Line, Col int
	Path      string
	Msg       string
}

func (e *DialectError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("dialect file")
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// maxDialectFile bounds a dialect file's size.
const maxDialectFile = 1 << 20

// LoadDialect reads a dialect file (JSON, see the README's "A dialect
// without a release") and checks it: unknown fields, wrong types, missing
// markers, unknown readers, markers that hold one another and a format
// name a built-in dialect already has are *DialectError errors naming
// where.
func LoadDialect(r io.Reader) (*Dialect, error) {
	src, err := io.ReadAll(io.LimitReader(r, maxDialectFile+1))
	if err != nil {
		return nil, err
	}
	if len(src) > maxDialectFile {
		return nil, &DialectError{Msg: fmt.Sprintf("larger than %d bytes", maxDialectFile)}
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return nil, syntaxError(src, err, dec.InputOffset())
	}
	if rest := bytes.TrimLeft(src[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		line, col := lineCol(src, len(src)-len(rest))
		return nil, &DialectError{Line: line, Col: col, Msg: "more than one JSON value"}
	}
	if err := checkShape(tree, reflect.TypeOf(dialectFile{}), ""); err != nil {
		return nil, err
	}
	var f dialectFile
	if err := json.Unmarshal(src, &f); err != nil { // the shape is checked: cannot fail
		return nil, &DialectError{Msg: err.Error()}
	}
	d, err := f.dialect()
	if err != nil {
		return nil, err
	}
	if _, dup := dialects[d.Format]; dup || d.Format == FormatAuto {
		return nil, &DialectError{Path: "format", Msg: fmt.Sprintf("%q is a built-in format: give the dialect a name of its own", d.Format)}
	}
	return d, nil
}

// ReadDialectFile is LoadDialect on the file at path; its errors name
// the file.
func ReadDialectFile(path string) (*Dialect, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	d, err := LoadDialect(fh)
	var de *DialectError
	if errors.As(err, &de) {
		de.File = path
	}
	return d, err
}

// syntaxError locates a JSON decoding error by line and column.
func syntaxError(src []byte, err error, at int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		at = se.Offset - 1 // the offending byte
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		at = int64(len(src))
		err = errors.New("unexpected end of JSON input")
	}
	line, col := lineCol(src, int(at))
	return &DialectError{Line: line, Col: col, Msg: strings.TrimPrefix(err.Error(), "json: ")}
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(src[:off], '\n')
}

// checkShape checks a decoded JSON value against the Go type it fills:
// objects have only the type's fields, and each value the field's kind.
func checkShape(v any, t reflect.Type, path string) error {
	where := path
	if where == "" {
		where = "(top level)"
	}
	bad := func(want string) error {
		return &DialectError{Path: where, Msg: fmt.Sprintf("want %s, got %s", want, jsonschema.TypeOf(v))}
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return bad("a string")
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return bad("true or false")
		}
	case reflect.Slice:
		a, ok := v.([]any)
		if !ok {
			return bad("an array")
		}
		for i, e := range a {
			if err := checkShape(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		o, ok := v.(map[string]any)
		if !ok {
			return bad("an object")
		}
		fields := map[string]reflect.Type{}
		var names []string
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			fields[name] = t.Field(i).Type
			names = append(names, name)
		}
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			ft, ok := fields[k]
			if !ok {
				return &DialectError{Path: p, Msg: "unknown field (known: " + strings.Join(names, ", ") + ")"}
			}
			if err := checkShape(o[k], ft, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// dialect checks the file's description and builds the Dialect.
func (f *dialectFile) dialect() (*Dialect, error) {
	errAt := func(path, format string, args ...any) error {
		return &DialectError{Path: path, Msg: fmt.Sprintf(format, args...)}
	}
	if f.Format == "" || strings.ContainsAny(f.Format, " \t\r\n") {
		return nil, errAt("format", "a name without spaces is required")
	}
	d := &Dialect{Format: Format(f.Format), Wire: f.Wire, Drop: f.Drop, DropTags: f.DropTags, DropLabels: f.DropLabels, StrayClose: f.StrayClose, CutMarkers: f.CutMarkers, Stray: f.Stray, Lead: f.Lead, LeadAfter: f.LeadAfter, NoThink: f.NoThink}
	if d.Wire == "" {
		d.Wire = "a dialect file's markers"
	}
	if len(f.Blocks) == 0 {
		return nil, errAt("blocks", "at least one block is required")
	}
	marker := func(path, m string) error {
		if len(m) > maxMarker {
			return errAt(path, "a marker is at most %d bytes", maxMarker)
		}
		return nil
	}
	header := false
	for i, bf := range f.Blocks {
		at := fmt.Sprintf("blocks[%d]", i)
		b := Block{Anchored: bf.Anchored, Named: bf.Named, Lead: bf.Lead, TagOpen: bf.TagOpen, Open: bf.Open, Close: bf.Close, AltClose: bf.AltClose, Call: bf.Call, CallEnd: bf.CallEnd, Sep: bf.Sep}
		if b.Open == "" && !b.Anchored {
			return nil, errAt(at+".open", "required (or \"anchored\": true for a body at the start of the answer)")
		}
		for _, m := range []struct{ field, m string }{{"open", b.Open}, {"close", b.Close}, {"alt_close", b.AltClose}, {"call", b.Call}, {"call_end", b.CallEnd}, {"body.name_end", bf.Body.NameEnd}, {"body.id_mark", bf.Body.IDMark},
			{"body.arg_open", bf.Body.ArgOpen}, {"body.arg_value", bf.Body.ArgValue}, {"body.arg_end", bf.Body.ArgEnd}, {"body.call_close", bf.Body.CallClose}} {
			if err := marker(at+"."+m.field, m.m); err != nil {
				return nil, err
			}
		}
		body, err := bf.Body.body(at + ".body")
		if err != nil {
			return nil, err
		}
		if body.Read&ReadMarkerArgs != 0 && (b.Close != "" || b.Call != "" || b.CallEnd != "") {
			return nil, errAt(at+".close", "the marker_args reader reads the call's end (body.call_close): the block has no close, call or call_end")
		}
		b.Body = body
		header = header || body.Header != nil
		d.Blocks = append(d.Blocks, b)
	}
	for i, sf := range f.Reasoning {
		at := fmt.Sprintf("reasoning[%d]", i)
		if sf.Close == "" {
			return nil, errAt(at+".close", "required")
		}
		if sf.Lead && sf.Open == "" {
			return nil, errAt(at+".lead", "needs an open marker")
		}
		if sf.Open == "" && !header {
			return nil, errAt(at+".open", "required (only a body's header enters a span without one)")
		}
		for _, m := range []struct{ field, m string }{{"open", sf.Open}, {"close", sf.Close}} {
			if err := marker(at+"."+m.field, m.m); err != nil {
				return nil, err
			}
		}
		for j, m := range sf.Ends {
			if m == "" {
				return nil, errAt(fmt.Sprintf("%s.ends[%d]", at, j), "an empty marker")
			}
			if err := marker(fmt.Sprintf("%s.ends[%d]", at, j), m); err != nil {
				return nil, err
			}
		}
		d.Reasoning = append(d.Reasoning, Span{Open: sf.Open, Close: sf.Close, Label: sf.Label, Alt: sf.Alt, Named: sf.Named, Ends: sf.Ends, Lead: sf.Lead, Resume: sf.Resume, Damaged: sf.Damaged})
	}
	for i, m := range f.Drop {
		if m == "" {
			return nil, errAt(fmt.Sprintf("drop[%d]", i), "an empty marker")
		}
		if err := marker(fmt.Sprintf("drop[%d]", i), m); err != nil {
			return nil, err
		}
	}
	for i, m := range f.Lead {
		if m == "" {
			return nil, errAt(fmt.Sprintf("lead[%d]", i), "an empty marker")
		}
		if err := marker(fmt.Sprintf("lead[%d]", i), m); err != nil {
			return nil, err
		}
	}
	for i, m := range f.LeadAfter {
		closes := slices.Contains(f.Drop, m)
		for _, sf := range f.Reasoning {
			closes = closes || sf.Close == m
		}
		if !closes {
			return nil, errAt(fmt.Sprintf("lead_after[%d]", i), "not one of the dialect's drop markers or reasoning closers")
		}
	}
	for i, m := range f.Stray {
		if m == "" {
			return nil, errAt(fmt.Sprintf("stray[%d]", i), "an empty marker")
		}
		if err := marker(fmt.Sprintf("stray[%d]", i), m); err != nil {
			return nil, err
		}
	}
	for i, m := range f.DropTags {
		if m == "" {
			return nil, errAt(fmt.Sprintf("drop_tags[%d]", i), "an empty marker")
		}
		if err := marker(fmt.Sprintf("drop_tags[%d]", i), m); err != nil {
			return nil, err
		}
	}
	for i, m := range f.DropLabels {
		if m == "" {
			return nil, errAt(fmt.Sprintf("drop_labels[%d]", i), "an empty marker")
		}
		if err := marker(fmt.Sprintf("drop_labels[%d]", i), m); err != nil {
			return nil, err
		}
	}
	if err := d.prepare(); err != nil {
		return nil, errAt("blocks", "%v", err)
	}
	return d, nil
}

// body checks a block's body description.
func (bf *bodyFile) body(at string) (Body, error) {
	errAt := func(path, format string, args ...any) error {
		return &DialectError{Path: at + "." + path, Msg: fmt.Sprintf(format, args...)}
	}
	b := Body{NameEnd: bf.NameEnd, IDMark: bf.IDMark, Fence: bf.Fence, InList: bf.InList, InObject: bf.InObject, NameKey: bf.NameKey,
		Quote: bf.Quote, TypeWord: bf.TypeWord, Untyped: Format(bf.Untyped), BraceEndsName: bf.BraceEndsName, Probe: bf.Probe, Repair: bf.Repair, WrapArrayArgs: bf.WrapArrayArgs,
		ArgOpen: bf.ArgOpen, ArgValue: bf.ArgValue, ArgEnd: bf.ArgEnd, CallClose: bf.CallClose}
	if len(bf.Read) == 0 {
		return b, errAt("read", "name the body reader: one of %s", strings.Join(readerList(), ", "))
	}
	custom := 0
	for i, name := range bf.Read {
		r, ok := readerByName(name)
		if !ok {
			return b, errAt(fmt.Sprintf("read[%d]", i), "unknown reader %q (known: %s)", name, strings.Join(readerList(), ", "))
		}
		if b.Read&r != 0 {
			return b, errAt(fmt.Sprintf("read[%d]", i), "reader %q named twice", name)
		}
		if r&(ReadJSON|ReadNameJSON) == 0 {
			if custom++; custom > 1 {
				return b, errAt(fmt.Sprintf("read[%d]", i), "at most one reader besides json and name_json")
			}
		}
		b.Read |= r
	}
	if b.Read&ReadNameJSON != 0 && b.NameEnd == "" {
		return b, errAt("name_end", "required by the name_json reader")
	}
	if b.Read&ReadMarkerArgs != 0 {
		// (arg_end may be left out: a value then ends at the next marker.)
		for _, m := range []struct{ field, m string }{{"name_end", b.NameEnd}, {"arg_open", b.ArgOpen}, {"arg_value", b.ArgValue}, {"call_close", b.CallClose}} {
			if m.m == "" {
				return b, errAt(m.field, "required by the marker_args reader")
			}
		}
	} else if b.ArgOpen != "" || b.ArgValue != "" || b.ArgEnd != "" || b.CallClose != "" {
		return b, errAt("arg_open", "only the marker_args reader reads argument markers")
	}
	if b.IDMark != "" && b.Read&ReadNameJSON == 0 {
		return b, errAt("id_mark", "only the name_json reader reads an id")
	}
	if bf.NameRule != "" {
		if b.Name = nameRules[bf.NameRule]; b.Name == nil {
			return b, errAt("name_rule", "unknown name rule %q (known: %s)", bf.NameRule, strings.Join(keys(nameRules), ", "))
		}
	}
	if bf.Header != "" {
		if b.Header = headers[bf.Header]; b.Header == nil {
			return b, errAt("header", "unknown header %q (known: %s)", bf.Header, strings.Join(keys(headers), ", "))
		}
	}
	if b.Untyped != "" && dialects[b.Untyped] == nil {
		return b, errAt("untyped", "unknown format %q", b.Untyped)
	}
	return b, nil
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// readerList names every body reader, in bit order.
func readerList() []string {
	var out []string
	for r := Reader(1); r != 0; r <<= 1 {
		if n, ok := readerNames[r]; ok {
			out = append(out, n)
		}
	}
	return out
}

func readerByName(name string) (Reader, bool) {
	for r, n := range readerNames {
		if n == name {
			return r, true
		}
	}
	return 0, false
}

// DialectFile writes the built-in marker dialect f as a dialect file, the
// start of a description of a new one. XML-style dialects (their calls are
// tags, see Tags) have no file form.
func DialectFile(f Format) ([]byte, error) {
	d := markerDialect(f)
	if d == nil {
		return nil, fmt.Errorf("textparse: %q is not a built-in marker dialect", f)
	}
	return d.file()
}

// file is the dialect file of d.
func (d *Dialect) file() ([]byte, error) {
	f := dialectFile{Format: string(d.Format), Wire: d.Wire, Drop: d.Drop, DropTags: d.DropTags, DropLabels: d.DropLabels, StrayClose: d.StrayClose, CutMarkers: d.CutMarkers, Stray: d.Stray, Lead: d.Lead, LeadAfter: d.LeadAfter, NoThink: d.NoThink}
	for _, b := range d.Blocks {
		bf := blockFile{Anchored: b.Anchored, Named: b.Named, Lead: b.Lead, TagOpen: b.TagOpen, Open: b.Open, Close: b.Close, AltClose: b.AltClose, Call: b.Call, CallEnd: b.CallEnd, Sep: b.Sep,
			Body: bodyFile{NameEnd: b.Body.NameEnd, IDMark: b.Body.IDMark, Fence: b.Body.Fence, InList: b.Body.InList, InObject: b.Body.InObject,
				NameKey: b.Body.NameKey, Quote: b.Body.Quote, TypeWord: b.Body.TypeWord, Untyped: string(b.Body.Untyped),
				BraceEndsName: b.Body.BraceEndsName, Probe: b.Body.Probe, Repair: b.Body.Repair, WrapArrayArgs: b.Body.WrapArrayArgs,
				ArgOpen: b.Body.ArgOpen, ArgValue: b.Body.ArgValue, ArgEnd: b.Body.ArgEnd, CallClose: b.Body.CallClose}}
		for r := Reader(1); r != 0; r <<= 1 {
			if b.Body.Read&r != 0 {
				bf.Body.Read = append(bf.Body.Read, readerNames[r])
			}
		}
		var ok bool
		if b.Body.Name != nil {
			if bf.Body.NameRule, ok = hookName(nameRules, b.Body.Name); !ok {
				return nil, fmt.Errorf("textparse: %s: its name rule is not registered (registerNameRule)", d.Format)
			}
		}
		if b.Body.Header != nil {
			if bf.Body.Header, ok = hookName(headers, b.Body.Header); !ok {
				return nil, fmt.Errorf("textparse: %s: its header is not registered (registerHeader)", d.Format)
			}
		}
		f.Blocks = append(f.Blocks, bf)
	}
	for _, s := range d.Reasoning {
		f.Reasoning = append(f.Reasoning, spanFile(s))
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // markers are mostly '<' and '>'
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// hookName finds the name fn is registered under (functions compare by
// their code's address).
func hookName[F any](m map[string]F, fn F) (string, bool) {
	want := reflect.ValueOf(fn).Pointer()
	for name, g := range m {
		if reflect.ValueOf(g).Pointer() == want {
			return name, true
		}
	}
	return "", false
}
