// Package blocking is for tests of code that must not block: Returns runs
// a call and fails the test when it has not returned in time (a reader
// blocked opening a FIFO nobody writes), instead of hanging the test run.
package blocking
