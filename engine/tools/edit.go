package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/edit"
	"github.com/shellfence/shellfence/patch"
)

type editFileArgs struct {
	Path   string   `json:"path" jsonschema:"the text file to edit, relative to the workspace root (or absolute inside it)"`
	Script string   `json:"script" jsonschema:"a GNU sed script, as with sed -e: for example s/old/new/g, or 3d, or /^import/a\\\\ text. Commands may be separated by newlines or semicolons"`
	Args   []string `json:"args,omitempty" jsonschema:"more sed options: -E (extended regular expressions), -n, -z, -e SCRIPT, --posix; options that name files or run programs are refused"`
}

type editFileResult struct {
	Path    string `json:"path" jsonschema:"the file, relative to the workspace root"`
	Changed bool   `json:"changed" jsonschema:"false when the script left the file as it was (nothing is written then)"`
	Backup  string `json:"backup,omitempty" jsonschema:"the numbered copy of the original (FILE.bk1, .bk2, ...)"`
	Diff    string `json:"diff" jsonschema:"unified diff from the backup to the new content"`
	Message string `json:"message" jsonschema:"what happened, in words"`
}

func (tb *Toolbox) editFileTool() *Tool {
	backup := "The original is kept as the next free numbered backup (FILE.bk1, FILE.bk2, ...), "
	if tb.cfg.EditDeleteBackup {
		backup = "No backup is kept (the server runs with --edit-delete-backup): the diff is the record of the change; "
	}
	return define("edit_file", "Edit one text file with a GNU sed script and return the unified diff of the change.\n\n"+
		"Use it for targeted changes (replace a string, delete or insert lines) without rewriting the whole file; for larger rewrites use write_file, "+
		"for changes written as a diff use apply_patch. "+backup+
		"the file is replaced atomically, and when sed fails or changes nothing the file is left untouched and no backup remains. "+
		"sed runs in sandbox mode: the e, r, R, w and W commands and options naming other files are refused.",
		Annotations{Title: "Edit a file with sed", Destructive: true},
		func(ctx context.Context, c *Call, a editFileArgs) (editFileResult, *Result) {
			return tb.editFile(ctx, a)
		})
}

func (tb *Toolbox) editFile(ctx context.Context, a editFileArgs) (editFileResult, *Result) {
	unlock, busy := tb.lockPaths(ctx, "edit_file", tb.abs(a.Path))
	if busy != nil {
		return editFileResult{}, busy
	}
	defer unlock()
	res, err := edit.EditFile(ctx, tb.fs(), edit.EditRequest{File: tb.abs(a.Path), Script: a.Script, Args: a.Args, DeleteBackup: tb.cfg.EditDeleteBackup})
	if err != nil {
		return editFileResult{}, errorf("%s", strings.ReplaceAll(err.Error(), tb.fs().Root()+"/", ""))
	}
	out := editFileResult{Path: tb.relPath(tb.abs(a.Path)), Changed: res.Changed,
		Diff: strings.ReplaceAll(string(res.Diff), tb.fs().Root()+"/", ""), Message: res.Message}
	if res.Backup != "" {
		out.Backup = tb.relPath(tb.abs(res.Backup))
	}
	text := out.Message
	if out.Diff != "" {
		text += "\n" + out.Diff
	}
	return out, &Result{Text: text}
}

type applyPatchArgs struct {
	Patch   string `json:"patch" jsonschema:"the patch: a unified diff (diff -u, git diff) or a context diff, for one or more files"`
	Path    string `json:"path,omitempty" jsonschema:"the one file to patch, relative to the workspace root; the file names inside the patch are then ignored"`
	Strip   *int   `json:"strip,omitempty" jsonschema:"how many leading components to strip from the names in the patch (patch -p); default: detected, the smallest level under which the files exist"`
	DryRun  bool   `json:"dry_run,omitempty" jsonschema:"only check that the patch applies; change nothing"`
	Reverse bool   `json:"reverse,omitempty" jsonschema:"undo the patch (patch -R)"`
}

type applyPatchResult struct {
	Applied bool        `json:"applied" jsonschema:"true when every hunk applied (or would, with dry_run)"`
	DryRun  bool        `json:"dry_run" jsonschema:"true when nothing was changed on purpose"`
	Strip   int         `json:"strip" jsonschema:"the -p level used"`
	Files   []patchFile `json:"files" jsonschema:"what happened to each file"`
	Log     string      `json:"log" jsonschema:"GNU patch's own messages"`
}

type patchFile struct {
	Path    string      `json:"path" jsonschema:"the file, relative to the workspace root"`
	Created bool        `json:"created,omitempty"`
	Deleted bool        `json:"deleted,omitempty"`
	Skipped string      `json:"skipped,omitempty" jsonschema:"why the file was not patched at all"`
	Hunks   []patchHunk `json:"hunks"`
}

type patchHunk struct {
	Number int    `json:"number"`
	Status string `json:"status" jsonschema:"applied, offset, fuzz, failed or ignored"`
	Line   int    `json:"line" jsonschema:"where it applied, or was expected"`
	Offset int    `json:"offset,omitempty"`
	Fuzz   int    `json:"fuzz,omitempty"`
	// For a failed hunk: what the file holds where it comes closest.
	Closest int    `json:"closest,omitempty" jsonschema:"failed hunk: the line where the file comes closest to the hunk's old lines"`
	Actual  string `json:"actual,omitempty" jsonschema:"failed hunk: those lines of the file"`
	Diff    string `json:"diff,omitempty" jsonschema:"failed hunk: a diff from the lines the hunk expected to the actual ones; fix the hunk's context from it"`
}

func (tb *Toolbox) applyPatchTool() *Tool {
	return define("apply_patch", "Apply a unified or context diff to files of the workspace, as GNU patch does, and report each hunk.\n\n"+
		"Use it to make changes you can express as a diff, to several places or files at once. Hunks are found with GNU's offset search and fuzz (up to 2 lines of context); "+
		"new and deleted files and git renames work. Nothing is left behind: no .orig or .rej files. For every hunk that fails the result shows where the file comes closest "+
		"and a diff between what the hunk expected and what is there, so the hunk can be repaired and sent again. dry_run checks without changing anything. "+
		"Files are replaced atomically; a failed hunk leaves its file unchanged.",
		Annotations{Title: "Apply a patch", Destructive: true},
		func(ctx context.Context, c *Call, a applyPatchArgs) (applyPatchResult, *Result) {
			return tb.applyPatch(ctx, a)
		})
}

func (tb *Toolbox) applyPatch(ctx context.Context, a applyPatchArgs) (applyPatchResult, *Result) {
	req := patch.Request{Patch: []byte(a.Patch), Strip: a.Strip, DryRun: a.DryRun, Reverse: a.Reverse}
	if a.Path != "" {
		req.Target = a.Path // relative to the root, as patch's messages then name it
	}
	var paths []string // the one file; else the files are named in the patch
	if a.Path != "" {
		paths = append(paths, tb.abs(a.Path))
	}
	unlock, busy := tb.lockPaths(ctx, "apply_patch", paths...)
	if busy != nil {
		return applyPatchResult{}, busy
	}
	defer unlock()
	rep := patch.Apply(ctx, tb.fs(), req)
	out := applyPatchResult{Applied: rep.Status == 0, DryRun: a.DryRun, Strip: rep.Strip, Log: rep.Log, Files: []patchFile{}}
	for _, f := range rep.Files {
		out.Files = append(out.Files, tb.patchFile(f))
	}
	return out, &Result{Text: patchText(out), IsError: rep.Status != 0}
}

func (tb *Toolbox) patchFile(f patch.FileResult) patchFile {
	pf := patchFile{Path: tb.relPath(tb.abs(f.Name)), Created: f.Created, Deleted: f.Deleted, Hunks: []patchHunk{}}
	if f.Skipped {
		pf.Skipped = f.Reason
		if pf.Skipped == "" {
			pf.Skipped = "skipped"
		}
	}
	for _, h := range f.Hunks {
		pf.Hunks = append(pf.Hunks, patchHunk{Number: h.Number, Status: h.Status, Line: h.Line, Offset: h.Offset,
			Fuzz: h.Fuzz, Closest: h.Closest, Actual: h.Actual, Diff: h.Diff})
	}
	return pf
}

func patchText(r applyPatchResult) string {
	var b strings.Builder
	b.WriteString(r.Log)
	for _, f := range r.Files {
		for _, h := range f.Hunks {
			if h.Status == "failed" {
				fmt.Fprintf(&b, "\n%s hunk #%d failed; closest at line %d:\n%s", f.Path, h.Number, h.Closest, h.Diff)
			}
		}
	}
	return b.String()
}
