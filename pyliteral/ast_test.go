package pyliteral

import (
	"encoding/json"
	"strings"
	"testing"
)

// astCases are what Python's ast.parse(mode="eval") accepts or rejects,
// with the values the leaderboard's decoder resolves them to.
var astCases = []callCase{
	{"bare name as value", `[f(params=params)]`, `f{"params":"params"}`},
	{"lowercase false is a name", `[f(a=false, b=null)]`, `f{"a":"false","b":"null"}`},
	{"positional arguments dropped", `[f(1, 'x', a=2)]`, `f{"a":2}`},
	{"repeated keyword keeps the last", `[f(a=1, b=2, a=3)]`, `f{"a":3,"b":2}`},
	{"from is a keyword", `[integral(value="x^3", from=1, to=5)]`, `error:keyword`},
	{"positional after keyword", `[f(a=1, 2)]`, `error:positional argument follows keyword argument`},
	{"call without keywords is its source", `[f(a=g(1, 'x', 2.50))]`, `f{"a":"g(1, 'x', 2.5)"}`},
	{"call with keywords is a dict", `[f(a=g(x=1))]`, `f{"a":{"g":{"x":1}}}`},
	{"method call source", `[f(d=datetime.now())]`, `f{"d":"datetime.now()"}`},
	{"arithmetic evaluated", `[f(a=2*3, b=1/2, c=2**10, d=7//2, e=-7%3, s="a"+"b")]`, `f{"a":6,"b":0.5,"c":1024,"d":3,"e":2,"s":"ab"}`},
	{"unary plus negates", `[f(a=+5, b=-5.5, c=not True)]`, `f{"a":-5,"b":-5.5,"c":-1}`},
	{"negated name is unsupported", `[f(a=-x)]`, `error:unsupported`},
	{"tuple is an array", `[f(p=(1, 2), q=(3,), r=())]`, `f{"p":[1,2],"q":[3],"r":[]}`},
	{"subscript is its source", `[f(a=x[0], b=m["k"])]`, `f{"a":"x[0]","b":"m['k']"}`},
	{"attribute unsupported", `[f(a=math.pi)]`, `error:unsupported`},
	{"set unsupported", `[f(a={1, 2})]`, `error:unsupported`},
	{"f-string unsupported", `[f(a=f"x{y}")]`, `error:unsupported`},
	{"conditional unsupported", `[f(a=1 if b else 2)]`, `error:unsupported`},
	{"comparison as positional", `[f(a==1)]`, `f{}`},
	{"implicit concatenation", `[f(a='x' "y")]`, `f{"a":"xy"}`},
	{"comment and newlines", "[f(\n  a=1,  # first\n  b=[1, 2,],\n)]", `f{"a":1,"b":[1,2]}`},
	{"dotted name", `[a.b.c(x=1)]`, `a.b.c{"x":1}`},
	{"tuple of calls", `f(a=1), g(b=2)`, `f{"a":1};g{"b":2}`},
	{"single call", `f(a=1)`, `f{"a":1}`},
	{"subscripted list", `[f(a=1)][g()]`, `error:not a call`},
	{"nested list", `[[f()]]`, `error:not a call`},
	{"keyword unpacking", `[f(**k)]`, `error:**arguments`},
	{"numbers", `[f(a=0x1F, b=1_000, c=5., d=.5, e=1e3, g=0)]`, `f{"a":31,"b":1000,"c":5.0,"d":0.5,"e":1000.0,"g":0}`},
	{"leading zero", `[f(a=07)]`, `error:leading zeros`},
	{"ellipsis", `[f(a=...)]`, `f{"a":"..."}`},
	{"bytes", `[f(a=b'x\n')]`, `f{"a":"b'x\\n'"}`},
	{"dict with non-string keys", `[f(d={1: 'a', 'k': None})]`, `f{"d":{"1":"a","k":null}}`},
	{"escapes", `[f(s='a\tb\u00e9\x41\101')]`, `f{"s":"a\tbéAA"}`},
	{"raw string", `[f(s=r'\d+')]`, `f{"s":"\\d+"}`},
	{"triple quoted", "[f(s='''a\nb''')]", `f{"s":"a\nb"}`},
	{"unterminated", `[f(a='x)]`, `error:unterminated`},
	{"newline in string", "[f(a='x\ny')]", `error:unterminated`},
	{"trailing garbage", `[f()] x`, `error:unexpected`},
	{"two lists", "[f()]\n[g()]", `error:unexpected`},
	{"lambda unsupported", `[f(a=lambda: 1)]`, `error:unsupported`},
	{"starred in list unsupported", `[f(a=[1, *b])]`, `error:unsupported`},
	{"mixed bytes and str", `[f(a=b'x' 'y')]`, `error:mix bytes`},
	{"empty list", `[]`, ``},
	{"unicode identifiers", `[café(naïve=1)]`, `café{"naïve":1}`},
	{"deep nesting bounded", strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), `error:nested too deeply`},
}

func TestParseCallsAST(t *testing.T) {
	runCallCases(t, astCases, func(src string) ([]Call, error) { return ParseCallsOptions(src, Options{AST: true}) })
}

// The strict reader keeps today's behaviour for the same inputs.
func TestParseCallsStrictUnchanged(t *testing.T) {
	for _, in := range []string{`[f(params=params)]`, `[f(1, a=2)]`, `[f(a=1, a=2)]`, `[f(a=g(1))]`} {
		if _, err := ParseCallsOptions(in, Options{}); err == nil {
			t.Errorf("%s: the strict reader accepted it", in)
		}
	}
}

func TestPyFloatRepr(t *testing.T) {
	for f, want := range map[float64]string{1: "1.0", 0.1: "0.1", 1e16: "1e+16", 1e15: "1000000000000000.0", 1e-5: "1e-05", 0.0001: "0.0001", 2.5e-7: "2.5e-07", -3.25: "-3.25"} {
		if got := pyFloatRepr(f); got != want {
			t.Errorf("pyFloatRepr(%g) = %s, want %s", f, got, want)
		}
	}
}

func FuzzParseCallsAST(f *testing.F) {
	for _, tc := range astCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		calls, err := ParseCallsOptions(in, Options{AST: true})
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("err is %T", err)
			}
			return
		}
		for _, c := range calls {
			var obj map[string]any
			if err := json.Unmarshal(c.Arguments, &obj); err != nil {
				t.Fatalf("arguments %q of %q: %v", c.Arguments, in, err)
			}
		}
	})
}

func TestTupleKey(t *testing.T) {
	calls, err := ParseCallsOptions(`[f(a=(1, (2,)), b=[()], c=(1,)+(2,))]`, Options{AST: true, TupleKey: "__tuple__"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":{"__tuple__":[1,{"__tuple__":[2]}]},"b":[{"__tuple__":[]}],"c":{"__tuple__":[1,2]}}`
	if string(calls[0].Arguments) != want {
		t.Errorf("got  %s\nwant %s", calls[0].Arguments, want)
	}
}
