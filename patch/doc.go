// Package patch is shellfence's one implementation of diffs: it produces
// them (GNU diffutils 3.8 output) and applies them (GNU patch 2.7.6
// behaviour). The diff, cmp and patch builtins, the edit-file operation
// and previews all use it.
//
// # Producing diffs
//
// [Unified] is the simple entry point: it returns the text "diff -u"
// prints for two byte slices (nil when they are equal):
//
//	out := patch.Unified("a/main.go", "b/main.go", old, new, patch.UnifiedOptions{
//		OldTime: oldMtime, NewTime: newMtime, // omit for a header without times
//	})
//
// [UnifiedOptions] holds the number of context lines (zero means 3, as
// in GNU; [NoContext] means none), the header times, and the line
// comparison [Options] (-i, -w, -b, -Z, -E, -B). The API is stable.
//
// [Compare] is the lower level: it returns a [Script] of [Change] values
// that can be written in unified ([Script.WriteUnified]), context or
// normal format. The comparison is the Myers algorithm with GNU diff's
// own choices (identical ends with a horizon, discarding of confusing
// lines, the cost limit, boundary shifting), so hunks fall where GNU
// puts them on ordinary input.
//
// # Applying patches
//
// Patches are parsed with github.com/bluekeyes/go-gitdiff and applied
// with GNU patch's offset search and fuzz; every file is reached through
// a [vfs.FS], so a patch cannot name a file outside the workspace.
package patch
