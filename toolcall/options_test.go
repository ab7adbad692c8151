package toolcall

import (
	"strings"
	"testing"
)

func TestParseOptionsWithDefaults(t *testing.T) {
	o, err := ParseOptions{}.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	want := ParseOptions{Format: FormatAuto, MaxCallBytes: DefaultMaxCallBytes, MaxDepth: DefaultMaxDepth, MaxRecordBytes: DefaultMaxRecordBytes}
	if o.Format != want.Format || o.MaxCallBytes != want.MaxCallBytes || o.MaxDepth != want.MaxDepth || o.MaxRecordBytes != want.MaxRecordBytes {
		t.Fatalf("zero options became %+v, want %+v", o, want)
	}
	set := ParseOptions{Format: "hermes", MaxCallBytes: 7, MaxDepth: 3, MaxRecordBytes: 9, ReasoningOpen: true}
	if o, _ := set.WithDefaults(); o.Format != "hermes" || o.MaxCallBytes != 7 || o.MaxDepth != 3 || o.MaxRecordBytes != 9 || !o.ReasoningOpen {
		t.Fatalf("set options changed: %+v", o)
	}
	for field, o := range map[string]ParseOptions{"MaxCallBytes": {MaxCallBytes: -1}, "MaxDepth": {MaxDepth: -2}, "MaxRecordBytes": {MaxRecordBytes: -3}} {
		if _, err := o.WithDefaults(); err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("%s < 0: error %v should name the field", field, err)
		}
	}
}

func TestUnknownFormatError(t *testing.T) {
	err := &UnknownFormatError{Format: "x", Kind: "text", Known: []Format{"auto", "hermes"}}
	if got, want := err.Error(), `unknown text format "x" (want one of auto, hermes)`; got != want {
		t.Fatalf("%s, want %s", got, want)
	}
}
