package atomicfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tooleval/tooleval/internal/atomicfile"
)

// A config and its chart are written together: both or neither.
func ExampleSet() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	var set atomicfile.Set
	defer set.Abort() // a no-op once committed
	cfg, _ := set.Add(filepath.Join(dir, "config.json"), 0o644)
	fmt.Fprintln(cfg, `{"k": 5}`)
	svg, _ := set.Add(filepath.Join(dir, "chart.svg"), 0o644)
	fmt.Fprintln(svg, `<svg/>`)
	if err := set.Commit(); err != nil {
		fmt.Println(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "config.json"))
	fmt.Print(string(b))
	// Output: {"k": 5}
}
