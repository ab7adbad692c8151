package retrieval_test

import (
	"fmt"

	"github.com/tooleval/tooleval/retrieval"
	"github.com/tooleval/tooleval/toolcall"
)

func Example() {
	tools := []toolcall.Tool{
		{Name: "Read", Description: "Read a file from the local filesystem."},
		{Name: "ApplyPatch", Description: "Apply a patch to add, update or delete files."},
		{Name: "Grep", Description: "Search file contents with a regular expression."},
		{Name: "TodoWrite", Description: "Track the steps of the current task."},
	}
	ix, err := retrieval.New(tools)
	if err != nil {
		panic(err)
	}
	defer ix.Close()
	hits, err := ix.Search("ApplyPatch: how do I update two files?", 1, "Read")
	if err != nil {
		panic(err)
	}
	for _, h := range hits {
		fmt.Println(h.Name, h.Always)
	}
	// Output:
	// Read true
	// ApplyPatch false
}

func ExampleAnalyzer_Terms() {
	a, _ := retrieval.NewAnalyzer(retrieval.AnalyzerConfig{CJK: retrieval.CJKBigram}, nil)
	fmt.Printf("%q\n", a.Terms("用 ApplyPatch 写 docs/xpath/"))
	// Output:
	// ["用" "applypatch" "apply" "patch" "写" "docs/xpath" "docs" "doc" "xpath"]
}

func ExampleIndex_Explain() {
	ix, _ := retrieval.New([]toolcall.Tool{
		{Name: "read_file", Description: "Read a file."},
		{Name: "list_directory", Description: "List a directory."},
	})
	defer ix.Close()
	e, _ := ix.Explain("read_file please", "read_file")
	for _, f := range e.Fields {
		fmt.Print(f.Field, ":")
		for _, t := range f.Terms {
			fmt.Printf(" %q", t.Term)
		}
		fmt.Println()
	}
	// Output:
	// name: "read_file"
	// name_words: "read_file" "read" "file" "read file"
	// description: "read" "file" "read file"
}
