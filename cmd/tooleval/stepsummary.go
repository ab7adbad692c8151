package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
)

// GitHub Actions gives each step a job summary file, $GITHUB_STEP_SUMMARY,
// that is meant to be appended to (`echo … >> "$GITHUB_STEP_SUMMARY"`):
// what the step wrote before, and other tools' sections, must survive.

// isStepSummary reports whether name is this step's $GITHUB_STEP_SUMMARY
// (the same path, or the same file).
func isStepSummary(name string) bool {
	env := os.Getenv("GITHUB_STEP_SUMMARY")
	if env == "" || name == "" || name == "-" {
		return false
	}
	a, errA := filepath.Abs(name)
	b, errB := filepath.Abs(env)
	if errA == nil && errB == nil && a == b {
		return true
	}
	fa, errA := os.Stat(name)
	fb, errB := os.Stat(env)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// appendOutputFile renders through write, then appends the whole result
// to name in one write (creating it), after a blank line when the file
// already holds something: a failed render leaves the file as it was.
func appendOutputFile(name string, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	out := buf.Bytes()
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		out = append([]byte("\n"), out...)
	}
	_, err = f.Write(out)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
