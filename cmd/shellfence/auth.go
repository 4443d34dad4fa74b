package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// tokenEnv names the environment variable that can hold the token.
const tokenEnv = "SHELLFENCE_TOKEN"

// serverToken returns the bearer token HTTP clients must send: --auth or
// the config's auth, else $SHELLFENCE_TOKEN, else a new random one
// (generated is then true). It is "" under --noauth and for stdio.
func serverToken(s *settings, lookupEnv func(string) (string, bool)) (token string, generated bool) {
	switch {
	case s.transport == "stdio" || s.noAuth:
		return "", false
	case s.auth != "":
		return s.auth, false
	}
	if v, ok := lookupEnv(tokenEnv); ok && v != "" {
		return v, false
	}
	return newToken(), true
}

// newToken returns 256 random bits, base64url-encoded.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// requireToken is middleware that answers 401 to a request without the
// bearer token want.
func requireToken(want string) func(http.Handler) http.Handler {
	sum := sha256.Sum256([]byte(want))
	verify := func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if !tokenMatches(sum, got) {
			return nil, auth.ErrInvalidToken
		}
		// One user: the SDK binds each session to it.
		return &auth.TokenInfo{UserID: "bearer"}, nil
	}
	return auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})
}

// tokenMatches compares got with the token whose SHA-256 is want, in time
// that depends on neither's content nor length.
func tokenMatches(want [sha256.Size]byte, got string) bool {
	sum := sha256.Sum256([]byte(got))
	return subtle.ConstantTimeCompare(want[:], sum[:]) == 1
}
