// Command shellfence gives AI agents a shell with GNU's commands, built in,
// confined to one workspace directory, with no host shell or program.
//
//	shellfence run [--cwd DIR] [--allow NAMES] [--read-only] [--timeout DUR] [--env NAME=VALUE]... [--] 'COMMAND LINE'
//	shellfence exec [same options] -- NAME [ARG]...
//	shellfence commands
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(cli(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
