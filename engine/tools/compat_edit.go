package tools

import (
	"context"
	"fmt"
	"strings"
)

type editFileCompatArgs struct {
	File   string   `json:"file" jsonschema:"the text file to edit, relative to the workspace root (or absolute inside it)"`
	Script string   `json:"script" jsonschema:"the sed script, as with sed -e: for example s/old_name/new_name/g"`
	Args   []string `json:"args,omitempty" jsonschema:"more sed options: -n, -E (or -r), --quiet, --silent, --regexp-extended, --posix, clustered as -nE if you like; -s and -u are accepted and change nothing for one file"`
}

func (tb *Toolbox) editFileCompat() *Tool {
	backup := "The result reads \"Success: ... Backup: FILE.bkN\" and the diff from the backup to the file."
	if tb.cfg.EditDeleteBackup {
		backup = "The server runs with --edit-delete-backup: the backup is deleted once the diff is made, and the result reads \"Success: ... Backup deleted: FILE.bkN\" and the diff."
	}
	return compatTool("editFile", "edit_file", compatDesc("Edit one existing text file of the workspace with a sed script, keeping a numbered backup, and return the unified diff of the change.",
		"edit_file", "file and script (required); args (optional sed options). "+
			"The original is copied to the next free numbered backup (FILE.bk1, FILE.bk2, ..., never overwriting one) and the file is replaced atomically with sed's output; "+
			"when sed fails, or its output equals the input, the file is left as it was and no backup is kept. "+
			"sed runs in sandbox mode: the e, r, R, w and W commands and options naming other files or running programs are refused. "+backup),
		Annotations{Title: "Edit a file with sed (cmdshellmcp)", Destructive: true},
		func(ctx context.Context, c *Call, a editFileCompatArgs) (editFileResult, *Result) {
			if a.Script == "" {
				return editFileResult{}, errorf("editFile: a sed script is required, such as s/old/new/g")
			}
			out, res := tb.editFile(ctx, editFileArgs{Path: a.File, Script: a.Script, Args: sedClusters(a.Args)})
			if res.IsError {
				return out, res
			}
			res.Text = fmt.Sprintf("Success: the script changed nothing in %s; the file is as it was and no backup is kept.", out.Path)
			if out.Changed {
				backup := "Backup: " + out.Backup
				if out.Backup == "" { // deleted (EditDeleteBackup): the diff still names it
					name, _, _ := strings.Cut(strings.TrimPrefix(out.Diff, "--- "), "\t")
					name, _, _ = strings.Cut(name, "\n")
					backup = "Backup deleted: " + name
				}
				res.Text = fmt.Sprintf("Success: edited %s. %s\n\nUnified diff from the backup to the file:\n\n%s", out.Path, backup, out.Diff)
			}
			return out, res
		})
}

// sedClusters splits clustered short options (-nE) into single ones, as
// edit_file takes them, dropping -s and -u: with one file, separate
// files and unbuffered output change nothing.
func sedClusters(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) >= 2 && a[0] == '-' && a[1] != '-' && strings.Trim(a[1:], "nErsu") == "" {
			for _, c := range a[1:] {
				if c != 's' && c != 'u' {
					out = append(out, "-"+string(c))
				}
			}
			continue
		}
		out = append(out, a)
		if (a == "-e" || a == "--expression" || a == "-l" || a == "--line-length") && i+1 < len(args) {
			i++
			out = append(out, args[i]) // a value, never split
		}
	}
	return out
}

type applyPatchCompatArgs struct {
	File string   `json:"file" jsonschema:"the one existing file to patch, relative to the workspace root; the file names inside the diff are not used"`
	Diff string   `json:"diff" jsonschema:"the patch: a unified or context diff"`
	Pnum int      `json:"pnum,omitempty" jsonschema:"patch's -p level: how many leading components to strip from the names in the diff (default 2)"`
	Args []string `json:"args,omitempty" jsonschema:"more patch switches: -R (--reverse); -f, -t, -N, -s, --force, --batch, --forward, --quiet, --silent, --verbose, --posix, --no-backup-if-mismatch are accepted"`
}

func (tb *Toolbox) applyPatchCompat() *Tool {
	t := compatTool("applyPatch", "apply_patch", compatDesc("Apply a unified or context diff to one existing file of the workspace, as GNU patch does, and return patch's messages.",
		"apply_patch", "file and diff (required); pnum (default 2; as file names the file to patch, the names inside the diff are not used, so pnum changes nothing but the strip reported); args (optional switches: -R reverses the patch; the others cmdshellmcp allows are accepted: "+
			"no question is asked (a patch that looks applied already is skipped) and no backup or reject file is ever written). "+
			"Hunks are found with GNU's offset search and fuzz (2 lines). The file is replaced atomically; when a hunk fails the file is left unchanged "+
			"and the result shows, for each failed hunk, where the file comes closest and a diff between what the hunk expected and what is there."),
		Annotations{Title: "Apply a patch (cmdshellmcp)", Destructive: true},
		func(ctx context.Context, c *Call, a applyPatchCompatArgs) (applyPatchResult, *Result) {
			return tb.applyPatchCompatible(ctx, a)
		})
	setDefault(t.InputSchema, "pnum", 2)
	zero := 0.0
	prop(t.InputSchema, "pnum").Minimum = &zero
	t.alias = aliases("patch", "diff", "text", "diff", "path", "file")
	return t
}

func (tb *Toolbox) applyPatchCompatible(ctx context.Context, a applyPatchCompatArgs) (applyPatchResult, *Result) {
	reverse, quiet, err := patchSwitches(a.Args)
	if err != nil {
		return applyPatchResult{}, errorf("applyPatch: %v", err)
	}
	fi, err := tb.fs().Lstat(tb.abs(a.File))
	switch {
	case err != nil:
		return applyPatchResult{}, pathErr("applyPatch", a.File, err)
	case !fi.Mode().IsRegular():
		return applyPatchResult{}, errorf("applyPatch: %s: not a regular file (symlinks and directories are refused)", a.File)
	}
	out, res := tb.applyPatch(ctx, applyPatchArgs{Patch: a.Diff, Path: a.File, Strip: &a.Pnum, Reverse: reverse})
	switch {
	case res.IsError:
		res.Text = fmt.Sprintf("Error: applyPatch: the patch did not apply to %s; the file is unchanged\n%s", a.File, res.Text)
	case quiet || strings.TrimSpace(out.Log) == "":
		res.Text = "Success: patch applied to " + a.File
	}
	return out, res
}

// patchSwitches reads the switches cmdshellmcp lets through to patch.
func patchSwitches(args []string) (reverse, quiet bool, err error) {
	for _, a := range args {
		switch a {
		case "-R", "--reverse":
			reverse = true
		case "-s", "--quiet", "--silent":
			quiet = true
		case "-f", "--force", "-t", "--batch", "-N", "--forward", "--verbose", "--posix", "--no-backup-if-mismatch":
			// apply_patch asks nothing and writes no backups anyway
		case "-l", "--ignore-whitespace":
			return false, false, fmt.Errorf("%s is not supported: hunks must match the file's whitespace (fuzz and offsets are tried)", a)
		default:
			return false, false, fmt.Errorf("patch argument %q is not allowed (allowed: -R, -f, -t, -N, -s and their long forms, --verbose, --posix, --no-backup-if-mismatch); pnum gives the strip level", a)
		}
	}
	return reverse, quiet, nil
}
