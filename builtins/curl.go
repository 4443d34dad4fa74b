package builtins

// curl - transfer a URL
//
//	curl [OPTION]... URL...
//
// Options: -s (--silent), -S (--show-error), -f (--fail), --fail-with-body,
// -L (--location), --max-redirs N, -o (--output) FILE, -O
// (--remote-name), --create-dirs, -I (--head), -i (--include), -D
// (--dump-header) FILE, -H (--header), -X (--request), -d (--data),
// --data-ascii, --data-binary, --data-raw, --data-urlencode, -G (--get),
// -u (--user), -A (--user-agent), -e (--referer), -w (--write-out), -m
// (--max-time), --connect-timeout, --retry, --retry-delay,
// --retry-max-time, --retry-connrefused, -v (--verbose), -q, -k
// (--insecure), --compressed, -# (--progress-bar), --no-progress-meter,
// --url, --help, -V (--version).
//
// Every request goes through the run's fetcher ([System.Net]): http and
// https only, its address guard (no loopback, private, link-local or
// metadata address, checked on the address connected to and at every
// redirect) and the URL prefixes --allow-net names. Without a network
// curl fails with status 7 and says which flag turns it on. Files are
// written through the workspace, whole (vfs.WriteAtomic). How it differs
// from curl 7.88: no progress meter; -k is accepted but certificates are
// always verified; response headers (-i, -I, -D, -v) are printed in
// canonical case and sorted order, and only the last response's after
// -L; -v shows the request and response headers, not connection details,
// and never the headers the server attaches (net_headers); the body is
// held in memory up to the fetcher's size limit (status 63 past it);
// --compressed is implied (gzip is always accepted and decoded).

import (
	"net/http"
	"time"
)

// curlVersion is the curl this one answers as (User-Agent, -V).
const curlVersion = "7.88.1"

// curlConfig is a parsed curl command line.
type curlConfig struct {
	urls       []string
	outputs    []string // per URL: a file name, "" for standard output, curlRemoteName for -O
	silent     bool
	showErr    bool
	fail       bool
	failBody   bool
	follow     bool
	maxRedirs  int
	head       bool
	include    bool
	verbose    bool
	get        bool
	createDirs bool
	method     string
	headers    []string
	data       []curlData
	writeOut   string
	dumpHeader string
	user       string
	maxTime    time.Duration
	retry      int
	retryDelay time.Duration
	retryMax   time.Duration
	retryRefus bool
}

// curlRemoteName stands in outputs for -O.
const curlRemoteName = "\x00remote"

func curl(p *Proc) int {
	c, code, ok := p.curlParse()
	if !ok {
		return code
	}
	status := 0
	for i, u := range c.urls {
		if st := p.curlOne(c, i, u); st != 0 {
			status = st
		}
		if p.Cancelled() {
			return 130
		}
	}
	return status
}

// curlOne transfers one URL, with retries, and returns curl's exit code.
func (p *Proc) curlOne(c *curlConfig, i int, rawURL string) int {
	t := &curlTransfer{p: p, c: c, output: c.output(i), rawURL: rawURL}
	for left := c.retry; ; left-- {
		t.do()
		if left <= 0 || !t.transient() {
			break
		}
		if !t.waitRetry(c.retry-left, left) {
			return 130
		}
	}
	return t.finish()
}

// output returns the destination of the i-th URL.
func (c *curlConfig) output(i int) string {
	if i < len(c.outputs) {
		return c.outputs[i]
	}
	return ""
}

// reqMethod returns the method of the request.
func (c *curlConfig) reqMethod() string {
	switch {
	case c.method != "":
		return c.method
	case c.head:
		return http.MethodHead
	case len(c.data) > 0 && !c.get:
		return http.MethodPost
	}
	return http.MethodGet
}
