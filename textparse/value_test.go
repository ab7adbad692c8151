package textparse

import (
	"reflect"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

// TestValueResetClearsEveryField: reset, written field by field for speed,
// leaves a used value as the struct literal it stands for would, for
// every field value has (a field added later and not reset fails here).
func TestValueResetClearsEveryField(t *testing.T) {
	var dirty value
	dirtyFields(t, &dirty, reflect.ValueOf(&toolcall.Param{Name: "p"}))
	for _, x := range []*tagDialect{nil, {keepNL: true, d: &Dialect{Tags: &Tags{CDATA: true}}}} {
		v := dirty
		v.buf, v.pend, v.ws = append([]byte(nil), dirty.buf...), append([]byte(nil), dirty.pend...), append([]byte(nil), dirty.ws...)
		v.reset(x)
		want := value{start: true, buf: v.buf[:0], pend: v.pend[:0], ws: v.ws[:0]}
		if x != nil {
			want.keepNL, want.cdata = x.keepNL, x.d.Tags.CDATA
		}
		if !reflect.DeepEqual(v, want) {
			t.Errorf("reset(%v) left %+v, want %+v", x != nil, v, want)
		}
	}
}

// TestCallResetClearsEveryField: call.reset, written field by field for
// speed, leaves a used call as the struct literal beginCall wrote before
// it, for every field call has (a field added later and not reset fails
// here).
func TestCallResetClearsEveryField(t *testing.T) {
	var dirty call
	dirtyFields(t, &dirty, reflect.ValueOf(&toolcall.Tool{Name: "t"}))
	c := dirty
	c.args, c.given, c.givenEnd = append([]byte(nil), dirty.args...), append([]byte(nil), dirty.given...), append([]int(nil), dirty.givenEnd...)
	c.reset(ckCatalog, 12, "</read_file>", mWrapper)
	want := call{kind: ckCatalog, start: 12, closer: "</read_file>", after: mWrapper, skipRet: mWrapper, args: c.args[:0], argsOff: -1, given: c.given[:0], givenEnd: c.givenEnd[:0]}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("reset left %+v, want %+v", c, want)
	}
}

// dirtyFields sets every field of the struct *s, unexported ones too, to
// a value that is not its zero (ptr for a pointer field), so that a reset
// that misses one leaves it; a field of a kind it cannot set fails t.
func dirtyFields[S any](t *testing.T, s *S, ptr reflect.Value) {
	t.Helper()
	rv := reflect.ValueOf(s).Elem()
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Field(i)
		f = reflect.NewAt(f.Type(), f.Addr().UnsafePointer()).Elem()
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int:
			f.SetInt(7)
		case reflect.Uint8, reflect.Uint64:
			f.SetUint(7)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			if f.Type().Elem().Kind() == reflect.Int {
				f.Set(reflect.ValueOf([]int{3, 4}))
			} else {
				f.SetBytes([]byte("held"))
			}
		case reflect.Pointer:
			f.Set(ptr)
		case reflect.Array:
			f.Index(0).SetUint(0xC3)
		default:
			t.Fatalf("%s field %s of kind %s: teach this test to dirty it", rv.Type().Name(), rv.Type().Field(i).Name, f.Kind())
		}
	}
}
