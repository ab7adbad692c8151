package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// jsonReader reads a report's JSON one record at a time, the converse of
// jsonWriter: the report's fields around "configs", each configuration's
// fields around "results", and each case result are decoded on their own,
// so the decoder never buffers more than one record, and a record larger
// than maxRecordBytes is refused as soon as it is.
type jsonReader struct {
	dec *json.Decoder
	src *budgetReader
}

func newJSONReader(r io.Reader) *jsonReader {
	src := &budgetReader{r: r, max: maxRecordBytes}
	dec := json.NewDecoder(src)
	src.dec = dec
	return &jsonReader{dec: dec, src: src}
}

// errRecordTooLarge is what budgetReader fails with.
var errRecordTooLarge = errors.New("record too large")

// budgetReader feeds the decoder and fails once the decoder holds more
// than max bytes it has not consumed: the record it is reading is over the
// cap.
type budgetReader struct {
	r    io.Reader
	dec  *json.Decoder
	read int64
	max  int64
}

func (b *budgetReader) Read(p []byte) (int, error) {
	pending := b.read - b.dec.InputOffset()
	if pending > b.max {
		return 0, errRecordTooLarge
	}
	if room := b.max + 1 - pending; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.r.Read(p)
	b.read += int64(n)
	return n, err
}

// fail describes err, met reading what (a record of the report).
func (jr *jsonReader) fail(what string, err error) error {
	if errors.Is(err, errRecordTooLarge) {
		return fmt.Errorf("%s, from byte %d: over the %d-byte cap on one record of a report", what, jr.dec.InputOffset(), jr.src.max)
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("%s: %v", what, err)
}

// object reads a JSON object, or null (false), calling field for each key;
// field reads the key's value.
func (jr *jsonReader) object(what string, field func(key string) error) (bool, error) {
	tok, err := jr.dec.Token()
	if err != nil {
		return false, jr.fail(what, err)
	}
	if tok == nil {
		return false, nil
	}
	if tok != json.Delim('{') {
		return false, fmt.Errorf("%s: want an object, got %v", what, tok)
	}
	for jr.dec.More() {
		tok, err := jr.dec.Token()
		if err != nil {
			return false, jr.fail(what, err)
		}
		if err := field(tok.(string)); err != nil {
			return false, err
		}
	}
	if _, err := jr.dec.Token(); err != nil {
		return false, jr.fail(what, err)
	}
	return true, nil
}

// array reads a JSON array, or null (false), calling elem for each
// element; elem reads it.
func (jr *jsonReader) array(what string, elem func() error) (bool, error) {
	tok, err := jr.dec.Token()
	if err != nil {
		return false, jr.fail(what, err)
	}
	if tok == nil {
		return false, nil
	}
	if tok != json.Delim('[') {
		return false, fmt.Errorf("%s: want an array, got %v", what, tok)
	}
	for jr.dec.More() {
		if err := elem(); err != nil {
			return false, err
		}
	}
	if _, err := jr.dec.Token(); err != nil {
		return false, jr.fail(what, err)
	}
	return true, nil
}

// fields collects the fields of an object but one (its list) as the JSON
// of an object, to be decoded at once.
type fields struct{ bytes.Buffer }

func (f *fields) add(jr *jsonReader, what, key string) error {
	var raw json.RawMessage
	if err := jr.dec.Decode(&raw); err != nil {
		return jr.fail(what+" "+key, err)
	}
	if f.Len() == 0 {
		f.WriteByte('{')
	} else {
		f.WriteByte(',')
	}
	k, _ := json.Marshal(key)
	f.Write(k)
	f.WriteByte(':')
	f.Write(raw)
	if int64(f.Len()) > jr.src.max {
		return fmt.Errorf("%s: its fields are over the %d-byte cap on one record of a report", what, jr.src.max)
	}
	return nil
}

// decode decodes the fields collected into v.
func (f *fields) decode(what string, v any) error {
	if f.Len() == 0 {
		f.WriteByte('{')
	}
	f.WriteByte('}')
	if err := json.Unmarshal(f.Bytes(), v); err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	return nil
}

func (jr *jsonReader) report() (*Report, error) {
	var head fields
	var configs []*ConfigResult
	ok, err := jr.object("the report", func(key string) error {
		if key != "configs" {
			return head.add(jr, "the report", key)
		}
		configs = nil
		ok, err := jr.array("configs", func() error {
			if len(configs) == MaxConfigs {
				return fmt.Errorf("configs: more than %d configurations", MaxConfigs)
			}
			cr, err := jr.config(len(configs) + 1)
			configs = append(configs, cr)
			return err
		})
		if ok && configs == nil {
			configs = []*ConfigResult{}
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("null, not an object")
	}
	var rep Report
	if err := head.decode("the report", &rep); err != nil {
		return nil, err
	}
	rep.Configs = configs
	return &rep, nil
}

// config reads configuration n (1-based), or null.
func (jr *jsonReader) config(n int) (*ConfigResult, error) {
	what := fmt.Sprintf("configuration %d", n)
	var head fields
	var results []*CaseResult
	ok, err := jr.object(what, func(key string) error {
		if key != "results" {
			return head.add(jr, what, key)
		}
		results = nil
		ok, err := jr.array(what+" results", func() error {
			var r *CaseResult
			if err := jr.dec.Decode(&r); err != nil {
				return jr.fail(fmt.Sprintf("%s, case result %d", what, len(results)+1), err)
			}
			results = append(results, r)
			return nil
		})
		if ok && results == nil {
			results = []*CaseResult{} // [], not null
		}
		return err
	})
	if err != nil || !ok {
		return nil, err
	}
	var cr ConfigResult
	if err := head.decode(what, &cr); err != nil {
		return nil, err
	}
	cr.Results = results
	return &cr, nil
}
