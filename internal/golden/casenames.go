package golden

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// DuplicateCaseNames finds the test case tables of every package under
// root and reports each case name written twice in one table, as
// "file:line: …" lines (sorted; none when every name is unique). A case's
// name names its subtest and, in the parser packages, its golden file: two
// cases sharing it overwrite one golden with the other's output under
// -update and compare both against it.
//
// A table is a composite literal []T{…} in a _test.go file whose elements
// have a name field (lower case: a case struct, not a domain type with
// a Name) given as a string literal ({name: "glm45/one_call", …}).
// The package-level tables of one named element type (var xCases =
// []parseCase{…}, and those an init appends) are one table, as they are
// run together; a table built inside a function (a template whose names
// the function prefixes) and one of an anonymous struct type stand alone.
func DuplicateCaseNames(root string) ([]string, error) {
	fset := token.NewFileSet()
	tables := map[string]map[string][]token.Position{} // table key → name → where
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, inFunc := decl.(*ast.FuncDecl)
			shared := !inFunc || fn.Recv == nil && fn.Name.Name == "init"
			ast.Inspect(decl, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				arr, ok := lit.Type.(*ast.ArrayType)
				if !ok || arr.Len != nil {
					return true
				}
				key := fset.Position(lit.Pos()).String() // a table on its own
				if id, named := arr.Elt.(*ast.Ident); named && shared {
					key = filepath.Dir(path) + " " + id.Name + " (package-level)"
				}
				for _, el := range lit.Elts {
					name, pos, ok := caseName(el)
					if !ok {
						continue
					}
					if tables[key] == nil {
						tables[key] = map[string][]token.Position{}
					}
					tables[key][name] = append(tables[key][name], fset.Position(pos))
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, names := range tables {
		for name, at := range names {
			for _, p := range at[1:] {
				out = append(out, fmt.Sprintf("%s: case name %q is used at %s too", p, name, at[0]))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// caseName returns the string literal an element of a case table gives
// its name field, and where.
func caseName(el ast.Expr) (string, token.Pos, bool) {
	if u, ok := el.(*ast.UnaryExpr); ok && u.Op == token.AND {
		el = u.X
	}
	lit, ok := el.(*ast.CompositeLit)
	if !ok {
		return "", 0, false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "name" {
			continue
		}
		v, ok := kv.Value.(*ast.BasicLit)
		if !ok || v.Kind != token.STRING {
			return "", 0, false
		}
		s, err := strconv.Unquote(v.Value)
		if err != nil {
			return "", 0, false
		}
		return s, v.Pos(), true
	}
	return "", 0, false
}
