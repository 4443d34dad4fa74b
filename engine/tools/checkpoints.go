package tools

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/shellfence/shellfence/checkpoint"
)

// The checkpoint tools snapshot the workspace into Config.Checkpoints, a
// store outside the workspace that no run can reach, and bring snapshots
// back. They are served only when the toolbox has a store.

type checkpointCreateArgs struct {
	Label   string   `json:"label,omitempty" jsonschema:"a name to recognise the checkpoint by"`
	Exclude []string `json:"exclude,omitempty" jsonschema:"glob patterns of paths to leave out (matched against the path from the root or any one name in it: node_modules, *.log, build/out); a restore leaves them alone too"`
}

type checkpointInfo struct {
	ID      string   `json:"id" jsonschema:"the checkpoint's id, for checkpoint_restore and checkpoint_delete"`
	Label   string   `json:"label" jsonschema:"its label"`
	Created string   `json:"created" jsonschema:"when it was made (RFC 3339, UTC)"`
	Files   int      `json:"files" jsonschema:"regular files in it"`
	Bytes   int64    `json:"bytes" jsonschema:"their total size"`
	Exclude []string `json:"exclude,omitempty" jsonschema:"the patterns it left out"`
}

func infoOf(i checkpoint.Info) checkpointInfo {
	return checkpointInfo{i.ID, i.Label, i.Created.Format(time.RFC3339), i.Files, i.Bytes, i.Exclude}
}

func (tb *Toolbox) checkpointTools() []*Tool {
	if tb.cfg.Checkpoints == nil {
		return nil
	}
	return []*Tool{tb.checkpointCreateTool(), tb.checkpointListTool(), tb.checkpointRestoreTool(), tb.checkpointDeleteTool()}
}

func (tb *Toolbox) checkpointCreateTool() *Tool {
	return define("checkpoint_create", "Snapshot the whole workspace (contents, modes, symlinks) so that checkpoint_restore can bring it back exactly.\n\n"+
		"The snapshot goes to a content-addressed store outside the workspace, which no command can reach; a file's content is kept once however many checkpoints share it, "+
		"and only files changed since the last checkpoint are read again, so checkpoints are cheap: make one before a risky change. "+
		"A file over the store's size limit is refused with a message (exclude it); the store as a whole is bounded too.",
		Annotations{Title: "Checkpoint the workspace"},
		func(ctx context.Context, c *Call, a checkpointCreateArgs) (checkpointInfo, *Result) {
			release, busy := tb.admit(ctx, c.Session)
			if busy != nil {
				return checkpointInfo{}, busy
			}
			defer release()
			info, err := tb.cfg.Checkpoints.Create(tb.fs(), a.Label, a.Exclude)
			if err != nil {
				return checkpointInfo{}, errorf("checkpoint_create: %v", err)
			}
			out := infoOf(info)
			return out, &Result{Text: fmt.Sprintf("checkpoint %s (%q): %d files, %d bytes", out.ID, out.Label, out.Files, out.Bytes)}
		})
}

type checkpointListResult struct {
	Checkpoints []checkpointInfo `json:"checkpoints" jsonschema:"the checkpoints, oldest first"`
}

func (tb *Toolbox) checkpointListTool() *Tool {
	return define("checkpoint_list", "List the workspace's checkpoints, oldest first: id, label, when it was made, how many files and bytes it holds and what it excluded. "+
		"Use an id with checkpoint_restore to bring the workspace back to it, or checkpoint_delete to free its space.",
		Annotations{Title: "List checkpoints", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, _ struct{}) (checkpointListResult, *Result) {
			list, err := tb.cfg.Checkpoints.List()
			if err != nil {
				return checkpointListResult{}, errorf("checkpoint_list: %v", err)
			}
			out := checkpointListResult{Checkpoints: []checkpointInfo{}}
			for _, i := range list {
				out.Checkpoints = append(out.Checkpoints, infoOf(i))
			}
			return out, &Result{Structured: out, Text: fmt.Sprintf("%d checkpoints", len(list))}
		})
}

type checkpointIDArgs struct {
	ID string `json:"id" jsonschema:"the checkpoint's id (from checkpoint_create or checkpoint_list)"`
}

type checkpointRestoreResult struct {
	ID           string       `json:"id" jsonschema:"the checkpoint restored"`
	FilesChanged []fileChange `json:"files_changed" jsonschema:"what the restore changed: files made since are deleted, deleted ones created again, changed ones modified back"`
}

func (tb *Toolbox) checkpointRestoreTool() *Tool {
	return define("checkpoint_restore", "Bring the workspace back to a checkpoint exactly: contents, modes and symlinks as they were; files made since are removed and deleted ones return "+
		"(paths the checkpoint excluded are left alone). Each file is replaced atomically. The result lists what changed.",
		Annotations{Title: "Restore a checkpoint", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a checkpointIDArgs) (checkpointRestoreResult, *Result) {
			release, busy := tb.admit(ctx, c.Session)
			if busy != nil {
				return checkpointRestoreResult{}, busy
			}
			defer release()
			changes, err := tb.cfg.Checkpoints.Restore(tb.fs(), a.ID)
			out := checkpointRestoreResult{ID: a.ID, FilesChanged: changesOf(changes)}
			if err != nil {
				return out, &Result{Structured: out, IsError: true, Text: checkpointErr("checkpoint_restore", a.ID, err)}
			}
			return out, &Result{Text: fmt.Sprintf("restored %s: %d files changed\n%s", a.ID, len(changes), changedLine(out.FilesChanged))}
		})
}

type checkpointDeleteResult struct {
	ID      string `json:"id" jsonschema:"the checkpoint"`
	Deleted bool   `json:"deleted" jsonschema:"true: it is gone (and the contents no other checkpoint uses)"`
}

func (tb *Toolbox) checkpointDeleteTool() *Tool {
	return define("checkpoint_delete", "Delete a checkpoint, and the stored file contents no other checkpoint uses, to free room in the bounded store. "+
		"The workspace is not touched; the checkpoint can no longer be restored.",
		Annotations{Title: "Delete a checkpoint", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a checkpointIDArgs) (checkpointDeleteResult, *Result) {
			if err := tb.cfg.Checkpoints.Delete(a.ID); err != nil {
				return checkpointDeleteResult{}, errorf("%s", checkpointErr("checkpoint_delete", a.ID, err))
			}
			return checkpointDeleteResult{a.ID, true}, &Result{Text: "deleted " + a.ID}
		})
}

// checkpointErr words a failure, pointing at checkpoint_list for an
// unknown id.
func checkpointErr(tool, id string, err error) string {
	if errors.Is(err, checkpoint.ErrNotFound) {
		return fmt.Sprintf("%s: no checkpoint %q; checkpoint_list shows them", tool, id)
	}
	return fmt.Sprintf("%s: %v", tool, err)
}
