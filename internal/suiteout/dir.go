package suiteout

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/tooleval/tooleval/internal/readcap"
)

// Dir is an output directory being written. Files lists what was
// written, relative to it, in order.
type Dir struct {
	dir   string
	root  *os.Root
	Files []string
}

// Open creates dir (and its parents) when missing and opens it for
// writing. Close it when done.
func Open(dir string) (*Dir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Dir{dir: dir, root: root}, nil
}

// Close releases the directory.
func (d *Dir) Close() error { return d.root.Close() }

// Put writes the file rel (a slash-separated path inside the directory,
// its directories created) with write, at most max bytes (0: no cap). A
// file that would pass max is a *readcap.TooLargeError naming it, and
// nothing is left behind; an existing file is replaced only when the new
// one is complete.
func (d *Dir) Put(rel string, max int64, write func(w *bufio.Writer) error) error {
	local := filepath.FromSlash(rel)
	display := filepath.Join(d.dir, local)
	if !filepath.IsLocal(local) {
		return fmt.Errorf("%s: not a path inside %s", rel, d.dir)
	}
	if parent := path.Dir(rel); parent != "." {
		if err := d.root.MkdirAll(filepath.FromSlash(parent), 0o755); err != nil {
			return err
		}
	}
	if st, err := d.root.Lstat(local); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s)", display, st.Mode().Type())
	}
	var rnd [6]byte
	rand.Read(rnd[:])
	tmp := filepath.Join(filepath.Dir(local), "."+filepath.Base(local)+".tmp-"+hex.EncodeToString(rnd[:]))
	f, err := d.root.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	err = fill(f, display, max, write)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = d.root.Rename(tmp, local)
	}
	if err != nil {
		d.root.Remove(tmp)
		return err
	}
	d.Files = append(d.Files, rel)
	return nil
}

func fill(f *os.File, display string, max int64, write func(w *bufio.Writer) error) error {
	w := bufio.NewWriter(&cappedWriter{w: f, path: display, left: max, max: max})
	err := write(w)
	if err == nil {
		err = w.Flush()
	}
	var tl *readcap.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("%w, which tooleval would not read back", err)
	}
	if err != nil {
		return err
	}
	return f.Sync()
}

// cappedWriter fails once more than max bytes are written.
type cappedWriter struct {
	w         io.Writer
	path      string
	left, max int64
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if c.max > 0 && int64(len(p)) > c.left {
		return 0, &readcap.TooLargeError{Path: c.path, Size: c.max - c.left + int64(len(p)), Max: c.max}
	}
	c.left -= int64(len(p))
	return c.w.Write(p)
}

// Catalog writes tool documents as a JSON array, one document per line.
func Catalog(w *bufio.Writer, docs []json.RawMessage) error {
	w.WriteString("[")
	for i, d := range docs {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n")
		w.Write(d)
	}
	w.WriteString("\n]\n")
	return nil
}

// Lines writes one JSON value per line (JSON Lines), HTML characters
// unescaped; name(i) names the i-th value in an error.
func Lines[T any](w *bufio.Writer, vals []T, name func(i int) string) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range vals {
		if err := enc.Encode(&vals[i]); err != nil {
			return fmt.Errorf("%s: %w", name(i), err)
		}
	}
	return nil
}
