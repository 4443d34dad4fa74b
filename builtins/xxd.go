package builtins

// xxd - make a hex dump or do the reverse
//
//	xxd [-abCdeiopru] [-c COLS] [-g BYTES] [-l LEN] [-n NAME] [-o OFF]
//	    [-s [+][-]SEEK] [INFILE [OUTFILE]]
//
// As vim's xxd 2022-01-14: the normal dump (-g grouping, -e little-endian
// groups, -b bits, -u upper case, -d decimal offsets, -o added offset,
// -a autoskip of zero lines), -p plain hex, -i C include style (-C, -n),
// -r (with -p) back to binary, -l and -s. Options are read as xxd reads
// them: any argument starting with the option's letter (-autoskip,
// -cols 8, -c8). OUTFILE is written whole through the workspace; -r
// into an existing OUTFILE patches it at the dump's offsets.

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

type xxdOpts struct {
	autoskip, bits, capitalize, decimal, little, include, plain, revert, upper bool
	cols, group                                                                int
	length                                                                     int64
	hasLength                                                                  bool
	name                                                                       *string
	offset                                                                     int64
	seek                                                                       int64
	seekRel, seekSet                                                           bool
}

func xxd(p *Proc) int {
	o := &xxdOpts{cols: -1, group: -1}
	files, code, done := o.parse(p)
	if done {
		return code
	}
	if len(files) > 2 {
		p.Errorf("too many arguments")
		return 1
	}
	in, closeIn, name := io.Reader(p.Stdin), func() {}, "-"
	if len(files) > 0 && files[0] != "-" {
		var err error
		name = files[0]
		if in, closeIn, err = p.openInput(name); err != nil {
			p.Errorf("%s: %s", name, ErrText(err))
			return 2
		}
	}
	defer closeIn()
	if len(files) == 2 && files[1] != "-" {
		return o.toFile(p, in, name, files[1])
	}
	if o.revert {
		return o.revertTo(p, in, p.Stdout, nil)
	}
	return o.endStatus(p, o.dump(p, in, p.Stdout, name))
}

func (o *xxdOpts) endStatus(p *Proc, err error) int {
	switch {
	case err == nil:
		return 0
	case err == errStopped:
		return 130
	}
	if we, ok := err.(writeErr); ok {
		return p.WriteFailed(we.error)
	}
	p.Errorf("%s", ErrText(err))
	return 2
}

// parse reads xxd's options the way xxd does.
func (o *xxdOpts) parse(p *Proc) ([]string, int, bool) {
	args := p.Args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		var err error
		switch a[1] {
		case 'a':
			o.autoskip = !o.autoskip
		case 'b':
			o.bits = true
		case 'C':
			o.capitalize = true
		case 'd':
			o.decimal = true
		case 'e':
			o.little = true
		case 'u':
			o.upper = true
		case 'i':
			o.include = true
		case 'p':
			o.plain = true
		case 'r':
			o.revert = true
		case 'E':
			p.Errorf("unsupported option -E (shellfence does not implement it)")
			return nil, 2, true
		case 'h':
			fmt.Fprint(p.Stderr, helpText("xxd"))
			return nil, 0, true
		case 'v':
			fmt.Fprint(p.Stderr, versionText("xxd"))
			return nil, 0, true
		case 'c', 'g', 'l', 'o', 's', 'n':
			args, err = o.value(a, args)
			if err != nil {
				fmt.Fprint(p.Stderr, helpText("xxd"))
				return nil, 1, true
			}
		default:
			fmt.Fprint(p.Stderr, helpText("xxd"))
			return nil, 1, true
		}
	}
	return args, 0, false
}

// value reads an option's value: attached (-c8), after its long name
// (-cols 8), or in the next argument.
func (o *xxdOpts) value(a string, args []string) ([]string, error) {
	long := map[byte]string{'c': "cols", 'g': "groupsize", 'l': "len", 'o': "offset", 's': "seek", 'n': "name"}[a[1]]
	v := a[2:]
	if v == "" || strings.HasPrefix(long, a[1:]) && len(a) > 2 {
		if len(args) == 0 {
			return args, fmt.Errorf("missing value")
		}
		v, args = args[0], args[1:]
	}
	if a[1] == 'n' {
		o.name = &v
		return args, nil
	}
	if a[1] == 's' {
		o.seekSet = true
		if strings.HasPrefix(v, "+") {
			o.seekRel, v = true, v[1:]
		}
	}
	n, err := xxdNumber(v)
	switch a[1] {
	case 'c':
		o.cols = int(min(max(n, 0), 1<<16))
	case 'g':
		o.group = int(min(max(n, 0), 1<<16))
	case 'l':
		o.length, o.hasLength = n, true
	case 'o':
		o.offset = n
	case 's':
		o.seek = n
	}
	return args, err
}

// xxdNumber reads a number as strtol with base 0 does, ignoring what
// follows it.
func xxdNumber(s string) (int64, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	base, digits := 10, "0123456789"
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, digits, s = 16, "0123456789abcdefABCDEF", s[2:]
	case strings.HasPrefix(s, "0") && len(s) > 1:
		base, digits = 8, "01234567"
	}
	i := 0
	for i < len(s) && strings.IndexByte(digits, s[i]) >= 0 {
		i++
	}
	n, _ := strconv.ParseInt("0"+s[:i], base, 64)
	if neg {
		n = -n
	}
	return n, nil
}

// toFile writes the result to the file out, whole.
func (o *xxdOpts) toFile(p *Proc, in io.Reader, inName, out string) int {
	var buf bytes.Buffer
	var old []byte
	if o.revert {
		if data, err := p.readInputHeld(out); err == nil {
			old = data
		}
		if code := o.revertTo(p, in, &buf, old); code != 0 {
			return code
		}
	} else if err := o.dump(p, in, &buf, inName); err != nil {
		return o.endStatus(p, err)
	}
	if err := p.hold(int64(buf.Len())); err != nil {
		p.Errorf("%s", ErrText(err))
		return 2
	}
	if err := p.FS.WriteAtomic(p.Abs(out), buf.Bytes(), 0o644&^p.Sys.Umask()); err != nil {
		p.Errorf("%s: %s", out, ErrText(err))
		return 3
	}
	return 0
}

// defaults fills in the columns and grouping of the chosen style.
func (o *xxdOpts) defaults() {
	cols, group := 16, 2
	switch {
	case o.plain:
		cols = 30
	case o.include:
		cols = 12
	case o.bits:
		cols, group = 6, 1
	case o.little:
		group = 4
	}
	if o.cols <= 0 {
		o.cols = cols
	}
	if o.group < 0 {
		o.group = group
	}
	if o.group == 0 || o.group > o.cols {
		o.group = o.cols
	}
}

// dump writes the hex dump of in.
func (o *xxdOpts) dump(p *Proc, in io.Reader, w io.Writer, name string) error {
	o.defaults()
	start, err := o.seekInput(in)
	if err != nil {
		return err
	}
	if o.hasLength {
		in = io.LimitReader(in, max(o.length, 0))
	}
	d := &xxdDump{o: o, p: p, w: w, addr: start + o.offset}
	switch {
	case o.include:
		return d.include(newChunkReader(p, in), name)
	case o.plain:
		return d.plain(newChunkReader(p, in))
	}
	return d.normal(in)
}

// seekInput applies -s and returns the offset reached.
func (o *xxdOpts) seekInput(in io.Reader) (int64, error) {
	if !o.seekSet || o.seek == 0 && !o.seekRel {
		return 0, nil
	}
	if o.seek < 0 {
		sk, ok := in.(io.Seeker)
		if !ok {
			return 0, fmt.Errorf("sorry, cannot seek")
		}
		pos, err := sk.Seek(o.seek, io.SeekEnd)
		if err != nil {
			return 0, fmt.Errorf("sorry, cannot seek")
		}
		return pos, nil
	}
	n, err := io.CopyN(io.Discard, in, o.seek)
	if err != nil && err != io.EOF {
		return n, err
	}
	return o.seek, nil
}

// xxdDump is one dump in progress.
type xxdDump struct {
	o    *xxdOpts
	p    *Proc
	w    io.Writer
	addr int64
}

func (d *xxdDump) put(b []byte) error {
	if _, err := d.w.Write(b); err != nil {
		return writeErr{err}
	}
	return nil
}

func (d *xxdDump) hex() string {
	if d.o.upper {
		return "0123456789ABCDEF"
	}
	return "0123456789abcdef"
}

// plain writes -p output.
func (d *xxdDump) plain(r *chunkReader) error {
	hx, col := d.hex(), 0
	var out []byte
	for {
		chunk, err := r.next()
		for _, c := range chunk {
			out = append(out, hx[c>>4], hx[c&15])
			if col++; col == d.o.cols {
				out, col = append(out, '\n'), 0
			}
		}
		if err != nil {
			if col > 0 {
				out = append(out, '\n')
			}
			if werr := d.put(out); werr != nil {
				return werr
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if werr := d.put(out); werr != nil {
			return werr
		}
		out = out[:0]
	}
}

// include writes -i output.
func (d *xxdDump) include(r *chunkReader, name string) error {
	var out []byte
	vname := ""
	if name != "-" || d.o.name != nil {
		vname = xxdVarName(name, d.o)
		out = fmt.Appendf(out, "unsigned char %s[] = {\n", vname)
	}
	x := "0x"
	if d.o.upper {
		x = "0X"
	}
	hx, total := d.hex(), 0
	for {
		chunk, err := r.next()
		for _, c := range chunk {
			switch {
			case total == 0:
				out = append(out, "  "...)
			case total%d.o.cols == 0:
				out = append(out, ",\n  "...)
			default:
				out = append(out, ", "...)
			}
			out = append(out, x[0], x[1], hx[c>>4], hx[c&15])
			total++
		}
		if werr := d.put(out); werr != nil {
			return werr
		}
		out = out[:0]
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if total > 0 {
		out = append(out, '\n')
	}
	if vname != "" {
		suffix := "_len"
		if d.o.capitalize {
			suffix = "_LEN"
		}
		out = fmt.Appendf(out, "};\nunsigned int %s%s = %d;\n", vname, suffix, total)
	}
	return d.put(out)
}

// xxdVarName makes a C name from the file name as xxd does.
func xxdVarName(name string, o *xxdOpts) string {
	if o.name != nil {
		return *o.name
	}
	var b strings.Builder
	if name != "" && name[0] >= '0' && name[0] <= '9' {
		b.WriteString("__")
	}
	for _, c := range []byte(name) {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			if o.capitalize && c >= 'a' && c <= 'z' {
				c -= 32
			}
			b.WriteByte(c)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
