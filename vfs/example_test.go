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

// An overlay takes every write in memory: the workspace is untouched
// until Promote, which refuses when the workspace changed a name the
// overlay touched.
func ExampleFS_Overlay() {
	ws := vfs.NewMem("/ws")
	afero.WriteFile(ws, "/ws/a.txt", []byte("one\n"), 0o644)
	view, ov := ws.Overlay(0)
	afero.WriteFile(view, "/ws/a.txt", []byte("two\n"), 0o644)
	view.Remove("/ws/a.txt")
	afero.WriteFile(view, "/ws/b.txt", []byte("new\n"), 0o644)
	before, _ := afero.ReadFile(ws, "/ws/a.txt")
	fmt.Printf("workspace: %s", before)
	fmt.Println(ov.Changes())
	changed, _, err := ov.Promote(ws)
	_, gone := ws.Stat("/ws/a.txt")
	fmt.Println(changed, err, gone != nil)
	// Output:
	// workspace: one
	// [{a.txt deleted 0} {b.txt created 4}]
	// [{a.txt deleted 0} {b.txt created 4}] <nil> true
}
