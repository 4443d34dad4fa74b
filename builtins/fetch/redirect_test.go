package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// chain serves /N, which redirects to /N-1, down to /0, which answers.
func chain(t *testing.T) string {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if n == 0 {
			io.WriteString(w, "end")
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/%d", n-1), http.StatusFound)
	})
	return srv.URL
}

func TestRedirectLimit(t *testing.T) {
	base := chain(t)
	tests := []struct {
		max, hops int
		want      string // the error, or "" for success
	}{
		{0, 10, ""},
		{0, 11, "fetch: redirect to " + base + "/1: stopped after 10 redirects"},
		{3, 3, ""},
		{3, 4, "fetch: redirect to " + base + "/1: stopped after 3 redirects"},
		{1, 2, "fetch: redirect to " + base + "/1: stopped after 1 redirects"},
	}
	for _, tt := range tests {
		f, _ := local()
		f.MaxRedirects = tt.max
		r, err := f.Fetch(context.Background(), Request{URL: fmt.Sprintf("%s/%d", base, tt.hops)})
		if errText(err) != tt.want {
			t.Errorf("max %d, %d hops: error %q, want %q", tt.max, tt.hops, errText(err), tt.want)
		}
		if err == nil && (r.Redirects != tt.hops || r.URL.String() != base+"/0" || string(r.Body) != "end") {
			t.Errorf("max %d, %d hops: %d redirects to %s, body %q", tt.max, tt.hops, r.Redirects, r.URL, r.Body)
		}
	}
}

func TestNoRedirects(t *testing.T) {
	base := chain(t)
	f, _ := local()
	r := mustFetch(t, f, Request{URL: base + "/2", NoRedirects: true})
	if r.Status != http.StatusFound || r.Header.Get("Location") != "/1" || r.Redirects != 0 {
		t.Errorf("status %d, Location %q, %d redirects", r.Status, r.Header.Get("Location"), r.Redirects)
	}
}

// TestRedirectMethod: as curl does, a 303, and a 301 or 302 after a POST,
// become a GET without body; a 307 or 308 repeats the request.
func TestRedirectMethod(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if code, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/")); err == nil {
			http.Redirect(w, r, "/end", code)
			return
		}
		body, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %q %q", r.Method, body, r.Header.Get("Content-Type"))
	})
	form := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	tests := []struct {
		method string
		code   int
		want   string
	}{
		{"POST", 301, `GET "" ""`},
		{"POST", 302, `GET "" ""`},
		{"POST", 303, `GET "" ""`},
		{"POST", 307, `POST "a=1" "application/x-www-form-urlencoded"`},
		{"POST", 308, `POST "a=1" "application/x-www-form-urlencoded"`},
		{"PUT", 302, `PUT "a=1" "application/x-www-form-urlencoded"`},
		{"PUT", 303, `GET "" ""`},
	}
	for _, tt := range tests {
		f, _ := local()
		req := Request{URL: fmt.Sprintf("%s/%d", srv.URL, tt.code), Method: tt.method, Header: form, Body: []byte("a=1")}
		if got := string(mustFetch(t, f, req).Body); got != tt.want {
			t.Errorf("%s then %d: got %s, want %s", tt.method, tt.code, got, tt.want)
		}
	}
}

func TestExemptAndAllow(t *testing.T) {
	other := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "private") })
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/x", http.StatusFound)
		case "/deny":
			http.Redirect(w, r, "/denied", http.StatusFound)
		default:
			io.WriteString(w, "ok")
		}
	})
	f := &Fetcher{Exempt: []netip.AddrPort{netip.MustParseAddrPort(srv.Listener.Addr().String())}}
	if r := mustFetch(t, f, Request{URL: srv.URL + "/"}); string(r.Body) != "ok" {
		t.Errorf("exempt server: got %q", r.Body)
	}
	if got := fetchErr(t, f, Request{URL: srv.URL + "/away"}); !strings.Contains(got, "loopback address refused") {
		t.Errorf("redirect to a loopback server that is not exempt: %s", got)
	}
	f.Allow = func(u *url.URL) error {
		if u.Path == "/denied" {
			return errors.New("not allowed")
		}
		return nil
	}
	if got, want := fetchErr(t, f, Request{URL: srv.URL + "/deny"}), "fetch: redirect to "+srv.URL+"/denied: not allowed"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	var re *RedirectsError
	f2, _ := local()
	_, err := f2.Fetch(context.Background(), Request{URL: chain(t) + "/3", MaxRedirects: 2})
	if !errors.As(err, &re) || re.Max != 2 {
		t.Errorf("3 redirects, at most 2: %v", err)
	}
}

func TestMetadataNeverExempt(t *testing.T) {
	f := &Fetcher{Exempt: []netip.AddrPort{netip.MustParseAddrPort("169.254.169.254:80")}}
	if got := fetchErr(t, f, Request{URL: "http://169.254.169.254/"}); !strings.Contains(got, "cloud metadata address refused") {
		t.Errorf("got %s", got)
	}
}
