package textparse

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// minNamedCases is how many named table cases, modelled on real output,
// every dialect has (issue 21: "≥ 12 named cases").
const minNamedCases = 12

// TestEveryDialectIsCovered enumerates the registry, not a hand list:
// every dialect has at least minNamedCases named cases in parseCases, a
// fuzz target that parses it (its body names the dialect's Format
// constant) and a runnable Example (its body names the constant, or its
// name does: ExampleParser_olmo3 reads olmo3 under auto), so that a
// dialect added without them fails here. A dialect and its aliases
// (hermes is tool_call) are one dialect: what one has counts for both.
func TestEveryDialectIsCovered(t *testing.T) {
	consts, err := formatConsts()
	if err != nil {
		t.Fatal(err)
	}
	fuzzed, examples, err := testFuncFormats(consts)
	if err != nil {
		t.Fatal(err)
	}
	// group: a dialect's name and its aliases' under the dialect they
	// name.
	group := func(f Format) Format {
		if a := dialects[f].Alias; a != "" {
			return a
		}
		return f
	}
	cases, hasFuzz, hasExample := map[Format]int{}, map[Format]bool{}, map[Format]bool{}
	for _, c := range parseCases {
		if dialects[c.format] != nil {
			cases[group(c.format)]++
		}
	}
	for f := range fuzzed {
		if dialects[f] != nil {
			hasFuzz[group(f)] = true
		}
	}
	for f := range examples {
		if dialects[f] != nil {
			hasExample[group(f)] = true
		}
	}
	formats := Formats()[1:]
	if len(formats) < 40 {
		t.Fatalf("only %d dialects registered", len(formats))
	}
	for _, f := range formats {
		g := group(f)
		if n := cases[g]; n < minNamedCases {
			t.Errorf("%s: %d named table cases, want at least %d", f, n, minNamedCases)
		}
		if !hasFuzz[g] {
			t.Errorf("%s: no fuzz target parses it (a FuzzX whose body names its Format constant)", f)
		}
		if !hasExample[g] {
			t.Errorf("%s: no Example shows it", f)
		}
	}
}

// formatConsts maps the package's Format constants' names to their
// values, read from its source files.
func formatConsts() (map[string]Format, error) {
	out := map[string]Format{}
	files, err := filepath.Glob("*.go")
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				for i, id := range v.Names {
					if !strings.HasPrefix(id.Name, "Format") || i >= len(v.Values) {
						continue
					}
					if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, err := strconv.Unquote(lit.Value)
						if err != nil {
							return nil, err
						}
						out[id.Name] = Format(s)
					}
				}
			}
		}
	}
	return out, nil
}

// testFuncFormats returns the formats named (by Format constant) in the
// bodies of the package's fuzz targets and of its Examples.
func testFuncFormats(consts map[string]Format) (fuzzed, examples map[Format]bool, err error) {
	fuzzed, examples = map[Format]bool{}, map[Format]bool{}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, nil, err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil {
				continue
			}
			var into map[Format]bool
			example := strings.HasPrefix(fn.Name.Name, "Example")
			switch {
			case strings.HasPrefix(fn.Name.Name, "Fuzz"):
				into = fuzzed
			case example:
				into = examples
			default:
				continue
			}
			if _, suffix, ok := strings.Cut(fn.Name.Name, "_"); ok && example {
				for _, v := range consts { // ExampleParser_deepSeekV31: deepseek_v31
					if strings.EqualFold(suffix, strings.ReplaceAll(string(v), "_", "")) {
						into[v] = true
					}
				}
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if f, ok := consts[id.Name]; ok {
						into[f] = true
					}
				}
				return true
			})
		}
	}
	return fuzzed, examples, nil
}
