package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"syscall"
)

type twoPaths struct {
	Source      string `json:"source" jsonschema:"the existing path, relative to the workspace root (or absolute inside it)"`
	Destination string `json:"destination" jsonschema:"where it goes, relative to the workspace root; an existing directory receives it under its own name"`
}

type pathsResult struct {
	Source      string `json:"source" jsonschema:"the source, relative to the workspace root"`
	Destination string `json:"destination" jsonschema:"the path written, relative to the workspace root"`
}

type onePath struct {
	Path string `json:"path" jsonschema:"the path, relative to the workspace root (or absolute inside it)"`
}

type pathResult struct {
	Path string `json:"path" jsonschema:"the path, relative to the workspace root"`
}

type makeDirArgs struct {
	Path    string `json:"path" jsonschema:"the directory to make, relative to the workspace root"`
	Parents bool   `json:"parents,omitempty" jsonschema:"also make missing parents, and do not fail when it exists (mkdir -p)"`
}

func (tb *Toolbox) copyFileTool() *Tool {
	return define("copy_file", "Copy one regular file of the workspace to a new path (or into an existing directory), keeping its mode.\n\n"+
		"An existing destination file is replaced, atomically. Directories are refused: copy a tree with run (cp -r SRC DST). "+
		"Missing parent directories of the destination are created.",
		Annotations{Title: "Copy a file", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a twoPaths) (pathsResult, *Result) { return tb.copyFile(ctx, a) })
}

func (tb *Toolbox) copyFile(ctx context.Context, a twoPaths) (pathsResult, *Result) {
	src, dst := tb.abs(a.Source), tb.destination(a.Source, a.Destination)
	unlock, busy := tb.lockPaths(ctx, "copy_file", src, dst)
	if busy != nil {
		return pathsResult{}, busy
	}
	defer unlock()
	fsys := tb.fs()
	fi, err := fsys.Stat(src)
	switch {
	case err != nil:
		return pathsResult{}, pathErr("copy_file", a.Source, err)
	case fi.IsDir():
		return pathsResult{}, errorf("copy_file: %s: Is a directory; copy a tree with run: cp -r", a.Source)
	case !fi.Mode().IsRegular():
		return pathsResult{}, errorf("copy_file: %s: not a regular file", a.Source)
	}
	if src == dst {
		return pathsResult{}, errorf("copy_file: %s and %s are the same file", a.Source, a.Destination)
	}
	data, err := readAllFile(fsys, src)
	if err != nil {
		return pathsResult{}, pathErr("copy_file", a.Source, err)
	}
	if err := fsys.MkdirAll(path.Dir(dst), 0o755); err != nil {
		return pathsResult{}, pathErr("copy_file", a.Destination, err)
	}
	if err := fsys.WriteAtomic(dst, data, fi.Mode().Perm()); err != nil {
		return pathsResult{}, pathErr("copy_file", a.Destination, err)
	}
	out := pathsResult{Source: tb.relPath(src), Destination: tb.relPath(dst)}
	return out, &Result{Text: fmt.Sprintf("copied %s to %s (%d bytes)", out.Source, out.Destination, len(data))}
}

// destination is where source goes: into dest when dest is a directory.
func (tb *Toolbox) destination(source, dest string) string {
	d := tb.abs(dest)
	if fi, err := tb.fs().Stat(d); err == nil && fi.IsDir() {
		return path.Join(d, path.Base(tb.abs(source)))
	}
	return d
}

func (tb *Toolbox) movePathTool() *Tool {
	return define("move_path", "Move or rename a file, directory or symlink within the workspace (mv).\n\n"+
		"An existing destination file is replaced; an existing directory receives the source under its own name. "+
		"The move is one rename: atomic, and the source is gone afterwards. Missing parent directories of the destination are created.",
		Annotations{Title: "Move or rename", Destructive: true},
		func(ctx context.Context, c *Call, a twoPaths) (pathsResult, *Result) { return tb.movePath(ctx, a) })
}

func (tb *Toolbox) movePath(ctx context.Context, a twoPaths) (pathsResult, *Result) {
	src, dst := tb.abs(a.Source), tb.destination(a.Source, a.Destination)
	unlock, busy := tb.lockPaths(ctx, "move_path", src, dst)
	if busy != nil {
		return pathsResult{}, busy
	}
	defer unlock()
	fsys := tb.fs()
	if _, err := fsys.Lstat(src); err != nil {
		return pathsResult{}, pathErr("move_path", a.Source, err)
	}
	if src == fsys.Root() {
		return pathsResult{}, errorf("move_path: %s: the workspace root cannot be moved", a.Source)
	}
	if err := fsys.MkdirAll(path.Dir(dst), 0o755); err != nil {
		return pathsResult{}, pathErr("move_path", a.Destination, err)
	}
	if err := fsys.Rename(src, dst); err != nil {
		return pathsResult{}, pathErr("move_path", a.Source+" -> "+a.Destination, err)
	}
	out := pathsResult{Source: tb.relPath(src), Destination: tb.relPath(dst)}
	return out, &Result{Text: fmt.Sprintf("moved %s to %s", out.Source, out.Destination)}
}

func (tb *Toolbox) deleteFileTool() *Tool {
	return define("delete_file", "Delete one file or symlink of the workspace (a symlink itself, never its target).\n\n"+
		"Directories are refused: remove an empty one with remove_dir, a tree with run (rm -r). Deleting cannot be undone.",
		Annotations{Title: "Delete a file", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a onePath) (pathResult, *Result) { return tb.deleteFile(ctx, a) })
}

func (tb *Toolbox) deleteFile(ctx context.Context, a onePath) (pathResult, *Result) {
	name := tb.abs(a.Path)
	unlock, busy := tb.lockPaths(ctx, "delete_file", name)
	if busy != nil {
		return pathResult{}, busy
	}
	defer unlock()
	fi, err := tb.fs().Lstat(name)
	switch {
	case err != nil:
		return pathResult{}, pathErr("delete_file", a.Path, err)
	case fi.IsDir():
		return pathResult{}, errorf("delete_file: %s: Is a directory; use remove_dir for an empty one, or run rm -r", a.Path)
	}
	if err := tb.fs().Remove(name); err != nil {
		return pathResult{}, pathErr("delete_file", a.Path, err)
	}
	out := pathResult{Path: tb.relPath(name)}
	return out, &Result{Text: "deleted " + out.Path}
}

func (tb *Toolbox) makeDirTool() *Tool {
	return define("make_dir", "Make a directory in the workspace (mode 0755).\n\n"+
		"With parents, missing parent directories are made too and an existing directory is not an error (mkdir -p); "+
		"without it the parent must exist and the directory must not.",
		Annotations{Title: "Make a directory", Idempotent: true},
		func(ctx context.Context, c *Call, a makeDirArgs) (pathResult, *Result) { return tb.makeDir(ctx, a) })
}

func (tb *Toolbox) makeDir(_ context.Context, a makeDirArgs) (pathResult, *Result) {
	name := tb.abs(a.Path)
	var err error
	if a.Parents {
		err = tb.fs().MkdirAll(name, 0o755)
	} else {
		err = tb.fs().Mkdir(name, 0o755)
	}
	if err != nil {
		return pathResult{}, pathErr("make_dir", a.Path, err)
	}
	out := pathResult{Path: tb.relPath(name)}
	return out, &Result{Text: "made " + out.Path + "/"}
}

func (tb *Toolbox) removeDirTool() *Tool {
	return define("remove_dir", "Remove an empty directory of the workspace (rmdir).\n\n"+
		"A directory that still holds entries is refused and left as it is; remove a whole tree with run (rm -r DIR).",
		Annotations{Title: "Remove an empty directory", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a onePath) (pathResult, *Result) { return tb.removeDir(ctx, a) })
}

func (tb *Toolbox) removeDir(_ context.Context, a onePath) (pathResult, *Result) {
	name := tb.abs(a.Path)
	fi, err := tb.fs().Lstat(name)
	switch {
	case err != nil:
		return pathResult{}, pathErr("remove_dir", a.Path, err)
	case !fi.IsDir():
		return pathResult{}, errorf("remove_dir: %s: Not a directory; use delete_file", a.Path)
	}
	if ents, err := tb.fs().ReadDir(name); err == nil && len(ents) > 0 {
		return pathResult{}, errorf("remove_dir: %s: Directory not empty (%d entries); remove a tree with run: rm -r", a.Path, len(ents))
	}
	if err := tb.fs().Remove(name); err != nil {
		if errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, fs.ErrExist) {
			return pathResult{}, errorf("remove_dir: %s: Directory not empty", a.Path)
		}
		return pathResult{}, pathErr("remove_dir", a.Path, err)
	}
	out := pathResult{Path: tb.relPath(name)}
	return out, &Result{Text: "removed " + out.Path + "/"}
}
