package fetch

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// publicIP stands for a server on the internet. No test connects to it:
// the router sends its connections to a test server on loopback.
const publicIP = "93.184.215.14"

// A fakeDNS answers lookups from a table: each host has a list of answers,
// given one per lookup, the last one again and again.
type fakeDNS struct {
	mu      sync.Mutex
	answers map[string][]string // "host" → {"1.2.3.4,::1", ...}
	asked   map[string]int
}

func (d *fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	list, ok := d.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	if d.asked == nil {
		d.asked = map[string]int{}
	}
	answer := list[min(d.asked[host], len(list)-1)]
	d.asked[host]++
	var addrs []netip.Addr
	for _, a := range strings.Split(answer, ",") {
		addrs = append(addrs, netip.MustParseAddr(a))
	}
	return addrs, nil
}

// A router connects the addresses in its table to test servers and any
// loopback address to itself, and refuses everything else, so no test
// sends a packet off the machine, whatever the guard lets through.
type router struct {
	mu     sync.Mutex
	routes map[string]string // "93.184.215.14:80" → a test server's "127.0.0.1:port"
	dialed []string
}

func (r *router) dial(ctx context.Context, network, address string) (net.Conn, error) {
	r.mu.Lock()
	r.dialed = append(r.dialed, address)
	target, ok := r.routes[address]
	r.mu.Unlock()
	if !ok {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !ap.Addr().IsLoopback() {
			return nil, fmt.Errorf("test router: no route to %s", address)
		}
		target = address
	}
	var d net.Dialer
	return d.DialContext(ctx, network, target)
}

func (r *router) addresses() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.dialed...)
}

// route makes fake, "ip:port", lead to srv.
func (r *router) route(fake string, srv *httptest.Server) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.routes == nil {
		r.routes = map[string]string{}
	}
	r.routes[fake] = srv.Listener.Addr().String()
}

// local returns a Fetcher for test servers on loopback: private addresses
// allowed, connections only through a router.
func local() (*Fetcher, *router) {
	r := &router{}
	return &Fetcher{AllowPrivate: true, dial: r.dial}, r
}

// guarded returns a Fetcher with the guard on, names resolved by dns and
// connections made by a router.
func guarded(dns *fakeDNS) (*Fetcher, *router) {
	r := &router{}
	return &Fetcher{resolver: dns, dial: r.dial}, r
}

// serve starts a test server that runs h, closed when the test ends.
func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// port returns the port srv listens on.
func port(srv *httptest.Server) string {
	_, p, _ := net.SplitHostPort(srv.Listener.Addr().String())
	return p
}

func mustFetch(t *testing.T, f *Fetcher, req Request) *Result {
	t.Helper()
	r, err := f.Fetch(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func fetchErr(t *testing.T, f *Fetcher, req Request) string {
	t.Helper()
	_, err := f.Fetch(context.Background(), req)
	if err == nil {
		t.Fatalf("fetching %s: no error", req.URL)
	}
	return err.Error()
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// refusedAll fetches each URL of tests, a map from URL to the error it must
// give, and checks that nothing was dialed.
func refusedAll(t *testing.T, f *Fetcher, rt *router, tests map[string]string) {
	t.Helper()
	for u, want := range tests {
		if got := fetchErr(t, f, Request{URL: u}); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", u, got, want)
		}
	}
	if d := rt.addresses(); len(d) > 0 {
		t.Errorf("dialed %v", d)
	}
}
