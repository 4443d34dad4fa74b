package tools

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/patch"
	"github.com/shellfence/shellfence/vfs"
)

// Previews (run with preview: true) run in a copy-on-write overlay of the
// workspace held in the server's memory ([vfs.FS.Overlay]): the workspace
// is not touched until promote applies the overlay, which it refuses when
// the workspace changed a name the preview touched. Each preview has its
// own shell, forked from the session's when it starts. A session has at
// most maxPreviews; one unused for Config.PreviewTTL is dropped.

const maxPreviews = 8

// preview is one overlay and its shell.
type preview struct {
	id    string
	mu    sync.Mutex // one run or promote at a time
	fs    *vfs.FS
	ov    *vfs.Overlay
	shell *engine.Session
	used  time.Time
}

// previewFor returns the preview a asks for: a new one (preview: true) or
// the one named by preview_id.
func (tb *Toolbox) previewFor(ctx context.Context, s *Session, a runArgs) (*preview, *Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expirePreviews(tb.cfg.PreviewTTL)
	if a.PreviewID != "" {
		p, ok := s.previews[a.PreviewID]
		if !ok {
			return nil, errorf("run: no preview %q in this session (it was promoted, discarded or expired after %s unused); start one with preview: true", a.PreviewID, tb.cfg.PreviewTTL)
		}
		p.used = time.Now()
		return p, nil
	}
	if len(s.previews) >= maxPreviews {
		return nil, errorf("run: this session has %d previews, the most it may; promote or discard one", maxPreviews)
	}
	sh := s.shell
	if a.Reset || tb.cfg.NoPersist {
		sh = tb.cfg.Engine.NewSession()
	}
	wait, cancel := context.WithTimeout(ctx, tb.cfg.BusyWait)
	defer cancel()
	fork, err := sh.Fork(wait)
	if err != nil {
		return nil, errorf("run: the session is still running an earlier command; wait for its result, then call again")
	}
	s.nextPreview++
	p := &preview{id: fmt.Sprintf("p%d", s.nextPreview), shell: fork, used: time.Now()}
	p.fs, p.ov = tb.fs().Overlay(tb.cfg.PreviewBytes)
	s.previews[p.id] = p
	return p, nil
}

// expirePreviews drops the previews unused for ttl; s.mu is held.
func (s *Session) expirePreviews(ttl time.Duration) {
	for id, p := range s.previews {
		if time.Since(p.used) > ttl {
			delete(s.previews, id)
		}
	}
}

// takePreview removes and returns the preview id.
func (s *Session) takePreview(id string) (*preview, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.previews[id]
	delete(s.previews, id)
	return p, ok
}

// runPreview runs a in its preview's overlay.
func (tb *Toolbox) runPreview(ctx context.Context, c *Call, a runArgs) (runResult, *Result) {
	if a.Background {
		return runResult{}, errorf("run: a preview cannot run in the background; drop background or preview")
	}
	p, bad := tb.previewFor(ctx, c.Session, a)
	if bad != nil {
		return runResult{}, bad
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	s := c.Session
	release, busy := tb.admit(ctx, s)
	if busy != nil {
		return runResult{}, busy
	}
	defer release()
	rec := s.store.add(a.Command, tb.cfg.StoreRunBytes, tb.cfg.MaxOutput)
	req := tb.runRequest(a, rec, tb.cfg.DefaultTimeout)
	req.FS, req.Journal = p.fs, false
	res, err := p.shell.Run(ctx, req)
	s.store.trim()
	if err != nil {
		rec.finish(runResult{ID: rec.id, ExitCode: 2, Status: "exited"})
		return runResult{}, errorf("run: %v", err)
	}
	res.FilesChanged = p.ov.Changes()
	out, r := tb.finished(a, req, p.fs, rec, res)
	out.PreviewID = p.id
	out.Diff, out.DiffTruncated = tb.previewDiff(p, out.FilesChanged)
	r.Structured, r.Text = out, runText(out)
	return out, r
}

// maxDiff bounds the diff a preview's result shows.
const maxDiff = 200000

// previewDiff is one unified diff of what promoting p would change, as
// diff -ruN of the workspace (a/) and the preview (b/) shows it.
func (tb *Toolbox) previewDiff(p *preview, changes []fileChange) (string, bool) {
	var b bytes.Buffer
	for _, c := range changes {
		if b.Len() > maxDiff {
			fmt.Fprintf(&b, "[diff cut at %d bytes: %d more files change; files_changed lists them all]\n", maxDiff, len(changes))
			return b.String(), true
		}
		name := path.Join(tb.fs().Root(), c.Path)
		old, oldInfo := readSide(tb.fs(), name)
		now, nowInfo := readSide(p.fs, name)
		fileDiff(&b, c.Path, old, now, oldInfo, nowInfo)
	}
	return b.String(), false
}

// side is one side of a file's diff: its text, or a note for a symlink.
func readSide(fsys *vfs.FS, name string) ([]byte, fs.FileInfo) {
	fi, err := fsys.Lstat(name)
	if err != nil {
		return nil, nil
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, _ := fsys.ReadlinkIfPossible(name)
		return []byte(t), fi
	}
	data, _ := afero.ReadFile(fsys, name)
	return data, fi
}

// fileDiff writes the diff of one file.
func fileDiff(b *bytes.Buffer, rel string, old, now []byte, oi, ni fs.FileInfo) {
	fmt.Fprintf(b, "diff -ruN a/%s b/%s\n", rel, rel)
	if oi != nil && ni != nil && oi.Mode() != ni.Mode() {
		fmt.Fprintf(b, "old mode %s\nnew mode %s\n", oi.Mode(), ni.Mode())
	}
	isLink := func(fi fs.FileInfo) bool { return fi != nil && fi.Mode()&fs.ModeSymlink != 0 }
	if isLink(oi) || isLink(ni) {
		for _, side := range []struct {
			fi   fs.FileInfo
			text []byte
			mark string
		}{{oi, old, "a"}, {ni, now, "b"}} {
			if isLink(side.fi) {
				fmt.Fprintf(b, "symbolic link %s/%s -> %s\n", side.mark, rel, side.text)
			}
		}
		return
	}
	if bytes.IndexByte(old, 0) >= 0 || bytes.IndexByte(now, 0) >= 0 {
		fmt.Fprintf(b, "Binary files a/%s and b/%s differ\n", rel, rel)
		return
	}
	b.Write(patch.Unified("a/"+rel, "b/"+rel, old, now, patch.UnifiedOptions{}))
}

type promoteArgs struct {
	PreviewID string `json:"preview_id" jsonschema:"the preview_id a run with preview: true returned"`
}

type promoteResult struct {
	PreviewID    string       `json:"preview_id" jsonschema:"the preview"`
	Promoted     bool         `json:"promoted" jsonschema:"true when the preview's changes are now in the workspace (the preview is then gone)"`
	FilesChanged []fileChange `json:"files_changed" jsonschema:"what promoting changed in the workspace (nothing when refused)"`
	Conflicts    []string     `json:"conflicts,omitempty" jsonschema:"when refused: the files the preview touched that the workspace changed since; nothing was changed"`
}

func (tb *Toolbox) promoteTool() *Tool {
	return define("promote", "Apply a preview (a run with preview: true, continued with preview_id) to the real workspace.\n\n"+
		"Each file is replaced atomically; deleted files are removed, new directories made. "+
		"It is refused, and nothing at all is changed, when any file the preview touched was changed in the workspace since the preview touched it: "+
		"the result lists those conflicts (the preview stays: look, then discard it or start again). After a promote the preview is gone.",
		Annotations{Title: "Apply a preview to the workspace", Destructive: true},
		func(ctx context.Context, c *Call, a promoteArgs) (promoteResult, *Result) { return tb.promote(c, a) })
}

func (tb *Toolbox) promote(c *Call, a promoteArgs) (promoteResult, *Result) {
	s := c.Session
	s.mu.Lock()
	s.expirePreviews(tb.cfg.PreviewTTL)
	p, ok := s.previews[a.PreviewID]
	s.mu.Unlock()
	if !ok {
		return promoteResult{}, errorf("promote: no preview %q in this session (promoted, discarded or expired)", a.PreviewID)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	out := promoteResult{PreviewID: p.id, FilesChanged: []fileChange{}}
	changes, conflicts, err := p.ov.Promote(tb.fs())
	if len(conflicts) > 0 {
		out.Conflicts = conflicts
		return out, &Result{Structured: out, IsError: true, Text: fmt.Sprintf(
			"promote: refused, nothing changed: the workspace changed since the preview touched %s", strings.Join(conflicts, ", "))}
	}
	if err != nil {
		return out, &Result{Structured: out, IsError: true, Text: fmt.Sprintf("promote: %s (files before it may be applied)", err)}
	}
	s.takePreview(p.id)
	out.Promoted, out.FilesChanged = true, changesOf(changes)
	text := fmt.Sprintf("promoted %s: %d files changed\n%s", p.id, len(changes), changedLine(out.FilesChanged))
	return out, &Result{Text: text}
}

type discardArgs struct {
	PreviewID string `json:"preview_id" jsonschema:"the preview to drop"`
}

type discardResult struct {
	PreviewID string `json:"preview_id" jsonschema:"the preview"`
	Discarded bool   `json:"discarded" jsonschema:"true: it is gone, the workspace unchanged"`
}

func (tb *Toolbox) discardTool() *Tool {
	return define("discard", "Drop a preview (a run with preview: true) without applying it: its overlay and shell are forgotten and the workspace stays exactly as it is. "+
		"Use it when a preview's diff shows changes you do not want, or after promote refused it for conflicts. Previews also expire when unused for a while.",
		Annotations{Title: "Drop a preview", Idempotent: true},
		func(ctx context.Context, c *Call, a discardArgs) (discardResult, *Result) {
			if _, ok := c.Session.takePreview(a.PreviewID); !ok {
				return discardResult{}, errorf("discard: no preview %q in this session (promoted, discarded or expired)", a.PreviewID)
			}
			return discardResult{a.PreviewID, true}, &Result{Text: "discarded " + a.PreviewID}
		})
}
