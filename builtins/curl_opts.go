package builtins

// curl's command line: its options, and its own wording for a bad one.

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

// curlTry is curl's last line for a bad command line.
const curlTry = "try 'curl --help' or 'curl --manual' for more information"

// curlParse parses p's arguments; when ok is false, code is the exit status.
func (p *Proc) curlParse() (c *curlConfig, code int, ok bool) {
	c = &curlConfig{maxRedirs: 50}
	o := p.newOpts(2)
	o.NoTry = true
	c.register(p, o)
	addToolInfo(o, "curl", 'V')
	o.Add(opt.Option{Short: 'h', Do: func(string, string) error { return infoText(helpText("curl")) }})
	urls, err := o.Parse(p.Args[1:])
	if err != nil {
		return nil, p.curlUsage(err), false
	}
	c.urls = append(c.urls, urls...)
	if len(c.urls) == 0 {
		if len(p.Args) > 1 {
			p.Errorf("no URL specified!")
		}
		p.Errorf("%s", curlTry)
		return nil, 2, false
	}
	return c, 0, true
}

// register declares curl's options on o.
func (c *curlConfig) register(p *Proc, o *opt.Parser) {
	o.Flag('s', "silent", &c.silent)
	o.Flag('S', "show-error", &c.showErr)
	o.Flag('f', "fail", &c.fail)
	o.Func(0, "fail-with-body", func() { c.fail, c.failBody = true, true })
	o.Flag('L', "location", &c.follow)
	o.Flag('I', "head", &c.head)
	o.Flag('i', "include", &c.include)
	o.Flag('v', "verbose", &c.verbose)
	o.Flag('G', "get", &c.get)
	o.Flag(0, "create-dirs", &c.createDirs)
	o.Flag(0, "retry-connrefused", &c.retryRefus)
	for _, name := range []string{"compressed", "insecure", "progress-bar", "no-progress-meter", "no-buffer"} {
		o.Func(0, name, func() {})
	}
	o.Func('k', "", func() {})
	o.Func('#', "", func() {})
	o.Func('N', "", func() {})
	o.Func('q', "disable", func() {})
	o.Value('o', "output", func(_, v string) error { c.outputs = append(c.outputs, v); return nil })
	o.Func('O', "remote-name", func() { c.outputs = append(c.outputs, curlRemoteName) })
	o.Value(0, "url", func(_, v string) error { c.urls = append(c.urls, v); return nil })
	o.String('X', "request", &c.method)
	o.String('D', "dump-header", &c.dumpHeader)
	o.String('u', "user", &c.user)
	o.Value('H', "header", func(_, v string) error { c.headers = append(c.headers, v); return nil })
	o.Value('A', "user-agent", func(_, v string) error { c.headers = append(c.headers, "User-Agent: "+v); return nil })
	o.Value('e', "referer", func(_, v string) error { c.headers = append(c.headers, "Referer: "+v); return nil })
	o.Value('w', "write-out", func(_, v string) error { return c.setWriteOut(p, v) })
	c.registerData(o)
	c.registerNumbers(o)
}

func (c *curlConfig) registerData(o *opt.Parser) {
	kinds := map[string]curlDataKind{"data": curlASCII, "data-ascii": curlASCII, "data-binary": curlBinary,
		"data-raw": curlRaw, "data-urlencode": curlURLEncode}
	for name, k := range kinds {
		short := rune(0)
		if name == "data" {
			short = 'd'
		}
		o.Value(short, name, func(_, v string) error { c.data = append(c.data, curlData{k, v}); return nil })
	}
}

func (c *curlConfig) registerNumbers(o *opt.Parser) {
	seconds := func(d *time.Duration) func(string, string) error {
		return func(name, v string) error {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 {
				return curlNumberErr(name)
			}
			*d = time.Duration(f * float64(time.Second))
			return nil
		}
	}
	integer := func(n *int) func(string, string) error {
		return func(name, v string) error {
			i, err := strconv.Atoi(v)
			if err != nil || i < -1 {
				return curlNumberErr(name)
			}
			*n = i
			return nil
		}
	}
	var connect time.Duration
	o.Value('m', "max-time", seconds(&c.maxTime))
	o.Value(0, "connect-timeout", func(name, v string) error {
		if err := seconds(&connect)(name, v); err != nil {
			return err
		}
		if c.maxTime == 0 || connect < c.maxTime {
			c.maxTime = connect // the whole transfer: see DIFFERENCES.md
		}
		return nil
	})
	o.Value(0, "max-redirs", integer(&c.maxRedirs))
	o.Value(0, "retry", integer(&c.retry))
	o.Value(0, "retry-delay", seconds(&c.retryDelay))
	o.Value(0, "retry-max-time", seconds(&c.retryMax))
}

// setWriteOut sets -w's format; "@FILE" reads it from a file, "@-" from
// standard input.
func (c *curlConfig) setWriteOut(p *Proc, v string) error {
	name, ok := strings.CutPrefix(v, "@")
	if !ok {
		c.writeOut = v
		return nil
	}
	b, err := p.curlReadFile(name)
	if err != nil {
		return &opt.Error{Msg: p.Name() + ": Failed to open " + name, Status: 26}
	}
	c.writeOut = string(b)
	return nil
}

// curlReadFile reads a file named in an option ("-" is standard input).
func (p *Proc) curlReadFile(name string) ([]byte, error) {
	if name == "-" {
		return p.readHeld(p.Stdin, 0)
	}
	f, err := p.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return p.readHeld(f, 0)
}

type curlNumberErr string

func (e curlNumberErr) Error() string {
	return "option " + string(e) + ": expected a proper numerical parameter"
}

var (
	curlUnknownLong  = regexp.MustCompile(`unrecognized option '([^']*)'`)
	curlUnknownShort = regexp.MustCompile(`invalid option -- '(.)'`)
	curlNoArgLong    = regexp.MustCompile(`option '([^']*)' requires an argument`)
	curlNoArgShort   = regexp.MustCompile(`option requires an argument -- '(.)'`)
	curlArgGiven     = regexp.MustCompile(`option '([^']*)' doesn't allow an argument`)
)

// curlUsage reports a bad command line in curl's words.
func (p *Proc) curlUsage(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	var ne curlNumberErr
	var oe *opt.Error
	msg := err.Error()
	switch {
	case errors.As(err, &ne):
	case errors.As(err, &oe) && oe.Status != 2:
		p.Errorf("%s", strings.TrimPrefix(oe.Msg, p.Name()+": "))
		return oe.Status
	case errors.As(err, &oe):
		msg = curlOptMessage(strings.TrimPrefix(oe.Msg, p.Name()+": "))
	}
	p.Errorf("%s", msg)
	p.Errorf("%s", curlTry)
	return 2
}

// curlOptMessage turns the option parser's GNU message into curl's.
func curlOptMessage(msg string) string {
	if m := curlUnknownLong.FindStringSubmatch(msg); m != nil {
		return "option " + m[1] + ": is unknown"
	}
	if m := curlArgGiven.FindStringSubmatch(msg); m != nil {
		return "option " + strings.SplitN(msg[strings.Index(msg, "'")+1:], "'", 2)[0] + "=: is unknown"
	}
	if m := curlUnknownShort.FindStringSubmatch(msg); m != nil {
		return "option -" + m[1] + ": is unknown"
	}
	if m := curlNoArgLong.FindStringSubmatch(msg); m != nil {
		return "option " + m[1] + ": requires parameter"
	}
	if m := curlNoArgShort.FindStringSubmatch(msg); m != nil {
		return "option -" + m[1] + ": requires parameter"
	}
	return msg
}
