package replay

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/prompt"
)

// Counting a text segment by segment gives exactly the count of the whole
// text, in both encodings: for every rendering of the test catalogs and
// for random texts made of the characters that matter to the
// pre-tokenizers (newlines, carriage returns, spaces, Unicode spaces,
// slashes, punctuation, letters, digits).
func TestSegmentsCountExactly(t *testing.T) {
	var texts []string
	files, _ := filepath.Glob("../testdata/catalogs/*.json")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cat, err := catalog.Parse(data, f)
		if err != nil {
			continue
		}
		for _, v := range prompt.Variants() {
			text, err := prompt.Render(cat.Tools(), v, prompt.Options{})
			if err == nil {
				texts = append(texts, text)
			}
		}
	}
	if len(texts) < 10 {
		t.Fatalf("only %d renderings", len(texts))
	}
	alphabet := []string{"a", "Z", "é", "中", "1", "23", " ", "  ", "\n", "\r\n", "\n\n", "\t", "\u00a0", "\u2028", "/", "//", "}", "{", ".", "'s", "<", ">", "\"", ",", "-", "_"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400; i++ {
		var b strings.Builder
		for j := rng.IntN(60); j >= 0; j-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, enc := range prompt.Encodings() {
		for _, text := range texts {
			want, err := prompt.CountTokens(text, enc)
			if err != nil {
				t.Fatal(err)
			}
			got := 0
			for seg := range segments(text) {
				n, _ := prompt.CountTokens(seg, enc)
				got += n
			}
			if got != want {
				t.Fatalf("%s: segments count %d, the whole %d: %q", enc, got, want, text)
			}
		}
	}
}
