package bfclcheck

import (
	"github.com/tooleval/tooleval/metrics"
	py "github.com/tooleval/tooleval/pyliteral"
)

// The leaderboard's value checks: its type_checker, string_checker,
// list_checker, dict_checker and list_dict_checker, on Python values.

// pyAllowed decodes a gold parameter's allowed values.
func pyAllowed(p *metrics.GoldParam) ([]py.Object, error) {
	out := make([]py.Object, len(p.Allowed))
	for i, a := range p.Allowed {
		v, err := py.DecodeJSON(a)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// typeCheck is the leaderboard's type_checker: ok, and whether the value
// is a "variable" (typed like the allowed answers rather than the doc,
// and then compared exactly).
func typeCheck(v py.Object, allowed []py.Object, expected, nested py.Kind) (ok, isVar bool) {
	paType, hasPA := noKind, false
	for _, a := range allowed {
		if !isEmptyStr(a) {
			paType, hasPA = a.Kind, true
			break
		}
	}
	isVar = hasPA && paType != expected
	if v.Kind == expected {
		if nested == noKind {
			return true, isVar
		}
		for _, item := range allowed {
			flag := true
			if item.Kind == py.KindList {
				for _, x := range v.Items {
					if ok, _ := typeCheck(x, item.Items, nested, noKind); !ok {
						flag = false
						break
					}
				}
			}
			if flag {
				return true, isVar
			}
		}
		return false, false
	}
	if hasPA && v.Kind == paType {
		return true, true
	}
	return false, false
}

func stdIfString(v py.Object) py.Object {
	if v.Kind == py.KindStr {
		return py.Str(metrics.Standardize(v.Str))
	}
	return v
}

// stringCheck is the leaderboard's string_checker.
func stringCheck(v py.Object, allowed []py.Object) bool {
	s := metrics.Standardize(v.Str)
	for _, a := range allowed {
		if a.Kind == py.KindStr && metrics.Standardize(a.Str) == s {
			return true
		}
	}
	return false
}

// listCheck is the leaderboard's list_checker: the list, its strings
// standardised, equals one allowed value iterated the same way. The
// allowed "" (the optional marker) iterates as an empty list, so [] passes
// unless DocumentedOptional.
func listCheck(v py.Object, allowed []py.Object, rules *Rules) bool {
	got := py.Object{Kind: py.KindList, Items: make([]py.Object, len(v.Items))}
	for i, x := range v.Items {
		got.Items[i] = stdIfString(x)
	}
	for _, a := range allowed {
		if a.Kind == py.KindStr && rules.documented(DocumentedOptional) {
			continue
		}
		if a.Kind != py.KindList && a.Kind != py.KindStr && a.Kind != py.KindTuple {
			continue // the leaderboard would raise
		}
		items, _ := a.Iter()
		want := py.Object{Kind: py.KindList, Items: make([]py.Object, len(items))}
		for i, x := range items {
			want.Items[i] = stdIfString(x)
		}
		if py.Equal(got, want) {
			return true
		}
	}
	return false
}

// dictCheck is the leaderboard's dict_checker: some allowed dict has every
// given key, each value among that key's allowed values (strings
// standardised), and every key it needs ("" not allowed) is given.
func dictCheck(v py.Object, allowed []py.Object, rules *Rules) bool {
	if v.Kind != py.KindDict {
		return false
	}
	for _, a := range allowed {
		if isEmptyStr(a) {
			continue
		}
		if dictMatches(v, a, rules) {
			return true
		}
	}
	return false
}

func dictMatches(v, a py.Object, rules *Rules) bool {
	if a.Kind != py.KindDict {
		return false // the leaderboard would raise or compare nonsense
	}
	for i, key := range v.Keys {
		alts, ok := a.Get(key)
		if !ok {
			return false
		}
		if alts.Kind != py.KindList && rules.documented(DocumentedDictValues) {
			alts = py.Object{Kind: py.KindList, Items: []py.Object{alts}}
		}
		if alts.Kind != py.KindList && alts.Kind != py.KindStr && alts.Kind != py.KindTuple {
			return false
		}
		items, _ := alts.Iter()
		std := stdIfString(v.Items[i])
		found := false
		for _, x := range items {
			if py.Equal(std, stdIfString(x)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for i, key := range a.Keys {
		if _, given := v.Get(key); given {
			continue
		}
		alts := a.Items[i]
		if alts.Kind != py.KindList && rules.documented(DocumentedDictValues) {
			alts = py.Object{Kind: py.KindList, Items: []py.Object{alts}}
		}
		optional, ok := alts.Contains(py.Str(""))
		if !ok || !optional {
			return false
		}
	}
	return true
}

// listDictCheck is the leaderboard's list_dict_checker: the dicts match
// one allowed list's dicts position by position.
func listDictCheck(v py.Object, allowed []py.Object, rules *Rules) bool {
	for _, a := range allowed {
		items, ok := a.Iter()
		if !ok || a.Kind == py.KindDict {
			continue
		}
		if a.Kind == py.KindStr && rules.documented(DocumentedOptional) {
			continue
		}
		if len(items) != len(v.Items) {
			continue
		}
		flag := true
		for k := range v.Items {
			if !dictCheck(v.Items[k], []py.Object{items[k]}, rules) {
				flag = false
				break
			}
		}
		if flag {
			return true
		}
	}
	return false
}

// isEmptyStr reports the allowed value "", the leaderboard's mark of an
// optional parameter.
func isEmptyStr(v py.Object) bool { return v.Kind == py.KindStr && v.Str == "" }
