package metrics

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// TrajectoryMode says how a model's calls must line up with the expected
// ones.
type TrajectoryMode string

// The trajectory modes. Strict is the default.
const (
	// Strict: every step's calls match that step's expected calls (the
	// calls within one step in any order, as parallel calls).
	Strict TrajectoryMode = "strict"
	// Unordered: all the calls of all steps, pooled, are the expected
	// calls of all steps, in any order and at any step.
	Unordered TrajectoryMode = "unordered"
	// Subset: every call made matches a distinct expected call; expected
	// calls may be left out.
	Subset TrajectoryMode = "subset"
	// Superset: every expected call is matched by a distinct call made;
	// extra calls are allowed.
	Superset TrajectoryMode = "superset"
)

// ArgMode says how a call's arguments are compared with the expected
// ones.
type ArgMode string

// The argument modes. ArgsExact is the default.
const (
	// ArgsExact: the leaderboard's rules — every parameter of the call is
	// in the expected answer with an allowed value, every needed one is
	// given, objects and arrays compare whole.
	ArgsExact ArgMode = "exact"
	// ArgsIgnore: not compared at all (for a tool: only its name counts;
	// for a parameter: it may be given any value or left out).
	ArgsIgnore ArgMode = "ignore"
	// ArgsSubset: the expected keys must be given and match; extra keys
	// are allowed, at the top level and inside object values, and an
	// expected array's elements must each be among the given ones (any
	// order, extra elements allowed).
	ArgsSubset ArgMode = "subset"
)

// StringMode says how two strings compare.
type StringMode string

// The string modes. StringsStandardize is the default.
const (
	// StringsStandardize: equal after Standardize (the leaderboard's
	// normalisation: case, spaces and , . / - _ * ^ ignored).
	StringsStandardize StringMode = "standardize"
	// StringsExact: equal byte for byte (case-sensitive).
	StringsExact StringMode = "exact"
)

// TrajectoryModes, ArgModes and StringModes list the modes, default
// first: the one list the suite schema and the README are checked against.
var (
	TrajectoryModes = []TrajectoryMode{Strict, Unordered, Subset, Superset}
	ArgModes        = []ArgMode{ArgsExact, ArgsIgnore, ArgsSubset}
	StringModes     = []StringMode{StringsStandardize, StringsExact}
)

// Match is the call checker's options: how strictly calls are judged. The
// zero value (and a nil *Match) is tooleval's default — strict, exact,
// standardised strings. A tool's settings override the top-level ones for
// its calls; a parameter's override its tool's.
type Match struct {
	Trajectory TrajectoryMode       `json:"trajectory,omitempty"`
	Args       ArgMode              `json:"args,omitempty"`
	Strings    StringMode           `json:"strings,omitempty"`
	Tools      map[string]ToolMatch `json:"tools,omitempty"`
}

// ToolMatch is the argument settings of one tool's calls.
type ToolMatch struct {
	Args    ArgMode               `json:"args,omitempty"`
	Strings StringMode            `json:"strings,omitempty"`
	Params  map[string]ParamMatch `json:"params,omitempty"`
}

// ParamMatch is the settings of one parameter.
type ParamMatch struct {
	Args    ArgMode    `json:"args,omitempty"`
	Strings StringMode `json:"strings,omitempty"`
}

// Mode returns the trajectory mode (Strict when unset).
func (m *Match) Mode() TrajectoryMode {
	if m == nil || m.Trajectory == "" {
		return Strict
	}
	return m.Trajectory
}

// Default reports whether m judges as the zero Match does.
func (m *Match) Default() bool {
	return m == nil || m.Mode() == Strict && orArgs(m.Args) == ArgsExact && orStrings(m.Strings) == StringsStandardize && len(m.Tools) == 0
}

// Over returns m with the settings over sets laid over it: a set mode
// replaces m's, a tool's settings are laid over m's for that tool, a
// parameter's over the tool's. Neither input is modified; nil is no
// settings.
func (m *Match) Over(over *Match) *Match {
	switch {
	case over == nil:
		return m
	case m == nil:
		return over
	}
	out := *m
	out.Trajectory = or(over.Trajectory, m.Trajectory)
	out.Args = or(over.Args, m.Args)
	out.Strings = or(over.Strings, m.Strings)
	if len(over.Tools) > 0 {
		out.Tools = make(map[string]ToolMatch, len(m.Tools)+len(over.Tools))
		for k, v := range m.Tools {
			out.Tools[k] = v
		}
		for k, o := range over.Tools {
			t := out.Tools[k]
			t.Args, t.Strings = or(o.Args, t.Args), or(o.Strings, t.Strings)
			if len(o.Params) > 0 {
				ps := make(map[string]ParamMatch, len(t.Params)+len(o.Params))
				for pk, pv := range t.Params {
					ps[pk] = pv
				}
				for pk, pv := range o.Params {
					p := ps[pk]
					p.Args, p.Strings = or(pv.Args, p.Args), or(pv.Strings, p.Strings)
					ps[pk] = p
				}
				t.Params = ps
			}
			out.Tools[k] = t
		}
	}
	return &out
}

func or[T ~string](a, b T) T {
	if a != "" {
		return a
	}
	return b
}

func orArgs(a ArgMode) ArgMode          { return or(a, ArgsExact) }
func orStrings(s StringMode) StringMode { return or(s, StringsStandardize) }

// toolArgs is the argument mode of a tool's calls as a whole.
func (m *Match) toolArgs(tool string) ArgMode {
	if m == nil {
		return ArgsExact
	}
	return orArgs(or(m.Tools[tool].Args, m.Args))
}

// rule is how one parameter's value is compared.
func (m *Match) rule(tool, param string) valueRule {
	if m == nil {
		return valueRule{}
	}
	t := m.Tools[tool]
	p := t.Params[param]
	return valueRule{
		args:    orArgs(or(p.Args, or(t.Args, m.Args))),
		strings: orStrings(or(p.Strings, or(t.Strings, m.Strings))),
	}
}

// Problems lists what is wrong with m's settings, each as a field path
// (relative to the match object) and a message; tool and parameter names
// are listed sorted.
func (m *Match) Problems() [][2]string {
	if m == nil {
		return nil
	}
	var out [][2]string
	bad := func(field, got string, known []string) {
		out = append(out, [2]string{field, fmt.Sprintf("unknown mode %q (known: %s)", got, strings.Join(known, ", "))})
	}
	check := func(field string, a ArgMode, s StringMode) {
		if a != "" && !slices.Contains(ArgModes, a) {
			bad(field+".args", string(a), names(ArgModes))
		}
		if s != "" && !slices.Contains(StringModes, s) {
			bad(field+".strings", string(s), names(StringModes))
		}
	}
	if m.Trajectory != "" && !slices.Contains(TrajectoryModes, m.Trajectory) {
		bad("trajectory", string(m.Trajectory), names(TrajectoryModes))
	}
	check("", m.Args, m.Strings)
	for _, tn := range sortedKeys(m.Tools) {
		t := m.Tools[tn]
		check("tools."+tn, t.Args, t.Strings)
		for _, pn := range sortedKeys(t.Params) {
			p := t.Params[pn]
			check("tools."+tn+".params."+pn, p.Args, p.Strings)
		}
	}
	for i := range out {
		out[i][0] = strings.TrimPrefix(out[i][0], ".")
	}
	return out
}

// String describes m in one line for reports: the trajectory mode, then
// the argument and string modes that are not the default
// ("subset", "strict; args subset; strings exact; tools: get_weather.date ignore").
func (m *Match) String() string {
	parts := []string{string(m.Mode())}
	if m == nil {
		return parts[0]
	}
	if a := orArgs(m.Args); a != ArgsExact {
		parts = append(parts, "args "+string(a))
	}
	if s := orStrings(m.Strings); s != StringsStandardize {
		parts = append(parts, "strings "+string(s))
	}
	var tools []string
	for _, tn := range sortedKeys(m.Tools) {
		t := m.Tools[tn]
		if d := modeWords(t.Args, t.Strings); d != "" {
			tools = append(tools, tn+" "+d)
		}
		for _, pn := range sortedKeys(t.Params) {
			p := t.Params[pn]
			if d := modeWords(p.Args, p.Strings); d != "" {
				tools = append(tools, tn+"."+pn+" "+d)
			}
		}
	}
	if len(tools) > 0 {
		parts = append(parts, "tools: "+strings.Join(tools, ", "))
	}
	return strings.Join(parts, "; ")
}

func modeWords(a ArgMode, s StringMode) string {
	var w []string
	if a != "" {
		w = append(w, "args "+string(a))
	}
	if s != "" {
		w = append(w, "strings "+string(s))
	}
	return strings.Join(w, " ")
}

func names[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
