package builtins

// ls: the long format (-l and friends): mode strings, column widths over
// the listing, owners, sizes, device numbers and dates.

import (
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

// addWidths widens the long format's columns for f.
func (r *lsRun) addWidths(f *lsFile) {
	c, w := r.c, &r.w
	if c.format == lsLong || c.blocks {
		w.blocks = max(w.blocks, len(human.Readable(lsBlocks(f), c.humanOpts, 512, c.blockSize)))
	}
	if c.format == lsLong {
		if c.owner {
			w.owner = max(w.owner, ctype.StringWidth(r.userName(f.meta.Uid)))
		}
		if c.group {
			w.group = max(w.group, ctype.StringWidth(r.groupName(f.meta.Gid)))
		}
		if c.author {
			w.author = max(w.author, ctype.StringWidth(r.userName(f.meta.Uid)))
		}
	}
	if c.context {
		w.context = max(w.context, 1)
	}
	if c.format == lsLong {
		w.nlink = max(w.nlink, len(lsUintString(f.meta.Nlink)))
		if f.ftype == lsCharDev || f.ftype == lsBlockDev {
			w.major = max(w.major, len(lsUintString(devMajor(f.meta.Rdev))))
			w.minor = max(w.minor, len(lsUintString(devMinor(f.meta.Rdev))))
			w.size = max(w.size, w.major+2+w.minor)
		} else {
			w.size = max(w.size, len(human.Readable(uint64(lsSize(f)), c.fileHumanOpts, 1, c.fileBlockSize)))
		}
	}
	if c.inode {
		w.inode = max(w.inode, len(lsUintString(f.meta.Ino)))
	}
}

func lsBlocks(f *lsFile) uint64 {
	if !f.statOK {
		return 0
	}
	return uint64(f.meta.Blocks)
}

// userName is the owner column's text for uid.
func (r *lsRun) userName(uid uint32) string {
	if r.c.numeric {
		return strconv.FormatUint(uint64(uid), 10)
	}
	return r.p.FS.UserName(uid)
}

func (r *lsRun) groupName(gid uint32) string {
	if r.c.numeric {
		return strconv.FormatUint(uint64(gid), 10)
	}
	return r.p.FS.GroupName(gid)
}

// devMajor and devMinor split a Linux device number.
func devMajor(d uint64) uint64 { return (d>>8)&0xfff | (d>>32)&^0xfff }
func devMinor(d uint64) uint64 { return d&0xff | (d>>12)&^0xff }

// modeString is GNU's filemodestring: the type letter and permissions.
func modeString(m fs.FileMode) string {
	b := []byte("?---------")
	b[0] = lsTypeLetter[lsTypeOf(m)]
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<(8-i)) != 0 {
			b[i+1] = rwx[i]
		}
	}
	lsSpecialBit(b, 3, m&fs.ModeSetuid != 0, 's')
	lsSpecialBit(b, 6, m&fs.ModeSetgid != 0, 's')
	lsSpecialBit(b, 9, m&fs.ModeSticky != 0, 't')
	return string(b)
}

func lsSpecialBit(b []byte, i int, set bool, c byte) {
	if !set {
		return
	}
	if b[i] == 'x' {
		b[i] = c
	} else {
		b[i] = c - 'a' + 'A'
	}
}

// lsTypeLetter is the mode string's first letter for each type.
var lsTypeLetter = [...]byte{'?', 'p', 'c', 'd', 'b', '-', 'l', 's', 'w', 'd'}

// printLong writes f as a line of the long format (without the end of
// line).
func (r *lsRun) printLong(f *lsFile) {
	c, w := r.c, &r.w
	var b strings.Builder
	if c.inode {
		b.WriteString(padLeft(r.inodeText(f), w.inode) + " ")
	}
	if c.blocks {
		b.WriteString(padLeft(r.blocksText(f), w.blocks) + " ")
	}
	mode := string(lsTypeLetter[f.ftype]) + "?????????"
	nlink := "?"
	if f.statOK {
		mode, nlink = modeString(f.fi.Mode()), lsUintString(f.meta.Nlink)
	}
	b.WriteString(mode + " " + padLeft(nlink, w.nlink) + " ")
	if c.owner {
		b.WriteString(r.ownerField(f, r.userName(f.meta.Uid), f.meta.Uid, w.owner))
	}
	if c.group {
		b.WriteString(r.ownerField(f, r.groupName(f.meta.Gid), f.meta.Gid, w.group))
	}
	if c.author {
		b.WriteString(r.ownerField(f, r.userName(f.meta.Uid), f.meta.Uid, w.author))
	}
	if c.context {
		b.WriteString(padRight("?", w.context) + " ")
	}
	b.WriteString(r.sizeField(f) + " ")
	b.WriteString(r.timeField(f) + " ")
	r.setNormal()
	r.out(b.String())
	col := len(b.String())
	n := r.printName(f, col)
	if f.ftype == lsSymlink {
		if f.hasLink {
			r.out(" -> ")
			target := r.quoteName(f.linkname, r.c.quoter, f.quoted, false)
			if c.colors != nil {
				r.colorName(f, true, target, col+n+4)
			} else {
				r.out(target)
			}
			if c.indicator != lsIndNone {
				r.out(lsIndicatorText(c.indicator, true, f.linkMode, lsUnknown))
			}
		}
	} else if c.indicator != lsIndNone {
		r.out(r.indicatorOf(f))
	}
}

// ownerField is a user or group column: names padded on the right,
// numbers on the left, "?" when the file could not be stat'ed.
func (r *lsRun) ownerField(f *lsFile, name string, id uint32, width int) string {
	if !f.statOK {
		return padRight("?", width) + " "
	}
	if name == strconv.FormatUint(uint64(id), 10) {
		return padLeft(name, width) + " "
	}
	return padRight(name, width) + " "
}

// sizeField is the size column, or the device numbers.
func (r *lsRun) sizeField(f *lsFile) string {
	w := &r.w
	if f.statOK && (f.ftype == lsCharDev || f.ftype == lsBlockDev) {
		blanks := w.size - (w.major + 2 + w.minor)
		return padLeft(lsUintString(devMajor(f.meta.Rdev)), w.major+max(0, blanks)) + ", " +
			padLeft(lsUintString(devMinor(f.meta.Rdev)), w.minor)
	}
	size := "?"
	if f.statOK {
		size = human.Readable(uint64(lsSize(f)), r.c.fileHumanOpts, 1, r.c.fileBlockSize)
	}
	return padLeft(size, w.size)
}

// timeField is the date column.
func (r *lsRun) timeField(f *lsFile) string {
	if !f.statOK {
		return padLeft("?", ctype.StringWidth(strftime.Format(r.c.timeFmt[0], time.Unix(0, 0).In(r.p.Loc()))))
	}
	t := lsFileTime(f, r.c.timeType).In(r.p.Loc())
	if t.After(r.now) {
		r.now = r.p.Now()
	}
	sixMonthsAgo := r.now.Add(-31556952 / 2 * time.Second)
	recent := sixMonthsAgo.Before(t) && t.Before(r.now)
	return strftime.Format(r.c.timeFmt[b2i(recent)], t)
}

func (r *lsRun) inodeText(f *lsFile) string {
	if !f.statOK {
		return "?"
	}
	return lsUintString(f.meta.Ino)
}

func (r *lsRun) blocksText(f *lsFile) string {
	if !f.statOK {
		return "?"
	}
	return human.Readable(lsBlocks(f), r.c.humanOpts, 512, r.c.blockSize)
}

// padLeft right-aligns s in width columns.
func padLeft(s string, width int) string {
	if n := width - ctype.StringWidth(s); n > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s
}

// padRight left-aligns s in width columns.
func padRight(s string, width int) string {
	if n := width - ctype.StringWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// b2i is C's conversion of a truth value to 1 or 0.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
