package builtins

// curl's -w format: %{variable}, %header{name}, %% and the escapes \n \r
// \t \\, and the variables curl 7.88 knows that a transfer here can
// answer.

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/fetch"
)

// curlPiece is literal text, a %{variable} or a %header{name}.
type curlPiece struct {
	text   string
	name   string
	isVar  bool
	header bool
}

// curlFormat splits a -w format into pieces.
func curlFormat(f string) []curlPiece {
	var out []curlPiece
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out = append(out, curlPiece{text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == '%' && strings.HasPrefix(f[i:], "%%"):
			lit.WriteByte('%')
			i++
		case f[i] == '%' && strings.HasPrefix(f[i:], "%{") && strings.IndexByte(f[i:], '}') > 0:
			end := i + strings.IndexByte(f[i:], '}')
			flush()
			out = append(out, curlPiece{name: f[i+2 : end], isVar: true})
			i = end
		case f[i] == '%' && strings.HasPrefix(f[i:], "%header{") && strings.IndexByte(f[i:], '}') > 0:
			end := i + strings.IndexByte(f[i:], '}')
			flush()
			out = append(out, curlPiece{name: f[i+8 : end], header: true})
			i = end
		case f[i] == '\\' && i+1 < len(f) && strings.IndexByte("nrt\\", f[i+1]) >= 0:
			lit.WriteByte(map[byte]byte{'n': '\n', 'r': '\r', 't': '\t', '\\': '\\'}[f[i+1]])
			i++
		default:
			lit.WriteByte(f[i])
		}
	}
	flush()
	return out
}

// variable returns the value of a -w variable and whether curl knows it.
func (t *curlTransfer) variable(name string) (string, bool) {
	if v, ok := t.responseVariable(name); ok {
		return v, true
	}
	secs := fmt.Sprintf("%.6f", t.elapsed.Seconds())
	switch name {
	case "time_total", "time_starttransfer":
		return secs, true
	case "time_namelookup", "time_connect", "time_appconnect", "time_pretransfer", "time_redirect":
		return "0.000000", true
	case "exitcode":
		return strconv.Itoa(t.code), true
	case "errormsg":
		return t.msg, true
	case "method":
		return t.method, true
	case "size_upload", "size_request":
		return strconv.Itoa(t.upload), true
	case "remote_ip", "remote_port", "local_ip", "local_port":
		return "", true
	case "url":
		return t.rawURL, true
	}
	return "", false
}

// responseVariable answers the variables that describe the response.
func (t *curlTransfer) responseVariable(name string) (string, bool) {
	r := t.res
	switch name {
	case "http_code", "response_code":
		if r == nil {
			return "000", true
		}
		return fmt.Sprintf("%03d", r.Status), true
	case "url_effective":
		if r == nil {
			return t.effective(), true
		}
		return r.URL.String(), true
	}
	if r == nil {
		return map[string]string{"size_download": "0", "size_header": "0", "num_redirects": "0",
			"num_headers": "0", "speed_download": "0", "http_version": "0", "content_type": "",
			"redirect_url": "", "scheme": strings.ToUpper(t.scheme())}[name], curlResponseVars[name]
	}
	switch name {
	case "content_type":
		return r.ContentType, true
	case "size_download":
		return strconv.Itoa(len(r.Body)), true
	case "size_header":
		return strconv.Itoa(len(t.headerBlock())), true
	case "num_redirects":
		return strconv.Itoa(r.Redirects), true
	case "num_headers":
		return strconv.Itoa(len(curlHeaderLines(r.Header, false))), true
	case "speed_download":
		return fmt.Sprintf("%.0f", float64(len(r.Body))/max(t.elapsed.Seconds(), 1e-6)), true
	case "http_version":
		return strings.TrimSuffix(strings.TrimPrefix(r.Proto, "HTTP/"), ".0"), true
	case "scheme":
		return strings.ToUpper(r.URL.Scheme), true
	case "redirect_url":
		return t.redirectURL(), true
	}
	return "", false
}

var curlResponseVars = map[string]bool{"size_download": true, "size_header": true, "num_redirects": true,
	"num_headers": true, "speed_download": true, "http_version": true, "content_type": true,
	"redirect_url": true, "scheme": true}

// redirectURL is where a redirect not followed would have led.
func (t *curlTransfer) redirectURL() string {
	r := t.res
	loc := r.Header.Get("Location")
	if loc == "" || !isRedirectStatus(r.Status) {
		return ""
	}
	u, err := r.URL.Parse(loc)
	if err != nil {
		return ""
	}
	return u.String()
}

func (t *curlTransfer) effective() string {
	if t.url != nil {
		return t.url.String()
	}
	return t.rawURL
}

func (t *curlTransfer) scheme() string {
	if t.url != nil {
		return t.url.Scheme
	}
	return ""
}

// verboseRequest prints -v's request lines on standard error. Headers the
// server attaches (net_headers) are named, never shown.
func (t *curlTransfer) verboseRequest(req fetch.Request, n *Net) {
	if !t.c.verbose {
		return
	}
	t.p.Flush()
	var b strings.Builder
	b.WriteString("> " + req.Method + " " + t.url.RequestURI() + " HTTP/1.1\r\n")
	b.WriteString("> Host: " + t.url.Host + "\r\n")
	for _, line := range curlHeaderLines(req.Header, false) {
		b.WriteString("> " + line + "\r\n")
	}
	b.WriteString("> \r\n")
	if n.Fetcher.Headers != nil {
		if names := curlHeaderNames(n.Fetcher.Headers(t.url)); names != "" {
			b.WriteString("* shellfence: the server adds headers of its own, not shown: " + names + "\n")
		}
	}
	fmt.Fprint(t.p.Stderr, b.String())
}

func curlHeaderNames(h http.Header) string {
	var names []string
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// verboseResponse prints -v's response lines on standard error.
func (t *curlTransfer) verboseResponse() {
	if !t.c.verbose {
		return
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(t.headerBlock()), "\r\n") {
		if line != "" {
			b.WriteString("< " + line)
		}
	}
	fmt.Fprintf(&b, "{ [%d bytes data]\n", len(t.res.Body))
	fmt.Fprint(t.p.Stderr, b.String())
}
