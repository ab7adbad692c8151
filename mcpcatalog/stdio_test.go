//go:build unix

package mcpcatalog

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether pid is a running process (a zombie is not).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true
	}
	// pid (comm) STATE …
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// A stdio server runs in its own process group, and the whole group is
// ended with it: the children it started (npx starts node, which starts
// more) do not outlive tooleval, even when the server ignores SIGTERM.
func TestStdioChildrenEnded(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	s := stdioServer(t, "orphan", "orphan")
	s.Env["MCPCATALOG_TEST_PIDFILE"] = pidFile
	o := testOptions(t)
	o.NoCache = true
	o.TerminateTimeout = 200 * time.Millisecond
	if _, err := List(context.Background(), s, o); err != nil {
		t.Fatal(err)
	}
	endsSoon(t, readPIDs(t, pidFile))
}

// readPIDs reads the pids a test server wrote: its own and its child's.
func readPIDs(t *testing.T, pidFile string) []int {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, pid)
	}
	return pids
}

// endsSoon fails the test when one of pids is still running after a few
// seconds (and kills it).
func endsSoon(t *testing.T, pids []int) {
	t.Helper()
	for _, pid := range pids {
		deadline := time.Now().Add(5 * time.Second)
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d outlived the listing", pid)
		}
	}
}

// In a process group of their own, servers do not get the Ctrl-C that
// ends tooleval: tooleval ends their groups on it, and then still ends
// by the signal.
func TestStdioServersEndWithTooleval(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "pids")
	lister := exec.Command(exe)
	lister.Env = append(os.Environ(), "MCPCATALOG_TEST_SERVER=lister", "MCPCATALOG_TEST_PIDFILE="+pidFile)
	if err := lister.Start(); err != nil {
		t.Fatal(err)
	}
	defer lister.Process.Kill()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(pidFile); err == nil && len(strings.Fields(string(b))) == 2 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	pids := readPIDs(t, pidFile)
	time.Sleep(200 * time.Millisecond) // into tools/list
	lister.Process.Signal(os.Interrupt)
	err = lister.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
		t.Errorf("tooleval ended with %v, want the interrupt", err)
	}
	endsSoon(t, pids)
}

// A message is capped at MaxMessageBytes, which is the listing cap by
// default: a page larger than the SDK's own 16 MiB line cap is listed, and
// a line over the cap is reported as too large, not as "not JSON-RPC".
func TestStdioMessageCap(t *testing.T) {
	o := testOptions(t)
	o.NoCache = true
	l, err := List(context.Background(), stdioServer(t, "big", "bigpage"), o)
	if err != nil {
		t.Fatalf("a 17 MiB page: %v", err)
	}
	if len(l.Tools) != 1 || len(l.Tools[0]) < 17<<20 {
		t.Fatalf("got %d tools", len(l.Tools))
	}
	o = hostileOptions(t)
	_, err = List(context.Background(), stdioServer(t, "huge", "hugeline"), o)
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), `mcp server "huge"`) || !strings.Contains(err.Error(), "a message on stdout over the 1048576-byte cap") ||
		strings.Contains(err.Error(), "not JSON-RPC") {
		t.Fatalf("got %v", err)
	}
}
