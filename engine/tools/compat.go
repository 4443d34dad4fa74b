package tools

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Compatibility with cmdshellmcp (github.com/ag88/cmdshellmcp): with
// Config.Compat "cmdshellmcp" the toolbox also serves that server's tools,
// under its names and with its parameters and defaults, each built on the
// native tool that does the same (readFile on read_file, applyPatch on
// apply_patch, ...). Its users switch servers without changing clients.
// Results are text, as cmdshellmcp's are ("Success: ..." or "Error: ..."
// for the file tools), with the native tool's structured result beside.
// Paths are confined as every path is (cmdshellmcp's own checks refuse
// absolute paths and ..; here an absolute path inside the workspace
// works and anything outside fails).

// CompatCmdshellmcp is the Config.Compat value that serves cmdshellmcp's
// tools.
const CompatCmdshellmcp = "cmdshellmcp"

// compatTools is cmdshellmcp's tool set (its fetch is the native one,
// which takes its parameters too).
func (tb *Toolbox) compatTools() []*Tool {
	return []*Tool{tb.cmdshellTool(), tb.readFileCompat(), tb.writeFileCompat(), tb.listFilesCompat(),
		tb.copyFileCompat(), tb.moveRenameFileCompat(), tb.deleteFileCompat(), tb.mkdirCompat(), tb.rmdirCompat(),
		tb.editFileCompat(), tb.applyPatchCompat()}
}

// compatTool defines the compatible form name of the native tool: a call
// that fails before producing a result gets cmdshellmcp's "Error: "
// prefix, and the message names the tool called.
func compatTool[In, Out any](name, native, desc string, ann Annotations, h func(ctx context.Context, c *Call, in In) (Out, *Result)) *Tool {
	return define(name, desc, ann, func(ctx context.Context, c *Call, in In) (Out, *Result) {
		out, res := h(ctx, c, in)
		if res != nil && res.IsError && isZero(out) {
			res.Text = compatError(name, native, res.Text)
		}
		return out, res
	})
}

// compatError words a failure as cmdshellmcp does: "Error: ...", naming
// the tool called rather than the native one.
func compatError(name, native, text string) string {
	if strings.HasPrefix(text, "Error") {
		return text
	}
	if rest, ok := strings.CutPrefix(text, native+": "); ok {
		text = name + ": " + rest
	}
	return "Error: " + text
}

// succeeding is the handler of a compatible tool that reports success as
// cmdshellmcp does: "Success: " and the native tool's text.
func succeeding[In, Out any](h func(context.Context, In) (Out, *Result)) func(context.Context, *Call, In) (Out, *Result) {
	return func(ctx context.Context, _ *Call, a In) (Out, *Result) {
		out, res := h(ctx, a)
		if !res.IsError {
			res.Text = "Success: " + res.Text
		}
		return out, res
	}
}

// aliases returns an alias func renaming each of the names pairs[i] to
// pairs[i+1].
func aliases(pairs ...string) func(map[string]any) {
	return func(m map[string]any) {
		for i := 0; i+1 < len(pairs); i += 2 {
			rename(m, pairs[i], pairs[i+1])
		}
	}
}

func compatDesc(what, native, params string) string {
	return what + "\n\nThis is the cmdshellmcp-compatible form of " + native + " (same work, cmdshellmcp's parameter names and defaults; " +
		"prefer " + native + " in new clients). Parameters: " + params
}

type readFileCompatArgs struct {
	File   string `json:"file" jsonschema:"the file to read, relative to the workspace root (or absolute inside it)"`
	Offset int64  `json:"offset,omitempty" jsonschema:"the line number to start at (1-based; default 1)"`
	Limit  int64  `json:"limit,omitempty" jsonschema:"at most this many lines (default: as many as fit in the output limit)"`
}

func (tb *Toolbox) readFileCompat() *Tool {
	t := compatTool("readFile", "read_file", compatDesc("Read a UTF-8 text file of the workspace and return its content as it is.",
		"read_file", fmt.Sprintf("file (required); offset and limit (optional, 1-based lines) read part of it. "+
			"Limits: at most %d bytes are returned; a longer file ends with a note saying at which offset to read on. Binary and non-UTF-8 files are refused. Read-only.", tb.cfg.MaxOutput)),
		Annotations{Title: "Read a file (cmdshellmcp)", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a readFileCompatArgs) (readFileResult, *Result) {
			out, res := tb.readFile(readFileArgs{Path: a.File, Offset: a.Offset, Limit: a.Limit})
			if !res.IsError && out.More {
				res.Text += fmt.Sprintf("\n[... cut at line %d of %d by the output limit; readFile with offset %d reads on ...]", out.LastLine, out.TotalLines, out.LastLine+1)
			}
			return out, res
		})
	t.alias = aliases("path", "file")
	return t
}

type writeFileCompatArgs struct {
	File    string `json:"file" jsonschema:"the file to write, relative to the workspace root; missing parent directories are created"`
	Text    string `json:"text" jsonschema:"the text to write"`
	Append  bool   `json:"append,omitempty" jsonschema:"add the text at the end of the file instead of replacing it (default false)"`
	Newline bool   `json:"newline,omitempty" jsonschema:"end the text with a newline (default true)"`
}

func (tb *Toolbox) writeFileCompat() *Tool {
	t := compatTool("writeFile", "write_file", compatDesc("Write text into a file of the workspace, replacing it or appending to it; by default a newline is added after the text.",
		"write_file", "file and text (required); append (default false); newline (default true: a newline is written after the text, so give text without its final newline). "+
			"The file is replaced atomically and keeps its mode. Overwrites without asking."),
		Annotations{Title: "Write a file (cmdshellmcp)", Destructive: true},
		func(ctx context.Context, c *Call, a writeFileCompatArgs) (writeFileResult, *Result) {
			if a.Newline {
				a.Text += "\n"
			}
			out, res := tb.writeFile(ctx, writeFileArgs{Path: a.File, Text: a.Text, Append: a.Append})
			if !res.IsError {
				res.Text = fmt.Sprintf("Success: wrote %d bytes to %s (size now %d)", out.Written, out.Path, out.Size)
			}
			return out, res
		})
	setDefault(t.InputSchema, "newline", true)
	t.alias = aliases("path", "file", "content", "text")
	return t
}

type listFilesArgs struct {
	Path string `json:"path,omitempty" jsonschema:"the directory to list, relative to the workspace root (default \".\", the root)"`
}

func (tb *Toolbox) listFilesCompat() *Tool {
	t := compatTool("listFiles", "list_dir", compatDesc("List the entries of one directory of the workspace, one a line, sorted, with / after each directory.",
		"list_dir", "path (default \".\"). Not recursive; at most 1000 entries (a longer listing ends with a note). Read-only."),
		Annotations{Title: "List a directory (cmdshellmcp)", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a listFilesArgs) (listDirResult, *Result) {
			out, res := tb.listDir(ctx, listDirArgs{Path: a.Path})
			if !res.IsError {
				sort.Strings(out.Entries) // as cmdshellmcp sorts: "a.b" before "a/"
				res.Text = strings.Join(out.Entries, "\n")
				if out.Truncated {
					res.Text += "\n[... cut at 1000 entries; list a subdirectory, or use list_dir with max_entries ...]"
				}
			}
			return out, res
		})
	setDefault(t.InputSchema, "path", ".")
	t.alias = aliases("dir", "path", "directory", "path")
	return t
}

// The two-path tools take source and destination, and the names other
// file servers use for them.
var twoPathAliases = aliases("src", "source", "from", "source", "file", "source", "old", "source",
	"dst", "destination", "dest", "destination", "to", "destination", "target", "destination", "new", "destination")

func (tb *Toolbox) copyFileCompat() *Tool {
	t := compatTool("copyFile", "copy_file", compatDesc("Copy one regular file of the workspace to a new path or into an existing directory, keeping its mode.",
		"copy_file", "source and destination (required; src and dst are accepted too). An existing destination file is replaced atomically; missing parent directories are created; directories are refused (copy a tree with cmdshell cp -r)."),
		Annotations{Title: "Copy a file (cmdshellmcp)", Destructive: true, Idempotent: true},
		succeeding(tb.copyFile))
	t.alias = twoPathAliases
	return t
}

func (tb *Toolbox) moveRenameFileCompat() *Tool {
	t := compatTool("moveRenameFile", "move_path", compatDesc("Move or rename a file, directory or symlink within the workspace (mv).",
		"move_path", "source and destination (required; src and dst are accepted too). An existing destination file is replaced; an existing directory receives the source under its own name; the move is one atomic rename."),
		Annotations{Title: "Move or rename (cmdshellmcp)", Destructive: true},
		succeeding(tb.movePath))
	t.alias = twoPathAliases
	return t
}

type oneFile struct {
	File string `json:"file" jsonschema:"the file, relative to the workspace root (or absolute inside it)"`
}

func (tb *Toolbox) deleteFileCompat() *Tool {
	t := compatTool("deleteFile", "delete_file", compatDesc("Delete one file or symlink of the workspace (the link itself, never its target).",
		"delete_file", "file (required; path is accepted too). Directories are refused: use rmdir for an empty one. Deleting cannot be undone."),
		Annotations{Title: "Delete a file (cmdshellmcp)", Destructive: true, Idempotent: true},
		succeeding(func(ctx context.Context, a oneFile) (pathResult, *Result) {
			return tb.deleteFile(ctx, onePath{Path: a.File})
		}))
	t.alias = aliases("path", "file", "filename", "file")
	return t
}

var dirAliases = aliases("dir", "path", "directory", "path", "dirname", "path")

func (tb *Toolbox) mkdirCompat() *Tool {
	t := compatTool("mkdir", "make_dir", compatDesc("Make a directory in the workspace (mode 0755).",
		"make_dir", "path (required; dir is accepted too); parents (default false): also make missing parents and accept an existing directory, as mkdir -p."),
		Annotations{Title: "Make a directory (cmdshellmcp)", Idempotent: true},
		succeeding(tb.makeDir))
	t.alias = func(m map[string]any) {
		dirAliases(m)
		rename(m, "exist_ok", "parents")
	}
	return t
}

func (tb *Toolbox) rmdirCompat() *Tool {
	t := compatTool("rmdir", "remove_dir", compatDesc("Remove an empty directory of the workspace.",
		"remove_dir", "path (required; dir is accepted too). A directory that still holds entries is refused and left as it is."),
		Annotations{Title: "Remove an empty directory (cmdshellmcp)", Destructive: true, Idempotent: true},
		succeeding(tb.removeDir))
	t.alias = dirAliases
	return t
}
