package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// grace is how long, on shutdown, the calls in progress get to answer
// after their runs were stopped.
const grace = time.Second

// idleSession is how long an HTTP session may go without a request
// before it ends, with its shell and stored outputs.
const idleSession = time.Hour

// serveStdio serves one client on in and out until in ends or ctx is
// done; either way every call is stopped.
func (srv *server) serveStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}}
	done := make(chan error, 1)
	// At in's end the SDK cancels the calls in progress and Run returns.
	go func() { done <- srv.mcp.Run(context.WithoutCancel(ctx), t) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		// The calls' contexts end with ctx. Run is not waited for: its
		// read of in may stay blocked.
		srv.drain(grace)
		return nil
	}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// httpHandler is the MCP endpoint of the transport s names, behind the
// Host and Origin guard and, unless token is "", the bearer token.
func (srv *server) httpHandler(token string) http.Handler {
	get := func(*http.Request) *mcp.Server { return srv.mcp }
	// The SDK refuses a Host that is not loopback on a loopback
	// connection; a local proxy sends the public name, which the guard
	// checks against --allowed-hosts.
	proxied := len(srv.s.allowedHosts) > 0
	mux := http.NewServeMux()
	if srv.s.transport == "sse" {
		mux.Handle("/sse", mcp.NewSSEHandler(get, &mcp.SSEOptions{DisableLocalhostProtection: proxied}))
	} else {
		mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(get, &mcp.StreamableHTTPOptions{DisableLocalhostProtection: proxied, SessionTimeout: idleSession, Stateless: srv.s.stateless}))
	}
	var h http.Handler = mux
	if token != "" {
		h = requireToken(token)(h)
	}
	host, _, _ := net.SplitHostPort(srv.s.addr)
	return newGuard(host, srv.s.allowedHosts, srv.s.corsOrigins).wrap(h)
}

// serveHTTP serves h on ln until ctx is done. Then it stops accepting
// connections and lets the calls in progress finish for the grace period
// (--grace); what is still running then is stopped, and the connections
// are closed once their calls have answered.
func (srv *server) serveHTTP(ctx context.Context, ln net.Listener, h http.Handler) error {
	hs := &http.Server{Handler: srv.withHealth(h), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	srv.draining.Store(true)
	srv.log.info(fmt.Sprintf("shutting down: the calls in progress have %v to finish", srv.s.grace), "grace", srv.s.grace.String())
	gctx, cancel := context.WithTimeout(context.Background(), srv.s.grace)
	defer cancel()
	go hs.Shutdown(gctx) // stop accepting; idle connections close
	srv.drain(srv.s.grace)
	srv.stopRuns()
	// A call's handler has returned before its answer is written: the
	// requests, not the calls, say when the answers are out.
	waitAtMost(&srv.posts, grace)
	hs.Close() // streams that stay open: SSE and standalone GETs
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	srv.log.info("stopped")
	return nil
}

// withHealth answers /healthz (the process serves) and /readyz (it takes
// calls: not while shutting down) without a token, for a cluster's
// probes; everything else goes to h.
func (srv *server) withHealth(h http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if srv.draining.Load() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
	mux.Handle("/", srv.counted(h))
	return mux
}

// counted counts the requests to h in progress in srv.posts, but the GET
// streams, which stay open.
func (srv *server) counted(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			srv.posts.Add(1)
			defer srv.posts.Done()
		}
		h.ServeHTTP(w, r)
	})
}
