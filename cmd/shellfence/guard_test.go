package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestGuard(t *testing.T) {
	type req struct{ method, host, origin, preflight string }
	tests := []struct {
		name           string
		bind           string
		hosts, origins []string
		req            req
		want           int
		allowOrigin    string
	}{
		{"loopback", "127.0.0.1", nil, nil, req{"POST", "127.0.0.1:8003", "", ""}, 200, ""},
		{"localhost name", "127.0.0.1", nil, nil, req{"POST", "localhost:8003", "", ""}, 200, ""},
		{"rebinding to loopback", "127.0.0.1", nil, nil, req{"POST", "evil.example:8003", "", ""}, 403, ""},
		{"named host", "dev.lan", nil, nil, req{"POST", "DEV.lan:8003", "", ""}, 200, ""},
		{"rebinding to a named host", "dev.lan", nil, nil, req{"POST", "evil.example:8003", "", ""}, 403, ""},
		{"IP host", "10.1.2.3", nil, nil, req{"POST", "10.1.2.3:8003", "", ""}, 200, ""},
		{"other IP on an IP bind", "10.1.2.3", nil, nil, req{"POST", "10.9.9.9:8003", "", ""}, 403, ""},
		{"wildcard, IP", "0.0.0.0", nil, nil, req{"POST", "192.0.2.7:8003", "", ""}, 200, ""},
		{"wildcard, IPv6", "", nil, nil, req{"POST", "[2001:db8::1]:8003", "", ""}, 200, ""},
		{"wildcard, name", "0.0.0.0", nil, nil, req{"POST", "evil.example", "", ""}, 403, ""},
		{"wildcard, allowed name", "::", []string{"dev.lan"}, nil, req{"POST", "dev.lan:8003", "", ""}, 200, ""},
		{"foreign origin", "127.0.0.1", nil, nil, req{"POST", "127.0.0.1:8003", "http://evil.example", ""}, 403, ""},
		{"same origin", "127.0.0.1", nil, nil, req{"POST", "localhost:8003", "http://localhost:8003", ""}, 200, ""},
		{"same host, other port", "127.0.0.1", nil, nil, req{"POST", "localhost:8003", "http://localhost:9999", ""}, 403, ""},
		{"null origin", "127.0.0.1", nil, nil, req{"POST", "127.0.0.1:8003", "null", ""}, 403, ""},
		{"origin not listed", "127.0.0.1", nil, []string{"http://app.example"}, req{"POST", "127.0.0.1:8003", "http://evil.example", ""}, 403, ""},
		{"listed origin", "127.0.0.1", nil, []string{"http://app.example"}, req{"POST", "127.0.0.1:8003", "http://app.example", ""}, 200, "http://app.example"},
		{"any origin", "127.0.0.1", nil, []string{"*"}, req{"POST", "127.0.0.1:8003", "http://x.example", ""}, 200, "http://x.example"},
		{"preflight", "127.0.0.1", nil, []string{"http://app.example"}, req{"OPTIONS", "127.0.0.1:8003", "http://app.example", "POST"}, 204, "http://app.example"},
		{"preflight, foreign", "127.0.0.1", nil, []string{"http://app.example"}, req{"OPTIONS", "127.0.0.1:8003", "http://evil.example", "POST"}, 403, ""},
	}
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The token check sits behind the guard: a preflight never reaches it.
			h := newGuard(tt.bind, tt.hosts, tt.origins).wrap(requireToken("0123456789abcdef")(next))
			r := httptest.NewRequest(tt.req.method, "/mcp", nil)
			r.Host = tt.req.host
			r.Header.Set("Authorization", "Bearer 0123456789abcdef")
			if tt.req.origin != "" {
				r.Header.Set("Origin", tt.req.origin)
			}
			if tt.req.preflight != "" {
				r.Header.Del("Authorization")
				r.Header.Set("Access-Control-Request-Method", tt.req.preflight)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("status %d, want %d (%s)", w.Code, tt.want, w.Body)
			}
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != tt.allowOrigin {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tt.allowOrigin)
			}
			if tt.allowOrigin != "" && w.Header().Get("Access-Control-Expose-Headers") == "" {
				t.Error("Mcp-Session-Id is not exposed")
			}
		})
	}
}
