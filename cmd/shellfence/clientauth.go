package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"

	"golang.org/x/oauth2"
	"golang.org/x/term"
)

// tokenAuth gives the server a bearer token: the one given, else the one
// asked for on the terminal when the server first refuses a request.
type tokenAuth struct {
	mu     sync.Mutex
	token  string
	prompt func() (string, error) // nil when standard input is not a terminal
}

func newTokenAuth(token string, stdin io.Reader, stderr io.Writer) *tokenAuth {
	ta := &tokenAuth{token: token}
	if ta.token == "" {
		ta.token = os.Getenv(tokenEnv)
	}
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		ta.prompt = func() (string, error) {
			fmt.Fprint(stderr, "token: ")
			b, err := term.ReadPassword(int(f.Fd()))
			fmt.Fprintln(stderr)
			return strings.TrimSpace(string(b)), err
		}
	}
	return ta
}

func (ta *tokenAuth) TokenSource(context.Context) (oauth2.TokenSource, error) {
	ta.mu.Lock()
	defer ta.mu.Unlock()
	if ta.token == "" {
		return nil, nil
	}
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: ta.token, TokenType: "Bearer"}), nil
}

// Authorize is called when the server answers 401 or 403: it asks for a
// token once, if it can; the request is then sent again.
func (ta *tokenAuth) Authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	resp.Body.Close()
	ta.mu.Lock()
	defer ta.mu.Unlock()
	switch {
	case ta.token != "":
		return fmt.Errorf("the server refused the token (%s)", resp.Status)
	case ta.prompt == nil:
		return fmt.Errorf("the server wants a token (%s): give --auth TOKEN or set SHELLFENCE_TOKEN", resp.Status)
	}
	tok, err := ta.prompt()
	if err != nil {
		return fmt.Errorf("reading the token: %v", err)
	}
	if tok == "" {
		return errors.New("no token given")
	}
	ta.token = tok
	return nil
}
