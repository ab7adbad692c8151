package main

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress returns a progress callback that draws a bar labelled desc on
// stderr, or nil when no bar should be shown: --no-progress, CI set, or
// stderr not a terminal.
func progress(stderr io.Writer, desc string, off bool) func(done, total int) {
	if off || !showProgress(stderr) {
		return nil
	}
	bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(65_000_000))
	return func(done, total int) {
		bar.ChangeMax(total)
		bar.Set(done)
		if done == total {
			bar.Finish()
		}
	}
}

// showProgress: a bar only on a terminal and never under CI.
func showProgress(w io.Writer) bool {
	if os.Getenv("CI") != "" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
