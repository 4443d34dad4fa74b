package engine_test

import (
	"context"
	"testing"

	"github.com/shellfence/shellfence/engine"
)

// The cost of one cheap run: what every tool call of the server pays.

func BenchmarkRunLsSession(b *testing.B) {
	_, ws := workspace(b, map[string]string{"a": "", "b": "", "c/": ""})
	s := engine.New(ws).NewSession()
	for b.Loop() {
		s.Run(context.Background(), engine.Request{Command: "ls"})
	}
}

func BenchmarkRunLsFresh(b *testing.B) {
	_, ws := workspace(b, map[string]string{"a": "", "b": "", "c/": ""})
	e := engine.New(ws)
	for b.Loop() {
		e.Run(context.Background(), engine.Request{Command: "ls"})
	}
}
