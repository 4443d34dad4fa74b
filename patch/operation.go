package patch

import (
	"bytes"
	"context"
	"path"
	"time"

	"github.com/shellfence/shellfence/vfs"
)

// Request is one apply-patch operation, the library side of the MCP
// apply_patch tool: a patch text applied to the workspace the way GNU
// patch applies it, with a report an agent can act on.
type Request struct {
	Patch []byte
	// Dir is the working directory (a visible absolute path); "" means
	// the workspace root.
	Dir string
	// Target, when set, is the one file to patch; the names inside the
	// patch are then ignored.
	Target string
	// Strip is the -p level; nil means detect it: the smallest level
	// under which the files the patch names exist.
	Strip   *int
	DryRun  bool
	Reverse bool
	// Fuzz is the most context lines a hunk may lose (GNU's -F); nil
	// means 2.
	Fuzz *int
	Loc  *time.Location
}

// Report is the outcome of [Apply].
type Report struct {
	Result
	Strip int    // the strip level used
	Log   string // GNU patch's messages
}

// Apply applies req.Patch to the workspace fsys. It leaves no .orig or
// .rej files behind: for every hunk that fails, the report holds the
// hunk, the region of the file that comes closest to it and a diff
// between the two, so that the hunk can be repaired. Questions get GNU's
// default answers (a patch that looks applied already is skipped). When
// ctx is cancelled, Apply stops before the next hunk, leaves the file it
// was patching and those after it alone, and says so in the report's Err
// and Log.
func Apply(ctx context.Context, fsys *vfs.FS, req Request) *Report {
	var log bytes.Buffer
	dir := req.Dir
	if dir == "" {
		dir = fsys.Root()
	}
	o := ApplyOptions{Dir: dir, Target: req.Target, DryRun: req.DryRun, Reverse: req.Reverse,
		Loc: req.Loc, Out: &log, explain: true, NoBackupIfMismatch: true, RejectFile: "-"}
	if o.Loc == nil {
		o.Loc = time.UTC
	}
	strip := 0
	switch {
	case req.Strip != nil:
		strip = *req.Strip
	case req.Target == "":
		strip = DetectStrip(fsys, dir, req.Patch)
	}
	o.Strip, o.StripGiven = strip, true
	if req.Fuzz != nil {
		o.Fuzz, o.FuzzGiven = *req.Fuzz, true
	}
	res := ApplyPatch(ctx, fsys, req.Patch, o)
	rep := &Report{Result: *res, Strip: strip, Log: log.String()}
	if res.Err != nil {
		rep.Log += "patch: **** " + res.Err.Error() + "\n"
	}
	return rep
}

// DetectStrip returns the smallest strip level (-p) under which every
// file the patch reads exists in dir (files it creates need not), or,
// when no level fits them all, the one under which the most exist. A
// patch whose names fit no level gets 1 for git patches and 0 else.
func DetectStrip(fsys *vfs.FS, dir string, text []byte) int {
	best, bestFound := -1, -1
	isGit := bytes.Contains(text, []byte("diff --git "))
	for p := 0; p <= 8; p++ {
		found, need, ok := namesExist(fsys, dir, text, p)
		if !ok {
			break
		}
		if need > 0 && found == need {
			return p
		}
		if found > bestFound {
			best, bestFound = p, found
		}
	}
	if bestFound > 0 {
		return best
	}
	if isGit {
		return 1
	}
	return 0
}

// namesExist reads the headers of text with strip level p and counts
// the files to read that exist. ok is false when no name survives the
// stripping.
func namesExist(fsys *vfs.FS, dir string, text []byte, p int) (found, need int, ok bool) {
	rd := &reader{s: newPscan(text, func(string, ...any) {}), strip: p, loc: time.UTC}
	for {
		h, err := rd.intuit(false)
		if err != nil || h == nil || h.typ == noDiff {
			return found, need, ok
		}
		rd.s.seek(h.start)
		rd.s.indent, rd.s.rfc934, rd.s.stripCR = h.indent, h.rfc934, h.stripCR
		for {
			hk, err := rd.hunk(h.typ, h)
			if err != nil || hk == nil {
				break
			}
		}
		if h.typ == gitBinaryDiff {
			skipBinary(rd.s)
		}
		creates := h.nonexistent[nameOld] == 2
		for _, i := range []int{nameOld, nameNew, nameIndex} {
			if !h.has[i] {
				continue
			}
			ok = true
			if creates {
				break
			}
			need++
			if _, err := fsys.Lstat(path.Join(dir, h.names[i])); err == nil {
				found++
			}
			break
		}
	}
}

// skipBinary moves past the data of a git binary patch.
func skipBinary(s *pscan) {
	for s.pos < len(s.lines) && !bytes.HasPrefix(s.lines[s.pos], []byte("diff --git ")) {
		s.pos++
		s.line++
	}
}
