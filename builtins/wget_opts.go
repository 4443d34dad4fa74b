package builtins

// wget's command line.

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

const wgetUsage = "Usage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options."

// wgetParse parses p's arguments; when ok is false, code is the status.
func (p *Proc) wgetParse() (c *wgetConfig, code int, ok bool) {
	c = &wgetConfig{tries: 20, maxRedirect: 20}
	o := p.newOpts(2)
	o.NoTry = true
	c.register(o)
	addToolInfo(o, "wget", 'V')
	o.Add(opt.Option{Short: 'h', Do: func(string, string) error { return infoText(helpText("wget")) }})
	urls, err := o.Parse(p.Args[1:])
	if err != nil {
		if code, ok := p.answerInfo(err); ok {
			return nil, code, false
		}
		p.Errorf("%s", strings.TrimPrefix(err.Error(), p.Name()+": "))
		fmt.Fprintln(p.Stderr, wgetUsage)
		return nil, 2, false
	}
	c.urls = urls
	if len(urls) == 0 {
		p.Errorf("missing URL")
		fmt.Fprintln(p.Stderr, wgetUsage)
		return nil, 1, false
	}
	return c, 0, true
}

func (c *wgetConfig) register(o *opt.Parser) {
	o.Flag('q', "quiet", &c.quiet)
	o.Flag(0, "no-verbose", &c.noVerbose)
	o.Value('n', "", func(name, v string) error {
		for _, r := range v {
			switch r {
			case 'v':
				c.noVerbose = true
			case 'c', 'd', 'H': // no-clobber is the default; no directories are made
			default:
				return &opt.Error{Msg: "wget: invalid option -- 'n" + string(r) + "'", Status: 2}
			}
		}
		return nil
	})
	o.Value('O', "output-document", func(_, v string) error { c.output, c.outputSet = v, true; return nil })
	o.String('P', "directory-prefix", &c.prefix)
	o.Value(0, "header", func(_, v string) error { c.headers = append(c.headers, v); return nil })
	o.Value('U', "user-agent", func(_, v string) error { c.headers = append(c.headers, "User-Agent: "+v); return nil })
	o.Flag('S', "server-response", &c.serverResp)
	o.Flag(0, "content-on-error", &c.onError)
	o.String(0, "method", &c.method)
	o.Value(0, "post-data", func(_, v string) error { c.body = &v; return nil })
	o.Value(0, "body-data", func(_, v string) error { c.body = &v; return nil })
	o.String(0, "post-file", &c.bodyFile)
	o.String(0, "body-file", &c.bodyFile)
	o.String(0, "user", &c.user)
	o.String(0, "password", &c.pass)
	o.Func(0, "no-check-certificate", func() {})
	o.Value('T', "timeout", func(name, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 {
			return &opt.Error{Msg: fmt.Sprintf("wget: %s: Invalid time period ‘%s’", name, v), Status: 2}
		}
		c.timeout = time.Duration(f * float64(time.Second))
		return nil
	})
	o.Value('t', "tries", wgetNumber(&c.tries))
	o.Value(0, "max-redirect", wgetNumber(&c.maxRedirect))
}

func wgetNumber(n *int) func(string, string) error {
	return func(name, v string) error {
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 {
			return &opt.Error{Msg: fmt.Sprintf("wget: %s: Invalid number ‘%s’.", name, v), Status: 2}
		}
		*n = i
		return nil
	}
}
