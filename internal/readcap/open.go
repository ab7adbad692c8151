package readcap

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// OpenFile opens the regular file at path for reading. The file type is
// checked before the file is opened, so a FIFO (whose open waits for a
// writer), a device or a directory is refused at once with a
// *NotRegularError; the open itself does not block either (a FIFO put in
// the file's place between the check and the open is refused too).
// Symbolic links are followed.
func OpenFile(path string) (*os.File, error) {
	return openRegular(path, os.Stat, func(flag int) (*os.File, error) { return os.OpenFile(path, flag, 0) })
}

// OpenInRoot is OpenFile for a name inside root: the name cannot lead out
// of root (os.Root's rules, symbolic links included); one that does is an
// *EscapeError. A loop of symbolic links is an error matching
// syscall.ELOOP, not an escape. Errors name the file by name.
func OpenInRoot(root *os.Root, name string) (*os.File, error) {
	f, err := openRegular(name, root.Stat, func(flag int) (*os.File, error) { return root.OpenFile(name, flag, 0) })
	var nr *NotRegularError
	if err != nil && !errors.As(err, &nr) && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) && !errors.Is(err, syscall.ELOOP) {
		// os.Root refuses a path (or a symbolic link on it) that leads out.
		return nil, &EscapeError{Path: name, Dir: root.Name()}
	}
	return f, err
}

// EscapeError is a name that leads out of the directory it is read in.
type EscapeError struct{ Path, Dir string }

func (e *EscapeError) Error() string {
	return fmt.Sprintf("%s leads outside %s", e.Path, e.Dir)
}

// openRegular checks the type of what stat finds, then opens it without
// blocking and checks the type of what was opened.
func openRegular(path string, stat func(string) (os.FileInfo, error), open func(flag int) (*os.File, error)) (*os.File, error) {
	st, err := stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	// O_NONBLOCK makes opening a FIFO return at once; it changes nothing
	// for reading a regular file.
	f, err := open(os.O_RDONLY | syscall.O_NONBLOCK)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, err
		}
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}
