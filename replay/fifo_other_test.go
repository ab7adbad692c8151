//go:build !unix

package replay

import (
	"errors"
)

func mkfifoAt(string) error { return errors.New("no FIFOs here") }
