package builtins

// wc - print newline, word, and byte counts for each file
//
//	wc [OPTION]... [FILE]...
//	wc [OPTION]... --files0-from=F
//
// Options: -c, --bytes; -m, --chars; -l, --lines; -L, --max-line-length
// (display columns: tabs to the next multiple of 8, wide characters 2);
// -w, --words (words are separated by white space, including Unicode
// spaces and no-break spaces, as GNU 9.1 does in C.UTF-8);
// --files0-from=F; --total=auto|always|only|never. Counts are printed in
// GNU's order and column width (from the total size of the regular files
// named, at least 7 when one is not regular, 1 for a single count).
//
// Differences from GNU: --total comes from coreutils 9.2 (9.1 rejects it);
// --debug (which reports CPU features) is not supported.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type wcOpts struct {
	lines, words, chars, bytes, maxLen bool
	total                              string // auto, always, only, never
	files0                             string
	hasFiles0                          bool
}

// wcCounts are the counts of one file or of the total.
type wcCounts struct {
	lines, words, chars, bytes, maxLen uint64
}

func (t *wcCounts) add(c wcCounts) {
	t.lines += c.lines
	t.words += c.words
	t.chars += c.chars
	t.bytes += c.bytes
	t.maxLen = max(t.maxLen, c.maxLen)
}

func wc(p *Proc) int {
	o := wcOpts{total: "auto"}
	files, code := p.wcParse(&o)
	if code >= 0 {
		return code
	}
	if !(o.lines || o.words || o.chars || o.bytes || o.maxLen) {
		o.lines, o.words, o.bytes = true, true, true
	}
	var names []string
	status := 0
	if o.hasFiles0 {
		if len(files) > 0 {
			p.Errorf("extra operand %s", quote.ShellAlways(files[0]))
			fmt.Fprintf(p.Stderr, "file operands cannot be combined with --files0-from\nTry '%s --help' for more information.\n", p.Name())
			return 1
		}
		var err error
		names, err = p.readFiles0(o.files0)
		if err != nil {
			p.files0Error(o.files0, err)
			return 1
		}
	} else {
		names = files
	}
	w := &wcRun{p: p, o: o}
	w.width = w.numberWidth(names, files)
	for i, name := range names {
		status |= w.one(name, i+1)
	}
	if !o.hasFiles0 && len(names) == 0 {
		status |= w.count("-", false)
	}
	if o.total == "always" || o.total == "only" || o.total == "auto" && len(names) > 1 {
		label := "total"
		if o.total == "only" {
			label = ""
		}
		w.print(w.total, label)
	}
	return status
}

func (p *Proc) wcParse(o *wcOpts) ([]string, int) {
	flags := p.newOpts(1)
	flags.Flag('c', "bytes", &o.bytes)
	flags.Flag('m', "chars", &o.chars)
	flags.Flag('l', "lines", &o.lines)
	flags.Flag('L', "max-line-length", &o.maxLen)
	flags.Flag('w', "words", &o.words)
	flags.Value(0, "files0-from", func(_, v string) error {
		o.files0, o.hasFiles0 = v, true
		return nil
	})
	flags.Value(0, "total", func(_, v string) error {
		when, err := argChoice(p.Name(), "--total", v, []string{"auto", "always", "only", "never"})
		o.total = when
		return err
	})
	flags.Unsupported("", "debug")
	addToolInfo(flags, "wc")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return nil, p.usage(err, 1)
	}
	return files, -1
}

// argMatch picks v or the only choice it abbreviates, with GNU's argmatch
// message (and status 1) otherwise.
func argChoice(name, option, v string, choices []string) (string, error) {
	return argChoiceVals(name, option, v, choices, choices)
}

// argMatchVals is argMatch for choices that stand for values: synonyms
// (choices with the same value) are listed on one line, and an
// abbreviation of several synonyms is not ambiguous.
func argChoiceVals(name, option, v string, choices, vals []string) (string, error) {
	found := -1
	ambiguous := false
	for i, c := range choices {
		if c == v {
			return vals[i], nil
		}
		if v != "" && strings.HasPrefix(c, v) {
			if found >= 0 && vals[found] != vals[i] {
				ambiguous = true
			}
			if found < 0 {
				found = i
			}
		}
	}
	if found >= 0 && !ambiguous {
		return vals[found], nil
	}
	what := "invalid"
	if ambiguous {
		what = "ambiguous"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s argument %s for %s\nValid arguments are:", name, what, quote.Locale(v), quote.Locale(option))
	for i, c := range choices {
		if i > 0 && vals[i] == vals[i-1] {
			fmt.Fprintf(&b, ", %s", quote.Locale(c))
			continue
		}
		fmt.Fprintf(&b, "\n  - %s", quote.Locale(c))
	}
	fmt.Fprintf(&b, "\nTry '%s --help' for more information.", name)
	return "", &opt.Error{Msg: b.String(), Status: 1}
}

// wcRun is one run of wc: options, column width and the running total.
type wcRun struct {
	p     *Proc
	o     wcOpts
	width int
	total wcCounts
}

// one counts the operand name, the index-th of the list.
func (w *wcRun) one(name string, index int) int {
	switch {
	case name == "" && w.o.hasFiles0:
		w.p.Errorf("%s:%d: invalid zero-length file name", quote.Shell(w.o.files0), index)
		return 1
	case name == "":
		w.p.Errorf("invalid zero-length file name")
		return 1
	case name == "-" && w.o.hasFiles0 && w.o.files0 == "-":
		w.p.Errorf("when reading file names from stdin, no file name of '-' allowed")
		return 1
	}
	return w.count(name, true)
}

// count counts one file and prints its line; named is false when wc reads
// standard input without any operand.
func (w *wcRun) count(name string, named bool) int {
	in, err := w.p.openText(name)
	if err != nil {
		w.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer in.done()
	c, err := w.countInput(in)
	status := 0
	if err != nil {
		if we, ok := err.(writeErr); ok {
			return w.p.WriteFailed(we.error)
		}
		if err == errStopped {
			return 130
		}
		w.p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		status = 1
	}
	w.total.add(c)
	if w.o.total != "only" {
		label := ""
		if named {
			label = name
			if strings.Contains(name, "\n") {
				label = quote.Shell(name)
			}
		}
		w.print(c, label)
	}
	return status
}

// print writes one line of counts.
func (w *wcRun) print(c wcCounts, label string) {
	var b []byte
	field := func(on bool, n uint64) {
		if !on {
			return
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		s := strconv.FormatUint(n, 10)
		for i := len(s); i < w.width; i++ {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	field(w.o.lines, c.lines)
	field(w.o.words, c.words)
	field(w.o.chars, c.chars)
	field(w.o.bytes, c.bytes)
	field(w.o.maxLen, c.maxLen)
	if label != "" {
		b = append(b, ' ')
		b = append(b, label...)
	}
	b = append(b, '\n')
	w.p.Stdout.Write(b)
}

// numberWidth is GNU's compute_number_width: the digits of the total size
// of the regular files named, at least 7 if one of them is not regular,
// and 1 when a single count of a single input is printed.
func (w *wcRun) numberWidth(names, operands []string) int {
	o := w.o
	n := 0
	for _, on := range []bool{o.lines, o.words, o.chars, o.bytes, o.maxLen} {
		if on {
			n++
		}
	}
	if o.total == "only" {
		return 1
	}
	list := names
	if !o.hasFiles0 && len(names) == 0 {
		list = []string{"-"}
	}
	if len(list) == 0 || len(list) == 1 && n == 1 || o.hasFiles0 && !w.listIsRegular() {
		return 1
	}
	minWidth, size := 1, uint64(0)
	for _, name := range list {
		regular, sz, ok := w.statInput(name)
		switch {
		case !ok:
		case regular:
			size += sz
		default:
			minWidth = 7
		}
	}
	width := len(strconv.FormatUint(size, 10))
	return max(width, minWidth)
}

// listIsRegular reports whether --files0-from names a regular file, which
// GNU reads in full before counting (a stream is read as it goes).
func (w *wcRun) listIsRegular() bool {
	if w.o.files0 == "-" {
		in, _ := w.p.openText("-")
		return in.regular()
	}
	fi, err := w.p.Stat(w.o.files0)
	return err == nil && fi.Mode().IsRegular()
}

// statInput stats an operand; standard input that cannot be examined is
// a pipe.
func (w *wcRun) statInput(name string) (regular bool, size uint64, ok bool) {
	if name == "-" {
		in, _ := w.p.openText("-")
		if in.info == nil {
			return false, 0, true
		}
		return in.regular(), uint64(in.info.Size()), true
	}
	fi, err := w.p.Stat(name)
	if err != nil {
		return false, 0, false
	}
	return fi.Mode().IsRegular(), uint64(fi.Size()), true
}

// files0Error reports a --files0-from list that cannot be read.
func (p *Proc) files0Error(name string, err error) {
	if re, ok := err.(files0ReadErr); ok {
		p.Errorf("%s: read error: %s", quote.Shell(name), ErrText(re.error))
		return
	}
	p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
}

// files0ReadErr is a failure to read an opened --files0-from list.
type files0ReadErr struct{ error }

// readFiles0 reads a NUL-separated list of names ("-" is standard input).
func (p *Proc) readFiles0(name string) ([]string, error) {
	in, err := p.openText(name)
	if err != nil {
		return nil, err
	}
	defer in.done()
	data, err := p.readHeld(in.r, 0)
	if err != nil {
		return nil, files0ReadErr{err}
	}
	if len(data) == 0 {
		return nil, nil
	}
	s := strings.TrimSuffix(string(data), "\x00")
	return strings.Split(s, "\x00"), nil
}
