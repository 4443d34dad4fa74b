package builtins

// fold - wrap each input line to fit in specified width
//
//	fold [-bs] [-w WIDTH] [-WIDTH] [FILE]...
//
// As GNU coreutils 9.1: columns count bytes, tabs to the next multiple
// of 8, backspace one back and carriage return to 0, unless -b counts
// every byte; -s breaks after the last blank that fits.

import (
	"bufio"
	"io"
	"regexp"
	"strconv"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

var obsoleteWidth = regexp.MustCompile(`^-[0-9]+$`)

func fold(p *Proc) int {
	width, bytesMode, spaces := 80, false, false
	flags := p.newOpts(1)
	flags.Flag('b', "bytes", &bytesMode)
	flags.Flag('s', "spaces", &spaces)
	flags.Value('w', "width", func(_, v string) error {
		n, err := strconv.ParseUint(v, 10, 63)
		switch {
		case err != nil && !isRangeErr(err):
			return p.optErr("invalid number of columns: %s", quote.Locale(v))
		case err != nil || n == 0 || n > 1<<40:
			return p.optErr("invalid number of columns: %s: Numerical result out of range", quote.Locale(v))
		}
		width = int(n)
		return nil
	})
	addToolInfo(flags, "fold")
	args := make([]string, 0, len(p.Args))
	for _, a := range p.Args[1:] {
		if obsoleteWidth.MatchString(a) {
			args = append(args, "-w", a[1:])
			continue
		}
		args = append(args, a)
	}
	files, err := flags.Parse(args)
	if err != nil {
		return p.usage(err, 1)
	}
	f := &folder{width: width, bytes: bytesMode, spaces: spaces}
	return p.eachInput(files, shellNames, func(in io.Reader, _ string) error { return f.run(p, in) })
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

type folder struct {
	width         int
	bytes, spaces bool
	line          []byte
	column        int
}

func (f *folder) adjust(col int, c byte) int {
	if f.bytes {
		return col + 1
	}
	switch c {
	case '\b':
		return max(col-1, 0)
	case '\r':
		return 0
	case '\t':
		return col + 8 - col%8
	}
	return col + 1
}

// run folds one input.
func (f *folder) run(p *Proc, in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for n := 0; ; n++ {
		c, err := r.ReadByte()
		if err != nil {
			if len(f.line) > 0 {
				werr := p.write(f.line)
				f.line, f.column = f.line[:0], 0
				if werr != nil {
					return werr
				}
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err := f.add(p, c); err != nil {
			return err
		}
		if n%65536 == 0 && p.Cancelled() {
			return errStopped
		}
	}
}

// push appends c to the line, which grows as a held buffer does (fold
// -w 2000000000 of an endless line stops at the budget).
func (f *folder) push(p *Proc, c byte) error {
	if len(f.line) == cap(f.line) {
		var err error
		if f.line, err = p.growLine(f.line, 1); err != nil {
			return err
		}
	}
	f.line = append(f.line, c)
	return nil
}

// add takes one byte, writing out the lines it completes.
func (f *folder) add(p *Proc, c byte) error {
	if c == '\n' {
		if err := f.push(p, c); err != nil {
			return err
		}
		err := p.write(f.line)
		f.line, f.column = f.line[:0], 0
		return err
	}
	for {
		f.column = f.adjust(f.column, c)
		if f.column <= f.width {
			return f.push(p, c)
		}
		if f.spaces {
			if end := lastBlank(f.line); end > 0 {
				if err := p.write(append(f.line[:end:end], '\n')); err != nil {
					return err
				}
				f.line = append(f.line[:0], f.line[end:]...)
				f.column = 0
				for _, b := range f.line {
					f.column = f.adjust(f.column, b)
				}
				continue
			}
		}
		if len(f.line) == 0 {
			return f.push(p, c)
		}
		if err := p.write(append(f.line, '\n')); err != nil {
			return err
		}
		f.line, f.column = f.line[:0], 0
	}
}

// lastBlank returns the length of line up to and including its last
// blank, or 0.
func lastBlank(line []byte) int {
	for i := len(line); i > 0; i-- {
		if line[i-1] == ' ' || line[i-1] == '\t' {
			return i
		}
	}
	return 0
}
