package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
)

// serveCmd runs shellfence serve: flags and config, then the toolbox,
// then the transport, until stdin ends (stdio) or ctx is done.
func serveCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, lookupEnv func(string) (string, bool)) int {
	s, err := parseServeFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		serveHelp(stdout)
		return 0
	}
	if err == nil {
		err = checkSettings(s)
	}
	if err != nil {
		fmt.Fprintf(stderr, "shellfence serve: %v\n(shellfence serve --help lists the flags and config keys)\n", err)
		return 2
	}
	s.lookupEnv = lookupEnv
	token, generated := serverToken(s, lookupEnv)
	srv, err := newServer(ctx, s, stderr, token)
	if err != nil {
		fmt.Fprintf(stderr, "shellfence serve: %v\n", err)
		return 2
	}
	defer srv.close()
	if s.transport == "stdio" {
		err = srv.serveStdio(ctx, stdin, stdout)
	} else {
		err = srv.listen(ctx, token, generated)
	}
	if err != nil {
		srv.log.error(fmt.Sprintf("serve: %v", err), "error", err.Error())
		return 1
	}
	return 0
}

// listen serves HTTP or SSE, saying where and with which token.
func (srv *server) listen(ctx context.Context, token string, generated bool) error {
	ln, err := net.Listen("tcp", srv.s.addr)
	if err != nil {
		return err
	}
	what, path := "streamable HTTP", "/mcp"
	if srv.s.transport == "sse" {
		what, path = "SSE", "/sse"
	}
	url := "http://" + ln.Addr().String() + path
	mode := "sessions"
	if srv.s.stateless {
		mode = "stateless"
	}
	srv.log.info(fmt.Sprintf("serving %s at %s for the workspace %s", what, url, srv.ws.Root()),
		"transport", srv.s.transport, "url", url, "workspace", srv.ws.Root(), "mode", mode, "version", version())
	switch {
	case srv.s.noAuth:
		srv.log.warn(fmt.Sprintf("--noauth: no token is asked for; anyone who can reach %s can run commands in the workspace", url))
	case generated:
		srv.log.info(fmt.Sprintf("no token was given (--auth, the config's auth or $%s), so one was generated; clients send \"Authorization: Bearer <token>\" with", tokenEnv))
		srv.log.info("token: "+token, "token", token)
	}
	return srv.serveHTTP(ctx, ln, srv.httpHandler(token))
}
