package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// jsonWriter writes a report's JSON one record at a time — the report's
// fields around its configurations, each configuration's fields around its
// case results, each case result — so that writing never holds more than
// one record's JSON: the bytes are those json.Encoder gives for the whole
// report (SetEscapeHTML(false), one line).
type jsonWriter struct {
	w   *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder
}

func newJSONWriter(w io.Writer) *jsonWriter {
	jw := &jsonWriter{w: bufio.NewWriterSize(w, 64<<10)}
	jw.enc = json.NewEncoder(&jw.buf)
	jw.enc.SetEscapeHTML(false)
	return jw
}

// marshal encodes v into jw.buf (without the encoder's newline) and
// returns the bytes, valid until the next call; what describes the record
// in errors.
func (jw *jsonWriter) marshal(v any, what func() string) ([]byte, error) {
	jw.buf.Reset()
	if err := jw.enc.Encode(v); err != nil {
		return nil, fmt.Errorf("%s: %v", what(), err)
	}
	b := bytes.TrimSuffix(jw.buf.Bytes(), []byte("\n"))
	if int64(len(b)) > maxRecordBytes {
		return nil, fmt.Errorf("%s: %d bytes of JSON, over the %d-byte cap on one record of a report (which tooleval would not read back)", what(), len(b), maxRecordBytes)
	}
	return b, nil
}

// split encodes v, whose field key (a slice, nil in v) is written as
// null, and returns the JSON before and after that null, copied. The mark
// "key":null is found at the key itself: a string holds a quote only
// escaped, and the only objects with keys of the user's (a retrieval
// setting's weights and additions, the count maps of an aggregate) hold
// numbers and strings, never null.
func (jw *jsonWriter) split(v any, key string, what func() string) (before, after []byte, err error) {
	b, err := jw.marshal(v, what)
	if err != nil {
		return nil, nil, err
	}
	head := `"` + key + `":`
	i := bytes.Index(b, []byte(head+"null"))
	if i < 0 {
		return nil, nil, fmt.Errorf("%s: no %q field in its JSON", what(), key)
	}
	i += len(head)
	return bytes.Clone(b[:i]), bytes.Clone(b[i+len("null"):]), nil
}

// list writes the JSON of a slice of n elements (null when nil), each
// written by elem.
func (jw *jsonWriter) list(isNil bool, n int, elem func(i int) error) error {
	if isNil {
		_, err := jw.w.WriteString("null")
		return err
	}
	jw.w.WriteByte('[')
	for i := range n {
		if i > 0 {
			jw.w.WriteByte(',')
		}
		if err := elem(i); err != nil {
			return err
		}
	}
	return jw.w.WriteByte(']')
}

func (jw *jsonWriter) report(rep *Report) error {
	head := *rep
	head.Configs = nil
	before, after, err := jw.split(&head, "configs", func() string { return "the report" })
	if err != nil {
		return err
	}
	jw.w.Write(before)
	err = jw.list(rep.Configs == nil, len(rep.Configs), func(i int) error { return jw.config(rep.Configs[i]) })
	if err != nil {
		return err
	}
	jw.w.Write(after)
	jw.w.WriteByte('\n')
	return jw.w.Flush()
}

func (jw *jsonWriter) config(cr *ConfigResult) error {
	if cr == nil {
		_, err := jw.w.WriteString("null")
		return err
	}
	head := *cr
	head.Results = nil
	what := func() string { return "configuration " + cr.Config.Name }
	before, after, err := jw.split(&head, "results", what)
	if err != nil {
		return err
	}
	jw.w.Write(before)
	err = jw.list(cr.Results == nil, len(cr.Results), func(i int) error {
		b, err := jw.marshal(cr.Results[i], func() string {
			if r := cr.Results[i]; r != nil {
				return fmt.Sprintf("configuration %s, case %s", cr.Config.Name, r.ID)
			}
			return what()
		})
		if err != nil {
			return err
		}
		_, err = jw.w.Write(b)
		return err
	})
	if err != nil {
		return err
	}
	_, err = jw.w.Write(after)
	return err
}
