package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/vfs"
)

// The file tools reach the workspace directly (not through a shell), so
// they work whatever the command allowlist. Paths are relative to the
// workspace root, or absolute inside it.

func (tb *Toolbox) fileTools() []*Tool {
	return []*Tool{tb.readFileTool(), tb.writeFileTool(), tb.listDirTool(), tb.copyFileTool(),
		tb.movePathTool(), tb.deleteFileTool(), tb.makeDirTool(), tb.removeDirTool()}
}

// fs is the workspace the file tools use.
func (tb *Toolbox) fs() *vfs.FS { return tb.cfg.Engine.FS() }

// abs resolves a tool's path argument; "" is the root.
func (tb *Toolbox) abs(p string) string {
	root := tb.fs().Root()
	switch {
	case p == "" || p == ".":
		return root
	case path.IsAbs(p):
		return path.Clean(p)
	}
	return path.Join(root, p)
}

// pathErr words a failed file operation: "tool: path: cause".
func pathErr(tool, p string, err error) *Result {
	return errorf("%s: %s: %s", tool, p, vfs.Text(err))
}

type readFileArgs struct {
	Path   string `json:"path" jsonschema:"the file to read, relative to the workspace root (or absolute inside it)"`
	Offset int64  `json:"offset,omitempty" jsonschema:"the line number to start at (1-based; default 1)"`
	Limit  int64  `json:"limit,omitempty" jsonschema:"at most this many lines (default: as many as fit in the output limit)"`
}

type readFileResult struct {
	Path       string `json:"path" jsonschema:"the file read, relative to the workspace root"`
	Text       string `json:"text" jsonschema:"the lines asked for, exactly as in the file"`
	TotalLines int64  `json:"total_lines" jsonschema:"lines in the whole file"`
	Size       int64  `json:"size" jsonschema:"the file's size in bytes"`
	FirstLine  int64  `json:"first_line" jsonschema:"number of the first line shown (0 when none)"`
	LastLine   int64  `json:"last_line" jsonschema:"number of the last line shown (0 when none)"`
	More       bool   `json:"more" jsonschema:"true when lines follow: read again with offset last_line+1"`
}

func (tb *Toolbox) readFileTool() *Tool {
	return define("read_file", "Read a UTF-8 text file of the workspace, whole or a range of lines.\n\n"+
		"Use it instead of run with cat when you want one file's content: it gives the exact text, the total line count and whether more follows. "+
		"offset (1-based) and limit select lines; without them the file is shown from the start up to the output limit, and more says whether to read on. "+
		"Binary files and files that are not UTF-8 are refused with their size and type (inspect them with run: od -c, wc -c). Read-only.",
		Annotations{Title: "Read a file", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a readFileArgs) (readFileResult, *Result) { return tb.readFile(a) })
}

func (tb *Toolbox) readFile(a readFileArgs) (readFileResult, *Result) {
	name := tb.abs(a.Path)
	f, err := tb.fs().Open(name)
	if err != nil {
		return readFileResult{}, pathErr("read_file", a.Path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return readFileResult{}, pathErr("read_file", a.Path, err)
	}
	if fi.IsDir() {
		return readFileResult{}, errorf("read_file: %s: Is a directory; list it with list_dir", a.Path)
	}
	br := bufio.NewReaderSize(f, 64<<10)
	if msg := binaryNote(br, fi.Size()); msg != "" {
		return readFileResult{}, errorf("read_file: %s: %s", a.Path, msg)
	}
	out := readFileResult{Path: tb.relPath(name), Size: fi.Size()}
	if err := readLines(br, a.Offset, a.Limit, tb.cfg.MaxOutput, &out); err != nil {
		return readFileResult{}, pathErr("read_file", a.Path, err)
	}
	return out, &Result{Text: out.Text}
}

// binaryNote says why a file cannot be shown as text ("" when it can).
func binaryNote(br *bufio.Reader, size int64) string {
	head, _ := br.Peek(8000)
	if len(head) == 0 {
		return ""
	}
	trimmed := trimPartialRune(head)
	if !strings.ContainsRune(string(head), 0) && utf8.Valid(trimmed) {
		return ""
	}
	return fmt.Sprintf("binary file (%d bytes, %s); read_file shows UTF-8 text only: inspect it with run (od -c, file, wc -c)", size, http.DetectContentType(head))
}

// trimPartialRune drops a UTF-8 sequence cut off at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// readLines reads the lines asked for from r, counting them all, without
// holding more than max bytes.
func readLines(r *bufio.Reader, offset, limit int64, max int, out *readFileResult) error {
	offset = max64(offset, 1)
	var b strings.Builder
	full := false
	for n := int64(1); ; n++ {
		line, err := readLine(r, max)
		if len(line) > 0 || err == nil {
			out.TotalLines = n
			inRange := n >= offset && (limit <= 0 || n < offset+limit)
			if inRange && !full && (b.Len()+len(line) <= max || b.Len() == 0) {
				b.Write(line)
				if out.FirstLine == 0 {
					out.FirstLine = n
				}
				out.LastLine = n
			} else if inRange {
				full = true
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	out.Text = b.String()
	out.More = out.LastLine > 0 && out.LastLine < out.TotalLines && (limit <= 0 || out.LastLine < offset+limit-1) ||
		out.LastLine == 0 && offset <= out.TotalLines
	return nil
}

// readLine reads one line (with its newline), keeping at most keep bytes
// of it; the error is io.EOF after the last line.
func readLine(r *bufio.Reader, keep int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if room := keep - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			if err == io.EOF && len(line) == 0 {
				return nil, io.EOF
			}
			if err == io.EOF {
				err = nil
			}
			return line, err
		}
	}
}

type writeFileArgs struct {
	Path   string `json:"path" jsonschema:"the file to write, relative to the workspace root (or absolute inside it); missing parent directories are created"`
	Text   string `json:"text" jsonschema:"the exact content to write (nothing is added: end it with a newline if the file should have one)"`
	Append bool   `json:"append,omitempty" jsonschema:"add text at the end of the file instead of replacing it"`
}

type writeFileResult struct {
	Path    string `json:"path" jsonschema:"the file written, relative to the workspace root"`
	Written int64  `json:"bytes_written" jsonschema:"bytes of text written"`
	Size    int64  `json:"size" jsonschema:"the file's size afterwards"`
	Created bool   `json:"created" jsonschema:"true when the file did not exist before"`
}

func (tb *Toolbox) writeFileTool() *Tool {
	return define("write_file", "Create or replace a file of the workspace with exactly the given text, or append to it.\n\n"+
		"Use it to write a new file or a complete new version of one; for a change to part of a file prefer edit_file (a sed script) or apply_patch (a unified diff), "+
		"which show what changed. Missing parent directories are created. The write is atomic: the file is either the old or the new version, never half-written; "+
		"its mode is kept when it existed (0644 for a new file). Overwrites without asking.",
		Annotations{Title: "Write a file", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a writeFileArgs) (writeFileResult, *Result) {
			return tb.writeFile(ctx, a)
		})
}

// maxAppendRewrite is the largest file an append rewrites atomically;
// past it the text is appended in place.
const maxAppendRewrite = 64 << 20

func (tb *Toolbox) writeFile(ctx context.Context, a writeFileArgs) (writeFileResult, *Result) {
	name := tb.abs(a.Path)
	unlock, busy := tb.lockPaths(ctx, "write_file", name)
	if busy != nil {
		return writeFileResult{}, busy
	}
	defer unlock()
	fsys := tb.fs()
	if err := fsys.MkdirAll(path.Dir(name), 0o755); err != nil {
		return writeFileResult{}, pathErr("write_file", path.Dir(a.Path), err)
	}
	data, mode := []byte(a.Text), fs.FileMode(0o644)
	fi, statErr := fsys.Stat(name)
	switch {
	case statErr == nil && fi.IsDir():
		return writeFileResult{}, errorf("write_file: %s: Is a directory", a.Path)
	case statErr == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(statErr, fs.ErrNotExist):
		return writeFileResult{}, pathErr("write_file", a.Path, statErr)
	}
	if a.Append && statErr == nil && fi.Size() > maxAppendRewrite {
		return tb.appendInPlace(a, name, fi.Size())
	}
	if a.Append && statErr == nil {
		old, err := readAllFile(fsys, name)
		if err != nil {
			return writeFileResult{}, pathErr("write_file", a.Path, err)
		}
		data = append(old, data...)
	}
	if err := fsys.WriteAtomic(name, data, mode); err != nil {
		return writeFileResult{}, pathErr("write_file", a.Path, err)
	}
	out := writeFileResult{Path: tb.relPath(name), Written: int64(len(a.Text)), Size: int64(len(data)), Created: statErr != nil}
	return out, &Result{Text: fmt.Sprintf("wrote %d bytes to %s (size %d)", out.Written, out.Path, out.Size)}
}

func (tb *Toolbox) appendInPlace(a writeFileArgs, name string, size int64) (writeFileResult, *Result) {
	f, err := tb.fs().OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return writeFileResult{}, pathErr("write_file", a.Path, err)
	}
	_, err = io.WriteString(f, a.Text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return writeFileResult{}, pathErr("write_file", a.Path, err)
	}
	out := writeFileResult{Path: tb.relPath(name), Written: int64(len(a.Text)), Size: size + int64(len(a.Text))}
	return out, &Result{Text: fmt.Sprintf("appended %d bytes to %s (size %d)", out.Written, out.Path, out.Size)}
}

func readAllFile(fsys *vfs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

type listDirArgs struct {
	Path       string `json:"path,omitempty" jsonschema:"the directory to list, relative to the workspace root (default: the root)"`
	Recursive  bool   `json:"recursive,omitempty" jsonschema:"list everything below it too, as paths relative to it"`
	MaxEntries int    `json:"max_entries,omitempty" jsonschema:"at most this many entries (default 1000)"`
}

type listDirResult struct {
	Path      string   `json:"path" jsonschema:"the directory listed, relative to the workspace root"`
	Entries   []string `json:"entries" jsonschema:"names (recursive: paths relative to the directory), sorted; directories end with /"`
	Truncated bool     `json:"truncated" jsonschema:"true when max_entries cut the list"`
}

func (tb *Toolbox) listDirTool() *Tool {
	t := define("list_dir", "List a directory of the workspace: its entries sorted by name, directories marked with a trailing /.\n\n"+
		"Use it to see what a directory holds; with recursive it lists the whole tree below (up to max_entries). "+
		"For sizes, dates or permissions use run with ls -la; to search by name or content use run with find or grep -r. "+
		"Symlinks are listed, not followed. Read-only.",
		Annotations{Title: "List a directory", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a listDirArgs) (listDirResult, *Result) { return tb.listDir(ctx, a) })
	setDefault(t.InputSchema, "max_entries", 1000)
	return t
}

func (tb *Toolbox) listDir(ctx context.Context, a listDirArgs) (listDirResult, *Result) {
	root := tb.abs(a.Path)
	if a.MaxEntries <= 0 {
		a.MaxEntries = 1000
	}
	out := listDirResult{Path: tb.relPath(root), Entries: []string{}}
	if err := tb.walk(ctx, root, "", a, &out); err != nil {
		return listDirResult{}, pathErr("list_dir", a.Path, err)
	}
	text := strings.Join(out.Entries, "\n")
	if out.Truncated {
		text += fmt.Sprintf("\n[... cut at %d entries; raise max_entries or list a subdirectory ...]", a.MaxEntries)
	}
	return out, &Result{Text: text}
}

func (tb *Toolbox) walk(ctx context.Context, dir, prefix string, a listDirArgs, out *listDirResult) error {
	ents, err := tb.fs().ReadDir(dir)
	if err != nil {
		return err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		if len(out.Entries) >= a.MaxEntries || ctx.Err() != nil {
			out.Truncated = true
			return nil
		}
		name := prefix + e.Name()
		if e.IsDir() {
			out.Entries = append(out.Entries, name+"/")
			if a.Recursive {
				if err := tb.walk(ctx, path.Join(dir, e.Name()), name+"/", a, out); err != nil {
					return err
				}
			}
			continue
		}
		out.Entries = append(out.Entries, name)
	}
	return nil
}
