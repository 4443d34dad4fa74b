package main

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// A guard checks the Host and Origin of every HTTP request before the
// token is looked at, against DNS rebinding and other sites' pages: a
// page of evil.example that rebinds its name to the server's address
// sends Host: evil.example, and a browser calling from another site sends
// its Origin. Allowed origins get CORS headers; without any, CORS is off.
type guard struct {
	hosts     []string // names allowed in Host, lower-case, without port
	anyIP     bool     // any IP literal in Host (a wildcard bind)
	origins   []string // allowed Origins ("*" allows all)
	anyOrigin bool
}

// newGuard returns the guard of a server bound to bindHost that also
// accepts the names in hosts and the origins given.
func newGuard(bindHost string, hosts, origins []string) *guard {
	g := &guard{origins: origins, anyOrigin: slices.Contains(origins, "*")}
	bindHost = strings.ToLower(strings.Trim(bindHost, "[]"))
	switch ip := net.ParseIP(bindHost); {
	case bindHost == "" || ip != nil && ip.IsUnspecified():
		g.anyIP = true
		g.hosts = append(g.hosts, "localhost")
	case bindHost == "localhost" || ip != nil && ip.IsLoopback():
		g.hosts = append(g.hosts, "localhost", "127.0.0.1", "::1", bindHost)
	default:
		g.hosts = append(g.hosts, bindHost)
	}
	for _, h := range hosts {
		g.hosts = append(g.hosts, strings.ToLower(h))
	}
	return g
}

// checkOrigins refuses origins that are not scheme://host[:port] or *.
func checkOrigins(origins []string) error {
	for _, o := range origins {
		if o == "*" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return fmt.Errorf("cors origin %q: want scheme://host[:port], as a browser sends it, or *", o)
		}
	}
	return nil
}

// hostAllowed reports whether a request's Host header names this server.
func (g *guard) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if slices.Contains(g.hosts, host) {
		return true
	}
	return g.anyIP && net.ParseIP(host) != nil
}

func (g *guard) originAllowed(origin string) bool {
	return g.anyOrigin || slices.ContainsFunc(g.origins, func(o string) bool { return strings.EqualFold(o, origin) })
}

// sameOrigin reports whether origin is the server's own (a page it served
// itself): its host and port are the request's Host, already checked.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, host)
}

// wrap returns next behind the guard. It answers CORS preflights itself,
// without a token, as browsers send none with them.
func (g *guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r.Host) {
			http.Error(w, fmt.Sprintf("shellfence: Host %q is not this server's (--allowed-hosts adds names)", r.Host), http.StatusForbidden)
			return
		}
		origin := r.Header.Get("Origin")
		if origin == "" || sameOrigin(origin, r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		if !g.originAllowed(origin) {
			http.Error(w, fmt.Sprintf("shellfence: Origin %q is not allowed (--cors-origins allows origins)", origin), http.StatusForbidden)
			return
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}
