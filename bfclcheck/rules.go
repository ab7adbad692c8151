package bfclcheck

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Rules chooses how a case's calls are checked. A nil *Rules (or an empty
// Checker) is tooleval's own checker (CheckCalls); Checker "bfcl" is the
// Berkeley Function Calling Leaderboard's AST checker, verdict for verdict
// (see Check). Suites carry it per case as "checker".
type Rules struct {
	// Checker is "" (tooleval's checker) or "bfcl".
	Checker string `json:"rules"`
	// Category is the leaderboard's test category ("simple_python",
	// "parallel_multiple", "live_irrelevance", "simple_java", …). It decides
	// the count and matching rule (names containing "parallel": every gold
	// call matched in any order; "multiple": one call among several
	// functions; otherwise exactly one call), the relevance rules
	// ("irrelevance": pass when no call decodes; "relevance": pass when any
	// call does) and, when Language is empty, the language ("java",
	// "javascript" in the name).
	Category string `json:"category,omitempty"`
	// Language is "python", "java" or "javascript"; empty derives it from
	// Category.
	Language string `json:"language,omitempty"`
	// Types gives the leaderboard type of each parameter, by function and
	// parameter name: "integer", "float", "any", "tuple", "array<float>",
	// "ArrayList<String>", … (the element type in angle brackets). The
	// catalog's normalised JSON Schema loses these (tuple becomes array,
	// any becomes untyped, Java names are mapped), so the importer records
	// them; a parameter not listed takes its type from the catalog.
	Types map[string]map[string]string `json:"types,omitempty"`
	// Required lists each gold function's required parameters as its doc
	// states them, where they differ from the catalog's (a required name
	// the doc's properties lack is still required by the leaderboard).
	Required map[string][]string `json:"required,omitempty"`
	// UnderscoreNames: the model was given function names with dots
	// replaced by underscores (the leaderboard's underscore_to_dot model
	// setting), so a dotted gold name is expected with underscores.
	UnderscoreNames bool `json:"underscore_names,omitempty"`
	// Documented lists the places where the leaderboard's documented rule
	// is used instead of what its code does (see Documented* constants).
	Documented []string `json:"documented,omitempty"`
}

// The documented rules that can replace a quirk of the leaderboard's code.
const (
	// DocumentedOptional: "" among the allowed values means the parameter
	// may be left out — and nothing else. The code also accepts an empty
	// list (or an empty string's characters) for it, because its list
	// comparison iterates over the "" it meant as a marker.
	DocumentedOptional = "optional"
	// DocumentedAnyOrder: the calls of a parallel answer match in any
	// order. The code matches each gold call with the first output call
	// that passes, so an output call that fits two gold calls can be used
	// up by the wrong one and the entry fails.
	DocumentedAnyOrder = "any_order"
	// DocumentedDictValues: an allowed dict lists each key's allowed values
	// in a list. The code iterates over whatever is there, so a plain
	// string value is compared character by character.
	DocumentedDictValues = "dict_values"
)

// DocumentedRules lists every option of Rules.Documented.
var DocumentedRules = []string{DocumentedOptional, DocumentedAnyOrder, DocumentedDictValues}

// Validate reports an unknown checker, language or documented rule.
func (r *Rules) Validate() error {
	if r == nil {
		return nil
	}
	switch r.Checker {
	case "", "bfcl":
	default:
		return fmt.Errorf("unknown checker %q (want bfcl)", r.Checker)
	}
	switch r.Language {
	case "", "python", "java", "javascript":
	default:
		return fmt.Errorf("unknown language %q (want python, java or javascript)", r.Language)
	}
	for _, d := range r.Documented {
		if !r.documentedKnown(d) {
			return fmt.Errorf("unknown documented rule %q (want one of %s)", d, strings.Join(DocumentedRules, ", "))
		}
	}
	return nil
}

func (r *Rules) documentedKnown(d string) bool { return slices.Contains(DocumentedRules, d) }

func (r *Rules) documented(d string) bool { return slices.Contains(r.Documented, d) }

// Lang is the case's language as the leaderboard derives it: Language, or
// "java"/"javascript" when the category names one, else "python".
func (r *Rules) Lang() string {
	if r.Language != "" {
		return r.Language
	}
	switch {
	case strings.Contains(r.Category, "javascript"):
		return "javascript"
	case strings.Contains(r.Category, "java"):
		return "java"
	}
	return "python"
}

// isIrrelevance and isRelevance are the leaderboard's relevance categories.
func (r *Rules) isIrrelevance() bool { return strings.Contains(r.Category, "irrelevance") }
func (r *Rules) isRelevance() bool {
	return !r.isIrrelevance() && strings.Contains(r.Category, "relevance")
}

// paramType returns the leaderboard type of a parameter and its element
// type: from Types, or else from the catalog's schema.
func (r *Rules) paramType(fn, param string, schema json.RawMessage) (typ, items string) {
	if t, ok := r.Types[fn][param]; ok {
		return SplitType(t)
	}
	return schemaType(schema)
}

// SplitType splits "array<float>" into "array" and "float".
func SplitType(t string) (typ, items string) {
	if i := strings.IndexByte(t, '<'); i > 0 && strings.HasSuffix(t, ">") {
		return t[:i], t[i+1 : len(t)-1]
	}
	return t, ""
}

// schemaType maps a normalised JSON Schema back to the leaderboard's type
// names: number → float, object → dict, no type → "" (not checked).
func schemaType(schema json.RawMessage) (typ, items string) {
	var s struct {
		Type  any `json:"type"`
		Items *struct {
			Type any `json:"type"`
		} `json:"items"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return "", ""
	}
	typ = bfclTypeName(s.Type)
	if s.Items != nil {
		items = bfclTypeName(s.Items.Type)
	}
	return typ, items
}

func bfclTypeName(t any) string {
	name, _ := t.(string)
	switch name {
	case "number":
		return "float"
	case "object":
		return "dict"
	case "string", "integer", "boolean", "array":
		return name
	}
	return ""
}
