package fetch

import (
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestFetch(t *testing.T) {
	var got http.Header
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("X-Served-By", "test")
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, "hello\n")
	})
	f, _ := local()
	r := mustFetch(t, f, Request{URL: srv.URL + "/a?b=c"})
	want := &Result{Proto: "HTTP/1.1", Status: 418, StatusText: "I'm a teapot",
		ContentType: "text/plain; charset=utf-8", Body: []byte("hello\n"), Length: 6}
	if diff := cmp.Diff(want, r, cmp.FilterPath(func(p cmp.Path) bool {
		switch p.Last().String() {
		case ".URL", ".Header", ".Duration", ".name":
			return true
		}
		return false
	}, cmp.Ignore())); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if r.URL.String() != srv.URL+"/a?b=c" || r.Header.Get("X-Served-By") != "test" || r.Duration <= 0 {
		t.Errorf("URL %s, header %v, duration %v", r.URL, r.Header, r.Duration)
	}
	if ua := got.Get("User-Agent"); ua != DefaultUserAgent {
		t.Errorf("User-Agent %q, want %q", ua, DefaultUserAgent)
	}
}

func TestFetchRequestOptions(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		io.WriteString(w, r.Method+" "+r.Header.Get("User-Agent")+" "+r.Header.Get("X-A")+" "+string(body))
	})
	f, _ := local()
	f.UserAgent = "agent/1"
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"default", Request{}, "GET agent/1  "},
		{"post", Request{Method: "POST", Body: []byte("x=1")}, "POST agent/1  x=1"},
		{"headers", Request{Header: http.Header{"X-A": {"b"}, "User-Agent": {"curl/8"}}}, "GET curl/8 b "},
		{"put", Request{Method: "PUT", Body: []byte("{}")}, "PUT agent/1  {}"},
	}
	for _, tt := range tests {
		tt.req.URL = srv.URL
		if got := string(mustFetch(t, f, tt.req).Body); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestNoProxyFromEnvironment: a proxy named in the environment is not used.
func TestNoProxyFromEnvironment(t *testing.T) {
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:9")
	t.Setenv("http_proxy", "http://127.0.0.1:9")
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "direct") })
	f, rt := local()
	if got := string(mustFetch(t, f, Request{URL: srv.URL}).Body); got != "direct" {
		t.Errorf("got %q", got)
	}
	if got, want := rt.addresses(), []string{srv.Listener.Addr().String()}; !cmp.Equal(got, want) {
		t.Errorf("dialed %v, want %v", got, want)
	}
}

func TestScheme(t *testing.T) {
	f, rt := local()
	tests := map[string]string{
		"ftp://example.com/x":   `fetch: ftp://example.com/x: unsupported scheme "ftp" (only http and https)`,
		"file:///etc/passwd":    `fetch: file:///etc/passwd: unsupported scheme "file" (only http and https)`,
		"gopher://example.com/": `fetch: gopher://example.com/: unsupported scheme "gopher" (only http and https)`,
		"javascript:alert(1)":   `fetch: javascript:alert(1): unsupported scheme "javascript" (only http and https)`,
		"example.com/x":         `fetch: example.com/x: missing scheme (want http:// or https://)`,
		"http:///x":             `fetch: http:///x: missing host`,
		"http://a b/":           `fetch: parse "http://a b/": invalid character " " in host name`,
	}
	refusedAll(t, f, rt, tests)
}

func TestSizeCap(t *testing.T) {
	body := strings.Repeat("0123456789", 100)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/chunked" {
			io.WriteString(w, body)
			return
		}
		io.WriteString(w, body[:500])
		w.(http.Flusher).Flush()
		io.WriteString(w, body[500:])
	})
	tests := []struct {
		name      string
		max, ask  int64
		path      string
		kept      int
		truncated bool
		length    int64
		size      int64
	}{
		{"under", 2000, 0, "/", 1000, false, 1000, 1000},
		{"at", 1000, 0, "/", 1000, false, 1000, 1000},
		{"over", 100, 0, "/", 100, true, 1000, 1000},
		{"asked lower", 2000, 10, "/", 10, true, 1000, 1000},
		{"asked higher", 100, 5000, "/", 100, true, 1000, 1000},
		{"unknown length", 100, 0, "/chunked", 100, true, -1, -1},
		{"unknown length, whole", 2000, 0, "/chunked", 1000, false, -1, 1000},
	}
	for _, tt := range tests {
		f, _ := local()
		f.MaxBytes = tt.max
		r := mustFetch(t, f, Request{URL: srv.URL + tt.path, MaxBytes: tt.ask})
		if len(r.Body) != tt.kept || r.Truncated != tt.truncated || r.Length != tt.length || r.Size() != tt.size {
			t.Errorf("%s: kept %d, truncated %v, length %d, size %d; want %d, %v, %d, %d", tt.name,
				len(r.Body), r.Truncated, r.Length, r.Size(), tt.kept, tt.truncated, tt.length, tt.size)
		}
		if string(r.Body) != body[:len(r.Body)] {
			t.Errorf("%s: body is not the start of what was sent", tt.name)
		}
	}
}

// TestTimeout: a server that never answers, or stops halfway through the
// body, is given up on after the timeout.
func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/body" {
			w.Header().Set("Content-Length", "10")
			io.WriteString(w, "12345")
			w.(http.Flusher).Flush()
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	tests := map[string]string{
		"/head": "fetch: " + srv.URL + "/head: timed out after 200ms",
		"/body": "fetch: " + srv.URL + "/body: reading body: timed out after 200ms",
	}
	for path, want := range tests {
		f, _ := local()
		f.Timeout = 200 * time.Millisecond
		start := time.Now()
		_, err := f.Fetch(context.Background(), Request{URL: srv.URL + path, Timeout: time.Minute})
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: took %v", path, took)
		}
		if errText(err) != want || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: error %v, want %s", path, err, want)
		}
	}
}

// TestCancel: cancelling the context stops a fetch that is waiting.
func TestCancel(t *testing.T) {
	arrived := make(chan struct{})
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-r.Context().Done()
	})
	f, _ := local()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-arrived; cancel() }()
	start := time.Now()
	_, err := f.Fetch(ctx, Request{URL: srv.URL})
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v", took)
	}
	if want := "fetch: " + srv.URL + ": context canceled"; errText(err) != want || !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestName(t *testing.T) {
	f := &Fetcher{Name: "curl"}
	if got, want := fetchErr(t, f, Request{URL: "ftp://x/"}), `curl: ftp://x/: unsupported scheme "ftp" (only http and https)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestHTTPS: over TLS the certificate is checked against the URL's host,
// not the address connected to, and HTTP/2 is used when the server has it.
func TestHTTPS(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "secure "+r.Proto)
	}))
	srv.EnableHTTP2 = true
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	t.Cleanup(srv.Close)
	dns := &fakeDNS{answers: map[string][]string{"example.com": {publicIP}, "other.test": {publicIP}}}
	f, rt := guarded(dns)
	f.tls = srv.Client().Transport.(*http.Transport).TLSClientConfig
	rt.route(publicIP+":443", srv)
	r := mustFetch(t, f, Request{URL: "https://example.com/"}) // the test certificate's name
	if string(r.Body) != "secure HTTP/2.0" || r.Proto != "HTTP/2.0" {
		t.Errorf("got %q over %s", r.Body, r.Proto)
	}
	got := fetchErr(t, f, Request{URL: "https://other.test/"})
	if want := "fetch: https://other.test/: tls: failed to verify certificate: x509: certificate is valid for example.com, *.example.com, not other.test"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
