package builtins

// wget - the non-interactive network downloader
//
//	wget [OPTION]... URL...
//
// Options: -q (--quiet), -nv (--no-verbose), -O (--output-document)
// FILE ("-" for standard output), -P (--directory-prefix) DIR, --header,
// -U (--user-agent), -S (--server-response), -T (--timeout) SECONDS, -t
// (--tries) N, --post-data, --post-file, --method, --body-data,
// --max-redirect N, --content-on-error, --user, --password,
// --no-check-certificate (accepted; certificates are always verified),
// --help, -V (--version).
//
// Requests go through the run's fetcher as curl's do (see curl.go); each
// redirect is a request of its own, checked again. Exit statuses are
// wget's: 1 a file could not be written, 2 a bad command line, 4 a network
// failure (and no network), 8 an error response from the server. How it
// differs from wget 1.21.3: the progress line is simplified; "Connecting
// to" names the host, not the address it resolved to; -T bounds each
// request as a whole, not each read; files are written whole, once the
// body is in.

import (
	"net/http"
	"time"
)

// wgetVersion is the wget this one answers as.
const wgetVersion = "1.21.3"

// wgetConfig is a parsed wget command line.
type wgetConfig struct {
	urls        []string
	quiet       bool
	noVerbose   bool
	output      string // -O; "" for a name from the URL
	outputSet   bool
	prefix      string
	headers     []string
	serverResp  bool
	timeout     time.Duration
	tries       int
	method      string
	body        *string
	bodyFile    string
	maxRedirect int
	onError     bool
	user, pass  string
}

func wget(p *Proc) int {
	c, code, ok := p.wgetParse()
	if !ok {
		return code
	}
	w := &wgetRun{p: p, c: c}
	return w.all()
}

// wgetRun is one wget command's downloads.
type wgetRun struct {
	p       *Proc
	c       *wgetConfig
	status  int
	written bool // -O FILE was truncated already: later URLs append
	body    []byte
}

// all downloads every URL in turn; the status is the worst one's.
func (w *wgetRun) all() int {
	body, ok := w.requestBody()
	if !ok {
		return 1
	}
	w.body = body
	for _, u := range w.c.urls {
		w.one(u)
		if w.p.Cancelled() {
			return 130
		}
	}
	return w.status
}

// requestBody reads --post-file or --body-file's data.
func (w *wgetRun) requestBody() ([]byte, bool) {
	c := w.c
	switch {
	case c.body != nil:
		return []byte(*c.body), true
	case c.bodyFile != "":
		b, err := w.p.curlReadFile(c.bodyFile)
		if err != nil {
			w.p.Errorf("%s: %s", c.bodyFile, ErrText(err))
			return nil, false
		}
		return b, true
	}
	return nil, true
}

// method is the request's method.
func (c *wgetConfig) reqMethod() string {
	switch {
	case c.method != "":
		return c.method
	case c.body != nil || c.bodyFile != "":
		return http.MethodPost
	}
	return http.MethodGet
}

// fail records an exit status; the first failure's stays unless a later
// one is more serious as wget ranks them (lower is more serious, 0 none).
func (w *wgetRun) fail(code int) {
	if w.status == 0 || code < w.status {
		w.status = code
	}
}
