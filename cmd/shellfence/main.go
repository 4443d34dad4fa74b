// Command shellfence gives AI agents a shell with GNU's commands, built in,
// confined to one workspace directory, with no host shell or program.
//
//	shellfence run [--cwd DIR] [--allow NAMES] [--read-only] [--timeout DUR] [--env NAME=VALUE]... [--] 'COMMAND LINE'
//	shellfence exec [same options] -- NAME [ARG]...
//	shellfence commands
//	shellfence serve [--cwd DIR] [--conf FILE] [--http [ADDR] | --sse [ADDR]] [--auth TOKEN | --noauth] ...
//	shellfence client [--auth TOKEN] [--json] URL TOOL|list|dlzip FILE.zip [--NAME VALUE]...
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop) // a second signal kills at once
	code := cli(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
