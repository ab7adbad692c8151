package nativeparse

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooleval/tooleval/toolcall"
)

var update = flag.Bool("update", false, "rewrite golden files")

const fixtureDir = "../testdata/nativeparse"

// fixtures returns the recorded bodies: testdata/nativeparse/<format>/<name>.txt.
func fixtures(t testing.TB) map[string]Format {
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	out := map[string]Format{}
	for _, p := range paths {
		f, ok := ParseFormat(filepath.Base(filepath.Dir(p)))
		if !ok {
			t.Fatalf("%s: directory is not a format", p)
		}
		out[p] = f
	}
	return out
}

// golden renders events as JSON Lines followed by the collected result.
func golden(format Format, evs []toolcall.Event) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, ev := range evs {
		_ = enc.Encode(ev)
	}
	res := toolcall.Collect(string(format), evs)
	out, _ := json.MarshalIndent(res, "", "  ")
	b.Write(out)
	b.WriteByte('\n')
	return b.Bytes()
}

// TestFixtures: each provider fixture matches its golden output, gives the
// same events in every chunking, and the same events under Auto.
func TestFixtures(t *testing.T) {
	for path, format := range fixtures(t) {
		name := strings.TrimPrefix(path, fixtureDir+"/")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs := checkChunkings(t, format, string(in))
			checkInvariants(t, evs)
			got := golden(format, evs)
			auto := golden(format, toolcall.Run(mustNew(opts{Format: Auto}), in, 0))
			if !bytes.Equal(got, auto) {
				t.Fatalf("auto differs:\n%s\nwant\n%s", auto, got)
			}
			gpath := strings.TrimSuffix(path, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(gpath, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gpath)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s differs from golden:\n%s", gpath, got)
			}
		})
	}
}

// TestFixturesUnderAnotherFormat: every provider fixture read under
// another provider's format is never a silent nothing: the first event
// that tells its provider is reported (invalid_event), naming it.
func TestFixturesUnderAnotherFormat(t *testing.T) {
	for path, format := range fixtures(t) {
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, other := range Formats() {
			if other == Auto || other == format {
				continue
			}
			evs := toolcall.Run(mustNew(opts{Format: other}), in, 0)
			found := false
			for _, ev := range evs {
				if ev.Kind == toolcall.KindError && ev.Err.Code == toolcall.CodeInvalidEvent && strings.Contains(ev.Err.Message, "not "+string(other)+"'s") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s read as %s: no mismatch reported: %s", path, other, render(evs))
			}
		}
	}
}
