package textparse

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tooleval/tooleval/toolcall"
)

// This file is the registry of dialects: every dialect_*.go file adds one
// (or two) with register, and everything that lists formats — Formats,
// ParseFormat, Wire, Dialects, auto detection — reads it here.

// Format names a text protocol dialect: the name type every parser shares.
type Format = toolcall.Format

// FormatAuto detects the dialect from the first tag or marker met.
const FormatAuto = toolcall.FormatAuto

// autoWire is the wire shape Wire gives for auto.
const autoWire = "the dialect of the first marker or opening tag met"

// registry of dialects, by format.
var dialects = map[Format]*Dialect{}

// register adds a dialect; each dialect_*.go file calls it from init.
func register(d *Dialect) {
	if _, dup := dialects[d.Format]; dup || d.Format == "" || d.Format == FormatAuto {
		panic("textparse: dialect registered twice or unnamed: " + string(d.Format))
	}
	if d.Tags == nil || len(d.Blocks) > 0 {
		if err := d.check(); err != nil {
			panic("textparse: dialect " + string(d.Format) + ": " + err.Error())
		}
	} else if d.Wire == "" {
		panic("textparse: dialect " + string(d.Format) + " needs a wire shape and either blocks or tags")
	}
	dialects[d.Format] = d
}

// check reports what makes marker dialect d (or the marker blocks of a
// tag dialect) unreadable: no wire shape, no block, a block without its
// Open marker or body reader, a name reader without NameEnd, a marker
// longer than maxMarker.
func (d *Dialect) check() error {
	if d.Wire == "" || len(d.Blocks) == 0 {
		return errors.New("a marker dialect needs a wire shape and blocks")
	}
	long := func(ms ...string) error {
		for _, m := range ms {
			if len(m) > maxMarker {
				return fmt.Errorf("marker %q is longer than %d bytes", m, maxMarker)
			}
		}
		return nil
	}
	for i, b := range d.Blocks {
		custom := b.Body.Read &^ (ReadJSON | ReadNameJSON)
		switch {
		case b.Open == "" && !b.Anchored:
			return fmt.Errorf("block %d has no Open marker", i)
		case b.Body.Read == 0:
			return fmt.Errorf("block %d has no body reader", i)
		case custom&(custom-1) != 0:
			return fmt.Errorf("block %d: unknown body reader %b", i, custom)
		case b.Body.Read&ReadNameJSON != 0 && b.Body.NameEnd == "":
			return fmt.Errorf("block %d: a name reader needs NameEnd", i)
		}
		if err := long(b.Open, b.Close, b.AltClose, b.Call, b.CallEnd, b.Body.NameEnd, b.Body.IDMark); err != nil {
			return err
		}
	}
	for _, s := range d.Reasoning {
		if s.Close == "" {
			return errors.New("a reasoning span needs its Close marker")
		}
		if err := long(s.Open, s.Close); err != nil {
			return err
		}
	}
	for _, m := range d.Drop {
		if m == "" {
			return errors.New("an empty Drop marker")
		}
	}
	return long(d.Drop...)
}

// DialectFormat is the dialect's name (toolcall.TextDialect, for
// ParseOptions.Dialect).
func (d *Dialect) DialectFormat() Format { return d.Format }

// Formats lists the dialect names: auto, then every registered dialect
// sorted by name.
func Formats() []Format {
	out := make([]Format, 0, len(dialects)+1)
	for f := range dialects {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return append([]Format{FormatAuto}, out...)
}

// markerFormats lists the registered marker dialects, sorted: those whose
// calls are read as marker blocks (not a tag dialect's message headers).
func markerFormats() []Format {
	var out []Format
	for _, f := range Formats() {
		if markerDialect(f) != nil {
			out = append(out, f)
		}
	}
	return out
}

// markerDialect returns the marker dialect f, nil when f is not one. A
// tag dialect with marker blocks (message headers, Tags) is not one: its
// blocks are read only when it is named (compiledFor), tags detect it.
func markerDialect(f Format) *Dialect {
	if d := dialects[f]; d != nil && len(d.Blocks) > 0 && d.Tags == nil {
		return d
	}
	return nil
}

// ParseFormat checks a dialect name; an unknown one is a
// *toolcall.UnknownFormatError.
func ParseFormat(s string) (Format, error) {
	if f := Format(s); f == FormatAuto || dialects[f] != nil {
		return f, nil
	}
	return "", &toolcall.UnknownFormatError{Format: Format(s), Kind: "text", Known: Formats()}
}

// Wire returns the one-line wire shape of a format ("" for a name that is
// not one).
func Wire(f Format) string {
	if f == FormatAuto {
		return autoWire
	}
	if d, ok := dialects[f]; ok {
		return d.Wire
	}
	return ""
}

// Info describes a registered dialect, for help, documentation, schemas
// and tests enumerated from the registry.
type Info struct {
	Format Format
	// Wire is the wire shape in one line.
	Wire string
	// Reasoning are the dialect's own reasoning spans besides
	// <think>…</think> (a span without Open is entered by a message
	// header, a reasoning channel).
	Reasoning []Span
	// NoThink: <think>…</think> is text in this dialect (Dialect.NoThink).
	NoThink bool
	// Tags: an XML-style dialect (calls written as tags, the protocols
	// package xmlparse names); otherwise calls sit between special-token
	// markers or are JSON or Python call lists.
	Tags bool
	// Anchored: a call may also start the answer without any marker (a
	// bare JSON or Python list); auto does not detect that shape.
	Anchored bool
	// NoAuto: auto does not detect the dialect at all (its markers are
	// shared with another dialect's, or too common in prose).
	NoAuto bool
	// Alias: the dialect this one is another name of ("" for none).
	Alias Format
}

// Dialects describes every registered dialect, sorted by format (auto is
// not one).
func Dialects() []Info {
	fs := Formats()[1:]
	out := make([]Info, 0, len(fs))
	for _, f := range fs {
		out = append(out, info(dialects[f]))
	}
	return out
}

// Lookup describes dialect f; ok is false for auto and unknown names.
func Lookup(f Format) (Info, bool) {
	d, ok := dialects[f]
	if !ok {
		return Info{}, false
	}
	return info(d), true
}

func info(d *Dialect) Info {
	in := Info{Format: d.Format, Wire: d.Wire, Reasoning: append([]Span(nil), d.Reasoning...), Tags: d.Tags != nil, NoThink: d.NoThink, NoAuto: d.NoAuto, Alias: d.Alias}
	if d.Tags != nil && d.Tags.Think != "" {
		in.Reasoning = append(in.Reasoning, Span{Open: "<" + d.Tags.Think + ">", Close: "</" + d.Tags.Think + ">"})
	}
	for _, b := range d.Blocks {
		in.Anchored = in.Anchored || b.Anchored
	}
	return in
}
