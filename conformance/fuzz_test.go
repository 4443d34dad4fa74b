package conformance

import (
	"context"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// FuzzEngine runs arbitrary command lines, seeded with every case of the
// corpus and every escape attempt, in a workspace beside a directory the
// run must not touch. It checks that a run always ends (a short timeout),
// never panics out of the engine, and changes nothing outside.
//
//	go test ./conformance -run '^$' -fuzz FuzzEngine -fuzztime 1m
//
// Its seed corpus (every case) runs only when fuzzing or with -fuzzseeds.
func FuzzEngine(f *testing.F) {
	if fl := flag.Lookup("test.fuzz"); !*seeds && (fl == nil || fl.Value.String() == "") {
		f.Skip("the seed corpus runs with -fuzzseeds or when fuzzing")
	}
	for _, s := range loadSuites(f) {
		for _, c := range s.Cases {
			f.Add(c.Cmd)
		}
	}
	for _, cmd := range loadEscapes(f) {
		f.Add(cmd)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		ws, fsys := vfstest.Workspace(t, map[string]string{
			"../outside/keep.txt": "keep\n", "a.txt": "alpha\nbeta\n", "out": "->../outside"})
		parent := filepath.Dir(ws)
		before := vfstest.Outside(parent)
		e := engine.New(fsys, engine.WithTimeout(time.Second), engine.WithOutputLimit(1<<16),
			engine.WithMemoryLimit(1<<20))
		start := time.Now()
		if _, err := e.Run(context.Background(), engine.Request{Command: cmd}); err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%q ran %v under a 1s timeout", cmd, d)
		}
		if after := vfstest.Outside(parent); after != before {
			t.Errorf("%q changed the outside:\n%s\n---\n%s", cmd, before, after)
		}
	})
}
