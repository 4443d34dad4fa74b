package fetch

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const hint = " (the server's --fetch-private allows it)"

// TestRefused: without AllowPrivate, no connection is made to an address
// that is not public, however the URL names it.
func TestRefused(t *testing.T) {
	dns := &fakeDNS{answers: map[string][]string{
		"internal.test": {"10.0.0.7"},
		"both.test":     {"192.168.1.1,fd00::1"},
		"metadata.test": {"169.254.169.254"},
	}}
	tests := map[string]string{
		"http://127.0.0.1:8080/":          "fetch: 127.0.0.1: loopback address refused" + hint,
		"http://127.9.9.9/":               "fetch: 127.9.9.9: loopback address refused" + hint,
		"http://[::1]:8080/":              "fetch: ::1: loopback address refused" + hint,
		"http://[::ffff:127.0.0.1]/":      "fetch: ::ffff:127.0.0.1: loopback address refused" + hint,
		"http://[::ffff:7f00:1]/":         "fetch: ::ffff:127.0.0.1: loopback address refused" + hint,
		"http://0.0.0.0:8080/":            "fetch: 0.0.0.0: unspecified address refused" + hint,
		"http://10.1.2.3/":                "fetch: 10.1.2.3: private address refused" + hint,
		"http://192.168.0.1/":             "fetch: 192.168.0.1: private address refused" + hint,
		"http://172.20.0.1/":              "fetch: 172.20.0.1: private address refused" + hint,
		"http://100.64.1.1/":              "fetch: 100.64.1.1: shared (CGNAT) address refused" + hint,
		"http://[fe80::1]/":               "fetch: fe80::1: link-local address refused" + hint,
		"http://[64:ff9b::a00:1]/":        "fetch: 64:ff9b::a00:1: private address refused" + hint,
		"http://169.254.169.254/latest/":  "fetch: 169.254.169.254: cloud metadata address refused",
		"http://[fd00:ec2::254]/":         "fetch: fd00:ec2::254: cloud metadata address refused",
		"http://224.0.0.1/":               "fetch: 224.0.0.1: multicast address refused" + hint,
		"http://255.255.255.255/":         "fetch: 255.255.255.255: broadcast address refused" + hint,
		"https://internal.test/":          "fetch: internal.test: 10.0.0.7: private address refused" + hint,
		"http://both.test/":               "fetch: both.test: 192.168.1.1: private address refused" + hint,
		"http://metadata.test/":           "fetch: metadata.test: 169.254.169.254: cloud metadata address refused",
		"http://INTERNAL.test:8080/x?y=z": "fetch: http://INTERNAL.test:8080/x?y=z: lookup INTERNAL.test: no such host",
	}
	f, rt := guarded(dns)
	refusedAll(t, f, rt, tests)
}

// TestRefusedLocalhost: the system resolver's localhost is refused too.
func TestRefusedLocalhost(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { t.Error("request reached the server") })
	f := &Fetcher{}
	got := fetchErr(t, f, Request{URL: "http://localhost:" + port(srv) + "/"})
	for _, want := range []string{
		"fetch: localhost: 127.0.0.1: loopback address refused" + hint,
		"fetch: localhost: ::1: loopback address refused" + hint,
	} {
		if got == want {
			return
		}
	}
	t.Errorf("got %s", got)
}

// TestMixedAnswers: of a name's addresses, only the allowed ones are
// connected to.
func TestMixedAnswers(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "public") })
	dns := &fakeDNS{answers: map[string][]string{"mixed.test": {"10.0.0.1,fd00::1," + publicIP}}}
	f, rt := guarded(dns)
	rt.route(publicIP+":80", srv)
	if got := string(mustFetch(t, f, Request{URL: "http://mixed.test/"}).Body); got != "public" {
		t.Errorf("got %q", got)
	}
	if got, want := rt.addresses(), []string{publicIP + ":80"}; !cmp.Equal(got, want) {
		t.Errorf("dialed %v, want %v", got, want)
	}
}

// TestRebinding: a name that resolves to a public address for one
// connection and to a private one for the next is refused the second time,
// when the connection is made.
func TestRebinding(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close") // the next request must connect again
		if r.URL.Path == "/" {
			http.Redirect(w, r, "/secret", http.StatusFound)
			return
		}
		io.WriteString(w, "secret")
	})
	dns := &fakeDNS{answers: map[string][]string{"rebind.test": {publicIP, "127.0.0.1"}}}
	f, rt := guarded(dns)
	rt.route(publicIP+":80", srv)
	got := fetchErr(t, f, Request{URL: "http://rebind.test/"})
	want := "fetch: redirect to http://rebind.test/secret: rebind.test: 127.0.0.1: loopback address refused" + hint
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got, want := rt.addresses(), []string{publicIP + ":80"}; !cmp.Equal(got, want) {
		t.Errorf("dialed %v, want %v", got, want)
	}
}

// TestRedirectRefused: a redirect from an allowed server to a refused
// address is refused, and the second server is never reached.
func TestRedirectRefused(t *testing.T) {
	inner := serve(t, func(w http.ResponseWriter, r *http.Request) { t.Error("request reached the inner server") })
	dns := &fakeDNS{answers: map[string][]string{
		"public.test":   {publicIP},
		"metadata.test": {"169.254.169.254"},
	}}
	tests := map[string]string{
		inner.URL + "/admin":          "fetch: redirect to " + inner.URL + "/admin: 127.0.0.1: loopback address refused" + hint,
		"http://metadata.test/latest": "fetch: redirect to http://metadata.test/latest: metadata.test: 169.254.169.254: cloud metadata address refused",
		"http://[::ffff:10.0.0.1]/":   "fetch: redirect to http://[::ffff:10.0.0.1]/: ::ffff:10.0.0.1: private address refused" + hint,
		"file:///etc/passwd":          `fetch: http://public.test/: redirect to file:///etc/passwd: unsupported scheme "file" (only http and https)`,
	}
	for target, want := range tests {
		outer := serve(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target, http.StatusFound)
		})
		f, rt := guarded(dns)
		rt.route(publicIP+":80", outer)
		if got := fetchErr(t, f, Request{URL: "http://public.test/"}); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", target, got, want)
		}
	}
}

// TestDialerControl: the dialer a Fetcher uses by default checks the
// address of the socket itself, before it connects.
func TestDialerControl(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, err = newDialer(guard{hint: "h"}).dial(context.Background(), "tcp", l.Addr().String())
	var ae *AddrError
	if !errors.As(err, &ae) || ae.Reason != "loopback" {
		t.Errorf("dial: %v, want a loopback refusal", err)
	}
	l.(*net.TCPListener).SetDeadline(time.Now().Add(50 * time.Millisecond))
	if c, err := l.Accept(); err == nil {
		c.Close()
		t.Error("the refused dial connected")
	}
	c, err := newDialer(guard{allowPrivate: true}).dial(context.Background(), "tcp", l.Addr().String())
	if err != nil {
		t.Fatalf("allowed dial: %v", err)
	}
	c.Close()
}

// TestDefaultDialer: a Fetcher with nothing replaced fetches from loopback
// when private addresses are allowed.
func TestDefaultDialer(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	f := &Fetcher{AllowPrivate: true}
	if got := string(mustFetch(t, f, Request{URL: srv.URL}).Body); got != "ok" {
		t.Errorf("got %q", got)
	}
}
