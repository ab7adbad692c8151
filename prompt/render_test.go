package prompt

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooleval/tooleval/catalog"
	"github.com/tooleval/tooleval/internal/golden"
	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

// checkGolden compares got with testdata/golden/name (rewritten with -update).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got, *update)
}

func load(t testing.TB, file string) []toolcall.Tool {
	t.Helper()
	c, err := catalog.LoadFile(filepath.Join("..", "testdata", "catalogs", file))
	if err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select(catalog.Selection{})
	if err != nil {
		t.Fatal(err)
	}
	return sel.Tools()
}

var goldenCatalogs = []string{"filesystem.mcp.json", "maps_zh.mcp.json", "document.json", "schemas.json", "excel.openai.json"}

func TestRenderGolden(t *testing.T) {
	for _, file := range goldenCatalogs {
		tools := load(t, file)
		for _, v := range Variants() {
			t.Run(file+"/"+v, func(t *testing.T) {
				got, err := Render(tools, v, Options{})
				if err != nil {
					t.Fatal(err)
				}
				again, _ := Render(tools, v, Options{})
				if got != again {
					t.Fatal("rendering is not deterministic")
				}
				if !strings.HasSuffix(got, "\n") || strings.HasSuffix(got, "\n\n") {
					t.Errorf("output must end with exactly one newline")
				}
				for _, tool := range tools {
					if !strings.Contains(got, tool.Name) {
						t.Errorf("tool %s missing", tool.Name)
					}
				}
				checkGolden(t, strings.TrimSuffix(file, filepath.Ext(file))+"."+strings.ReplaceAll(v, ":", "_")+".golden", []byte(got))
			})
		}
	}
}

func TestRenderProtocolGolden(t *testing.T) {
	tools := load(t, "git.mcp.json")[:2]
	for _, p := range Protocols() {
		got, err := Render(tools, VariantNames, Options{Protocol: p})
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "protocol."+p+".golden", []byte(got))
	}
}

func TestNativeIsValidJSON(t *testing.T) {
	tools := load(t, "filesystem.mcp.json")
	for _, p := range Providers() {
		out, err := Native(tools, p)
		if err != nil {
			t.Fatal(err)
		}
		var v []map[string]json.RawMessage
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		want := len(tools)
		if p == ProviderGemini {
			var decls []any
			json.Unmarshal(v[0]["functionDeclarations"], &decls)
			if len(v) != 1 || len(decls) != want {
				t.Errorf("gemini: %d tools, %d declarations", len(v), len(decls))
			}
			continue
		}
		if len(v) != want {
			t.Errorf("%s: %d tools, want %d", p, len(v), want)
		}
	}
	// The json variant is one valid JSON array too.
	js, _ := Render(tools, VariantJSON, Options{})
	var arr []jsonTool
	if err := json.Unmarshal([]byte(js), &arr); err != nil || len(arr) != len(tools) {
		t.Errorf("json variant: %v, %d tools", err, len(arr))
	}
}

func TestRenderErrors(t *testing.T) {
	tools := load(t, "git.mcp.json")
	cases := []struct {
		variant string
		opts    Options
		want    string
	}{
		{"fancy", Options{}, "unknown variant"},
		{"names:x", Options{}, "takes no suffix"},
		{"native:cohere", Options{}, "unknown native provider"},
		{"native", Options{Protocol: ProtocolUseTool}, "no protocol section"},
		{"names", Options{Protocol: "hermes"}, "unknown protocol"},
	}
	for _, c := range cases {
		if _, err := Render(tools, c.variant, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: err %v, want %q", c.variant, c.opts, err, c.want)
		}
	}
	if out, err := Render(tools, VariantNative, Options{Provider: ProviderAnthropic}); err != nil || !strings.Contains(out, `"input_schema"`) {
		t.Errorf("Options.Provider not used: %v", err)
	}
}

func TestRenderEmpty(t *testing.T) {
	for _, v := range Variants() {
		out, err := Render(nil, v, Options{})
		if err != nil || out == "" {
			t.Errorf("%s: %q %v", v, out, err)
		}
	}
}

// TestParamsDerived: tools built by hand without Params render the same as
// tools from a catalog.
func TestParamsDerived(t *testing.T) {
	tools := load(t, "git.mcp.json")
	bare := make([]toolcall.Tool, len(tools))
	for i, tl := range tools {
		bare[i] = toolcall.Tool{Name: tl.Name, Description: tl.Description, Parameters: tl.Parameters, Annotations: tl.Annotations, Source: tl.Source}
	}
	for _, v := range TextVariants() {
		a, _ := Render(tools, v, Options{})
		b, _ := Render(bare, v, Options{})
		if a != b {
			t.Errorf("%s differs without Params", v)
		}
	}
}

func TestRetrievedBudget(t *testing.T) {
	long := strings.Repeat("Detail sentence about edge cases. ", 40)
	tool := toolcall.Tool{
		Name:        "create_invoice",
		Description: "Create a draft invoice for a customer.",
		Details:     long,
		Returns:     "The draft invoice with its id, totals and a hosted URL for the customer to pay.",
		Source:      "billing-api v3",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"customer_id":{"type":"string"},"currency":{"type":"string","enum":["eur","usd","gbp","chf","jpy","cny"]},"memo":{"type":"string","maxLength":500},"due_days":{"type":"integer","minimum":1,"maximum":365,"default":30}},"required":["customer_id"]}`),
	}
	entry := func(budget int) string {
		out, err := Render([]toolcall.Tool{tool}, VariantRetrieved, Options{Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		_, e, _ := strings.Cut(out, "\n\nTool: ")
		return "Tool: " + e
	}
	full := entry(-1)
	if !strings.Contains(full, long[:100]) || utf8.RuneCountInString(full) < 1500 {
		t.Fatalf("unlimited entry lost details: %d runes", utf8.RuneCountInString(full))
	}
	def := entry(0)
	if n := utf8.RuneCountInString(def); n > DefaultBudget {
		t.Errorf("default budget: %d runes > %d\n%s", n, DefaultBudget, def)
	}
	// Details are trimmed first: returns, constraints and source survive.
	for _, want := range []string{"Returns: The draft invoice", "Constraints: currency one of", "Source: billing-api v3", "KeyParams: customer_id: string, currency?: string", "…"} {
		if !strings.Contains(def, want) {
			t.Errorf("default budget lost %q:\n%s", want, def)
		}
	}
	for _, budget := range []int{400, 250, 150, 100} {
		e := entry(budget)
		if n := utf8.RuneCountInString(e); n > budget {
			t.Errorf("budget %d: %d runes\n%s", budget, n, e)
		}
		for _, must := range []string{"Tool: create_invoice", "Required: customer_id", "customer_id: string"} {
			if !strings.Contains(e, must) {
				t.Errorf("budget %d lost %q", budget, must)
			}
		}
	}
	// Chinese text is budgeted in characters, not bytes.
	zh := load(t, "maps_zh.mcp.json")
	out, _ := Render(zh, VariantRetrieved, Options{Budget: 120})
	for _, block := range strings.Split(out, "\n\n")[1:] {
		if n := utf8.RuneCountInString(block + "\n"); n > 120 {
			t.Errorf("zh block %d runes > 120:\n%s", n, block)
		}
	}
}

// TestProtocolExamples checks each example call against the dialect's
// grammar (issue 2) and the declared example arguments.
func TestProtocolExamples(t *testing.T) {
	var want map[string]any
	if err := json.Unmarshal([]byte(ExampleArguments), &want); err != nil {
		t.Fatal(err)
	}
	extract := map[string]func(string) (string, map[string]any){
		ProtocolUseTool: func(s string) (string, map[string]any) {
			m := regexp.MustCompile(`(?s)^<use_tool>\n<tool_name>(\w+)</tool_name>\n<arguments>(.*)</arguments>\n</use_tool>\n$`).FindStringSubmatch(s)
			if m == nil {
				return "", nil
			}
			var args map[string]any
			json.Unmarshal([]byte(m[2]), &args)
			return m[1], args
		},
		ProtocolToolCall: func(s string) (string, map[string]any) {
			m := regexp.MustCompile(`(?s)^<tool_call>\n(.*)\n</tool_call>\n$`).FindStringSubmatch(s)
			if m == nil {
				return "", nil
			}
			var call struct {
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			}
			json.Unmarshal([]byte(m[1]), &call)
			return call.Name, call.Arguments
		},
		ProtocolFunctionCalls: func(s string) (string, map[string]any) {
			m := regexp.MustCompile(`(?s)^<function_calls>\n<invoke name="(\w+)">\n(.*)</invoke>\n</function_calls>\n$`).FindStringSubmatch(s)
			if m == nil {
				return "", nil
			}
			args := map[string]any{}
			for _, p := range regexp.MustCompile(`<parameter name="(\w+)">([^<]*)</parameter>\n`).FindAllStringSubmatch(m[2], -1) {
				args[p[1]] = p[2]
			}
			return m[1], args
		},
		ProtocolQwen3Coder: func(s string) (string, map[string]any) {
			m := regexp.MustCompile(`(?s)^<tool_call>\n<function=(\w+)>\n(.*)</function>\n</tool_call>\n$`).FindStringSubmatch(s)
			if m == nil {
				return "", nil
			}
			args := map[string]any{}
			// One newline after the opening tag and before the closing
			// tag belong to the markup.
			for _, p := range regexp.MustCompile(`<parameter=(\w+)>\n([^<]*)\n</parameter>\n`).FindAllStringSubmatch(m[2], -1) {
				args[p[1]] = p[2]
			}
			return m[1], args
		},
	}
	for _, p := range Protocols() {
		ex, err := ExampleCall(p)
		if err != nil {
			t.Fatal(err)
		}
		section, _ := Protocol(p)
		if !strings.Contains(section, ex) {
			t.Errorf("%s: section does not show its example call", p)
		}
		name, args := extract[p](ex)
		if name != ExampleTool {
			t.Errorf("%s: example names %q, want %q:\n%s", p, name, ExampleTool, ex)
		}
		if len(args) != len(want) || args["city"] != want["city"] || args["unit"] != want["unit"] {
			t.Errorf("%s: example arguments %v, want %v", p, args, want)
		}
	}
	if _, err := Protocol("nope"); err == nil {
		t.Error("want an error for an unknown protocol")
	}
}

// TestNativeCustomTool: a custom tool goes to the OpenAI APIs as a custom
// tool with its format (Responses flat, Chat Completions under "custom");
// the other providers, which have none, get it as a function of one
// string argument, toolcall.CustomInput.
func TestNativeCustomTool(t *testing.T) {
	tools := []toolcall.Tool{{Name: "apply_patch", Description: "Apply a patch.", Custom: true,
		CustomFormat: json.RawMessage(`{"type":"grammar","syntax":"lark","definition":"start: /.+/"}`),
		Parameters:   json.RawMessage(`{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}`)}}
	want := map[string]string{
		ProviderOpenAIResponses: `[{"type":"custom","name":"apply_patch","description":"Apply a patch.","format":{"type":"grammar","syntax":"lark","definition":"start: /.+/"}}]`,
		ProviderOpenAIChat:      `[{"type":"custom","custom":{"name":"apply_patch","description":"Apply a patch.","format":{"type":"grammar","syntax":"lark","definition":"start: /.+/"}}}]`,
		ProviderAnthropic:       `[{"name":"apply_patch","description":"Apply a patch.","input_schema":{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}}]`,
	}
	for p, w := range want {
		got, err := NativeCompact(tools, p)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != w {
			t.Errorf("%s:\n got %s\nwant %s", p, got, w)
		}
	}
}

// TestNativeBuiltinTool: a built-in tool's declaration goes as given to its
// own provider (Anthropic's versioned types to anthropic, OpenAI's to the
// Responses API), and as a function of its name to the others.
func TestNativeBuiltinTool(t *testing.T) {
	bash := toolcall.Tool{Name: "bash", Builtin: json.RawMessage(`{"type":"bash_20250124","name":"bash"}`), Parameters: json.RawMessage(`{"type":"object","additionalProperties":true}`)}
	shell := toolcall.Tool{Name: "shell", Builtin: json.RawMessage(`{"type":"shell"}`), Parameters: json.RawMessage(`{"type":"object","additionalProperties":true}`)}
	for _, tc := range []struct {
		tool     toolcall.Tool
		provider string
		want     string
	}{
		{bash, ProviderAnthropic, `[{"type":"bash_20250124","name":"bash"}]`},
		{bash, ProviderOpenAIResponses, `[{"type":"function","name":"bash","parameters":{"type":"object","additionalProperties":true}}]`},
		{shell, ProviderOpenAIResponses, `[{"type":"shell"}]`},
		{shell, ProviderAnthropic, `[{"name":"shell","input_schema":{"type":"object","additionalProperties":true}}]`},
	} {
		got, err := NativeCompact([]toolcall.Tool{tc.tool}, tc.provider)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("%s to %s:\n got %s\nwant %s", tc.tool.Name, tc.provider, got, tc.want)
		}
	}
}
