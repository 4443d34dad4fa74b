package builtins

// One curl transfer: the request built from the command line, sent
// through the run's fetcher, and the outcome as curl's exit code.

import (
	"encoding/base64"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/vfs/budget"
)

// curlTransfer is one URL's transfer and its outcome.
type curlTransfer struct {
	p      *Proc
	c      *curlConfig
	output string
	rawURL string

	url     *url.URL      // the URL asked for, normalized
	method  string        //
	upload  int           // request body bytes
	res     *fetch.Result // nil when the transfer failed
	code    int           // curl's exit code
	msg     string        // curl's message for code
	elapsed time.Duration
	start   time.Time
}

// do makes the request and records its outcome.
func (t *curlTransfer) do() {
	t.res, t.code, t.msg = nil, 0, ""
	if t.start.IsZero() {
		t.start = time.Now()
	}
	begin := time.Now()
	defer func() { t.elapsed = time.Since(begin) }()
	req, ok := t.request()
	if !ok {
		return
	}
	n := t.p.net()
	if n == nil {
		t.code, t.msg = 7, errNetOff.Error()
		return
	}
	t.verboseRequest(req, n)
	res, err := n.Fetcher.Fetch(t.p.Ctx, req)
	if err != nil {
		t.code, t.msg = curlErr(err, t.url, time.Since(begin))
		return
	}
	t.res = res
	if err := t.p.hold(int64(len(res.Body))); err != nil {
		t.code, t.msg = 63, "Maximum file size exceeded"
		return
	}
	t.verboseResponse()
	t.judge()
}

// judge sets the exit code for a response received.
func (t *curlTransfer) judge() {
	r := t.res
	switch {
	case r.Truncated:
		t.code, t.msg = 63, "Maximum file size exceeded"
	case t.c.follow && t.c.maxRedirs == 0 && isRedirectStatus(r.Status) && r.Header.Get("Location") != "":
		t.code, t.msg = 47, "Maximum (0) redirects followed"
	case t.c.fail && r.Status >= 400:
		t.code, t.msg = 22, "The requested URL returned error: "+strconv.Itoa(r.Status)
	}
}

func isRedirectStatus(code int) bool {
	switch code {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// request builds the fetcher's request; when it cannot, it sets the exit
// code and returns false.
func (t *curlTransfer) request() (fetch.Request, bool) {
	c := t.c
	u, code, msg := curlURL(t.rawURL)
	if code != 0 {
		t.code, t.msg = code, msg
		return fetch.Request{}, false
	}
	t.url, t.method = u, c.reqMethod()
	body, err := t.p.curlBody(c)
	if err != nil {
		t.code, t.msg = 63, budgetText(err)
		return fetch.Request{}, false
	}
	if c.get && len(c.data) > 0 {
		q := *u
		q.RawQuery = strings.TrimPrefix(q.RawQuery+"&"+string(body), "&")
		t.url, body = &q, nil
	}
	t.upload = len(body)
	req := fetch.Request{URL: t.url.String(), Method: t.method, Header: t.header(len(c.data) > 0 && !c.get),
		Body: body, Timeout: c.maxTime, NoRedirects: !c.follow || c.maxRedirs == 0}
	if c.maxRedirs > 0 {
		req.MaxRedirects = c.maxRedirs
	}
	if b := t.p.Budget(); b != nil {
		req.MaxBytes = max(b.Remaining(budget.Memory), 1)
	}
	return req, true
}

func budgetText(err error) string { return err.Error() }

// curlURL normalizes a URL as curl does: http:// when no scheme is given,
// "/" when no path is. Other schemes are refused with curl's code 1.
func curlURL(raw string) (*url.URL, int, string) {
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	scheme, _, _ := strings.Cut(raw, "://")
	if scheme = strings.ToLower(scheme); scheme != "http" && scheme != "https" {
		return nil, 1, "Protocol \"" + scheme + "\" not supported or disabled in libcurl"
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, 3, "URL using bad/illegal format or missing URL"
	}
	u.Scheme = scheme
	if u.Path == "" {
		u.Path = "/"
	}
	u.Fragment, u.RawFragment = "", ""
	return u, 0, ""
}

// header returns the request's headers: curl's defaults, then -H, -A,
// -e and -u.
func (t *curlTransfer) header(form bool) http.Header {
	h := http.Header{"User-Agent": {"curl/" + curlVersion}, "Accept": {"*/*"}}
	if form {
		h.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if t.c.user != "" {
		h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(curlUserPass(t.c.user))))
	}
	custom := map[string]bool{}
	for _, line := range t.c.headers {
		curlAddHeader(h, custom, line)
	}
	return h
}

// curlUserPass is -u's value; without a password curl would ask for one,
// here it is empty.
func curlUserPass(u string) string {
	if strings.Contains(u, ":") {
		return u
	}
	return u + ":"
}

// curlAddHeader applies one -H: "Name: value" adds (the first one
// replacing a default), "Name:" removes, "Name;" sends it empty.
func curlAddHeader(h http.Header, custom map[string]bool, line string) {
	if name, ok := strings.CutSuffix(line, ";"); ok && !strings.Contains(name, ":") {
		h[textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name))] = []string{""}
		return
	}
	name, value, ok := strings.Cut(line, ":")
	if !ok {
		return // curl ignores a header without a colon
	}
	key := textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name))
	value = strings.TrimSpace(value)
	if value == "" {
		delete(h, key)
		return
	}
	if !custom[key] {
		delete(h, key)
		custom[key] = true
	}
	h[key] = append(h[key], value)
}

// transient reports whether a retry may help (curl's --retry rules).
func (t *curlTransfer) transient() bool {
	if t.code == 28 || t.code == 7 && t.c.retryRefus && strings.Contains(t.msg, "Couldn't connect") {
		return true
	}
	if t.res == nil {
		return false
	}
	switch t.res.Status {
	case 408, 429, 500, 502, 503, 504:
		return true
	}
	return false
}

// waitRetry announces and sleeps before retry number n (0 first), with
// left retries to go; false means the run was cancelled or the retry
// time is up.
func (t *curlTransfer) waitRetry(n, left int) bool {
	d := t.c.retryDelay
	if d == 0 {
		d = min(time.Second<<min(n, 10), 10*time.Minute)
	}
	if t.c.retryMax > 0 && time.Since(t.start)+d > t.c.retryMax {
		return true // the last outcome stands
	}
	if !t.c.silent {
		what := "HTTP error"
		if t.res == nil {
			what = map[int]string{28: "timeout", 7: "connection refused"}[t.code]
		}
		t.p.curlWarn("Problem : %s. Will retry in %d seconds. %d retries left.", what, int(d/time.Second), left)
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-t.p.Ctx.Done():
		return false
	}
}
