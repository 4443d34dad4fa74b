package builtins_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

func benchCmd(b *testing.B, dir, cmd string) {
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws)
	for i := 0; i < b.N; i++ {
		res, err := e.Run(context.Background(), engine.Request{Command: cmd})
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("%s: %v %d %s", cmd, err, res.ExitCode, res.Stderr)
		}
	}
}

func BenchmarkSortProfile(b *testing.B) {
	dir := os.Getenv("SORTBENCH_DIR")
	if dir == "" {
		b.Skip()
	}
	_ = exec.Command
	_ = filepath.Join
	benchCmd(b, dir, os.Getenv("SORTBENCH_CMD"))
}
