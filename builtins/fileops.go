package builtins

// Helpers shared by the file-operation builtins (cp, mv, rm, mkdir, ln,
// chmod, ...).

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/shellfence/shellfence/vfs"
)

// ask prints a question on standard error, as GNU's interactive prompts
// do, and reads one line of standard input: the answer is yes when the
// line starts with y or Y (the C locale's yesexpr).
func (p *Proc) ask(format string, args ...any) bool {
	p.Flush()
	fmt.Fprintf(p.Stderr, "%s: %s", p.Name(), fmt.Sprintf(format, args...))
	line := p.readAnswer()
	return len(line) > 0 && (line[0] == 'y' || line[0] == 'Y')
}

// readAnswer reads one line of standard input a byte at a time, so that
// nothing after it is consumed.
func (p *Proc) readAnswer() string {
	var b strings.Builder
	var c [1]byte
	for b.Len() < 4096 {
		n, err := p.Stdin.Read(c[:])
		if n == 1 {
			if c[0] == '\n' {
				break
			}
			b.WriteByte(c[0])
		}
		if err != nil {
			break
		}
	}
	return b.String()
}

// errNotDir and friends are the causes GNU reports for checks the
// commands make themselves.
var (
	errNotDir     = syscall.ENOTDIR
	errExist      = syscall.EEXIST
	errNotExist   = syscall.ENOENT
	errNotEmpty   = syscall.ENOTEMPTY
	errInval      = syscall.EINVAL
	errBusy       = syscall.EBUSY
	errIsDirErrno = syscall.EISDIR
)

// isNotExist reports whether err means the file does not exist.
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOENT)
}

// isOutside reports whether err is the workspace's refusal of a path.
func isOutside(err error) bool { return errors.Is(err, vfs.ErrOutside) }

// errnoOf returns the errno behind err, if any.
func errnoOf(err error) syscall.Errno {
	var e syscall.Errno
	if errors.As(err, &e) {
		return e
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return syscall.ENOENT
	case errors.Is(err, fs.ErrExist):
		return syscall.EEXIST
	case errors.Is(err, fs.ErrPermission):
		return syscall.EACCES
	}
	return 0
}

// isDirName reports whether name names a directory, following symlinks.
func (p *Proc) isDirName(name string) bool {
	fi, err := p.Stat(name)
	return err == nil && fi.IsDir()
}

// exists reports whether name exists, without following a final symlink.
func (p *Proc) exists(name string) bool {
	_, err := p.Lstat(name)
	return err == nil
}

// sameFile reports whether a and b are the same file: same device and
// inode where the filesystem has them, else the same path.
func sameFile(a, b fs.FileInfo, pa, pb string) bool {
	ma, mb := vfs.MetaOf(a), vfs.MetaOf(b)
	if ma.Ino != 0 && mb.Ino != 0 {
		return ma.Ino == mb.Ino && ma.Dev == mb.Dev
	}
	return pa == pb
}

// lastComponent returns the last component of name, ignoring trailing
// slashes ("a/b/" -> "b/", as gnulib's last_component).
func lastComponent(name string) string {
	i := 0
	for i < len(name) && name[i] == '/' {
		i++
	}
	base := i
	sawSlash := false
	for ; i < len(name); i++ {
		if name[i] == '/' {
			sawSlash = true
		} else if sawSlash {
			base, sawSlash = i, false
		}
	}
	return name[base:]
}

// stripTrailingSlashes removes trailing slashes but keeps a lone "/".
func stripTrailingSlashes(name string) string {
	for len(name) > 1 && name[len(name)-1] == '/' {
		name = name[:len(name)-1]
	}
	return name
}

// baseName is gnulib's base_name + strip_trailing_slashes: the last
// component without its trailing slashes, "/" for the root.
func baseName(name string) string {
	b := stripTrailingSlashes(lastComponent(name))
	if b == "" && name != "" {
		return "/"
	}
	return b
}

// dirLen returns the length of name's directory part (gnulib dir_len).
func dirLen(name string) int {
	prefix := 0
	if strings.HasPrefix(name, "/") {
		prefix = 1
	}
	n := len(name) - len(lastComponent(name))
	for n > prefix && name[n-1] == '/' {
		n--
	}
	return n
}

// dirName returns name's directory part, "." when it has none.
func dirName(name string) string {
	if n := dirLen(name); n > 0 {
		return name[:n]
	}
	return "."
}

// cleanAbs is path.Clean of the visible absolute path of name.
func (p *Proc) cleanAbs(name string) string { return path.Clean(p.Abs(name)) }

// usageErr reports a bad command line found by the command itself, with
// GNU's "Try ... --help" line, and returns the usage status 1.
func (p *Proc) usageErr(format string, args ...any) int {
	p.Errorf(format, args...)
	fmt.Fprintf(p.Stderr, "Try '%s --help' for more information.\n", p.Name())
	return 1
}

// dirSlashErr applies the rule of a name with a trailing slash: it must
// name a directory. fi and err are the result of a Stat of name.
func dirSlashErr(name string, fi fs.FileInfo, err error) error {
	if err != nil || !strings.HasSuffix(name, "/") || fi.IsDir() {
		return err
	}
	return errNotDir
}

// isSymlink reports whether fi describes a symbolic link.
func isSymlink(fi fs.FileInfo) bool { return fi.Mode()&fs.ModeSymlink != 0 }

// randomName returns n random lowercase letters and digits, for temporary
// names.
func randomName(n int) string {
	const chars = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = chars[int(b[i])%len(chars)]
	}
	return string(b)
}

// printf writes to standard output.
func (p *Proc) printf(format string, args ...any) {
	fmt.Fprintf(p.Stdout, format, args...)
}

// lstatName is lstat(2): it does not follow a final symlink, unless the
// name ends in a slash, which makes the kernel follow it (and requires a
// directory).
func (p *Proc) lstatName(name string) (fs.FileInfo, error) {
	if !strings.HasSuffix(name, "/") {
		return p.Lstat(name)
	}
	fi, err := p.Stat(name)
	return fi, dirSlashErr(name, fi, err)
}
