package catalog

import (
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// deployTools' deploy is a union told apart by target: a container's
// replicas is an integer and its spec an object; a script's spec is its
// text and replicas a word.
const deployTools = `[{"name": "deploy", "input_schema": {"type": "object", "properties": {"dry_run": {"type": "boolean"}},
 "oneOf": [
  {"properties": {"target": {"const": "container"}, "spec": {"type": "object"}, "replicas": {"type": "integer"}}, "required": ["target", "spec"]},
  {"allOf": [{"properties": {"target": {"enum": ["script"]}, "spec": {"type": "string"}, "replicas": {"type": "string"}}}]},
  {"properties": {"target": {"const": "noop"}}}]}}]`

func TestVariantsOf(t *testing.T) {
	for _, tc := range []struct {
		name, tools, want string // want: DISC VALUE=p:types,… | …; "" for none
	}{
		{"const_and_enum_of_one", deployTools,
			`target "container"=dry_run:boolean,target:string,spec:object,replicas:integer | "script"=dry_run:boolean,target:string,spec:string,replicas:string | "noop"=dry_run:boolean,target:string,spec:string,replicas:string`},
		{"refs_inlined", `[{"name": "t", "input_schema": {"$defs": {"a": {"properties": {"k": {"const": 1}, "v": {"type": "integer"}}}, "b": {"properties": {"k": {"const": 2.0}, "v": {"type": "boolean"}}}}, "anyOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/b"}]}}]`,
			`k 1=k:integer,v:integer | 2=k:number,v:boolean`},
		{"first_fixed_property_decides", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"v": {"type": "string"}, "op": {"const": "a"}, "mode": {"const": "x"}}}, {"properties": {"op": {"const": "b"}, "mode": {"const": "y"}, "v": {"type": "integer"}}}]}}]`,
			`op "a"=v:string,op:string,mode:string | "b"=v:integer,op:string,mode:string`},
		{"same_value_twice", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"const": "a"}, "v": {"type": "string"}}}, {"properties": {"k": {"enum": ["a"]}, "v": {"type": "integer"}}}]}}]`, ""},
		{"an_alternative_lacks_it", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"v": {"type": "integer"}}}]}}]`, ""},
		{"enum_of_two", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"enum": ["a", "b"]}}}, {"properties": {"k": {"const": "c"}}}]}}]`, ""},
		{"both_oneOf_and_anyOf", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"const": "b"}}}], "anyOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"const": "b"}}}]}}]`, ""},
		{"one_alternative", `[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"const": "a"}}}]}}]`, ""},
		{"plain_object", `[{"name": "t", "input_schema": {"type": "object", "properties": {"k": {"const": "a"}}}}]`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Parse([]byte(tc.tools), "tools.json")
			if err != nil {
				t.Fatal(err)
			}
			tool := &cat.Tools()[0]
			var vs []string
			for _, v := range tool.Variants {
				var ps []string
				for _, p := range v.Params {
					ps = append(ps, p.Name+":"+strings.Join(p.Types, "|"))
				}
				vs = append(vs, string(v.Value)+"="+strings.Join(ps, ","))
			}
			got := ""
			if tool.Discriminator != "" {
				got = tool.Discriminator + " " + strings.Join(vs, " | ")
			}
			if got != tc.want {
				t.Errorf("variants\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

func TestParamIn(t *testing.T) {
	cat, err := Parse([]byte(deployTools), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	tool := &cat.Tools()[0]
	for _, tc := range []struct {
		name, param, args, want string // want: the types, or "nil"
	}{
		{"selected_branch", "spec", `{"target": "script", `, "string"},
		{"selected_branch_other", "replicas", `{"dry_run": false, "target": "container", "spec": {"image": "web:2"}, `, "integer"},
		{"undeclared_in_branch_is_string", "spec", `{"target":"noop",`, "string"},
		{"escaped_value_is_the_same", "replicas", `{"target": "scr\u0069pt", `, "string"},
		{"before_the_discriminator_the_union", "spec", `{"dry_run": true, `, "object|string"},
		{"discriminator_cut_short", "spec", `{"target": "scr`, "object|string"},
		{"unknown_value_the_union", "replicas", `{"target": "vm", `, "integer|string"},
		{"nested_key_is_not_the_discriminator", "spec", `{"labels": {"target": "script"}, `, "object|string"},
		{"no_arguments_yet", "spec", ``, "object|string"},
		{"shared_parameter", "dry_run", `{"target": "script", `, "boolean"},
		{"the_discriminator_itself", "target", `{"target": "script", `, "string"},
		{"not_a_parameter", "region", `{"target": "script", `, "nil"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ParamIn(tool, []byte(tc.param), []byte(tc.args))
			got := "nil"
			if p != nil {
				got = strings.Join(p.Types, "|")
			}
			if got != tc.want {
				t.Errorf("ParamIn(%s, %s) types %s, want %s", tc.param, tc.args, got, tc.want)
			}
		})
	}
	// A tool without variants answers as Tool.ParamBytes.
	plain := &toolcall.Tool{Name: "x", Params: []toolcall.Param{{Name: "a", Types: []string{"integer"}}}}
	if p := ParamIn(plain, []byte("a"), []byte(`{"k": 1, `)); p != &plain.Params[0] {
		t.Errorf("ParamIn on a plain tool = %v", p)
	}
}

// TestUndecided: a value waits for the discriminator only where the
// alternatives read it differently and the discriminator is not among the
// arguments yet.
func TestUndecided(t *testing.T) {
	cat, err := Parse([]byte(deployTools), "tools.json")
	if err != nil {
		t.Fatal(err)
	}
	tool := &cat.Tools()[0]
	for _, tc := range []struct {
		name, param, args string
		want              bool
	}{
		{"before_the_discriminator", "spec", `{"dry_run": true, `, true},
		{"no_arguments_yet", "replicas", ``, true},
		{"discriminator_cut_short", "spec", `{"target": "scr`, true},
		{"after_the_discriminator", "spec", `{"target": "script", `, false},
		{"after_an_unknown_value", "spec", `{"target": "vm", `, false},
		{"shared_parameter", "dry_run", ``, false},
		{"the_discriminator_itself", "target", ``, false},
		{"not_a_parameter", "region", ``, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Undecided(tool, []byte(tc.param), []byte(tc.args)); got != tc.want {
				t.Errorf("Undecided(%s, %s) = %v, want %v", tc.param, tc.args, got, tc.want)
			}
		})
	}
	// Alternatives that read a parameter alike never hold it.
	same, err := Parse([]byte(`[{"name": "t", "input_schema": {"oneOf": [{"properties": {"k": {"const": "a"}, "v": {"type": "integer"}}}, {"properties": {"k": {"const": "b"}, "v": {"type": "integer"}}}]}}]`), "t.json")
	if err != nil {
		t.Fatal(err)
	}
	if Undecided(&same.Tools()[0], []byte("v"), nil) {
		t.Error("a parameter every alternative types alike waits")
	}
	if Undecided(nil, []byte("v"), nil) {
		t.Error("no tool: a value waits")
	}
}
