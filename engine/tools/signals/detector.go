package signals

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits of a [Detector].
const (
	// MaxListed is how many signals [Found] lists; the rest are counted.
	MaxListed = 20
	// MaxText is how much of a line a [Signal] quotes, in bytes.
	MaxText = 300

	keepEarly = 32  // the first failure lines past the head, kept for good
	keepLate  = 224 // then the latest ones, in a ring
)

// A Signal is a line of a stream that looks like a failure.
type Signal struct {
	Stream string `json:"stream" jsonschema:"the stream the line is in: stdout or stderr"`
	Line   int64  `json:"line" jsonschema:"the line's number in its stream (1-based)"`
	Text   string `json:"text" jsonschema:"the line, without colours, cut at 300 bytes"`
}

// Found is what [Detector.Result] found in a range of lines.
type Found struct {
	Signals []Signal // at most MaxListed, in line order
	More    int64    // signals in the range beyond those listed
}

// A Detector is an [io.Writer] that reads a stream as it is written, one
// line at a time, and keeps the lines that look like failures (see
// [Failure]) with their numbers, in bounded memory: the first 32 past
// the head it was told to skip, then the latest 224 and a count. It is
// not safe for concurrent use.
type Detector struct {
	stream string
	skip   int64 // lines ending within the first skip bytes are not kept
	off    int64 // bytes written
	lines  int64 // lines ended
	cur    []byte
	curLen int  // bytes of the current line so far (cur keeps maxScan)
	flushd bool // the unended last line was looked at

	found int64 // failure lines kept or counted
	early []Signal
	late  []Signal // the ring, keepLate long once a signal needs it
	nLate int      // entries of late in use, then the next slot is nLate%keepLate
}

// NewDetector returns a detector for the stream named stream ("stdout"
// or "stderr"). Lines that end within its first headBytes bytes are
// shown anyway (the head of a capped stream) and are not kept; 0 keeps
// every line.
func NewDetector(stream string, headBytes int64) *Detector {
	return &Detector{stream: stream, skip: headBytes}
}

// Write implements io.Writer; it never fails.
func (d *Detector) Write(p []byte) (int, error) {
	n := len(p)
	d.flushd = false
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			d.add(p)
			d.off += int64(len(p))
			break
		}
		line := p[:i]
		if d.curLen > 0 {
			d.add(line)
			line = d.cur
		}
		d.off += int64(i + 1)
		d.lines++
		if d.off > d.skip {
			d.check(line, d.lines)
		}
		d.cur, d.curLen = d.cur[:0], 0
		p = p[i+1:]
	}
	return n, nil
}

// add appends part of an unended line.
func (d *Detector) add(p []byte) {
	if room := maxScan - len(d.cur); room > 0 {
		d.cur = append(d.cur, p[:min(room, len(p))]...)
	}
	d.curLen += len(p)
}

// check keeps line number n if it looks like a failure.
func (d *Detector) check(line []byte, n int64) {
	if !Failure(line) || d.kept(n) {
		return
	}
	d.found++
	if len(d.early) < keepEarly {
		d.early = append(d.early, Signal{Stream: d.stream, Line: n, Text: quote(line)})
		return
	}
	if d.late == nil {
		d.late = make([]Signal, keepLate) // most runs never get here
	}
	s := &d.late[d.nLate%keepLate]
	s.Stream, s.Line, s.Text = d.stream, n, quote(line)
	d.nLate++
}

// flush looks at a last line that has no newline (yet).
func (d *Detector) flush() {
	if d.flushd || d.curLen == 0 {
		return
	}
	d.flushd = true
	if d.off > d.skip {
		d.check(d.cur, d.lines+1)
	}
}

// kept reports whether line n is the last one kept.
func (d *Detector) kept(n int64) bool {
	switch {
	case d.nLate > 0:
		return d.late[(d.nLate-1)%keepLate].Line == n
	case len(d.early) > 0:
		return d.early[len(d.early)-1].Line == n
	}
	return false
}

// Lines returns how many lines were written (a last line without a
// newline counts).
func (d *Detector) Lines() int64 {
	if d.curLen > 0 {
		return d.lines + 1
	}
	return d.lines
}

// Result returns the failure lines numbered from to to (1-based,
// inclusive: the lines a capped result leaves out): the first
// [MaxListed] of them and how many more there are. Call it once the
// stream is written. When more than a few hundred failure lines follow
// the head, the ones between the first 32 and the latest 224 are only
// counted, and More counts all of them if their lines may fall in the
// range.
func (d *Detector) Result(from, to int64) Found {
	d.flush()
	var f Found
	var total int64
	take := func(s Signal) {
		if s.Line < from || s.Line > to {
			return
		}
		total++
		if len(f.Signals) < MaxListed {
			f.Signals = append(f.Signals, s)
		}
	}
	for _, s := range d.early {
		take(s)
	}
	first := max(d.nLate-keepLate, 0)
	if evicted := int64(first); evicted > 0 && d.gapMeets(from, to) {
		total += evicted
	}
	for k := first; k < d.nLate; k++ {
		take(d.late[k%keepLate])
	}
	f.More = total - int64(len(f.Signals))
	return f
}

// gapMeets reports whether the lines whose failures were only counted
// (between the early ones and the ring) may fall in [from, to].
func (d *Detector) gapMeets(from, to int64) bool {
	lo := d.early[len(d.early)-1].Line + 1
	hi := d.late[d.nLate%keepLate].Line - 1 // the oldest in the ring
	return lo <= to && hi >= from
}

// quote is line as a signal shows it: without colours or trailing
// blanks, cut at MaxText bytes on a character boundary.
func quote(line []byte) string {
	if bytes.IndexByte(line, 0x1b) >= 0 {
		line = stripANSI(make([]byte, 0, len(line)), line)
	}
	line = bytes.TrimRight(line, " \t\r")
	if len(line) > MaxText {
		line = line[:MaxText]
		for k := len(line) - 1; k >= 0 && k >= len(line)-utf8.UTFMax; k-- {
			if utf8.RuneStart(line[k]) {
				if !utf8.FullRune(line[k:]) {
					line = line[:k]
				}
				break
			}
		}
	}
	return string(line)
}

// Text words f for the marker put where its lines were left out: a
// heading, then one line per signal (NUMBER: TEXT), then how many more
// there are; "" when f has none.
func (f Found) Text() string {
	if len(f.Signals) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d lines among them look like failures:", int64(len(f.Signals))+f.More)
	for _, s := range f.Signals {
		fmt.Fprintf(&b, "\n  %d: %s", s.Line, s.Text)
	}
	if f.More > 0 {
		fmt.Fprintf(&b, "\n  ... and %d more", f.More)
	}
	return b.String()
}
