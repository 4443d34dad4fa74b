package builtins

// -ls and -fls (gnulib's list_file), the symbolic mode string and the
// strftime fields of -printf's %A, %C and %T.

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

// findLsWidths are the column widths of -ls; like GNU's they only grow.
type findLsWidths struct {
	init                               bool
	inode, blocks, nlink, owner, group int
	size, major, minor, stamp          int
}

func (w *findLsWidths) defaults() {
	if !w.init {
		*w = findLsWidths{init: true, inode: 9, blocks: 6, nlink: 3, owner: 8, group: 8, size: 8, major: 3, minor: 3, stamp: 12}
	}
}

func fpLs(ps *fparser, name string) error {
	var w io.Writer
	if name == "-fls" {
		var err error
		if w, err = ps.outFile(); err != nil {
			return err
		}
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		out := w
		if out == nil {
			out = f.p.Stdout
		}
		if line, ok := f.lsLine(e); ok {
			f.writeString(out, line)
		}
		return true
	})
	return nil
}

// lsLine formats e as one line of -ls.
func (f *finder) lsLine(e *fentry) (string, bool) {
	fi, ok := f.stat(e)
	if !ok {
		return "", false
	}
	w := &f.ls
	w.defaults()
	m := findMetaOf(fi)
	var b strings.Builder
	col := func(width *int, s string, left bool) {
		if len(s) > *width {
			*width = len(s)
		}
		if left {
			fmt.Fprintf(&b, "%-*s ", *width, s)
		} else {
			fmt.Fprintf(&b, "%*s ", *width, s)
		}
	}
	col(&w.inode, strconv.FormatUint(m.Ino, 10), false)
	col(&w.blocks, strconv.FormatInt((m.Blocks+1)/2, 10), false)
	b.WriteString(findModeString(fi.Mode()) + " ")
	col(&w.nlink, strconv.FormatUint(m.Nlink, 10), false)
	col(&w.owner, f.p.FS.UserName(m.Uid), true)
	col(&w.group, f.p.FS.GroupName(m.Gid), true)
	if fi.Mode()&fs.ModeDevice != 0 {
		maj := strconv.FormatUint(m.Rdev>>8&0xfff|m.Rdev>>32&^0xfff, 10)
		min := strconv.FormatUint(m.Rdev&0xff|m.Rdev>>12&^0xff, 10)
		s := fmt.Sprintf("%*s, %*s", w.major, maj, w.minor, min)
		col(&w.size, s, false)
	} else {
		col(&w.size, strconv.FormatInt(fi.Size(), 10), false)
	}
	col(&w.stamp, f.lsTime(fi.ModTime()), false)
	b.WriteString(findLsQuote(e.path))
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, err := f.p.FS.ReadlinkIfPossible(e.abs)
		if err != nil {
			f.fileError(e.path, err)
		} else {
			b.WriteString(" -> " + findLsQuote(t))
		}
	}
	b.WriteByte('\n')
	return b.String(), true
}

// lsTime shows the date with the time of day for files changed in the
// last six months (or at most an hour in the future), else with the year.
func (f *finder) lsTime(t time.Time) string {
	t = t.In(f.start.Location())
	now := f.start
	if !t.Before(now.Add(-180*24*time.Hour)) && !t.After(now.Add(time.Hour)) {
		return findStrftime(t, 'b') + " " + findStrftime(t, 'e') + " " + t.Format("15:04")
	}
	return fmt.Sprintf("%s %s  %d", findStrftime(t, 'b'), findStrftime(t, 'e'), t.Year())
}

// findLsQuote escapes a name as -ls prints it: C escapes for control
// characters, backslash before spaces and quotes, octal for other bytes
// outside printable ASCII.
func findLsQuote(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\b':
			b.WriteString(`\b`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\f':
			b.WriteString(`\f`)
		case ' ':
			b.WriteString(`\ `)
		case '"':
			b.WriteString(`\"`)
		default:
			if c > 040 && c < 0177 {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "\\%03o", c)
			}
		}
	}
	return b.String()
}

// findModeString is the ten-character mode of ls -l ("drwxr-xr-x").
func findModeString(m fs.FileMode) string {
	b := []byte("?rwxrwxrwx")
	b[0] = findTypeChar(m)
	perm := m.Perm()
	for i := 0; i < 9; i++ {
		if perm&(1<<(8-i)) == 0 {
			b[i+1] = '-'
		}
	}
	special := func(set bool, i int, lower, upper byte) {
		if !set {
			return
		}
		if b[i] == 'x' {
			b[i] = lower
		} else {
			b[i] = upper
		}
	}
	special(m&fs.ModeSetuid != 0, 3, 's', 'S')
	special(m&fs.ModeSetgid != 0, 6, 's', 'S')
	special(m&fs.ModeSticky != 0, 9, 't', 'T')
	return string(b)
}

func findTypeChar(m fs.FileMode) byte {
	switch {
	case m&fs.ModeDir != 0:
		return 'd'
	case m&fs.ModeSymlink != 0:
		return 'l'
	case m&fs.ModeNamedPipe != 0:
		return 'p'
	case m&fs.ModeSocket != 0:
		return 's'
	case m&fs.ModeCharDevice != 0:
		return 'c'
	case m&fs.ModeDevice != 0:
		return 'b'
	}
	return '-'
}

// findStrftime formats one conversion of glibc's strftime in the C locale
// (gnulib's %q, %N and %: are not glibc's, and stay as written).
func findStrftime(t time.Time, c byte) string {
	if c == 'q' || c == 'N' || c == ':' {
		return "%" + string(c)
	}
	return strftime.Format("%"+string(c), t)
}
