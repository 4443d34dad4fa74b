package patch

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"time"
)

// DefaultContext is the number of context lines of diff -u and diff -c.
const DefaultContext = 3

// NoContext asks [UnifiedOptions] for hunks without context lines (-U0).
const NoContext = -1

// UnifiedOptions shape the output of [Unified].
type UnifiedOptions struct {
	Options
	// Context is the number of unchanged lines shown around each change:
	// 0 means DefaultContext, NoContext means none.
	Context int
	// OldTime and NewTime are the modification times printed after the
	// names in the header, as GNU does; when zero, the header holds only
	// the name (as with diff --label).
	OldTime, NewTime time.Time
}

func (o UnifiedOptions) context() int {
	switch {
	case o.Context == 0:
		return DefaultContext
	case o.Context < 0:
		return 0
	}
	return o.Context
}

// Unified returns the output of GNU "diff -u" comparing old, named
// oldName, with new, named newName: nil when the texts are the same.
func Unified(oldName, newName string, old, new []byte, opts UnifiedOptions) []byte {
	ctx := opts.context()
	s := Compare(old, new, ctx, opts.Options)
	if s.Equal() {
		return nil
	}
	var b bytes.Buffer
	h := Header{OldName: oldName, NewName: newName, OldTime: opts.OldTime, NewTime: opts.NewTime}
	s.WriteUnified(&b, h, ctx)
	return b.Bytes()
}

// Header names the two files in a unified or context diff.
type Header struct {
	OldName, NewName string
	// OldTime and NewTime follow the names unless zero.
	OldTime, NewTime time.Time
	// Function, when set, finds the line of the old file shown after
	// each hunk header (diff -p passes [CFunction]).
	Function func(line []byte) bool
}

// TimeFormat is GNU diff's format (strftime "%Y-%m-%d %H:%M:%S.%N %z")
// for the times in -u and -c headers.
const TimeFormat = "2006-01-02 15:04:05.000000000 -0700"

func headerLine(mark, name string, t time.Time) string {
	if t.IsZero() {
		return mark + " " + name + "\n"
	}
	return mark + " " + name + "\t" + t.Format(TimeFormat) + "\n"
}

// WriteUnified writes s in unified format with context lines of context.
// It writes nothing when s has no change that counts.
func (s *Script) WriteUnified(w io.Writer, h Header, context int) error {
	ew := &errWriter{w: w}
	started := false
	ff := &funcFinder{match: h.Function, lastMatch: -1}
	for _, hk := range s.hunks(context) {
		sp := s.analyze(hk)
		if sp.kind == unchanged {
			continue
		}
		if !started {
			ew.str(headerLine("---", h.OldName, h.OldTime))
			ew.str(headerLine("+++", h.NewName, h.NewTime))
			started = true
		}
		sp = s.widen(sp, context)
		s.unifiedHunk(ew, hk, sp, ff.find(s.old, sp.first0))
	}
	return ew.err
}

// widen adds context lines of context around sp, within the files.
func (s *Script) widen(sp span, context int) span {
	sp.first0 = max(sp.first0-context, 0)
	sp.first1 = max(sp.first1-context, 0)
	sp.last0 = min(sp.last0+context, s.old.lines()-1)
	sp.last1 = min(sp.last1+context, s.new.lines()-1)
	return sp
}

func (s *Script) unifiedHunk(ew *errWriter, hk []Change, sp span, function string) {
	ew.str("@@ -" + unifiedRange(sp.first0, sp.last0) + " +" + unifiedRange(sp.first1, sp.last1) + " @@" + function + "\n")
	i, j := sp.first0, sp.first1
	for i <= sp.last0 || j <= sp.last1 {
		if len(hk) == 0 || i < hk[0].Old {
			ew.line(" ", s.old, i)
			i++
			j++
			continue
		}
		c := hk[0]
		for k := 0; k < c.Deleted; k++ {
			ew.line("-", s.old, i)
			i++
		}
		for k := 0; k < c.Inserted; k++ {
			ew.line("+", s.new, j)
			j++
		}
		hk = hk[1:]
	}
}

// unifiedRange prints lines [a, b] (0-based) as "start,count", or
// "start" for one line, or "before,0" for none.
func unifiedRange(a, b int) string {
	ta, tb := a+1, b+1
	switch {
	case tb < ta:
		return strconv.Itoa(tb) + ",0"
	case tb == ta:
		return strconv.Itoa(tb)
	}
	return fmt.Sprintf("%d,%d", ta, tb-ta+1)
}

// errWriter remembers the first write error and then writes nothing.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) write(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

func (e *errWriter) str(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}

// line writes flag and line i of t, and GNU's marker after a line that
// has no newline.
func (e *errWriter) line(flag string, t *text, i int) {
	e.str(flag)
	e.write(t.line(i))
	if !t.complete(i) {
		e.str("\n\\ No newline at end of file\n")
	}
}
