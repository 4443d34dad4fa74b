package builtins

// unexpand - convert spaces to tabs
//
//	unexpand [-a] [--first-only] [-t N|LIST] [-N] [FILE]...
//
// As GNU coreutils 9.1: blanks before the first non-blank of each line
// (every run of two or more with -a or -t) that reach a tab stop become
// a tab; the tab stops are expand's (-t N, a list, a last "/N" or "+N").
// After the last listed stop nothing more is converted. Backspace moves
// one column back. Columns count bytes.

import (
	"bufio"
	"io"
	"strconv"
)

type unexpandOpts struct {
	tabs tabStops
	all  bool
}

func unexpand(p *Proc) int {
	var o unexpandOpts
	firstOnly := false
	flags := p.newOpts(1)
	flags.Flag('a', "all", &o.all)
	flags.Flag(0, "first-only", &firstOnly)
	flags.Value('t', "tabs", func(_, v string) error { o.all = true; return parseTabs(p, v, &o.tabs) })
	addToolInfo(flags, "unexpand")
	args, err := unexpandObsolete(p, p.Args[1:], &o.tabs)
	if err != nil {
		return p.usage(err, 1)
	}
	files, err := flags.Parse(args)
	if err != nil {
		return p.usage(err, 1)
	}
	if firstOnly {
		o.all = false
	}
	return p.eachInput(files, shellNames, func(in io.Reader, _ string) error { return unexpandStream(p, in, &o) })
}

// unexpandObsolete turns -N options (GNU's obsolete spelling of tab
// stops, as in -4 or -2,6) into tab stops.
func unexpandObsolete(p *Proc, args []string, t *tabStops) ([]string, error) {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...), nil
		}
		if obsoleteWidth.MatchString(a) {
			if _, err := strconv.Atoi(a[1:]); err == nil {
				if err := parseTabs(p, a[1:], t); err != nil {
					return nil, err
				}
				continue
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// nextStop is GNU's get_next_tab_column: the stop after col, or last
// when there are no more.
func (t *tabStops) nextStop(col int) (next int, last bool) {
	if len(t.list) == 0 && t.every == 0 && t.relative == 0 {
		return col + 8 - col%8, false
	}
	if n, ok := t.next(col); ok {
		return n, false
	}
	return 0, true
}

type unexpander struct {
	o       *unexpandOpts
	out     []byte
	pending []byte
	// per line
	convert, prevBlank, oneBefore bool
	col, nextTab                  int
}

func (u *unexpander) startLine() {
	u.convert, u.prevBlank, u.oneBefore = true, true, false
	u.col, u.nextTab = 0, 0
	u.pending = u.pending[:0]
}

// add takes one input byte.
func (u *unexpander) add(c byte) {
	if u.convert {
		blank := c == ' ' || c == '\t'
		switch {
		case blank:
			next, last := u.o.tabs.nextStop(u.col)
			u.nextTab = next
			if last {
				u.convert = false
				break
			}
			if c == '\t' {
				u.col = next
				if len(u.pending) > 0 {
					u.pending[0] = '\t'
				}
			} else {
				u.col++
				if !(u.prevBlank && u.col == next) {
					if u.col == next {
						u.oneBefore = true
					}
					u.pending = append(u.pending, c)
					u.prevBlank = true
					return
				}
				c = '\t'
				if len(u.pending) > 0 {
					u.pending[0] = '\t'
				}
			}
			if u.oneBefore {
				u.pending = u.pending[:1]
			} else {
				u.pending = u.pending[:0]
			}
		case c == '\b':
			u.col = max(u.col-1, 0)
			u.nextTab = u.col
		default:
			u.col++
		}
		u.flushPending()
		u.prevBlank = blank
		u.convert = u.convert && (u.o.all || blank)
	}
	u.out = append(u.out, c)
	if c == '\n' {
		u.startLine()
	}
}

// flushPending writes the blanks held back, which were not replaced.
func (u *unexpander) flushPending() {
	if len(u.pending) > 0 {
		if len(u.pending) > 1 && u.oneBefore {
			u.pending[0] = '\t'
		}
		u.out = append(u.out, u.pending...)
		u.pending = u.pending[:0]
		u.oneBefore = false
	}
}

func unexpandStream(p *Proc, in io.Reader, o *unexpandOpts) error {
	r := bufio.NewReaderSize(in, 64<<10)
	u := &unexpander{o: o}
	u.startLine()
	for {
		c, err := r.ReadByte()
		if err != nil {
			u.flushPending()
			if werr := p.write(u.out); werr != nil {
				return werr
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		u.add(c)
		if len(u.out) >= 32<<10 {
			if werr := p.write(u.out); werr != nil {
				return werr
			}
			u.out = u.out[:0]
			if p.Cancelled() {
				return errStopped
			}
		}
	}
}
