package vfs_test

import (
	"fmt"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// Names are visible absolute paths (or relative to the root); anything
// that leaves the workspace fails before a file is touched.
func Example() {
	ws := vfs.NewMem("/home/agent/project")
	afero.WriteFile(ws, "/home/agent/project/notes.txt", []byte("hi\n"), 0o644)
	data, _ := afero.ReadFile(ws, "notes.txt")
	fmt.Printf("%s", data)

	_, err := ws.Open("/home/agent/project/../secrets.txt")
	fmt.Println(err)
	fmt.Println(vfs.Text(err))
	// Output:
	// hi
	// open /home/agent/project/../secrets.txt: outside the workspace
	// outside the workspace
}

// A journal records what the writes through a view touch; Changes
// compares each name with what it was at its first touch.
func ExampleFS_WithJournal() {
	ws := vfs.NewMem("/ws")
	afero.WriteFile(ws, "/ws/keep.txt", []byte("same\n"), 0o644)
	view, j := ws.WithJournal()
	afero.WriteFile(view, "/ws/new.txt", []byte("hello\n"), 0o644)
	afero.WriteFile(view, "/ws/keep.txt", []byte("same\n"), 0o644) // as it was
	fmt.Println(j.Changes())
	// Output:
	// [{new.txt created 6}]
}
