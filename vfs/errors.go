package vfs

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// ErrOutside is the cause of every error about a path that would leave the
// workspace: an absolute path elsewhere, a ".." past the root, or a symlink
// or hard link that points out.
var ErrOutside = errors.New("outside the workspace")

// ErrReadOnly is the cause of every write to a read-only workspace.
var ErrReadOnly = errors.New("read-only workspace")

// errnoText holds strerror's text for the errors commands meet, so that
// messages read like GNU's on every operating system.
var errnoText = map[syscall.Errno]string{
	syscall.ENOENT:       "No such file or directory",
	syscall.EACCES:       "Permission denied",
	syscall.EPERM:        "Operation not permitted",
	syscall.EEXIST:       "File exists",
	syscall.ENOTDIR:      "Not a directory",
	syscall.EISDIR:       "Is a directory",
	syscall.ENOTEMPTY:    "Directory not empty",
	syscall.ELOOP:        "Too many levels of symbolic links",
	syscall.EINVAL:       "Invalid argument",
	syscall.EXDEV:        "Invalid cross-device link",
	syscall.ENOSPC:       "No space left on device",
	syscall.EROFS:        "Read-only file system",
	syscall.EBUSY:        "Device or resource busy",
	syscall.ENAMETOOLONG: "File name too long",
	syscall.EMLINK:       "Too many links",
	syscall.EBADF:        "Bad file descriptor",
	syscall.EPIPE:        "Broken pipe",
	syscall.EIO:          "Input/output error",
	syscall.EFBIG:        "File too large",
	syscall.ETXTBSY:      "Text file busy",
	syscall.ENXIO:        "No such device or address",
}

// Text returns the text a GNU tool would print for err's root cause, such
// as "No such file or directory" or "outside the workspace". It never
// includes a path.
func Text(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrOutside):
		return ErrOutside.Error()
	case errors.Is(err, ErrReadOnly):
		return ErrReadOnly.Error()
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		if t, ok := errnoText[errno]; ok {
			return t
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "No such file or directory"
	case errors.Is(err, fs.ErrExist):
		return "File exists"
	case errors.Is(err, fs.ErrPermission):
		return "Permission denied"
	}
	return capitalize(rootCause(err).Error())
}

// rootCause unwraps path and link errors down to their cause.
func rootCause(err error) error {
	for {
		var next error
		switch e := err.(type) {
		case *fs.PathError:
			next = e.Err
		case *os.LinkError:
			next = e.Err
		case *os.SyscallError:
			next = e.Err
		}
		if next == nil {
			return err
		}
		err = next
	}
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// isEscape reports whether err is os.Root's refusal to leave its directory.
func isEscape(err error) bool {
	return err != nil && strings.Contains(rootCause(err).Error(), "path escapes from parent")
}

// fixErr rewrites an error from the inner filesystem so that it names the
// visible path and never a host path, and so that escapes read as
// [ErrOutside].
func fixErr(err error, op, name string) error {
	if err == nil {
		return nil
	}
	cause := rootCause(err)
	if isEscape(err) {
		cause = ErrOutside
	}
	return &fs.PathError{Op: op, Path: name, Err: cause}
}

func fixLinkErr(err error, op, oldname, newname string) error {
	if err == nil {
		return nil
	}
	cause := rootCause(err)
	if isEscape(err) {
		cause = ErrOutside
	}
	return &os.LinkError{Op: op, Old: oldname, New: newname, Err: cause}
}
