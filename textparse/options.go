package textparse

import "github.com/tooleval/tooleval/toolcall"

type config struct {
	format        Format
	tools         toolcall.ToolSet
	keepCalls     bool // KeepCallsInReasoning
	reasoningOpen bool
	thinkAsText   bool
	maxCallBytes  int
	maxDepth      int
}

// New returns a Parser configured by o (see toolcall.ParseOptions; the zero
// value reads every dialect with the default caps). An unknown o.Format or
// a negative cap is an error.
func New(o toolcall.ParseOptions) (*Parser, error) {
	o, err := o.WithDefaults()
	if err != nil {
		return nil, err
	}
	f, err := ParseFormat(string(o.Format))
	if err != nil {
		return nil, err
	}
	return newParser(config{
		format:        f,
		tools:         o.Tools,
		keepCalls:     o.KeepCallsInReasoning,
		reasoningOpen: o.ReasoningOpen,
		thinkAsText:   o.ThinkAsText,
		maxCallBytes:  o.MaxCallBytes,
		maxDepth:      o.MaxDepth,
	}), nil
}
