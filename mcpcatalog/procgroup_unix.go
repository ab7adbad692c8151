//go:build unix

package mcpcatalog

import (
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
)

const (
	sigTerm = syscall.SIGTERM
	sigKill = syscall.SIGKILL
)

// ownGroup makes cmd start in a process group of its own.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// signalGroup sends sig to cmd's process group (errors are ignored: the
// group may be gone).
func signalGroup(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, sig)
	}
}

// groups are the process groups of the stdio servers running now. In a
// group of their own, servers no longer get the Ctrl-C (or SIGTERM, SIGHUP)
// that ends tooleval; while any runs, such a signal kills every group and
// is then delivered again as if tooleval had not caught it (ending
// tooleval, or reaching whoever else waits for it).
var groups struct {
	mu   sync.Mutex
	pids map[int]bool
	sigs chan os.Signal
}

var endSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// tracked notes the group of a started server.
func tracked(cmd *exec.Cmd) {
	groups.mu.Lock()
	defer groups.mu.Unlock()
	if groups.pids == nil {
		groups.pids = map[int]bool{}
	}
	if len(groups.pids) == 0 {
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, endSignals...)
		groups.sigs = sigs
		go killOnSignal(sigs)
	}
	groups.pids[cmd.Process.Pid] = true
}

// untracked forgets the group of an ended server.
func untracked(cmd *exec.Cmd) {
	groups.mu.Lock()
	defer groups.mu.Unlock()
	if !groups.pids[cmd.Process.Pid] {
		return
	}
	delete(groups.pids, cmd.Process.Pid)
	if len(groups.pids) == 0 {
		signal.Stop(groups.sigs)
		close(groups.sigs)
		groups.sigs = nil
	}
}

// killOnSignal waits for an ending signal on sigs (until it is closed),
// kills every server group and delivers the signal again.
func killOnSignal(sigs chan os.Signal) {
	sig, ok := <-sigs
	if !ok {
		return
	}
	groups.mu.Lock()
	for pid := range groups.pids {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
	clear(groups.pids)
	if groups.sigs == sigs {
		signal.Stop(sigs)
		groups.sigs = nil
	}
	groups.mu.Unlock()
	if s, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), s)
	}
}
