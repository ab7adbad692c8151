//go:build !unix

package mcpcatalog

import (
	"os"
	"os/exec"
)

var (
	sigTerm = os.Kill
	sigKill = os.Kill
)

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// signalGroup signals the server process alone.
func signalGroup(cmd *exec.Cmd, sig os.Signal) {
	if cmd.Process != nil {
		cmd.Process.Signal(sig)
	}
}

func tracked(*exec.Cmd)   {}
func untracked(*exec.Cmd) {}
