package builtins

// One wget download: the hops of its redirects, its log, its file.

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/fetch"
)

// say writes to standard error unless -q.
func (w *wgetRun) say(format string, args ...any) {
	if !w.c.quiet {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, format, args...)
	}
}

// log writes to standard error when wget is verbose (neither -q nor -nv).
func (w *wgetRun) log(format string, args ...any) {
	if !w.c.quiet && !w.c.noVerbose {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, format, args...)
	}
}

// stamp is wget's time stamp.
func (w *wgetRun) stamp() string { return w.p.Now().Format("2006-01-02 15:04:05") }

// one downloads one URL.
func (w *wgetRun) one(raw string) {
	u, code, msg := curlURL(raw)
	if code != 0 {
		w.p.Errorf("%s", wgetURLError(raw, code, msg))
		w.fail(1)
		return
	}
	n := w.p.net()
	if n == nil {
		w.p.Errorf("%s", errNetOff)
		w.fail(4)
		return
	}
	res, ok := w.follow(n, u)
	if ok {
		w.save(u, res)
	}
}

func wgetURLError(raw string, code int, msg string) string {
	if code == 1 {
		scheme, _, _ := strings.Cut(raw, "://")
		return fmt.Sprintf("%s: Unsupported scheme ‘%s’.", raw, scheme)
	}
	return raw + ": Invalid URL: " + msg
}

// follow fetches u and the redirects it leads to, each a request of its
// own, and returns the last response; false when it failed (logged).
func (w *wgetRun) follow(n *Net, u *url.URL) (*fetch.Result, bool) {
	method, body := w.c.reqMethod(), w.body
	var prev *url.URL
	for hops := 0; ; hops++ {
		res, ok := w.hop(n, u, prev, method, body)
		if !ok {
			return nil, false
		}
		loc := res.Header.Get("Location")
		if !isRedirectStatus(res.Status) || loc == "" {
			return res, true
		}
		next, err := u.Parse(loc)
		if err != nil {
			w.log("%s: Invalid URL %s\n", loc, err)
			w.fail(1)
			return nil, false
		}
		w.log("Location: %s [following]\n", loc)
		if hops >= w.c.maxRedirect {
			w.log("%d redirections exceeded.\n", w.c.maxRedirect)
			w.fail(8)
			return nil, false
		}
		if res.Status == http.StatusSeeOther || method == http.MethodPost && res.Status <= http.StatusFound {
			method, body = http.MethodGet, nil
		}
		prev, u = u, next
	}
}

// hop makes one request, with wget's retries on timeouts.
func (w *wgetRun) hop(n *Net, u, prev *url.URL, method string, body []byte) (*fetch.Result, bool) {
	auth := false
	for try := 1; ; try++ {
		if try == 1 {
			w.log("--%s--  %s\n", w.stamp(), u)
		} else {
			w.log("--%s--  (try:%2d)  %s\n", w.stamp(), try, u)
		}
		reuse := prev != nil && prev.Host == u.Host && prev.Scheme == u.Scheme
		if reuse {
			w.log("Reusing existing connection to %s.\n", u.Host)
		} else {
			w.log("Connecting to %s... ", u.Host)
		}
		req := fetch.Request{URL: u.String(), Method: method, Header: w.header(body != nil, auth), Body: body,
			Timeout: w.c.timeout, NoRedirects: true}
		res, err := n.Fetcher.Fetch(w.p.Ctx, req)
		if err == nil {
			if !reuse {
				w.log("connected.\n")
			}
			w.response(res)
			if res.Status == http.StatusUnauthorized && !auth && (w.c.user != "" || w.c.pass != "") {
				auth, prev, try = true, u, try-1 // wget sends credentials when challenged
				continue
			}
			return res, w.judge(u, res)
		}
		retry := w.netFailure(u, err)
		if !retry || w.c.tries != 0 && try >= w.c.tries || !w.sleep(try) {
			if retry {
				w.log("Giving up.\n\n")
			}
			w.fail(4)
			return nil, false
		}
		w.log("Retrying.\n\n")
	}
}

// header is the request's headers: wget's, then --header and -U.
func (w *wgetRun) header(form, auth bool) http.Header {
	h := http.Header{"User-Agent": {"Wget/" + wgetVersion}, "Accept": {"*/*"}, "Accept-Encoding": {"identity"}}
	if form {
		h.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if auth {
		h.Set("Authorization", "Basic "+b64(w.c.user+":"+w.c.pass))
	}
	custom := map[string]bool{}
	for _, line := range w.c.headers {
		curlAddHeader(h, custom, line)
	}
	return h
}

// netFailure logs a failed request as wget words it; it reports whether
// wget would try again.
func (w *wgetRun) netFailure(u *url.URL, err error) bool {
	var dns *net.DNSError
	code, msg := curlErr(err, u, 0)
	switch {
	case code == 28:
		w.log("connected.\nHTTP request sent, awaiting response... Read error (Connection timed out) in headers.\n")
		return true
	case errors.As(err, &dns):
		w.say("failed: Name or service not known.\n")
		if !w.c.quiet {
			w.p.Errorf("unable to resolve host address ‘%s’", u.Hostname())
		}
	case code == 7 && strings.Contains(msg, "Couldn't connect"):
		w.say("failed: Connection refused.\n")
	case code == 130:
	default:
		w.say("failed: %s.\n", strings.TrimPrefix(msg, "Failed to connect to "))
	}
	return false
}

// sleep waits before try number try+1, as wget does (1 s more each time,
// at most 10); false if the run was cancelled.
func (w *wgetRun) sleep(try int) bool {
	t := time.NewTimer(time.Duration(min(try, 10)) * time.Second)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-w.p.Ctx.Done():
		return false
	}
}

// response logs the response's status line, or with -S its headers.
func (w *wgetRun) response(res *fetch.Result) {
	if !w.c.serverResp {
		w.log("HTTP request sent, awaiting response... %d %s\n", res.Status, res.StatusText)
		return
	}
	w.log("HTTP request sent, awaiting response... \n")
	var b strings.Builder
	fmt.Fprintf(&b, "  %s %d %s\n", res.Proto, res.Status, res.StatusText)
	for _, line := range curlHeaderLines(res.Header, false) {
		b.WriteString("  " + line + "\n")
	}
	if !w.c.noVerbose || w.c.quiet {
		w.p.Flush()
		fmt.Fprint(w.p.Stderr, b.String())
	}
}

// judge reports whether res is a success to save; an error response is
// logged (its body saved with --content-on-error).
func (w *wgetRun) judge(u *url.URL, res *fetch.Result) bool {
	if res.Status < 400 {
		return true
	}
	if w.c.noVerbose && !w.c.quiet {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, "%s:\n", u)
	}
	if !w.c.quiet {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, "%s ERROR %d: %s.\n", w.stamp(), res.Status, res.StatusText)
		w.log("\n")
	}
	if w.c.onError {
		w.write(w.target(u), res.Body)
	}
	w.fail(8)
	return false
}

// target is the file a download of u goes to: -O's, else the URL's last
// name (index.html for none) under -P, numbered if it exists already.
func (w *wgetRun) target(u *url.URL) string {
	if w.c.outputSet {
		return w.c.output
	}
	name := path.Base(u.Path)
	if strings.HasSuffix(u.Path, "/") || name == "/" || name == "." {
		name = "index.html"
	}
	if w.c.prefix != "" {
		name = path.Join(w.c.prefix, name)
	}
	if _, err := w.p.Stat(name); err != nil {
		return name
	}
	for i := 1; ; i++ {
		if _, err := w.p.Stat(name + "." + strconv.Itoa(i)); err != nil {
			return name + "." + strconv.Itoa(i)
		}
	}
}

// write puts data in name ("-" standard output); -O FILE gets the
// downloads of every URL one after the other.
func (w *wgetRun) write(name string, data []byte) bool {
	var err error
	switch {
	case name == "-":
		_, err = w.p.Stdout.Write(data)
	case w.c.outputSet && w.written:
		var f File
		if f, err = w.p.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666); err == nil {
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
	default:
		if w.c.prefix != "" && !w.c.outputSet {
			w.p.FS.MkdirAll(w.p.Abs(w.c.prefix), 0o777&^w.p.Sys.Umask())
		}
		err = w.p.curlWriteFile(name, data, false)
	}
	w.written = true
	if err != nil {
		w.p.Flush()
		fmt.Fprintf(w.p.Stderr, "%s: %s\n", name, ErrText(err))
		if w.c.outputSet {
			w.fail(1) // wget opens -O's file first, and stops
		} else {
			w.fail(3)
		}
		return false
	}
	return true
}
