package engine_test

import (
	"context"
	"fmt"
	"os"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// A run against an in-memory workspace: files written by one run are
// there for the next, and nothing outside the workspace can be reached.
func Example() {
	ws := vfs.NewMem("/home/agent/project")
	e := engine.New(ws)
	ctx := context.Background()

	e.Run(ctx, engine.Request{Command: "echo 'hello, world' > greeting.txt"})
	res, _ := e.Run(ctx, engine.Request{Command: "cat greeting.txt | cat -n; cat /etc/passwd"})

	fmt.Printf("%s", res.Stdout)
	fmt.Printf("%s", res.Stderr)
	fmt.Println("exit status", res.ExitCode)
	// Output:
	//      1	hello, world
	// cat: /etc/passwd: outside the workspace
	// exit status 1
}

// The argv form runs one command with exact arguments: no shell parsing,
// no expansion.
func ExampleEngine_Run_argv() {
	ws := vfs.NewMem("/ws")
	e := engine.New(ws)
	res, _ := e.Run(context.Background(), engine.Request{Args: []string{"cat", "$HOME; rm -rf /"}})
	fmt.Printf("%s", res.Stderr)
	// Output:
	// cat: '$HOME; rm -rf /': No such file or directory
}

// A disk workspace is confined by os.Root: symlinks and ".." cannot lead
// out of it. Output can stream to the caller's writers.
func ExampleEngine_Run_disk() {
	dir, _ := os.MkdirTemp("", "ws")
	defer os.RemoveAll(dir)
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		panic(err)
	}
	defer ws.Close()
	e := engine.New(ws, engine.WithAllow("cat", "grep"))
	res, _ := e.Run(context.Background(), engine.Request{
		Command: "echo data > f; cat f; /usr/bin/false",
		Stdout:  os.Stdout,
		Stderr:  os.Stdout,
	})
	fmt.Println("exit status", res.ExitCode)
	// Output:
	// data
	// false: not allowed here (allowed: cat, grep)
	// exit status 127
}

// With Journal, the result lists the files the run created, modified and
// deleted; a file put back as it was, and one only read, are not listed.
func ExampleRequest_journal() {
	ws := vfs.NewMem("/ws")
	e := engine.New(ws)
	ctx := context.Background()
	e.Run(ctx, engine.Request{Command: "echo one > a.txt; echo two > b.txt; echo three > c.txt"})
	res, _ := e.Run(ctx, engine.Request{
		Command: "cat a.txt >/dev/null; echo 2 >> b.txt; rm c.txt; echo new > d.txt; cp -p a.txt a.bak; echo x > a.txt; mv a.bak a.txt",
		Journal: true,
	})
	for _, c := range res.FilesChanged {
		fmt.Println(c.Change, c.Path, c.Size)
	}
	// Output:
	// modified b.txt 6
	// deleted c.txt 0
	// created d.txt 4
}
