package fetch

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"time"
)

// The limits and names a zero [Fetcher] uses.
const (
	DefaultMaxBytes     = 10 << 20
	DefaultTimeout      = 30 * time.Second
	DefaultMaxRedirects = 10
	DefaultUserAgent    = "shellfence/0.1"
	DefaultHint         = "the server's --fetch-private allows it"
	DefaultName         = "fetch"
)

// A Fetcher fetches http and https URLs within limits. Its zero value is
// ready to use: it refuses every address that is not on the public internet
// and uses the Default limits. Its fields are the server's settings; a
// [Request] can lower its limits, never raise them. A Fetcher may be used by
// several goroutines at once if its fields do not change meanwhile.
type Fetcher struct {
	// AllowPrivate lets fetches connect to loopback, private, link-local and
	// other non-public addresses. Cloud metadata addresses stay refused.
	AllowPrivate bool
	// Hint tells, in a refusal, what would allow the address (DefaultHint).
	Hint string

	MaxBytes     int64         // body bytes kept (DefaultMaxBytes)
	Timeout      time.Duration // for the whole fetch, body included (DefaultTimeout)
	MaxRedirects int           // redirects followed at most (DefaultMaxRedirects)
	UserAgent    string        // sent unless a request sets its own (DefaultUserAgent)
	Name         string        // leads every error message (DefaultName)

	// Headers, if set, gives the headers to add to a request for u. It is
	// called again for every redirect with the new URL, so what it gives
	// for one URL is not sent to another; [PrefixHeaders] makes one.
	// Headers the request sets itself win over these.
	Headers func(u *url.URL) http.Header

	// Allow, if set, is asked about the URL of every request, the first
	// and each redirect, before anything is sent; its error ends the
	// fetch. The run's curl uses it to keep to the URL prefixes
	// --allow-net names.
	Allow func(u *url.URL) error

	// Exempt lists addresses ("ip:port") the guard lets through whatever
	// their kind, cloud metadata addresses excepted. It exists for tests
	// that serve on loopback and must never be filled from configuration.
	Exempt []netip.AddrPort

	resolver resolver    // tests: how host names resolve (net.DefaultResolver)
	dial     dialFunc    // tests: how a checked address is connected to
	tls      *tls.Config // tests: the certificates trusted (the system's)
}

// A Request is what to fetch and how.
type Request struct {
	URL         string
	Method      string        // "" means GET
	Header      http.Header   // sent to every hop but Authorization and Cookie to other origins
	Body        []byte        // sent again on a 307 or 308 redirect
	MaxBytes    int64         // if > 0, lowers the Fetcher's MaxBytes
	Timeout     time.Duration // if > 0, lowers the Fetcher's Timeout
	NoRedirects bool          // return a redirect response instead of following it
	// MaxRedirects, if > 0, lowers the Fetcher's MaxRedirects.
	MaxRedirects int
}

// A RedirectsError is a fetch stopped because it met more redirects than
// allowed.
type RedirectsError struct{ Max int }

func (e *RedirectsError) Error() string { return fmt.Sprintf("stopped after %d redirects", e.Max) }

// Fetch performs req and returns the response with its body read, up to
// the size limit. A response is a result whatever its status: a 404 is not
// an error. The errors are a URL that is not http or https, an address the
// guard refuses (an [*AddrError]), too many redirects, the timeout (it
// unwraps to [context.DeadlineExceeded]), ctx's end and network failures.
func (f *Fetcher) Fetch(ctx context.Context, req Request) (*Result, error) {
	r, err := f.fetch(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", or(f.Name, DefaultName), err)
	}
	return r, nil
}

func (f *Fetcher) fetch(parent context.Context, req Request) (*Result, error) {
	start := time.Now()
	h, err := firstHop(req)
	if err != nil {
		return nil, err
	}
	timeout := lower(f.Timeout, DefaultTimeout, req.Timeout)
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	t := f.transport()
	defer t.CloseIdleConnections()
	resp, h, err := f.follow(ctx, t, h, req)
	if err != nil {
		return nil, h.context(cause(parent, timeout, err))
	}
	defer resp.Body.Close()
	r := newResult(resp, h.n, or(f.Name, DefaultName))
	if err := r.readBody(resp.Body, lower(f.MaxBytes, DefaultMaxBytes, req.MaxBytes)); err != nil {
		return nil, h.context(fmt.Errorf("reading body: %w", cause(parent, timeout, err)))
	}
	r.Duration = time.Since(start)
	return r, nil
}

// follow sends h and the redirects it leads to, and returns the last
// response and the hop that brought it.
func (f *Fetcher) follow(ctx context.Context, t http.RoundTripper, h hop, fr Request) (*http.Response, hop, error) {
	c := &http.Client{Transport: t, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse // redirects are ours: see hop.next
	}}
	maxRedirects := int(lower(int64(or(f.MaxRedirects, DefaultMaxRedirects)), DefaultMaxRedirects, int64(fr.MaxRedirects)))
	for {
		if f.Allow != nil {
			if err := f.Allow(h.url); err != nil {
				return nil, h, err
			}
		}
		req, err := f.request(ctx, h)
		if err != nil {
			return nil, h, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, h, err
		}
		next, ok, err := h.next(resp)
		if err != nil {
			resp.Body.Close()
			return nil, h, err
		}
		if !ok || fr.NoRedirects {
			return resp, h, nil
		}
		discard(resp)
		if next.n > maxRedirects {
			return nil, h, &RedirectsError{Max: next.n - 1}
		}
		h = next
	}
}

// request builds the http.Request of hop h.
func (f *Fetcher) request(ctx context.Context, h hop) (*http.Request, error) {
	var body io.Reader
	if h.body != nil {
		body = bytes.NewReader(h.body)
	}
	r, err := http.NewRequestWithContext(ctx, h.method, h.url.String(), body)
	if err != nil {
		return nil, err
	}
	if f.Headers != nil {
		copyHeader(r.Header, f.Headers(h.url))
	}
	copyHeader(r.Header, h.header)
	if _, ok := r.Header["User-Agent"]; !ok {
		r.Header.Set("User-Agent", or(f.UserAgent, DefaultUserAgent))
	}
	return r, nil
}

func (f *Fetcher) transport() *http.Transport {
	d := newDialer(guard{allowPrivate: f.AllowPrivate, hint: or(f.Hint, DefaultHint), exempt: f.Exempt})
	if f.resolver != nil {
		d.resolver = f.resolver
	}
	if f.dial != nil {
		d.dial = f.dial
	}
	return &http.Transport{
		Proxy:                  nil, // never the environment's proxy
		DialContext:            d.DialContext,
		TLSClientConfig:        f.tls,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    10 * time.Second,
		MaxResponseHeaderBytes: 1 << 20,
	}
}

// cause returns what err comes down to: the guard's refusal, the end of
// the caller's context, the timeout, the network error without the URL.
func cause(parent context.Context, timeout time.Duration, err error) error {
	var ae *AddrError
	var ue *url.Error
	switch {
	case errors.As(err, &ae):
		return ae
	case parent.Err() != nil:
		return parent.Err()
	case errors.Is(err, context.DeadlineExceeded):
		return timeoutError(timeout)
	case errors.As(err, &ue):
		return ue.Err
	}
	return err
}

// context gives err the URL of the hop it happened on; the guard's refusal
// of the first URL names the address already.
func (h hop) context(err error) error {
	if h.n > 0 {
		return fmt.Errorf("redirect to %s: %w", h.url.Redacted(), err)
	}
	if _, ok := err.(*AddrError); ok {
		return err
	}
	return fmt.Errorf("%s: %w", h.url.Redacted(), err)
}

// A timeoutError says the fetch ran out of time.
type timeoutError time.Duration

func (e timeoutError) Error() string { return "timed out after " + time.Duration(e).String() }
func (e timeoutError) Unwrap() error { return context.DeadlineExceeded }
func (e timeoutError) Timeout() bool { return true }

// discard reads a little of a response's body, so its connection can be
// used again, and closes it.
func discard(resp *http.Response) {
	io.CopyN(io.Discard, resp.Body, 64<<10)
	resp.Body.Close()
}

// lower returns limit (or def if limit is not set), lowered to asked if
// asked is set and smaller.
func lower[T int64 | time.Duration](limit, def, asked T) T {
	limit = or(limit, def)
	if asked > 0 && asked < limit {
		return asked
	}
	return limit
}

// or returns v, or def if v is zero or negative (or empty).
func or[T int | int64 | time.Duration | string](v, def T) T {
	var zero T
	if v <= zero {
		return def
	}
	return v
}
