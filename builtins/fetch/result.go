package fetch

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// A Result is a response with its body read, up to the size limit.
type Result struct {
	URL         *url.URL // the final URL, after redirects
	Redirects   int      // how many were followed
	Proto       string   // "HTTP/1.1", "HTTP/2.0"
	Status      int      // 200
	StatusText  string   // the reason phrase: "OK", "Not Found"
	Header      http.Header
	ContentType string // the Content-Type header, "" if none
	Body        []byte // the body, decompressed, at most the size limit
	Truncated   bool   // the body went on past the limit
	Length      int64  // the Content-Length header, -1 if unknown
	Duration    time.Duration

	name string // the Fetcher's Name, for Text's errors
}

func newResult(resp *http.Response, redirects int, name string) *Result {
	return &Result{
		URL:         resp.Request.URL,
		Redirects:   redirects,
		Proto:       resp.Proto,
		Status:      resp.StatusCode,
		StatusText:  strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))),
		Header:      resp.Header,
		ContentType: resp.Header.Get("Content-Type"),
		Length:      resp.ContentLength,
		name:        name,
	}
}

// readBody reads up to limit bytes of body into r.Body, and one more to
// tell whether the body goes on.
func (r *Result) readBody(body io.Reader, limit int64) error {
	b, err := io.ReadAll(io.LimitReader(body, limit+1))
	if int64(len(b)) > limit {
		r.Body, r.Truncated = b[:limit], true
		return nil
	}
	r.Body = b
	return err
}

// Size returns the whole body's size: len(Body) if it was read to the end,
// else Length, which is -1 when the server did not say.
func (r *Result) Size() int64 {
	if !r.Truncated {
		return int64(len(r.Body))
	}
	return r.Length
}
