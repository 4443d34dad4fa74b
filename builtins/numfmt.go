package builtins

// numfmt - convert numbers from/to human-readable strings
//
//	numfmt [OPTION]... [NUMBER]...
//
// Options: --from=UNIT (none, auto, si, iec, iec-i), --from-unit=N,
// --to=UNIT (none, si, iec, iec-i), --to-unit=N, --round=METHOD (up,
// down, from-zero, towards-zero, nearest), --suffix=SUFFIX,
// --padding=N, --field=FIELDS, --format=FORMAT (%[0]['][-][N][.][N]f),
// --invalid=MODE (abort, fail, warn, ignore), -d/--delimiter=X,
// --header[=N], -z/--zero-terminated, --grouping (the C locale has no
// grouping). Numbers come from the operands, or else from standard
// input line by line (the first field unless --field).
//
// Differences from GNU: values are float64, not long double, so results
// past about 15 significant digits can differ in the last digits.

import (
	"bufio"
	"math"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// numfmt scales: none, auto, si, iec, iec-i.
const (
	nfNone = iota
	nfAuto
	nfSI
	nfIEC
	nfIECI
)

type numfmtOpts struct {
	from, to             int
	fromUnit, toUnit     float64
	round                int // 0 up, 1 down, 2 from-zero, 3 towards-zero, 4 nearest
	suffix               string
	padding              int
	fields               cutList
	invalid              int // 0 abort, 1 fail, 2 warn, 3 ignore
	delim                string
	header               int
	zero                 bool
	prefix, fmtSuffix    string
	zeroPad, precision   int
	hasFormat, leftAlign bool // leftAlign: padding is negative
}

type numfmtRun struct {
	p      *Proc
	o      numfmtOpts
	status int
	abort  bool
}

func numfmt(p *Proc) int {
	n := &numfmtRun{p: p, o: numfmtOpts{fromUnit: 1, toUnit: 1, round: 2, precision: -1}}
	flags, err := n.parser()
	if err != nil {
		return p.usage(err, 1)
	}
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if n.o.fields == nil {
		n.o.fields = cutList{{1, 1}}
	}
	if len(args) > 0 {
		for _, a := range args {
			if n.abort || p.Cancelled() {
				break
			}
			n.line(a, true)
		}
		return n.status
	}
	return n.stream()
}

func (n *numfmtRun) eol() byte {
	if n.o.zero {
		return 0
	}
	return '\n'
}

func (n *numfmtRun) parser() (*opt.Parser, error) {
	p, o := n.p, &n.o
	flags := p.newOpts(1)
	scales := [][]string{{"none"}, {"auto"}, {"si"}, {"iec"}, {"iec-i"}}
	flags.Value(0, "from", func(name, v string) error {
		i, err := p.argMatch(v, name, scales)
		o.from = i
		return err
	})
	flags.Value(0, "to", func(name, v string) error {
		i, err := p.argMatch(v, name, [][]string{{"none"}, {"si"}, {"iec"}, {"iec-i"}})
		o.to = []int{nfNone, nfSI, nfIEC, nfIECI}[max(i, 0)]
		return err
	})
	unit := func(dst *float64) func(string, string) error {
		return func(name, v string) error {
			f, ok := numfmtUnit(v)
			if !ok {
				return p.optErr("invalid unit size: %s", quote.Locale(v))
			}
			*dst = f
			return nil
		}
	}
	flags.Value(0, "from-unit", unit(&o.fromUnit))
	flags.Value(0, "to-unit", unit(&o.toUnit))
	flags.Value(0, "round", func(name, v string) error {
		i, err := p.argMatch(v, name, [][]string{{"up"}, {"down"}, {"from-zero"}, {"towards-zero"}, {"nearest"}})
		o.round = i
		return err
	})
	flags.String(0, "suffix", &o.suffix)
	flags.Value(0, "padding", func(_, v string) error {
		i, err := strconv.Atoi(v)
		if err != nil || i == 0 {
			return p.optErr("invalid padding value %s", quote.Locale(v))
		}
		o.padding = i
		return nil
	})
	flags.Value(0, "field", func(_, v string) error {
		if v == "-" {
			o.fields = cutList{{1, math.MaxUint64}}
			return nil
		}
		l, err := parseCutList(v, false, false)
		if err != nil {
			return p.optErrTry(err.Error())
		}
		o.fields = l
		return nil
	})
	flags.Value(0, "format", func(_, v string) error { return n.parseFormat(v) })
	flags.Value(0, "invalid", func(name, v string) error {
		i, err := p.argMatch(v, name, [][]string{{"abort"}, {"fail"}, {"warn"}, {"ignore"}})
		o.invalid = i
		return err
	})
	flags.Value('d', "delimiter", func(_, v string) error {
		if len(v) != 1 {
			return p.optErr("the delimiter must be a single character")
		}
		o.delim = v
		return nil
	})
	flags.Add(optionalValue("header", func(_, v string) error {
		o.header = 1
		if v != "" {
			i, err := strconv.Atoi(v)
			if err != nil || i <= 0 {
				return p.optErr("invalid header value %s", quote.Locale(v))
			}
			o.header = i
		}
		return nil
	}))
	flags.Flag('z', "zero-terminated", &o.zero)
	flags.Func(0, "grouping", func() {})
	flags.Func(0, "debug", func() {})
	addToolInfo(flags, "numfmt")
	return flags, nil
}

// numfmtUnit reads --from-unit/--to-unit: a number with an optional
// suffix (K, Ki, ...).
func numfmtUnit(v string) (float64, bool) {
	f, err := strconv.ParseUint(strings.TrimRightFunc(v, func(r rune) bool { return r > '9' }), 10, 64)
	if err != nil || f == 0 {
		return 0, false
	}
	rest := strings.TrimLeft(v, "0123456789")
	if rest == "" {
		return float64(f), true
	}
	pow := strings.IndexByte("KMGTPEZY", rest[0]) + 1
	if pow == 0 {
		return 0, false
	}
	base := 1000.0
	switch rest[1:] {
	case "i":
		base = 1024
	case "":
	default:
		return 0, false
	}
	return float64(f) * math.Pow(base, float64(pow)), true
}

// parseFormat reads --format as GNU's parse_format_string does (the
// prefix keeps its raw bytes, as GNU's does).
func (n *numfmtRun) parseFormat(f string) error {
	o, p := &n.o, n.p
	i, prefixLen := 0, 0
	for !(i < len(f) && f[i] == '%' && (i+1 >= len(f) || f[i+1] != '%')) {
		if i >= len(f) {
			return p.optErr("format %s has no %% directive", quote.Locale(f))
		}
		prefixLen++
		if f[i] == '%' {
			i++
		}
		i++
	}
	i++
	for {
		skip := len(f[i:]) - len(strings.TrimLeft(f[i:], " "))
		i += skip
		if i < len(f) && f[i] == '\'' {
			i++
		} else if i < len(f) && f[i] == '0' {
			o.zeroPad = 1
			i++
		} else if skip == 0 {
			break
		}
	}
	j := i
	if j < len(f) && (f[j] == '-' || f[j] == '+') {
		j++
	}
	k := j
	for k < len(f) && f[k] >= '0' && f[k] <= '9' {
		k++
	}
	if k > j {
		pad, _ := strconv.Atoi(f[i:k])
		switch {
		case pad < 0:
			o.leftAlign, o.padding = true, pad
		case pad > 0 && o.zeroPad != 0:
			o.zeroPad = pad
		case pad > 0:
			o.padding = pad
		}
		i = k
	}
	if i >= len(f) {
		return p.optErr("format %s ends in %%", quote.Locale(f))
	}
	if f[i] == '.' {
		i++
		k = i
		for k < len(f) && f[k] >= '0' && f[k] <= '9' {
			k++
		}
		if k < len(f) && k == i && (f[k] == '-' || f[k] == '+' || f[k] == ' ') {
			return p.optErr("invalid precision in format %s", quote.Locale(f))
		}
		o.precision, _ = strconv.Atoi(f[i:k])
		i = k
	}
	if i >= len(f) || f[i] != 'f' {
		return p.optErr("invalid format %s, directive must be %%[0]['][-][N][.][N]f", quote.Locale(f))
	}
	i++
	for k := i; k < len(f); k++ {
		if f[k] == '%' {
			if k+1 < len(f) && f[k+1] == '%' {
				k++
				continue
			}
			return p.optErr("format %s has too many %% directives", quote.Locale(f))
		}
	}
	o.prefix, o.fmtSuffix, o.hasFormat = f[:prefixLen], f[i:], true
	return nil
}

// stream converts standard input line by line, after the --header
// lines.
func (n *numfmtRun) stream() int {
	r := bufio.NewReaderSize(n.p.Stdin, 64<<10)
	eol := n.eol()
	var buf []byte
	for line := 0; !n.abort; line++ {
		if n.p.Cancelled() {
			return 130
		}
		var err error
		buf, err = n.p.readLine(r, eol, buf)
		text := string(buf)
		if text == "" {
			break
		}
		if line < n.o.header {
			n.p.printf("%s", text)
			continue
		}
		newline := text[len(text)-1] == eol
		n.line(strings.TrimSuffix(text, string(eol)), newline)
		if err != nil {
			break
		}
	}
	return n.status
}

// line is GNU's process_line: each field up to a separator, which is
// printed as a space (or the -d delimiter).
func (n *numfmtRun) line(text string, newline bool) {
	sep := byte(' ')
	if n.o.delim != "" {
		sep = n.o.delim[0]
	}
	at := 0
	for field := uint64(1); ; field++ {
		end := n.fieldEnd(text)
		selected := n.o.fields.selected(field, &at)
		if selected {
			n.field(text[:end], field)
		} else {
			n.p.printf("%s", text[:end])
		}
		if n.abort {
			return
		}
		if end >= len(text) {
			break
		}
		n.p.printf("%c", sep)
		text = text[end+1:]
	}
	if newline {
		n.p.printf("%c", n.eol())
	}
}

// fieldEnd is where the field at the start of text ends: at the -d
// delimiter, or after blanks and then non-blanks.
func (n *numfmtRun) fieldEnd(text string) int {
	if n.o.delim != "" {
		if i := strings.IndexByte(text, n.o.delim[0]); i >= 0 {
			return i
		}
		return len(text)
	}
	i := 0
	for i < len(text) && numfmtBlank(text[i]) {
		i++
	}
	for i < len(text) && !numfmtBlank(text[i]) {
		i++
	}
	return i
}

func numfmtBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
