package benchmarks

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/textparse"
	"github.com/tooleval/tooleval/toolcall"
)

// xmlPlain is model prose (a '<' now and then), size bytes.
func xmlPlain(size int) []byte {
	para := "The parser reads the message once, from the first byte to the last, and hands back text as soon as " +
		"it is sure the bytes cannot start a tag. When n < 2 the loop never runs, which is why the early return " +
		"is safe. 日本語のテキストも含みます. The rest of the paragraph explains the trade-offs in plain words, " +
		"without any markup at all, the way most answers are written.\n\n"
	return repeatTo(para, size)
}

// xmlMarkup is text dense with markup that is not protocol tags: a '<'
// every 24 bytes on average.
func xmlMarkup(size int) []byte {
	para := "The function returns early when n < 2, so the loop never runs; see <code>fib</code> and " +
		"the <b>notes</b> below. 日本語のテキストも含みます. Edge cases: a<b, x <= y, 3 > 2, and an empty <br/>.\n"
	return repeatTo(para, size)
}

// xmlDense is tool-dense output: short text between many small calls in
// the function_calls dialect (the parser runs in auto mode).
func xmlDense(size int) []byte {
	block := "Reading the next file.\n<function_calls>\n<invoke name=\"read_file\">\n<parameter name=\"path\">src/pkg/file_0042.go</parameter>\n" +
		"<parameter name=\"start_line\">120</parameter>\n</invoke>\n<invoke name=\"grep\">\n<parameter name=\"pattern\">func (p \\*Parser)</parameter>\n" +
		"</invoke>\n</function_calls>\n"
	return repeatTo(block, size)
}

// xmlBigArg is one use_tool call whose JSON argument holds a 1 MiB string.
func xmlBigArg() []byte {
	var b bytes.Buffer
	b.WriteString("Writing the file.\n<use_tool>\n<tool_name>write_file</tool_name>\n<arguments>\n{\"path\": \"big.txt\", \"content\": \"")
	line := `line of content with \"quotes\" and \\ backslashes </arguments> inside\n`
	for b.Len() < 1<<20 {
		b.WriteString(line)
	}
	b.WriteString("\", \"mode\": 420}\n</arguments>\n</use_tool>\n")
	return b.Bytes()
}

func repeatTo(s string, size int) []byte {
	out := []byte(strings.Repeat(s, size/len(s)+1))
	return out[:size]
}

var xmlInputs = []struct {
	name string
	in   []byte
}{
	{"plain", xmlPlain(256 << 10)},
	{"markup", xmlMarkup(256 << 10)},
	{"dense", xmlDense(256 << 10)},
	{"bigarg", xmlBigArg()},
}

// newText builds a text parser for format ("": auto) with the default
// options.
func newText(format textparse.Format) *textparse.Parser {
	p, err := textparse.New(toolcall.ParseOptions{Format: format})
	if err != nil {
		panic(err)
	}
	return p
}

func feedXML(p *textparse.Parser, in []byte, chunk int) int {
	n := 0
	for i := 0; i < len(in); i += chunk {
		n += len(p.Feed(in[i:min(i+chunk, len(in))]))
	}
	return n + len(p.Close())
}

// BenchmarkXMLParse: throughput of textparse (auto dialect) over 256 KiB of
// plain text, 256 KiB of tool-dense output and one 1 MiB argument, at
// chunk sizes 1, 16, 256 and 4096.
func BenchmarkXMLParse(b *testing.B) {
	for _, in := range xmlInputs {
		for _, chunk := range []int{1, 16, 256, 4096} {
			b.Run(fmt.Sprintf("%s/chunk=%d", in.name, chunk), func(b *testing.B) {
				b.SetBytes(int64(len(in.in)))
				b.ReportAllocs()
				for b.Loop() {
					feedXML(newText(""), in.in, chunk)
				}
			})
		}
	}
}

// BenchmarkXMLParseSize: time per byte should stay flat as messages grow
// from 1 KiB to 4 MiB (4096-byte chunks).
func BenchmarkXMLParseSize(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10, 4 << 20} {
		for _, kind := range []string{"plain", "dense"} {
			in := xmlPlain(size)
			if kind == "dense" {
				in = xmlDense(size)
			}
			b.Run(fmt.Sprintf("%s/size=%dKiB", kind, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					feedXML(newText(""), in, 4096)
				}
			})
		}
	}
}

// BenchmarkXMLNaive: the regexp re-scanning baseline on the same inputs.
// It is quadratic in the message size, so it only runs the chunk sizes the
// comparison needs; dense/chunk=16 alone takes about a minute and a half.
func BenchmarkXMLNaive(b *testing.B) {
	for _, in := range xmlInputs {
		for _, chunk := range []int{16, 4096} {
			if chunk == 16 && (in.name == "bigarg" || in.name == "markup") {
				continue // minutes to hours per run; plain and dense make the point
			}
			b.Run(fmt.Sprintf("%s/chunk=%d", in.name, chunk), func(b *testing.B) {
				b.SetBytes(int64(len(in.in)))
				b.ReportAllocs()
				for b.Loop() {
					var n naiveXML
					for i := 0; i < len(in.in); i += chunk {
						n.feed(in.in[i:min(i+chunk, len(in.in))])
					}
				}
			})
		}
	}
}

// TestXMLBenchInputs checks that the benchmark inputs parse as intended and
// that the baseline finds the same calls, so the comparison is fair.
func TestXMLBenchInputs(t *testing.T) {
	dense := xmlDense(16 << 10)
	r := toolcall.Collect("", toolcall.Run(newText(""), dense, 16))
	var n naiveXML
	for i := 0; i < len(dense); i += 4096 {
		n.feed(dense[i:min(i+4096, len(dense))])
	}
	if len(r.Calls) == 0 || len(r.Errors) > 1 {
		t.Fatalf("dense input: %d calls, errors %+v", len(r.Calls), r.Errors)
	}
	var names []string
	for _, c := range r.Calls {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != strings.Join(n.names, ",") {
		t.Fatalf("textparse calls %v\nnaive calls %v", names, n.names)
	}
	big := toolcall.Collect("", toolcall.Run(newText(""), xmlBigArg(), 4096))
	if len(big.Calls) != 1 || len(big.Calls[0].Arguments) < 1<<20 || len(big.Errors) != 0 {
		t.Fatalf("big argument: %d calls, errors %+v", len(big.Calls), big.Errors)
	}
	plain := toolcall.Collect("", toolcall.Run(newText(""), xmlPlain(64<<10), 16))
	if len(plain.Calls) != 0 || len(plain.Text) != 64<<10 {
		t.Fatalf("plain input: %d calls, %d text bytes", len(plain.Calls), len(plain.Text))
	}
}
