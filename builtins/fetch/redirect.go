package fetch

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// A hop is one request of a fetch: the first, or one a redirect led to.
type hop struct {
	url    *url.URL
	method string
	header http.Header // the caller's headers, less what may not follow
	body   []byte
	n      int // redirects followed to get here
}

func firstHop(req Request) (hop, error) {
	u, err := url.Parse(req.URL)
	if err != nil {
		return hop{}, err
	}
	if err := checkScheme(u); err != nil {
		return hop{}, fmt.Errorf("%s: %w", u.Redacted(), err)
	}
	return hop{url: u, method: or(req.Method, http.MethodGet), header: req.Header, body: req.Body}, nil
}

// checkScheme refuses a URL that is not http or https or has no host.
func checkScheme(u *url.URL) error {
	switch {
	case u.Scheme == "":
		return fmt.Errorf("missing scheme (want http:// or https://)")
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("unsupported scheme %q (only http and https)", u.Scheme)
	case u.Host == "":
		return fmt.Errorf("missing host")
	}
	return nil
}

// next returns the hop that resp redirects to, or ok false if resp is not a
// redirect. It follows curl: a 303, and a 301 or 302 to a POST, turn the
// request into a GET without body; a redirect to another origin drops the
// caller's credentials (Authorization, Cookie).
func (h hop) next(resp *http.Response) (next hop, ok bool, err error) {
	loc := resp.Header.Get("Location")
	if !isRedirect(resp.StatusCode) || loc == "" {
		return hop{}, false, nil
	}
	u, err := h.url.Parse(loc)
	if err != nil {
		return hop{}, false, fmt.Errorf("redirect to %q: %w", loc, err)
	}
	if err := checkScheme(u); err != nil {
		return hop{}, false, fmt.Errorf("redirect to %s: %w", u.Redacted(), err)
	}
	next = hop{url: u, method: h.method, header: h.header, body: h.body, n: h.n + 1}
	if becomesGet(resp.StatusCode, h.method) {
		next.method, next.body = http.MethodGet, nil
		next.header = without(next.header, "Content-Type", "Content-Length", "Content-Encoding")
	}
	if origin(u) != origin(h.url) {
		next.header = without(next.header, "Authorization", "Proxy-Authorization", "Cookie", "Cookie2")
	}
	return next, true, nil
}

func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

func becomesGet(code int, method string) bool {
	switch code {
	case http.StatusSeeOther:
		return method != http.MethodHead
	case http.StatusMovedPermanently, http.StatusFound:
		return method == http.MethodPost
	}
	return false
}

// without returns a copy of h without the named headers.
func without(h http.Header, names ...string) http.Header {
	c := http.Header{}
	copyHeader(c, h)
	for _, n := range names {
		c.Del(n)
	}
	return c
}

// copyHeader sets in dst every header of src, replacing dst's values.
func copyHeader(dst, src http.Header) {
	for k, v := range src {
		dst[http.CanonicalHeaderKey(k)] = slices.Clone(v)
	}
}

// origin returns u's scheme, host and port, the port made explicit, all
// lower-case: two URLs of the same origin give the same string.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(u.Scheme + "://" + net.JoinHostPort(u.Hostname(), port))
}
