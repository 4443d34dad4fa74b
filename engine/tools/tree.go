package tools

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/shellfence/shellfence/vfs"
)

// list_tree and read_bytes let a client copy the workspace out (shellfence
// client's dlzip does) with the server's memory bounded: the tree comes a
// page of entries at a time, each page resuming after the last path of
// the one before, and file contents come a chunk at a time, base64 in the
// structured result.

type listTreeArgs struct {
	Path  string `json:"path,omitempty" jsonschema:"the directory to list, relative to the workspace root (default: the root)"`
	After string `json:"after,omitempty" jsonschema:"resume after this entry: the next field of the previous page (default: from the start)"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many entries on this page (default 1000, at most 10000)"`
}

type treeEntry struct {
	Path     string `json:"path" jsonschema:"the entry's path relative to the directory listed, with / between components"`
	Type     string `json:"type" jsonschema:"file, dir, symlink or other (a device, fifo or socket)"`
	Size     int64  `json:"size" jsonschema:"the size in bytes (0 for a directory)"`
	Mode     string `json:"mode" jsonschema:"the permission bits in octal, such as 0644"`
	Modified string `json:"modified" jsonschema:"the last modification time, RFC 3339"`
	Target   string `json:"target,omitempty" jsonschema:"a symlink's target, as stored"`
}

type listTreeResult struct {
	Path    string      `json:"path" jsonschema:"the directory listed, relative to the workspace root"`
	Entries []treeEntry `json:"entries" jsonschema:"the entries, depth first: each directory, then what it holds, names sorted byte-wise"`
	More    bool        `json:"more" jsonschema:"true when entries follow: ask again with after set to next"`
	Next    string      `json:"next,omitempty" jsonschema:"the path of the last entry on this page"`
}

const (
	treePage    = 1000
	maxTreePage = 10000
)

func (tb *Toolbox) listTreeTool() *Tool {
	t := define("list_tree", "List everything below a directory of the workspace, with each entry's type, size, permissions and modification time, a page at a time.\n\n"+
		"Use it to inventory or copy a whole tree (shellfence client dlzip uses it with read_bytes); to look around prefer list_dir, to search use run with find. "+
		"Entries come depth first (a directory, then its contents), names sorted byte-wise, paths relative to the directory listed; "+
		"symlinks are listed with their target, never followed. "+
		fmt.Sprintf("Limits: at most limit entries a page (default %d, at most %d); when more is true, call again with after set to next: ", treePage, maxTreePage)+
		"the listing resumes after that path, so entries added or removed meanwhile are seen or missed as a directory walk would. Read-only.",
		Annotations{Title: "List a tree (paged)", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a listTreeArgs) (listTreeResult, *Result) {
			return tb.listTree(ctx, a)
		})
	setDefault(t.InputSchema, "limit", treePage)
	return t
}

func (tb *Toolbox) listTree(ctx context.Context, a listTreeArgs) (listTreeResult, *Result) {
	root := tb.abs(a.Path)
	var after []string
	if a.After != "" {
		clean := path.Clean(a.After)
		if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
			return listTreeResult{}, errorf("list_tree: after %q: give the next field of a previous page (a path relative to the directory listed)", a.After)
		}
		after = strings.Split(clean, "/")
	}
	w := &treeWalk{tb: tb, ctx: ctx, limit: min(max(a.Limit, 1), maxTreePage)}
	if a.Limit <= 0 {
		w.limit = treePage
	}
	w.out = listTreeResult{Path: tb.relPath(root), Entries: []treeEntry{}}
	if fi, err := tb.fs().Stat(root); err != nil {
		return listTreeResult{}, pathErr("list_tree", a.Path, err)
	} else if !fi.IsDir() {
		return listTreeResult{}, errorf("list_tree: %s: Not a directory", a.Path)
	}
	if _, err := w.dir(root, "", after); err != nil {
		return listTreeResult{}, pathErr("list_tree", a.Path, err)
	}
	if n := len(w.out.Entries); n > 0 {
		w.out.Next = w.out.Entries[n-1].Path
	}
	return w.out, &Result{Text: treeText(w.out)}
}

type treeWalk struct {
	tb    *Toolbox
	ctx   context.Context
	limit int
	out   listTreeResult
}

// dir lists the directory abs (rel below the root listed), skipping what
// comes before after (the path components of the entry to resume after).
// It reports whether the page is full.
func (w *treeWalk) dir(abs, rel string, after []string) (full bool, err error) {
	ents, err := w.tb.fs().ReadDir(abs)
	if err != nil {
		return false, err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		if err := w.ctx.Err(); err != nil {
			return false, err
		}
		name, isDir := e.Name(), e.IsDir()
		if len(after) > 0 && name < after[0] {
			continue
		}
		if len(after) > 0 && name == after[0] { // listed on an earlier page; its contents may not be
			rest := after[1:]
			after = nil
			if isDir {
				if full, err := w.dir(path.Join(abs, name), path.Join(rel, name), rest); full || err != nil {
					return full, err
				}
			}
			continue
		}
		after = nil
		if len(w.out.Entries) == w.limit {
			w.out.More = true
			return true, nil
		}
		w.out.Entries = append(w.out.Entries, w.entry(abs, path.Join(rel, name), e))
		if isDir {
			if full, err := w.dir(path.Join(abs, name), path.Join(rel, name), nil); full || err != nil {
				return full, err
			}
		}
	}
	return false, nil
}

func (w *treeWalk) entry(dir, rel string, e fs.DirEntry) treeEntry {
	te := treeEntry{Path: rel, Type: "other"}
	switch {
	case e.IsDir():
		te.Type = "dir"
	case e.Type()&fs.ModeSymlink != 0:
		te.Type = "symlink"
		te.Target, _ = w.tb.fs().ReadlinkIfPossible(path.Join(dir, e.Name()))
	case e.Type().IsRegular():
		te.Type = "file"
	}
	if fi, err := e.Info(); err == nil {
		te.Mode = fmt.Sprintf("%04o", vfs.ModeBits(fi.Mode()))
		te.Modified = fi.ModTime().UTC().Format(time.RFC3339Nano)
		if te.Type != "dir" {
			te.Size = fi.Size()
		}
	}
	return te
}

func treeText(r listTreeResult) string {
	var b strings.Builder
	for _, e := range r.Entries {
		name := e.Path
		switch e.Type {
		case "dir":
			name += "/"
		case "symlink":
			name += " -> " + e.Target
		}
		fmt.Fprintf(&b, "%s %-7s %12d %s %s\n", e.Mode, e.Type, e.Size, e.Modified, name)
	}
	if r.More {
		fmt.Fprintf(&b, "[... more entries: list_tree with after %q gives the next page ...]\n", r.Next)
	}
	return b.String()
}

type readBytesArgs struct {
	Path   string `json:"path" jsonschema:"the file to read, relative to the workspace root (or absolute inside it)"`
	Offset int64  `json:"offset,omitempty" jsonschema:"the byte offset to start at (default 0)"`
	Length int64  `json:"length,omitempty" jsonschema:"at most this many bytes (default and most: 1048576)"`
}

type readBytesResult struct {
	Path   string `json:"path" jsonschema:"the file read, relative to the workspace root"`
	Offset int64  `json:"offset" jsonschema:"where the bytes start"`
	Bytes  int    `json:"bytes" jsonschema:"how many bytes were read"`
	Size   int64  `json:"size" jsonschema:"the file's size when it was opened"`
	EOF    bool   `json:"eof" jsonschema:"true when the bytes reach the end of the file"`
	Data   string `json:"data" jsonschema:"the bytes, base64-encoded (standard alphabet, padded)"`
}

const maxReadBytes = 1 << 20

func (tb *Toolbox) readBytesTool() *Tool {
	t := define("read_bytes", "Read raw bytes of any file of the workspace, text or binary, a chunk at a time, base64-encoded.\n\n"+
		"Use it to copy a file out exactly (shellfence client dlzip does); to read text prefer read_file, which shows it as it is. "+
		fmt.Sprintf("offset and length select the chunk (length at most %d bytes); eof says whether the chunk reaches the end: ", maxReadBytes)+
		"read on with offset+bytes until it does. The bytes are in the structured result's data field; the text result only describes them. Read-only.",
		Annotations{Title: "Read raw bytes", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a readBytesArgs) (readBytesResult, *Result) { return tb.readBytes(a) })
	setDefault(t.InputSchema, "length", maxReadBytes)
	zero := 0.0
	prop(t.InputSchema, "offset").Minimum = &zero
	return t
}

func (tb *Toolbox) readBytes(a readBytesArgs) (readBytesResult, *Result) {
	name := tb.abs(a.Path)
	f, err := tb.fs().Open(name)
	if err != nil {
		return readBytesResult{}, pathErr("read_bytes", a.Path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return readBytesResult{}, pathErr("read_bytes", a.Path, err)
	case fi.IsDir():
		return readBytesResult{}, errorf("read_bytes: %s: Is a directory; list it with list_tree", a.Path)
	}
	if a.Length <= 0 || a.Length > maxReadBytes {
		a.Length = maxReadBytes
	}
	buf := make([]byte, min(a.Length, max(fi.Size()-a.Offset, 0))) // the file as opened
	n, err := f.ReadAt(buf, max(a.Offset, 0))
	if err != nil && !errors.Is(err, io.EOF) {
		return readBytesResult{}, pathErr("read_bytes", a.Path, err)
	}
	out := readBytesResult{Path: tb.relPath(name), Offset: a.Offset, Bytes: n, Size: fi.Size(),
		EOF:  errors.Is(err, io.EOF) || a.Offset+int64(n) >= fi.Size(),
		Data: base64.StdEncoding.EncodeToString(buf[:n])}
	end := ""
	if out.EOF {
		end = ", to the end"
	}
	return out, &Result{Text: fmt.Sprintf("read %d bytes of %s at offset %d (size %d%s); they are base64 in the structured result's data field", n, out.Path, a.Offset, out.Size, end)}
}
