package checkpoint_test

import (
	"fmt"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/checkpoint"
	"github.com/shellfence/shellfence/vfs"
)

// A checkpoint goes to a store of its own, outside the workspace; a
// restore undoes every change made since and reports it.
func Example() {
	ws := vfs.NewMem("/ws")
	afero.WriteFile(ws, "/ws/main.go", []byte("package main\n"), 0o644)
	store, _ := checkpoint.Open(vfs.NewMem("/store"), checkpoint.Options{})
	cp, _ := store.Create(ws, "before", nil)

	afero.WriteFile(ws, "/ws/main.go", []byte("broken\n"), 0o644)
	afero.WriteFile(ws, "/ws/junk.txt", []byte("junk\n"), 0o644)
	changes, _ := store.Restore(ws, cp.ID)
	data, _ := afero.ReadFile(ws, "/ws/main.go")
	fmt.Println(cp.Label, cp.Files, changes)
	fmt.Printf("%s", data)
	// Output:
	// before 1 [{junk.txt deleted 0} {main.go modified 13}]
	// package main
}
