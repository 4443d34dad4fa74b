package builtins

// rev - reverse lines characterwise
//
//	rev [FILE]...
//
// As util-linux 2.38: each line's characters in reverse order, the
// newline kept at the end. A byte that is not part of valid UTF-8 is
// reversed as one character (util-linux stops with an error there).

import (
	"bufio"
	"io"
	"unicode/utf8"
)

func rev(p *Proc) int {
	flags := p.newOpts(1)
	addUtilInfo(flags, "rev")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	return p.eachInput(files, revNames, func(in io.Reader, _ string) error { return revLines(p, in) })
}

func revLines(p *Proc, in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var out, line []byte
	for {
		var err error
		line, err = p.readLine(r, '\n', line)
		if len(line) > 0 {
			out = appendReversed(out[:0], line)
			if werr := p.write(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if p.Cancelled() {
			return errStopped
		}
	}
}

// appendReversed appends line's characters in reverse, its newline last.
func appendReversed(out, line []byte) []byte {
	nl := len(line) > 0 && line[len(line)-1] == '\n'
	if nl {
		line = line[:len(line)-1]
	}
	for len(line) > 0 {
		_, n := utf8.DecodeLastRune(line)
		out = append(out, line[len(line)-n:]...)
		line = line[:len(line)-n]
	}
	if nl {
		out = append(out, '\n')
	}
	return out
}

// revNames is util-linux rev's naming: the operand as given.
var revNames = inputNames{
	open: func(p *Proc, name string, err error) { p.Errorf("cannot open %s: %s", name, ErrText(err)) },
	read: func(name string) string { return name },
}
