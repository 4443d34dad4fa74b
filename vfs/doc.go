// Package vfs is the only way shellfence reaches files.
//
// An [FS] shows one workspace directory at the absolute path that commands
// see (its visible root, for example /home/me/project). Every name given to
// it is a visible absolute path; the FS checks that the name lies under the
// root and hands the rest to an [afero.Fs] whose own root is the workspace.
// Names that leave the workspace fail with [ErrOutside], before any file is
// touched.
//
// The disk implementation, [OpenDir], is built on Go's [os.Root], which
// refuses at the operating-system level to follow ".." or a symlink out of
// the directory, so a lexical check is never the only guard. On Linux,
// opens use openat2 with RESOLVE_BENEATH instead, the same guarantee from
// the kernel in one system call, and a walk's [Dir] opens its entries
// relative to the open directory, one path element at a time without
// following symlinks (a symlink goes by its path). [NewMem] gives
// an in-memory workspace for tests and embedders, and [FS.ReadOnly] a view
// in which every write fails with [ErrReadOnly].
//
// Layers such as a journal or a dry-run overlay wrap the inner [afero.Fs]
// (whose names are rooted at "/"), so they work with any implementation.
package vfs
