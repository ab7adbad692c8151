// Package browser starts a headless Chromium-family browser (through
// chromedp) for the tests and benchmarks that load the HTML report in a
// real browser. Where there is none they skip, saying so: CI installs
// Debian's chromium (.ci/run), a developer may not have one.
package browser
