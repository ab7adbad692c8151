package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Decode decodes one JSON value with numbers kept exact (json.Number), the
// form Validate and Compile take. Anything after the value other than
// white space is an error.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if err == io.EOF {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid character after top-level value")
	}
	return v, nil
}

// TypeOf names v's JSON type: null, boolean, number, string, array or
// object ("" for a Go value JSON has no type for). Integers are numbers.
func TypeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number, float64, float32, int, int64, int32, uint, uint64, uint32:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}

// rat returns a number's exact value, or nil when v is not a finite
// number.
func rat(v any) *big.Rat {
	switch n := v.(type) {
	case json.Number:
		return numberRat(string(n))
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil
		}
		return new(big.Rat).SetFloat64(n)
	case float32:
		return rat(float64(n))
	case int:
		return new(big.Rat).SetInt64(int64(n))
	case int64:
		return new(big.Rat).SetInt64(n)
	case int32:
		return new(big.Rat).SetInt64(int64(n))
	case uint:
		return new(big.Rat).SetUint64(uint64(n))
	case uint64:
		return new(big.Rat).SetUint64(n)
	case uint32:
		return new(big.Rat).SetUint64(uint64(n))
	}
	return nil
}

// isInteger reports whether v is a number with no fractional part (1.0
// counts, as the specification says).
func isInteger(v any) bool {
	if n, ok := v.(json.Number); ok {
		// The common case, plain digits, without big.Rat.
		s := string(n)
		if s != "" && s[0] == '-' {
			s = s[1:]
		}
		plain := s != ""
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				plain = false
				break
			}
		}
		if plain {
			return true
		}
	}
	r := rat(v)
	return r != nil && r.IsInt()
}

// equal is JSON equality: numbers by value, objects by members regardless
// of order, arrays element by element.
func equal(a, b any) bool {
	ta, tb := TypeOf(a), TypeOf(b)
	if ta != tb {
		return false
	}
	switch ta {
	case "null":
		return true
	case "boolean":
		return a.(bool) == b.(bool)
	case "string":
		return a.(string) == b.(string)
	case "number":
		ra, rb := rat(a), rat(b)
		return ra != nil && rb != nil && ra.Cmp(rb) == 0
	case "array":
		xa, xb := a.([]any), b.([]any)
		if len(xa) != len(xb) {
			return false
		}
		for i := range xa {
			if !equal(xa[i], xb[i]) {
				return false
			}
		}
		return true
	case "object":
		ma, mb := a.(map[string]any), b.(map[string]any)
		if len(ma) != len(mb) {
			return false
		}
		for k, va := range ma {
			vb, ok := mb[k]
			if !ok || !equal(va, vb) {
				return false
			}
		}
		return true
	}
	return false
}

// text writes v as JSON for messages, shortened to about 60 bytes.
func text(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	const max = 60
	if len(b) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return string(b[:cut]) + "…"
	}
	return string(b)
}

// ratText writes an exact number as its shortest decimal when it has one.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return fmt.Sprint(f)
}

// maxExponent bounds the decimal exponent a number is taken at exactly: a
// 20-byte "1e999999999" would otherwise become a billion-digit integer.
// Beyond it a number counts as ±10^(maxExponent+1) (larger than any bound
// a schema writes) or ±10^-(maxExponent+1).
const maxExponent = 1000

func numberRat(s string) *big.Rat {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			mant, ok := new(big.Rat).SetString(s[:i])
			if !ok {
				return nil
			}
			if mant.Sign() == 0 {
				return mant
			}
			p := new(big.Int).Exp(big.NewInt(10), big.NewInt(maxExponent+1), nil)
			r := new(big.Rat).SetInt(p)
			if strings.HasPrefix(s[i+1:], "-") {
				r.Inv(r)
			}
			if mant.Sign() < 0 {
				r.Neg(r)
			}
			return r
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}
