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
// The comparison is the Myers algorithm with GNU diff's own choices
// (identical ends with a horizon, discarding of confusing lines, the cost
// limit, boundary shifting), so hunks fall where GNU puts them.
//
// [Compare] is the lower level: it returns a [Script] of [Change] values
// that can be written in unified ([Script.WriteUnified]), context
// ([Script.WriteContext]), normal ([Script.WriteNormal]) or side-by-side
// ([Script.WriteSideBySide]) format.
//
// # Applying patches
//
// [ApplyPatch] is GNU patch 2.7.6: it reads unified, context and normal
// diffs and git diffs (new and deleted files, renames, copies, modes) the
// way GNU does (its name choice, strip levels, indentation, CRLF, mail
// wrappers), finds each hunk with GNU's offset search and fuzz, detects
// reversed patches, writes rejects and backups, and prints GNU's
// messages. Git binary patches are decoded with
// github.com/bluekeyes/go-gitdiff. The text parser is ours, not
// go-gitdiff's, because GNU's rules for what it accepts differ from
// go-gitdiff's and are part of matching GNU.
//
// [Apply] is the apply-patch operation for tools: it applies a patch to
// the workspace, optionally to one named file, with a given or detected
// strip level ([DetectStrip]), and returns per file and per hunk what
// happened; for a failed hunk it returns the closest region of the file
// and a diff from the hunk to it, so the hunk can be repaired.
//
// Both take a context and stop when it is cancelled, before the next hunk:
// the file being patched then stays as it was.
//
// Every file is reached through a [vfs.FS]: a patch cannot name, follow a
// symlink to, or write a file outside the workspace. Files are replaced
// atomically (a temporary file in the same directory, then a rename).
package patch
