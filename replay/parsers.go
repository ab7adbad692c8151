package replay

import (
	"bytes"
	"fmt"

	"github.com/tooleval/tooleval/nativeparse"
	"github.com/tooleval/tooleval/toolcall"
	"github.com/tooleval/tooleval/xmlparse"
)

// DefaultParser builds the parser for a transcript format: the text
// protocols with xmlparse (given the case's catalog), the provider streams
// with nativeparse, and "auto" by sniffing the first bytes (SSE fields or a
// JSON object mean a provider stream, anything else text).
func DefaultParser(format string, tools toolcall.ToolSet) (toolcall.StreamParser, error) {
	if format == "auto" {
		return &sniffer{tools: tools}, nil
	}
	if f, ok := nativeparse.ParseFormat(format); ok {
		return nativeparse.New(f), nil
	}
	f, err := xmlparse.ParseFormat(format)
	if err != nil {
		return nil, fmt.Errorf("unknown format %q", format)
	}
	return xmlparse.New(xmlparse.WithFormat(f), xmlparse.WithTools(tools)), nil
}

// sniffer holds bytes back until it can tell a provider stream from text,
// then hands everything to the right parser.
type sniffer struct {
	tools   toolcall.ToolSet
	p       toolcall.StreamParser
	pending []byte
}

// sniffLen is how many bytes after leading white space decide the family.
const sniffLen = 6

func (s *sniffer) Feed(chunk []byte) []toolcall.Event {
	if s.p != nil {
		return s.p.Feed(chunk)
	}
	s.pending = append(s.pending, chunk...)
	if len(bytes.TrimLeft(s.pending, " \t\r\n\ufeff")) < sniffLen {
		return nil
	}
	return s.start().Feed(s.pending)
}

func (s *sniffer) Close() []toolcall.Event {
	if s.p == nil {
		var r toolcall.Recorder
		r.Add(s.start().Feed(s.pending))
		r.Add(s.p.Close())
		return r.Events()
	}
	return s.p.Close()
}

func (s *sniffer) start() toolcall.StreamParser {
	head := bytes.TrimLeft(s.pending, " \t\r\n\ufeff")
	native := false
	for _, p := range []string{"data:", "event:", "id:", "retry:", ":", "{"} {
		if bytes.HasPrefix(head, []byte(p)) {
			native = true
		}
	}
	if native {
		s.p = nativeparse.New(nativeparse.Auto)
	} else {
		s.p = xmlparse.New(xmlparse.WithFormat(xmlparse.FormatAuto), xmlparse.WithTools(s.tools))
	}
	return s.p
}
