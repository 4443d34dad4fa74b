package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"

	"github.com/spf13/afero"
	"golang.org/x/sys/unix"
)

// hostFile is a file of the disk workspace opened beneath its directory
// (see [beneath]). Reads, writes, seeks and stats are plain system calls
// on the descriptor: wrapping it in an [os.File] costs two more per open
// (fcntl for the flags, then epoll_ctl, which the poller's kernel side
// refuses for regular files and directories), and most commands open
// many small files. Only a descriptor that would block needs the poller
// (a FIFO or a terminal: every open has O_NONBLOCK, see openNonblock);
// the first EAGAIN hands the descriptor to an *os.File, which serves
// every call from then on, with deadlines.
type hostFile struct {
	mu      sync.Mutex
	fd      int      // -1 once closed
	osf     *os.File // the file once the poller serves it
	name    string   // relative to the workspace or its directory (Stat names its base)
	cleanup runtime.Cleanup
}

func newHostFile(fd int, name string) *hostFile {
	h := &hostFile{fd: fd, name: name}
	h.cleanup = runtime.AddCleanup(h, func(fd int) { unix.Close(fd) }, fd)
	return h
}

// maxRW is os's cap on one read or write (some kernels fail larger ones).
const maxRW = 1 << 30

func (h *hostFile) Name() string { return h.name }

func (h *hostFile) pathErr(op string, err error) error {
	if err == nil {
		return nil
	}
	return &fs.PathError{Op: op, Path: h.name, Err: err}
}

// raw runs f on the descriptor while it is not served by the poller; ok
// is false when it is (or is closed), and the caller uses osf.
func (h *hostFile) raw(f func(fd int) (again bool)) (osf *os.File, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.osf == nil && h.fd >= 0 && !f(h.fd) {
		return nil, true
	}
	if h.osf == nil && h.fd >= 0 {
		h.toOS()
	}
	return h.osf, false
}

// toOS hands the descriptor to an *os.File (h.mu held).
func (h *hostFile) toOS() {
	h.cleanup.Stop()
	h.osf = os.NewFile(uintptr(h.fd), h.name)
}

// osFile returns the descriptor as an *os.File, for callers that need one.
func (h *hostFile) osFile() *os.File {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.osf == nil && h.fd >= 0 {
		h.toOS()
	}
	return h.osf
}

func (h *hostFile) closed(op string) error { return h.pathErr(op, os.ErrClosed) }

func (h *hostFile) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	var n int
	var err error
	osf, ok := h.raw(func(fd int) bool {
		n, err = retry(func() (int, error) { return unix.Read(fd, b[:min(len(b), maxRW)]) })
		return err == syscall.EAGAIN
	})
	switch {
	case !ok && osf == nil:
		return 0, h.closed("read")
	case !ok:
		return osf.Read(b)
	case err != nil:
		return 0, h.pathErr("read", err)
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

func (h *hostFile) ReadAt(b []byte, off int64) (int, error) {
	if off < 0 {
		return 0, h.pathErr("readat", errNegativeOffset)
	}
	n := 0
	var err error
	osf, ok := h.raw(func(fd int) bool {
		for n < len(b) && err == nil {
			var m int
			m, err = retry(func() (int, error) { return unix.Pread(fd, b[n:min(len(b), n+maxRW)], off+int64(n)) })
			if err == nil && m == 0 {
				err = io.EOF
			}
			n += max(m, 0)
		}
		return err == syscall.EAGAIN
	})
	switch {
	case !ok && osf == nil:
		return 0, h.closed("read")
	case !ok:
		m, err := osf.ReadAt(b[n:], off+int64(n))
		return n + m, err
	case err != nil && err != io.EOF:
		return n, h.pathErr("read", err)
	}
	return n, err
}

func (h *hostFile) Write(b []byte) (int, error) {
	n := 0
	var err error
	osf, ok := h.raw(func(fd int) bool {
		for n < len(b) && err == nil {
			var m int
			m, err = retry(func() (int, error) { return unix.Write(fd, b[n:min(len(b), n+maxRW)]) })
			n += max(m, 0)
		}
		return err == syscall.EAGAIN
	})
	switch {
	case !ok && osf == nil:
		return 0, h.closed("write")
	case !ok:
		m, err := osf.Write(b[n:])
		return n + m, err
	}
	return n, h.pathErr("write", err)
}

func (h *hostFile) WriteString(s string) (int, error) { return h.Write([]byte(s)) }

func (h *hostFile) Seek(off int64, whence int) (int64, error) {
	var pos int64
	var err error
	osf, ok := h.raw(func(fd int) bool {
		pos, err = unix.Seek(fd, off, whence)
		return false
	})
	switch {
	case !ok && osf == nil:
		return 0, h.closed("seek")
	case !ok:
		return osf.Seek(off, whence)
	}
	return pos, h.pathErr("seek", err)
}

func (h *hostFile) Stat() (fs.FileInfo, error) {
	fi := &statFileInfo{name: filepath.Base(h.name)}
	var err error
	osf, ok := h.raw(func(fd int) bool {
		err = ignoringEINTR(func() error { return syscall.Fstat(fd, &fi.st) })
		return false
	})
	switch {
	case !ok && osf == nil:
		return nil, h.closed("stat")
	case !ok:
		return osf.Stat()
	case err != nil:
		return nil, h.pathErr("stat", err)
	}
	fi.setMode()
	return fi, nil
}

// openAt opens the entry name of the directory h (one path element) for
// reading, without following a symlink: the kernel cannot leave the
// directory, and a symlink fails with ELOOP for the caller to open by its
// path, beneath the workspace.
func (h *hostFile) openAt(name string, dir bool) (afero.File, error) {
	flag := unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_CLOEXEC | openNonblock
	if dir {
		flag |= unix.O_DIRECTORY
	}
	fd := -1
	var err error
	if _, ok := h.raw(func(dfd int) bool {
		fd, err = retry(func() (int, error) { return unix.Openat(dfd, name, flag, 0) })
		return false
	}); !ok {
		return nil, h.closed("openat")
	}
	if err != nil {
		return nil, &fs.PathError{Op: "openat", Path: name, Err: err}
	}
	return newHostFile(fd, name), nil // the name its Stat gives
}

// The rest is rare: the *os.File does it.

func (h *hostFile) WriteAt(b []byte, off int64) (int, error) {
	if osf := h.osFile(); osf != nil {
		return osf.WriteAt(b, off)
	}
	return 0, h.closed("write")
}

func (h *hostFile) Readdir(n int) ([]fs.FileInfo, error) {
	if osf := h.osFile(); osf != nil {
		return osf.Readdir(n) // Info by fstatat on the descriptor
	}
	return nil, h.closed("readdir")
}

func (h *hostFile) Readdirnames(n int) ([]string, error) {
	if osf := h.osFile(); osf != nil {
		return osf.Readdirnames(n)
	}
	return nil, h.closed("readdir")
}

func (h *hostFile) Sync() error {
	if osf := h.osFile(); osf != nil {
		return osf.Sync()
	}
	return h.closed("sync")
}

func (h *hostFile) Truncate(size int64) error {
	if osf := h.osFile(); osf != nil {
		return osf.Truncate(size)
	}
	return h.closed("truncate")
}

func (h *hostFile) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.osf != nil:
		osf := h.osf
		h.osf, h.fd = nil, -1
		return osf.Close()
	case h.fd < 0:
		return h.closed("close")
	}
	h.cleanup.Stop()
	fd := h.fd
	h.fd = -1
	return h.pathErr("close", unix.Close(fd))
}

var errNegativeOffset = errors.New("negative offset")

// retry repeats a system call interrupted by a signal.
func retry(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

func ignoringEINTR(call func() error) error {
	for {
		if err := call(); err != syscall.EINTR {
			return err
		}
	}
}

// SyscallConn gives the descriptor to calls of its own (a directory's
// getdents and fstatat), as [os.File.SyscallConn] does.
func (h *hostFile) SyscallConn() (syscall.RawConn, error) {
	h.mu.Lock()
	osf := h.osf
	h.mu.Unlock()
	if osf != nil {
		return osf.SyscallConn()
	}
	return hostConn{h}, nil
}

// hostConn is a [syscall.RawConn] on a descriptor that does not block.
type hostConn struct{ h *hostFile }

func (c hostConn) Control(f func(fd uintptr)) error {
	c.h.mu.Lock()
	defer c.h.mu.Unlock()
	if c.h.fd < 0 || c.h.osf != nil {
		return os.ErrClosed
	}
	f(uintptr(c.h.fd))
	return nil
}

func (c hostConn) Read(f func(fd uintptr) bool) error {
	return c.Control(func(fd uintptr) {
		for !f(fd) {
		}
	})
}

func (c hostConn) Write(f func(fd uintptr) bool) error { return c.Read(f) }
