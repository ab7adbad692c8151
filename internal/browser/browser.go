package browser

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Find returns a Chromium-family browser on this machine ($TOOLEVAL_BROWSER
// first), "" when there is none.
func Find() string {
	if p := os.Getenv("TOOLEVAL_BROWSER"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// SkipMessage is what a test says when it skips for want of a browser.
const SkipMessage = "no Chromium-family browser found (install Debian's chromium, or set TOOLEVAL_BROWSER): the HTML report was not checked in a browser"

// Start starts a headless browser with a window of width × height and
// returns a chromedp context for it, valid for timeout; it is stopped when
// the test ends. It skips tb when there is no browser.
func Start(tb testing.TB, width, height int, timeout time.Duration) context.Context {
	tb.Helper()
	exe := Find()
	if exe == "" {
		tb.Skip(SkipMessage)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(tb.TempDir()), chromedp.WindowSize(width, height),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	tb.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
}
