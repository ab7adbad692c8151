package catalog

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"*.json*", "broken/*.json*"} {
		files, _ := filepath.Glob(filepath.Join(catalogDir, pattern))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
	f.Add([]byte(deployTools)) // a discriminated union (variants.go)
	// Built-in and custom tools (builtinName, customSchema).
	f.Add([]byte(`[{"type":"bash_20250124","name":"bash"},{"type":"shell"},{"type":"computer_use_preview","display_width":1024},{"type":"custom","name":"apply_patch","format":{"type":"grammar","syntax":"lark","definition":"start: /.+/"}},{"type":"web_search"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data, "fuzz.json")
		if err != nil {
			var le *toolcall.FileError
			if !errors.As(err, &le) || le.File != "fuzz.json" {
				t.Fatalf("error %T %v is not a *toolcall.FileError naming the file", err, err)
			}
			return
		}
		for _, tool := range c.Tools() {
			if got, ok := c.Lookup(tool.Name); !ok || got.Name != tool.Name {
				t.Fatalf("Lookup(%q) failed", tool.Name)
			}
			if _, err := ParamsOf(tool.Parameters); err != nil {
				t.Fatalf("tool %q: normalised schema does not parse: %v", tool.Name, err)
			}
			for _, v := range tool.Variants {
				if len(v.Params) != len(tool.Params) {
					t.Fatalf("tool %q: variant %s has %d params, the tool %d", tool.Name, v.Value, len(v.Params), len(tool.Params))
				}
				args := `{"` + tool.Discriminator + `": ` + string(v.Value) + `, `
				for _, p := range tool.Params {
					if ParamIn(&tool, []byte(p.Name), []byte(args)) == nil {
						t.Fatalf("tool %q: ParamIn(%q) is nil", tool.Name, p.Name)
					}
				}
			}
		}
		if _, err := c.Select(Selection{MCPNames: true, SanitizeNames: true}); err != nil {
			t.Fatal(err)
		}
	})
}
