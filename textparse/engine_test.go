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
	"block.go", "call.go", "dialect.go", "dialectfile.go", "envelope.go", "fence.go", "inreasoning.go", "jsonargs.go", "kv.go", "marker.go", "match.go",
	"modes.go", "named.go", "options.go", "parser.go", "reader.go", "registry.go", "tagbody.go", "tags.go", "tagtable.go", "value.go",
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
				if err != nil || v == cdataOpen {
					// (XML's own syntax names no dialect, though
					// glm53_flash's <![ is the start of CDATA's opener.)
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

// ordinaryWords are words of dialect names that are ordinary words of
// tool calling or of the engine ("function", "tool", "step"): they are not
// searched for alone, only as part of a whole dialect name. tool_call
// names a dialect and also what every dialect writes (the engine's errors
// say "tool_call JSON", "inside tool-call markup").
var ordinaryWords = map[string]bool{
	"command": true, "dots": true, "function": true, "intern": true, "seed": true, "step": true, "tool": true, "use": true,
	"tool_call": true,
	"k":         true, // k2_horizon's family, and the engine's loop index
}

// dialectWords returns the words that name registered dialects: each
// format name, and its family (the name up to its first digit or '_':
// gemma of gemma4, kimi of kimi_k2, deepseek of deepseek_v3), unless that
// is an ordinary word.
func dialectWords() map[string]Format {
	words := map[string]Format{}
	for _, f := range Formats()[1:] {
		name := string(f)
		if !ordinaryWords[name] {
			words[name] = f
		}
		fam := strings.TrimRightFunc(strings.SplitN(name, "_", 2)[0], func(r rune) bool { return r >= '0' && r <= '9' })
		if fam != "" && !ordinaryWords[fam] {
			words[fam] = f
		}
	}
	return words
}

// sourceWords splits Go source into lower-case words, comments and
// identifiers included: each run of letters, digits, '_' and '-' whole
// ('-' read as '_': Seed-OSS is seed_oss), then its '_'-separated parts
// and its camelCase parts (DeepSeek is deepseek, deep and seek; kimiName
// is kiminame, kimi and name).
func sourceWords(src string) []string {
	var out []string
	add := func(w string) {
		if w = strings.Trim(strings.ToLower(w), "_"); w != "" {
			out = append(out, w)
		}
	}
	isWord := func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
	}
	for _, tok := range strings.FieldsFunc(src, func(r rune) bool { return !isWord(r) }) {
		tok = strings.ReplaceAll(tok, "-", "_")
		add(tok)
		parts := strings.Split(tok, "_")
		if len(parts) > 1 {
			for _, p := range parts {
				add(p)
			}
		}
		for _, p := range parts {
			start, camel := 0, false
			for i := 1; i < len(p); i++ {
				if p[i] >= 'A' && p[i] <= 'Z' && (p[i-1] >= 'a' && p[i-1] <= 'z' || p[i-1] >= '0' && p[i-1] <= '9') {
					add(p[start:i])
					start, camel = i, true
				}
			}
			if camel {
				add(p[start:])
			}
		}
	}
	return out
}

// TestEngineFilesNameNoDialect: no registered dialect's name — the format
// name, or its family (gemma, kimi, minimax, qwen…) — appears anywhere in
// the engine's files, comments included: a dialect lives in its
// dialect_*.go file, and the engine reads only its data. The words are
// enumerated from the registry, so a dialect added later is checked too.
func TestEngineFilesNameNoDialect(t *testing.T) {
	words := dialectWords()
	for _, name := range engineFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, w := range sourceWords(line) {
				f, ok := words[w]
				if !ok { // a family with its version (Qwen3.5 is qwen3)
					f, ok = words[strings.TrimRight(w, "0123456789")]
				}
				if ok {
					t.Errorf("%s:%d: %q names dialect %s: %s", name, i+1, w, f, strings.TrimSpace(line))
				}
			}
		}
	}
}

// TestSourceWords pins the word splitting the test above relies on.
func TestSourceWords(t *testing.T) {
	got := strings.Join(sourceWords(`kimiName("DeepSeek V3.2's", Seed-OSS) // gemma4, minimax_m2`), " ")
	want := "kiminame kimi name deepseek deep seek v3 2 s seed_oss seed oss gemma4 minimax_m2 minimax m2"
	if got != want {
		t.Errorf("sourceWords = %q, want %q", got, want)
	}
}
