package textparse

import (
	"fmt"

	"github.com/tooleval/tooleval/toolcall"
)

type config struct {
	format        Format
	dialect       *Dialect // the marker dialect read, nil for auto and the XML-style ones
	tools         toolcall.ToolSet
	keepCalls     bool // KeepCallsInReasoning
	reasoningOpen bool
	// thinkAsText: reasoning parsing is off (ParseOptions.ThinkAsText):
	// every reasoning span's markers are text, <think> and the dialect's
	// own alike, and ReasoningOpen is ignored. noThink: only <think> and
	// <thinking> are text (Dialect.NoThink).
	thinkAsText, noThink bool
	maxCallBytes         int
	maxDepth             int
}

// New returns a Parser configured by o (see toolcall.ParseOptions; the zero
// value reads every dialect with the default caps). An unknown o.Format or
// a negative cap is an error.
func New(o toolcall.ParseOptions) (*Parser, error) {
	o, err := o.WithDefaults()
	if err != nil {
		return nil, err
	}
	var d *Dialect
	var f Format
	if o.Dialect != nil {
		if d, f, err = userDialect(o); err != nil {
			return nil, err
		}
	} else {
		if f, err = ParseFormat(string(o.Format)); err != nil {
			return nil, err
		}
		d = markerDialect(f)
	}
	return newParser(config{
		format:        f,
		dialect:       d,
		tools:         o.Tools,
		keepCalls:     o.KeepCallsInReasoning,
		reasoningOpen: o.ReasoningOpen && !o.ThinkAsText,
		thinkAsText:   o.ThinkAsText,
		noThink:       o.ThinkAsText || d != nil && d.NoThink,
		maxCallBytes:  o.MaxCallBytes,
		maxDepth:      o.MaxDepth,
	}), nil
}

// userDialect checks the user-described dialect of o (ParseOptions.Dialect).
func userDialect(o toolcall.ParseOptions) (*Dialect, Format, error) {
	d, ok := o.Dialect.(*Dialect)
	if !ok {
		return nil, "", fmt.Errorf("textparse: ParseOptions.Dialect is a %T, not a *textparse.Dialect", o.Dialect)
	}
	if o.Format != "" && o.Format != FormatAuto && o.Format != d.Format {
		return nil, "", fmt.Errorf("textparse: format %q and dialect %q disagree", o.Format, d.Format)
	}
	if err := d.prepare(); err != nil {
		return nil, "", fmt.Errorf("textparse: dialect %q: %w", d.Format, err)
	}
	return d, d.Format, nil
}
