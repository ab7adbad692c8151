package textparse

import (
	"go/scanner"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// engineFiles are the files of the one engine every dialect shares; a
// dialect lives in its dialect_*.go file (and a body reader several
// dialects share, pybody.go, or a big one, gemma4body.go, in its own).
var engineFiles = []string{
	"block.go", "call.go", "dialect.go", "dialectfile.go", "envelope.go", "jsonargs.go", "kv.go", "marker.go", "match.go",
	"modes.go", "options.go", "parser.go", "reader.go", "registry.go", "tags.go", "tagtable.go", "value.go",
}

// TestEngineNamesNoDialect: the engine's code names no dialect — no
// Format constant of a dialect, no format name as a string, no marker and
// no dialect tag (<name> or </name>) in a string literal. Comments may
// illustrate with one.
func TestEngineNamesNoDialect(t *testing.T) {
	var words []string // literals that must not appear whole
	var parts []string // substrings no literal may hold
	for _, f := range Formats()[1:] {
		d := dialects[f]
		words = append(words, string(f))
		add := func(ms ...string) {
			for _, m := range ms {
				if len(m) > 2 { // not ">" or "\n", which every message holds
					parts = append(parts, m)
				}
			}
		}
		for _, b := range d.Blocks {
			add(b.Open, b.Close, b.Call, b.CallEnd, b.Body.NameEnd, b.Body.IDMark)
		}
		for _, s := range d.Reasoning {
			add(s.Open, s.Close)
		}
		add(d.Drop...)
		if g := d.Tags; g != nil {
			for _, n := range []string{g.Wrapper, g.WrapperEnd, g.CallBegin, g.CallSep, g.CallEnd, g.Invoke, g.Param, g.Name, g.Args, g.Key, g.Value, g.Think, g.Typed} {
				if n != "" { // the JSON call reader's keys ("arguments") may equal a tag's name
					add("<"+n+">", "</"+n+">", "<"+n+" ", "<"+n+"=")
				}
			}
		}
	}
	for _, name := range engineFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fs := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fs.AddFile(name, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			switch tok {
			case token.IDENT:
				if strings.HasPrefix(lit, "Format") && lit != "Format" && lit != "Formats" && lit != "FormatAuto" {
					t.Errorf("%s: names dialect %s", fs.Position(pos), lit)
				}
			case token.STRING:
				v, err := strconv.Unquote(lit)
				if err != nil {
					continue
				}
				for _, w := range words {
					if v == w {
						t.Errorf("%s: string %q is a dialect's name or tag", fs.Position(pos), v)
					}
				}
				for _, m := range parts {
					if strings.Contains(v, m) {
						t.Errorf("%s: string %q holds the marker or tag %q", fs.Position(pos), v, m)
					}
				}
			}
		}
	}
}
