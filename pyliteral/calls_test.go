package pyliteral

import (
	"encoding/json"
	"strings"
	"testing"
)

// callCase is an input and the calls it reads to: name{args};name{args},
// or "error:<substring>" for a *SyntaxError.
type callCase struct {
	name, in string
	want     string
}

var pyCallCases = []callCase{
	{"octal escape", `[f(s='\101\0')]`, `f{"s":"A\u0000"}`},
	{"single in brackets", `[get_weather(city='Paris', days=3)]`, `get_weather{"city":"Paris","days":3}`},
	{"bare call", `get_weather(city="Paris")`, `get_weather{"city":"Paris"}`},
	{"dotted name", `[math.factorial(n=5)]`, `math.factorial{"n":5}`},
	{"parallel", `[a(x=1), b(y=2.5)]`, `a{"x":1};b{"y":2.5}`},
	{"bare parallel", `a(x=1), b()`, `a{"x":1};b{}`},
	{"no args", `[now()]`, `now{}`},
	{"empty list", `[]`, ``},
	{"trailing commas", `[f(a=1,),]`, `f{"a":1}`},
	{"literals", `[f(a=True, b=False, c=None)]`, `f{"a":true,"b":false,"c":null}`},
	{"floats", `[f(a=1., b=.5, c=-2e3, d=1_000, e=+4)]`, `f{"a":1.0,"b":0.5,"c":-2000.0,"d":1000,"e":4}`},
	{"hex int", `[f(a=0x1F)]`, `f{"a":31}`},
	{"big int", `[f(a=123456789012345678901234567890)]`, `f{"a":123456789012345678901234567890}`},
	{"tuple and list", `[f(p=(1, 2), q=[3, [4]], r=())]`, `f{"p":[1,2],"q":[3,[4]],"r":[]}`},
	{"dict", `[f(d={'k': 'v', 1: [True]})]`, `f{"d":{"k":"v","1":[true]}}`},
	{"escapes", `[f(s='it\'s\n\u00e9\x41 "q"')]`, `f{"s":"it's\néA \"q\""}`},
	{"unknown escape kept", `[f(s='C:\data')]`, `f{"s":"C:\\data"}`},
	{"raw string", `[f(s=r'\d+')]`, `f{"s":"\\d+"}`},
	{"triple quoted", "[f(s='''a\nb''')]", `f{"s":"a\nb"}`},
	{"unicode", `[plan_route(origin='北京南站')]`, `plan_route{"origin":"北京南站"}`},
	{"html stays", `[f(s='<b>&</b>')]`, `f{"s":"<b>&</b>"}`},
	{"code fence", "```python\n[f(a=1)]\n```", `f{"a":1}`},
	{"whitespace", " \n [ f ( a = 1 ) ] \n", `f{"a":1}`},
	{"positional", `[f(1, a=2)]`, `error:positional argument`},
	{"nested call", `[f(a=g(1))]`, `error:not a literal`},
	{"repeated kw", `[f(a=1, a=2)]`, `error:repeated`},
	{"unterminated string", `[f(a='x)]`, `error:unterminated string`},
	{"missing paren", `[f(a=1]`, `error:expected ','`},
	{"prose", `I cannot help with that.`, `error:expected '('`},
	{"empty", ``, `error:no call`},
	{"trailing junk", `[f(a=1)] and more`, `error:after the calls`},
	{"inf", `[f(a=inf)]`, `error:no JSON form`},
	{"comparison", `[f(a==1)]`, `error:positional`},
	{"leading zero", `[f(a=080)]`, `error:leading zeros`},
	{"infinity", `[f(a=-infinity)]`, `error:bad number`},
	{"overflow float", `[f(a=1e999)]`, `error:bad number`},
	{"nan", `[f(a=nan)]`, `error:no JSON form`},
	{"adjacent strings", `[f(s='a' "b" r'\d')]`, `f{"s":"ab\\d"}`},
	{"set", `[f(s={1, 2})]`, `error:a set has no JSON form`},
	{"depth 64", `[f(a=` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `)]`, `f{"a":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `}`},
	{"too deep", `[f(a=` + strings.Repeat("[", 65) + strings.Repeat("]", 65) + `)]`, `error:nested deeper than 64`},
	{"unterminated at the end", `[f(a='x`, `error:unterminated string`},
	{"value error offset", `[f(a=1, b=zz)]`, `error:offset 10: name "zz" is not a literal`},
}

func TestParsePyCalls(t *testing.T) { runCallCases(t, pyCallCases, ParseCalls) }

// runCallCases checks each case against parse.
func runCallCases(t *testing.T, cases []callCase, parse func(string) ([]Call, error)) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			calls, err := parse(tc.in)
			if msg, isErr := strings.CutPrefix(tc.want, "error:"); isErr {
				if err == nil || !strings.Contains(err.Error(), msg) {
					t.Fatalf("err = %v, want %q (calls %v)", err, msg, calls)
				}
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("err is %T, want *SyntaxError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, c := range calls {
				if !json.Valid(c.Arguments) {
					t.Fatalf("invalid JSON %s", c.Arguments)
				}
				parts = append(parts, c.Name+string(c.Arguments))
			}
			if got := strings.Join(parts, ";"); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func FuzzParsePyCalls(f *testing.F) {
	for _, tc := range pyCallCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		calls, err := ParseCalls(in)
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
