package builtins

// ls: names (quoting, -q, indicators) and the short formats: one per
// line, columns (-C), across (-x) and commas (-m), with GNU's column
// fitting and tab indentation.

import (
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// needsQuoting reports whether name changes when quoted.
func (r *lsRun) needsQuoting(name string) bool {
	return r.c.quoter.Quote(name) != name
}

// quoteBuf returns name as printed (quoted, and with -q nonprintable
// characters as '?'), its display width, and whether it needs a leading
// space to line up with quoted names.
func (r *lsRun) quoteBuf(name string, q *quote.Quoter, quoted int) (string, int, bool) {
	style := q.Style()
	further := r.c.qmark && (style == quote.ShellQuoting || style == quote.ShellAlwaysQuoting || style == quote.LiteralQuoting)
	buf, isQuoted := name, false
	if quoted != 0 {
		buf = q.Quote(name)
		isQuoted = buf != name
	}
	var width int
	if further {
		buf, width = lsQmark(buf)
	} else {
		width = ctype.StringWidth(buf)
	}
	pad := r.c.alignQuotes && r.someQuoted && !isQuoted
	return buf, width, pad
}

// lsQmark replaces each nonprintable character with '?'.
func lsQmark(s string) (string, int) {
	var b strings.Builder
	width := 0
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && n <= 1:
			b.WriteByte('?')
			width++
			if !utf8.FullRuneInString(s[i:]) {
				return b.String(), width
			}
			n = 1
		case ctype.RuneWidth(c) >= 0:
			b.WriteString(s[i : i+n])
			width += ctype.RuneWidth(c)
		default:
			b.WriteByte('?')
			width++
		}
		i += n
	}
	return b.String(), width
}

// quoteName returns name as printed, with the alignment space if allowed.
func (r *lsRun) quoteName(name string, q *quote.Quoter, quoted int, allowPad bool) string {
	buf, _, pad := r.quoteBuf(name, q, quoted)
	if pad && allowPad {
		return " " + buf
	}
	return buf
}

// nameWidth is the display width of f's printed name.
func (r *lsRun) nameWidth(f *lsFile) int {
	if f.width >= 0 {
		return f.width
	}
	_, w, pad := r.quoteBuf(f.name, r.c.quoter, f.quoted)
	return w + b2i(pad)
}

// printName writes f's name and returns its width.
func (r *lsRun) printName(f *lsFile, start int) int {
	s := r.quoteName(f.name, r.c.quoter, f.quoted, true)
	if r.c.colors == nil {
		r.out(s)
		return len(s)
	}
	text := s
	if strings.HasPrefix(s, " ") && r.c.alignQuotes && r.someQuoted {
		r.out(" ")
		text = s[1:]
	}
	r.colorName(f, false, text, start)
	return len(s)
}

// indicatorOf is the -F/-p character after f's name.
func (r *lsRun) indicatorOf(f *lsFile) string {
	var m fs.FileMode
	if f.statOK {
		m = f.fi.Mode()
	}
	return lsIndicatorText(r.c.indicator, f.statOK, m, f.ftype)
}

// lsIndicatorText is GNU's get_type_indicator.
func lsIndicatorText(style lsIndicator, statOK bool, m fs.FileMode, t lsType) string {
	isReg := t == lsNormal
	if statOK {
		isReg = m.IsRegular()
	}
	if isReg {
		if statOK && style == lsIndClassify && m&0o111 != 0 {
			return "*"
		}
		return ""
	}
	switch {
	case statOK && m.IsDir() || !statOK && (t == lsDirectory || t == lsArgDirectory):
		return "/"
	case style == lsIndSlash:
		return ""
	case statOK && m&fs.ModeSymlink != 0 || !statOK && t == lsSymlink:
		return "@"
	case statOK && m&fs.ModeNamedPipe != 0 || !statOK && t == lsFifo:
		return "|"
	case statOK && m&fs.ModeSocket != 0 || !statOK && t == lsSock:
		return "="
	}
	return ""
}

// frillsWidth is GNU's length_of_file_name_and_frills.
func (r *lsRun) frillsWidth(f *lsFile) int {
	c := r.c
	n := 0
	if c.inode {
		if c.format == lsCommas {
			n += 1 + len(lsUintString(f.meta.Ino))
		} else {
			n += 1 + r.w.inode
		}
	}
	if c.blocks {
		if c.format == lsCommas {
			n += 1 + len(r.blocksText(f))
		} else {
			n += 1 + r.w.blocks
		}
	}
	if c.context {
		n += 1 + r.w.context
	}
	n += r.nameWidth(f)
	if c.indicator != lsIndNone && r.indicatorOf(f) != "" {
		n++
	}
	return n
}

// printFrills writes f's inode, blocks, name and indicator.
func (r *lsRun) printFrills(f *lsFile, start int) {
	c := r.c
	r.setNormal()
	width := func(w int) int {
		if c.format == lsCommas {
			return 0
		}
		return w
	}
	if c.inode {
		r.out(padLeft(r.inodeText(f), width(r.w.inode)) + " ")
	}
	if c.blocks {
		r.out(padLeft(r.blocksText(f), width(r.w.blocks)) + " ")
	}
	if c.context {
		r.out(padLeft("?", width(r.w.context)) + " ")
	}
	r.printName(f, start)
	if c.indicator != lsIndNone {
		r.out(r.indicatorOf(f))
	}
}

// printCurrent writes the table in the chosen format.
func (r *lsRun) printCurrent() {
	eol := string(r.c.eol)
	switch r.c.format {
	case lsOnePerLine:
		for _, f := range r.files {
			r.printFrills(f, 0)
			r.out(eol)
		}
	case lsManyPerLine, lsHorizontal:
		if r.c.lineLen == 0 {
			r.printWithSeparator(' ')
		} else if r.c.format == lsManyPerLine {
			r.printColumns()
		} else {
			r.printAcross()
		}
	case lsCommas:
		r.printWithSeparator(',')
	case lsLong:
		for _, f := range r.files {
			r.printLong(f)
			r.out(eol)
		}
	}
}

// printWithSeparator writes the names separated by sep and a space,
// breaking lines before the width is reached (-m).
func (r *lsRun) printWithSeparator(sep byte) {
	pos := 0
	for i, f := range r.files {
		n := 0
		if r.c.lineLen != 0 {
			n = r.frillsWidth(f)
		}
		if i != 0 {
			if r.c.lineLen == 0 || pos+n+2 < r.c.lineLen {
				pos += 2
				r.out(string(sep) + " ")
			} else {
				pos = 0
				r.out(string(sep) + string(r.c.eol))
			}
		}
		r.printFrills(f, pos)
		pos += n
	}
	r.out(string(r.c.eol))
}

// columns computes GNU's column layout: the number of columns and their
// widths.
func (r *lsRun) columns(byColumns bool) (int, []int) {
	n := len(r.files)
	maxIdx := r.c.lineLen / 3
	if r.c.lineLen%3 != 0 {
		maxIdx++
	}
	maxCols := n
	if maxIdx > 0 && maxIdx < n {
		maxCols = maxIdx
	}
	type colInfo struct {
		valid   bool
		lineLen int
		arr     []int
	}
	info := make([]colInfo, maxCols)
	for i := range info {
		info[i] = colInfo{valid: true, lineLen: (i + 1) * 3, arr: make([]int, i+1)}
		for j := range info[i].arr {
			info[i].arr[j] = 3
		}
	}
	for fileno, f := range r.files {
		nameLen := r.frillsWidth(f)
		for i := range info {
			ci := &info[i]
			if !ci.valid {
				continue
			}
			idx := fileno % (i + 1)
			if byColumns {
				idx = fileno / ((n + i) / (i + 1))
			}
			real := nameLen + 2
			if idx == i {
				real = nameLen
			}
			if ci.arr[idx] < real {
				ci.lineLen += real - ci.arr[idx]
				ci.arr[idx] = real
				ci.valid = ci.lineLen < r.c.lineLen
			}
		}
	}
	cols := maxCols
	for ; cols > 1; cols-- {
		if info[cols-1].valid {
			break
		}
	}
	if cols == 0 {
		return 1, []int{0}
	}
	return cols, info[cols-1].arr
}

// printColumns writes the names down columns (-C).
func (r *lsRun) printColumns() {
	cols, widths := r.columns(true)
	n := len(r.files)
	rows := n / cols
	if n%cols != 0 {
		rows++
	}
	for row := 0; row < rows; row++ {
		col, fileno, pos := 0, row, 0
		for {
			f := r.files[fileno]
			nameLen := r.frillsWidth(f)
			maxLen := widths[col]
			col++
			r.printFrills(f, pos)
			if n-rows <= fileno {
				break
			}
			fileno += rows
			r.indent(pos+nameLen, pos+maxLen)
			pos += maxLen
		}
		r.out(string(r.c.eol))
	}
}

// printAcross writes the names along rows (-x).
func (r *lsRun) printAcross() {
	cols, widths := r.columns(false)
	pos := 0
	f := r.files[0]
	nameLen, maxLen := r.frillsWidth(f), widths[0]
	r.printFrills(f, 0)
	for fileno := 1; fileno < len(r.files); fileno++ {
		col := fileno % cols
		if col == 0 {
			r.out(string(r.c.eol))
			pos = 0
		} else {
			r.indent(pos+nameLen, pos+maxLen)
			pos += maxLen
		}
		f = r.files[fileno]
		r.printFrills(f, pos)
		nameLen, maxLen = r.frillsWidth(f), widths[col]
	}
	r.out(string(r.c.eol))
}

// indent moves from column from to column to with tabs and spaces.
func (r *lsRun) indent(from, to int) {
	var b strings.Builder
	ts := r.c.tabsize
	for from < to {
		if ts != 0 && to/ts > (from+1)/ts {
			b.WriteByte('\t')
			from += ts - from%ts
		} else {
			b.WriteByte(' ')
			from++
		}
	}
	r.out(b.String())
}
