package main

import (
	"crypto/sha256"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRequireToken(t *testing.T) {
	const token = "0123456789abcdef-token"
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	h := requireToken(token)(ok)
	tests := []struct {
		name, header string
		want         int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"wrong token", "Bearer 0123456789abcdef-tokeN", http.StatusUnauthorized},
		{"prefix of the token", "Bearer 0123456789abcdef", http.StatusUnauthorized},
		{"token and more", "Bearer " + token + "x", http.StatusUnauthorized},
		{"not bearer", "Basic " + token, http.StatusUnauthorized},
		{"right token", "Bearer " + token, http.StatusOK},
		{"scheme in any case", "bearer " + token, http.StatusOK},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("POST", "/mcp", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, w.Code, tt.want)
		}
	}
}

// TestTokenMatches checks the comparison: both sides are hashed to the
// same length first, so subtle.ConstantTimeCompare takes the same time
// whatever the token given, its length included.
func TestTokenMatches(t *testing.T) {
	want := sha256.Sum256([]byte("the-token-0123456789"))
	for got, match := range map[string]bool{
		"the-token-0123456789":  true,
		"the-token-012345678":   false,
		"the-token-01234567890": false,
		"":                      false,
		"The-token-0123456789":  false,
	} {
		if tokenMatches(want, got) != match {
			t.Errorf("tokenMatches(%q) = %v", got, !match)
		}
	}
}

func TestServerToken(t *testing.T) {
	env := func(v string) func(string) (string, bool) {
		return func(name string) (string, bool) { return v, name == tokenEnv && v != "" }
	}
	s := defaultSettings()
	if tok, gen := serverToken(&s, env("from-env")); tok != "" || gen {
		t.Errorf("stdio has a token: %q", tok)
	}
	s.transport = "http"
	if tok, gen := serverToken(&s, env("from-env-0123456789")); tok != "from-env-0123456789" || gen {
		t.Errorf("env: %q %v", tok, gen)
	}
	s.auth = "from-flag-0123456789"
	if tok, _ := serverToken(&s, env("from-env-0123456789")); tok != s.auth {
		t.Errorf("--auth: %q", tok)
	}
	s.auth = ""
	tok, gen := serverToken(&s, env(""))
	tok2, _ := serverToken(&s, env(""))
	if !gen || len(tok) != 43 || tok == tok2 {
		t.Errorf("generated: %q %q %v", tok, tok2, gen)
	}
	s.noAuth = true
	if tok, _ := serverToken(&s, env("from-env-0123456789")); tok != "" {
		t.Errorf("--noauth has a token: %q", tok)
	}
}
