package builtins

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// DevFiles holds the in-memory files behind /dev/fd/N names of one run:
// the output of each input process substitution, written once, then read.
// Only commands of that run can open them.
type DevFiles struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer
	// Budget is charged for what the files hold (nil: unlimited).
	Budget *budget.Budget
}

func (d *DevFiles) create(name string) *devWriter {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.files == nil {
		d.files = map[string]*bytes.Buffer{}
	}
	if old, ok := d.files[name]; ok { // a name used again: the old file is gone
		d.Budget.Release(budget.Memory, int64(old.Len()))
	}
	b := new(bytes.Buffer)
	d.files[name] = b
	return &devWriter{d: d, b: b}
}

func (d *DevFiles) open(name string) ([]byte, bool) {
	if d == nil {
		return nil, false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	b, ok := d.files[name]
	if !ok {
		return nil, false
	}
	return b.Bytes(), true
}

type devWriter struct {
	d *DevFiles
	b *bytes.Buffer
}

func (w *devWriter) Write(p []byte) (int, error) {
	w.d.mu.Lock()
	defer w.d.mu.Unlock()
	if err := w.d.Budget.Charge(budget.Memory, int64(len(p))); err != nil {
		return 0, err
	}
	return w.b.Write(p)
}

// isDevPath reports whether name is a device name shellfence serves.
func isDevPath(name string) bool {
	switch name {
	case "/dev/null", "/dev/zero", "/dev/stdin", "/dev/stdout", "/dev/stderr",
		"/dev/random", "/dev/urandom", "/dev/tty", "/dev/full":
		return true
	}
	return strings.HasPrefix(name, "/dev/fd/") && path.Clean(name) == name
}

// device opens a device name. ok is false when name is not a device that
// exists; the returned File is then nil. For /dev/tty, which exists but
// cannot be opened (a run has no terminal), ok is true and the File nil.
func (p *Proc) device(name string, flag int) (File, bool) {
	write := flag&(os.O_WRONLY|os.O_RDWR) != 0
	switch name {
	case "/dev/null":
		return devFile{name: name, r: eofReader{}, w: io.Discard}, true
	case "/dev/zero":
		return devFile{name: name, r: zeroReader{}, w: io.Discard}, true
	case "/dev/random", "/dev/urandom":
		return devFile{name: name, r: rand.Reader, w: io.Discard}, true
	case "/dev/full":
		return devFile{name: name, r: zeroReader{}, w: fullWriter{}}, true
	case "/dev/tty": // a run has no terminal
		return nil, true
	case "/dev/stdin", "/dev/fd/0":
		return devFile{name: name, r: p.Stdin, w: badWriter{}}, true
	case "/dev/stdout", "/dev/fd/1":
		return devFile{name: name, r: badReader{}, w: p.Stdout}, true
	case "/dev/stderr", "/dev/fd/2":
		return devFile{name: name, r: badReader{}, w: p.Stderr}, true
	}
	if !strings.HasPrefix(name, "/dev/fd/") || p.Sys == nil || p.Sys.Dev == nil {
		return nil, false
	}
	if _, err := strconv.Atoi(name[len("/dev/fd/"):]); err != nil {
		return nil, false
	}
	if write {
		return devFile{name: name, r: badReader{}, w: p.Sys.Dev.create(name)}, true
	}
	if b, ok := p.Sys.Dev.open(name); ok {
		return devFile{name: name, r: bytes.NewReader(b), w: badWriter{}}, true
	}
	return nil, false
}

// devFile is an open device. Closing it never closes the stream behind it.
type devFile struct {
	name string
	r    io.Reader
	w    io.Writer
}

func (d devFile) Read(b []byte) (int, error)  { return d.r.Read(b) }
func (d devFile) Write(b []byte) (int, error) { return d.w.Write(b) }
func (d devFile) Close() error                { return nil }
func (d devFile) Stat() (fs.FileInfo, error)  { return devInfo{name: d.name}, nil }

// devStat returns stat information for abs when it names a device; ok is
// false for every other name. Stat, Lstat, Chtimes, find's walk and patch
// ask it, so that every command sees the same devices. A device's times
// are the moment it is looked at: the host's devices are written all the
// time. The standard streams are what they are connected to: a workspace
// file, or else a pipe.
func (p *Proc) devStat(abs string) (fs.FileInfo, bool) {
	if !isDevPath(abs) {
		return nil, false
	}
	d := devInfo{name: abs, mod: p.Sys.now()}
	switch abs {
	case "/dev/stdin", "/dev/fd/0":
		return streamInfo(d, p.Stdin), true
	case "/dev/stdout", "/dev/fd/1":
		return streamInfo(d, p.Stdout), true
	case "/dev/stderr", "/dev/fd/2":
		return streamInfo(d, p.Stderr), true
	}
	if strings.HasPrefix(abs, "/dev/fd/") {
		b, ok := p.Sys.devOpen(abs)
		if !ok {
			return nil, false
		}
		d.pipe, d.size = true, int64(len(b))
	}
	return d, true
}

// streamInfo describes the device of a standard stream.
func streamInfo(d devInfo, s any) fs.FileInfo {
	if f, ok := s.(File); ok {
		if fi, err := f.Stat(); err == nil {
			return fi
		}
	}
	d.pipe = true
	return d
}

// isDevDir reports whether abs is a directory that holds devices (/dev,
// /dev/fd): resolving a device's name goes through them.
func isDevDir(abs string) bool { return abs == "/dev" || abs == "/dev/fd" }

func (s *System) devOpen(name string) ([]byte, bool) {
	if s == nil {
		return nil, false
	}
	return s.Dev.open(name)
}

type devInfo struct {
	name string
	pipe bool
	size int64
	mod  time.Time
}

// devNumbers are the Linux device numbers of the devices shellfence serves.
var devNumbers = map[string]uint64{
	"tty": 5 << 8, "null": 1<<8 | 3, "zero": 1<<8 | 5, "full": 1<<8 | 7, "random": 1<<8 | 8, "urandom": 1<<8 | 9,
}

// Sys is the device's metadata, as [vfs.MetaOf] gives it to stat, ls,
// find and file.
func (d devInfo) Sys() any {
	return &vfs.Meta{Nlink: 1, Blksize: 4096, Rdev: devNumbers[d.Name()], Atime: d.mod, Ctime: d.mod}
}

func (d devInfo) Name() string { return d.name[strings.LastIndexByte(d.name, '/')+1:] }
func (d devInfo) Size() int64  { return d.size }
func (d devInfo) Mode() fs.FileMode {
	if d.pipe {
		return fs.ModeNamedPipe | 0o600
	}
	return fs.ModeDevice | fs.ModeCharDevice | 0o666
}
func (d devInfo) ModTime() time.Time { return d.mod }
func (d devInfo) IsDir() bool        { return false }

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

type zeroReader struct{}

func (zeroReader) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

var errBadFD = &fs.PathError{Op: "access", Path: "device", Err: errors.New("Bad file descriptor")}

type badReader struct{}

func (badReader) Read([]byte) (int, error) { return 0, errBadFD }

type badWriter struct{}

func (badWriter) Write([]byte) (int, error) { return 0, errBadFD }

type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("No space left on device") }
