package builtins

// join - join lines of two files on a common field
//
//	join [-i] [-t CHAR] [-1 F] [-2 F] [-j F] [-a N] [-v N] [-e STR]
//	     [-o FORMAT|auto] [--header] [--check-order|--nocheck-order] [-z]
//	     FILE1 FILE2
//
// As GNU coreutils 9.1 in C.UTF-8 (byte order, or -i ignoring ASCII
// case): fields split on runs of blanks (leading blanks ignored) or on
// -t's character, the cross product of equal keys, unpaired lines with
// -a and -v, -o lists with -e for missing fields, and GNU's order check
// (the first unsorted line of each file reported, status 1).

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type joinField struct{ file, field int } // file 0 is the join field

type joinOpts struct {
	ignoreCase   bool
	tab          string
	tabSet       bool
	key          [2]int
	unpaired     [2]bool
	only         bool
	empty        string
	emptySet     bool
	format       []joinField
	auto         bool
	header       bool
	check        int
	zero         bool
	names        [2]string
	unsorted     [2]bool
	sawUnsort    bool
	sawUnpaired  bool
	autoCount    [2]int
	lineNo       [2]int64
	terminator   byte
	checkStopped bool
}

func join(p *Proc) int {
	o := &joinOpts{key: [2]int{1, 1}, terminator: '\n'}
	flags := p.newOpts(1)
	o.declare(p, flags)
	addToolInfo(flags, "join")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	switch {
	case len(files) == 0:
		return p.usageErr("missing operand")
	case len(files) == 1:
		return p.usageErr("missing operand after %s", quote.Locale(files[0]))
	case len(files) > 2:
		return p.usageErr("extra operand %s", quote.ShellAlways(files[2]))
	}
	if o.zero {
		o.terminator = 0
	}
	o.names = [2]string{files[0], files[1]}
	return o.run(p)
}

func (o *joinOpts) declare(p *Proc, flags interface {
	Flag(rune, string, *bool)
	Func(rune, string, func())
	Value(rune, string, func(string, string) error)
}) {
	flags.Flag('i', "ignore-case", &o.ignoreCase)
	flags.Flag('z', "zero-terminated", &o.zero)
	flags.Flag(0, "header", &o.header)
	flags.Func(0, "check-order", func() { o.check = 1 })
	flags.Func(0, "nocheck-order", func() { o.check = -1 })
	flags.Value('t', "", func(_, v string) error {
		if len([]rune(v)) > 1 {
			return p.optErr("multi-character tab %s", quote.Locale(v))
		}
		o.tab, o.tabSet = v, true
		return nil
	})
	field := func(dst ...*int) func(string, string) error {
		return func(_, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return p.optErr("invalid field number: %s", quote.Locale(v))
			}
			for _, d := range dst {
				*d = n
			}
			return nil
		}
	}
	flags.Value('1', "", field(&o.key[0]))
	flags.Value('2', "", field(&o.key[1]))
	flags.Value('j', "", field(&o.key[0], &o.key[1]))
	fileNum := func(only bool) func(string, string) error {
		return func(_, v string) error {
			if v != "1" && v != "2" {
				return p.optErr("invalid field number: %s", quote.Locale(v))
			}
			o.unpaired[v[0]-'1'] = true
			o.only = o.only || only
			return nil
		}
	}
	flags.Value('a', "", fileNum(false))
	flags.Value('v', "", fileNum(true))
	flags.Value('e', "", func(_, v string) error { o.empty, o.emptySet = v, true; return nil })
	flags.Value('o', "", func(_, v string) error { return o.setFormat(p, v) })
}

// setFormat reads -o: "auto" or a list of 0 and FILE.FIELD.
func (o *joinOpts) setFormat(p *Proc, v string) error {
	if v == "auto" {
		o.auto = true
		return nil
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if f == "0" {
			o.format = append(o.format, joinField{})
			continue
		}
		a, b, ok := strings.Cut(f, ".")
		n, err := strconv.Atoi(b)
		switch {
		case a != "1" && a != "2":
			return p.optErr("invalid file number in field spec: %s", quote.Locale(f))
		case !ok || err != nil || n < 1:
			return p.optErr("invalid field specifier: %s", quote.Locale(f))
		}
		o.format = append(o.format, joinField{int(a[0] - '0'), n})
	}
	return nil
}

// joinLine is one input line and its fields.
type joinLine struct {
	text   []byte
	fields [][]byte
}

func (o *joinOpts) split(text []byte) [][]byte {
	if o.tabSet {
		if o.tab == "" {
			return [][]byte{text}
		}
		return bytes.Split(text, []byte(o.tab))
	}
	return bytes.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' })
}

func (o *joinOpts) keyOf(l *joinLine, i int) []byte {
	if k := o.key[i] - 1; k < len(l.fields) {
		return l.fields[k]
	}
	return nil
}

func (o *joinOpts) compare(a, b []byte) int {
	if o.ignoreCase {
		return bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
	}
	return bytes.Compare(a, b)
}

// joinInput reads one file a group of equal keys at a time.
type joinInput struct {
	r    *bufio.Reader
	next *joinLine
	prev []byte
	eof  bool
	buf  []byte // what lines are read into, charged as it grows
}

func (o *joinOpts) read(p *Proc, in *joinInput, i int) (*joinLine, error) {
	var err error
	in.buf, err = p.readLine(in.r, o.terminator, in.buf)
	text := bytes.Clone(in.buf)
	if len(text) == 0 && err != nil {
		if err == io.EOF {
			return nil, nil
		}
		return nil, err
	}
	text = bytes.TrimSuffix(text, []byte{o.terminator})
	o.lineNo[i]++
	l := &joinLine{text: text, fields: o.split(text)}
	return l, nil
}

func (o *joinOpts) run(p *Proc) int {
	var ins [2]*joinInput
	for i, name := range o.names {
		r, done, err := p.openInput(name)
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			return 1
		}
		defer done()
		ins[i] = &joinInput{r: bufio.NewReaderSize(r, 64<<10)}
	}
	err := o.merge(p, ins)
	switch e := err.(type) {
	case nil:
	case writeErr:
		return p.WriteFailed(e.error)
	default:
		if err == errStopped {
			return 130
		}
		if err != errUnsortedFatal {
			p.Errorf("%s", ErrText(err))
		}
		return 1
	}
	if o.sawUnsort {
		p.Errorf("input is not in sorted order")
		return 1
	}
	return 0
}

// get reads the next line of file i, checking its order.
func (o *joinOpts) get(p *Proc, ins [2]*joinInput, i int) (*joinLine, error) {
	if p.Cancelled() {
		return nil, errStopped
	}
	l, err := o.read(p, ins[i], i)
	if err != nil || l == nil {
		return nil, err
	}
	in := ins[i]
	if in.prev != nil && !o.unsorted[i] && o.check >= 0 && (o.check == 1 || o.sawUnpaired) &&
		o.compare(in.prev, o.keyOf(l, i)) > 0 {
		p.Errorf("%s:%d: is not sorted: %s", o.names[i], o.lineNo[i], l.text)
		o.unsorted[i], o.sawUnsort = true, true
		if o.check == 1 {
			return nil, errUnsortedFatal
		}
	}
	in.prev = append(in.prev[:0], o.keyOf(l, i)...)
	return l, nil
}

// merge is GNU's join loop over groups of equal keys.
func (o *joinOpts) merge(p *Proc, ins [2]*joinInput) error {
	var seq [2][]*joinLine
	for i := range 2 {
		l, err := o.get(p, ins, i)
		if err != nil {
			return err
		}
		if l != nil {
			seq[i] = []*joinLine{l}
			o.autoCount[i] = len(l.fields)
		}
	}
	if o.header && len(seq[0]) > 0 && len(seq[1]) > 0 {
		if err := o.print(p, seq[0][0], seq[1][0]); err != nil {
			return err
		}
		for i := range 2 {
			ins[i].prev = nil
			l, err := o.get(p, ins, i)
			if err != nil {
				return err
			}
			seq[i] = seq[i][:0]
			if l != nil {
				seq[i] = append(seq[i], l)
			}
		}
	}
	for len(seq[0]) > 0 && len(seq[1]) > 0 {
		diff := o.compare(o.keyOf(seq[0][0], 0), o.keyOf(seq[1][0], 1))
		if diff != 0 {
			i := 0
			if diff > 0 {
				i = 1
			}
			o.sawUnpaired = true
			if err := o.unpairedLine(p, i, seq[i][0]); err != nil {
				return err
			}
			l, err := o.get(p, ins, i)
			if err != nil {
				return err
			}
			seq[i] = seq[i][:0]
			if l != nil {
				seq[i] = append(seq[i], l)
			}
			continue
		}
		var eof [2]bool
		var extra [2]*joinLine
		for i := range 2 {
			other := seq[1-i][0]
			for {
				l, err := o.get(p, ins, i)
				if err != nil {
					return err
				}
				if l == nil {
					eof[i] = true
					break
				}
				if o.compare(o.keyOf(l, i), o.keyOf(other, 1-i)) != 0 {
					extra[i] = l
					break
				}
				seq[i] = append(seq[i], l)
			}
		}
		if !o.only {
			for _, a := range seq[0] {
				for _, b := range seq[1] {
					if err := o.print(p, a, b); err != nil {
						return err
					}
				}
			}
		}
		for i := range 2 {
			seq[i] = seq[i][:0]
			if !eof[i] {
				seq[i] = append(seq[i], extra[i])
			}
		}
	}
	return o.tails(p, ins, seq)
}

// tails prints (or, for the order check, reads) what is left of each
// file once the other has ended.
func (o *joinOpts) tails(p *Proc, ins [2]*joinInput, seq [2][]*joinLine) error {
	for i := range 2 {
		if len(seq[i]) == 0 {
			continue
		}
		if len(seq[1-i]) > 0 || o.unpaired[i] {
			o.sawUnpaired = true
		}
		for l := seq[i][0]; l != nil; {
			if err := o.unpairedLine(p, i, l); err != nil {
				return err
			}
			if !o.unpaired[i] && (o.check < 0 || o.unsorted[i]) {
				break
			}
			var err error
			if l, err = o.get(p, ins, i); err != nil {
				return err
			}
		}
	}
	return nil
}

func (o *joinOpts) unpairedLine(p *Proc, i int, l *joinLine) error {
	if !o.unpaired[i] {
		return nil
	}
	if i == 0 {
		return o.print(p, l, nil)
	}
	return o.print(p, nil, l)
}

// print writes one output line for a pair (nil for a missing side).
func (o *joinOpts) print(p *Proc, a, b *joinLine) error {
	sep := " "
	if o.tabSet && o.tab != "" {
		sep = o.tab
	}
	var cells [][]byte
	lines := [2]*joinLine{a, b}
	key := func() []byte {
		if a != nil {
			return o.keyOf(a, 0)
		}
		return o.keyOf(b, 1)
	}
	field := func(f joinField) []byte {
		if f.file == 0 {
			return key()
		}
		l := lines[f.file-1]
		if l != nil && f.field-1 < len(l.fields) {
			return l.fields[f.field-1]
		}
		return []byte(o.empty)
	}
	switch {
	case o.format != nil:
		for _, f := range o.format {
			cells = append(cells, field(f))
		}
	case o.auto:
		cells = append(cells, key())
		for i := range 2 {
			for k := 1; k <= o.autoCount[i]; k++ {
				if k != o.key[i] {
					cells = append(cells, field(joinField{i + 1, k}))
				}
			}
		}
	default:
		cells = append(cells, key())
		for i, l := range lines {
			if l == nil {
				continue
			}
			for k, f := range l.fields {
				if k != o.key[i]-1 {
					cells = append(cells, f)
				}
			}
		}
	}
	out := append(bytes.Join(cells, []byte(sep)), o.terminator)
	return p.write(out)
}
