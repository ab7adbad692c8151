package toolcall

import "testing"

// TestParamBytes: a name given as bytes finds what the same name as a
// string finds, and nothing for an unknown one.
func TestParamBytes(t *testing.T) {
	tool := &Tool{Name: "read_file", Params: []Param{{Name: "path"}, {Name: "start_line"}}}
	for _, name := range []string{"path", "start_line", "pat", "missing", ""} {
		if got, want := tool.ParamBytes([]byte(name)), tool.Param(name); got != want {
			t.Errorf("%q: ParamBytes %v, Param %v", name, got, want)
		}
	}
	if tool.ParamBytes([]byte("start_line")) != &tool.Params[1] {
		t.Error("start_line not found")
	}
	if a := testing.AllocsPerRun(100, func() { tool.ParamBytes([]byte("start_line")) }); a != 0 {
		t.Errorf("ParamBytes allocates %v times", a)
	}
}
