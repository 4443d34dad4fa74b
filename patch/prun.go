package patch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/shellfence/shellfence/vfs"
)

// ApplyOptions are GNU patch's options.
type ApplyOptions struct {
	Dir   string // working directory: a visible absolute path in the workspace
	Strip int    // -p N; negative: not given (GNU then keeps only base names)
	// StripGiven says that Strip was given; with StripGiven false and
	// Strip 0, Strip counts as not given.
	StripGiven bool
	Fuzz       int  // -F N (GNU's default is 2; see DefaultFuzz)
	FuzzGiven  bool // Fuzz was set (else 2)
	Reverse    bool // -R
	Forward    bool // -N: skip patches that look reversed or applied
	Force      bool // -f
	Batch      bool // -t
	DryRun     bool // --dry-run
	// IgnoreWhitespace compares blanks loosely (-l).
	IgnoreWhitespace bool
	Backup           bool // -b
	// NoBackupIfMismatch turns off the backup GNU makes of a file that a
	// patch did not fit exactly (--no-backup-if-mismatch; --posix).
	NoBackupIfMismatch bool
	Posix              bool
	Binary             bool // --binary: keep CRs of CRLF patches
	Silent, Verbose    bool
	RemoveEmpty        bool   // -E
	Suffix             string // backup suffix (-z); "" means ".orig"
	// Target is the file to patch, whatever names the patch holds (the
	// ORIGFILE operand of patch).
	Target string
	// OutFile receives all patched output (-o); "-" means Stdout.
	OutFile string
	// OutDevice, when set, is the device OutFile names (/dev/null, ...):
	// the patched output is written to it rather than to a workspace file.
	OutDevice io.Writer
	// RejectFile receives all rejected hunks (-r); "-" discards them.
	RejectFile string
	// Format forces the patch format: "context", "normal", "unified".
	Format string
	Loc    *time.Location
	// explain asks for repair information on failed hunks.
	explain bool
	// Out receives GNU's messages; Stdout receives patched output for
	// OutFile "-" (the messages then go to Err).
	Out, Stdout, Err io.Writer
}

// Result says what an application did.
type Result struct {
	Files []FileResult
	// Status is GNU patch's exit status: 0 when every hunk applied, 1 when
	// some failed or were skipped, 2 for trouble (then Err is set).
	Status int
	Err    error
}

// FileResult is what happened to one file.
type FileResult struct {
	Name     string // the file patched (as named in messages)
	OldName  string // the file read, when it differs (renames, copies)
	Created  bool
	Deleted  bool
	Skipped  bool   // not patched at all
	Reason   string // why it was skipped
	Hunks    []HunkResult
	Rejects  string // the reject file written, if any
	Backup   string // the backup file written, if any
	Reversed bool   // applied in reverse after detection
}

// HunkResult is what happened to one hunk.
type HunkResult struct {
	Number int
	// Status is "applied", "offset", "fuzz", "failed" or "ignored".
	Status string
	Line   int // where it applied or was expected
	Offset int
	Fuzz   int
	// Hunk is the hunk's text (as written to a reject file) when it
	// failed.
	Hunk string
	// For a failed hunk, from [Apply]: Closest is the line where the
	// file comes closest to the hunk's old lines, Actual is that region
	// of the file, and Diff a unified diff from the old lines the hunk
	// expected to that region.
	Closest int
	Actual  string
	Diff    string
}

// fatal ends a run with status 2; its message is GNU's "patch: **** ...".
func (r *run) fatal(err error) {
	var fe *fatalError
	if errors.As(err, &fe) {
		r.res.Err = fe
	} else {
		r.res.Err = err
	}
	r.res.Status = 2
}

// ApplyPatch applies the patch text to the workspace fsys as GNU patch
// 2.7.6 does and returns what happened. Messages go to opts.Out. When ctx
// is cancelled, it stops before the next hunk: the file being patched and
// those after it are left alone, and the result's Err says why.
func ApplyPatch(ctx context.Context, fsys *vfs.FS, text []byte, opts ApplyOptions) *Result {
	r := newRun(ctx, fsys, text, &opts)
	r.main()
	return &r.res
}

// stopped is the error of a run whose context was cancelled.
func stopped(err error) error { return fmt.Errorf("stopped: %w", err) }

// run is one application of a patch.
type run struct {
	ctx      context.Context
	fs       *vfs.FS
	o        *ApplyOptions
	rd       *reader
	res      Result
	out      io.Writer
	failed   bool            // some file had a failure (status 1)
	backedUp map[string]bool // files backed up already
	created  map[string]bool // files this run created (rejects append to them)
	deleted  map[string]bool // files this run deleted
	outBuf   *bytes.Buffer   // -o output
	rejBuf   *bytes.Buffer   // -r output
	skipRest bool
	pending  []pendingDelete
	reverse  bool
	textLen  int
}

func newRun(ctx context.Context, fsys *vfs.FS, text []byte, o *ApplyOptions) *run {
	if o.Loc == nil {
		o.Loc = time.UTC
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	if o.Suffix == "" {
		o.Suffix = ".orig"
	}
	if !o.FuzzGiven {
		o.Fuzz = 2
	}
	if !o.StripGiven {
		o.Strip = -1
	}
	r := &run{ctx: ctx, fs: fsys, o: o, out: o.Out, backedUp: map[string]bool{}, created: map[string]bool{},
		deleted: map[string]bool{}, textLen: len(text)}
	r.rd = &reader{s: newPscan(text, r.say), strip: o.Strip, loc: o.Loc, forced: forcedType(o.Format)}
	return r
}

func forcedType(f string) diffType {
	switch f {
	case "context":
		return contextDiff
	case "normal":
		return normalDiff
	case "unified":
		return uniDiff
	case "ed":
		return edDiff
	}
	return noDiff
}

// say writes a message unless it has no text.
func (r *run) say(format string, args ...any) {
	fmt.Fprintf(r.out, format, args...)
}

// main applies every file patch in turn.
func (r *run) main() {
	if r.o.OutFile != "" && r.o.OutFile != "-" {
		r.outBuf = new(bytes.Buffer)
		if dst := r.abs(r.o.OutFile); r.o.OutDevice == nil && !r.fs.Contains(dst) {
			r.fatal(fatalf("Can't create file %s : %s", quoteName(r.o.OutFile), errText(vfs.ErrOutside)))
			return
		}
	}
	if r.o.RejectFile != "" && r.o.RejectFile != "-" {
		r.rejBuf = new(bytes.Buffer)
	}
	r.files()
	if err := r.ctx.Err(); err != nil {
		if r.res.Err == nil {
			r.fatal(stopped(err))
		}
	} else {
		r.finishOutputs()
	}
	if r.res.Status == 0 && r.failed {
		r.res.Status = 1
	}
}

// files applies the file patches in turn until one is fatal or ctx is
// cancelled.
func (r *run) files() {
	for r.ctx.Err() == nil {
		h, more, err := r.next()
		if err != nil {
			r.fatal(err)
			return
		}
		if !more {
			return
		}
		if err := r.file(h); err != nil {
			r.fatal(err)
			return
		}
	}
}
