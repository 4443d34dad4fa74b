package patch

import (
	"bytes"
	"fmt"

	"github.com/shellfence/shellfence/vfs"
)

// fileRun is the state of one file patch being applied.
type fileRun struct {
	fc       *fileCtx
	outname  string
	a        *applier
	hunks    int
	failed   int
	mismatch bool
	rej      bytes.Buffer
	res      FileResult
	noRej    bool // no reject file for this patch
}

// file applies one file patch: GNU patch's main loop body.
func (r *run) file(fc *fileCtx) error {
	if fc.h.typ == edDiff {
		return fatalf("ed scripts are not supported: shellfence runs no ed")
	}
	f := &fileRun{fc: fc}
	if r.skipRest {
		r.failed = true
	}
	r.checkType(f)
	f.outname = r.outName(fc)
	if !r.skipRest && !r.getInput(fc) {
		r.skipRest, r.failed = true, true
	}
	if !r.skipRest {
		if err := r.startFile(f); err != nil {
			return err
		}
	}
	if err := r.hunks(f); err != nil {
		return err
	}
	if !r.skipRest && !f.a.finish() {
		r.say("Skipping patch.\n")
		r.skipRest = true
	}
	if err := r.output(f); err != nil {
		return err
	}
	r.rejects(f)
	f.res.Reversed = r.reverse != r.o.Reverse
	r.res.Files = append(r.res.Files, f.res)
	return nil
}

// checkType refuses a patch whose modes change the file type.
func (r *run) checkType(f *fileRun) {
	if r.skipRest || f.fc.fileType != 0 {
		return
	}
	h := f.fc.h
	rev := b2i(r.reverse)
	r.say("File %s: can't change file type from %#o to %#o.\n", quoteName(f.fc.inname),
		h.mode[rev]&modeTypes, h.mode[1-rev]&modeTypes)
	r.skipRest, r.failed = true, true
}

// outName is the file the output goes to.
func (r *run) outName(fc *fileCtx) string {
	switch {
	case r.skipRest:
		return ""
	case r.o.OutFile != "":
		return r.o.OutFile
	case fc.h.isCopy() || fc.h.isRename():
		return fc.h.names[1-b2i(r.reverse)]
	}
	return fc.inname
}

// getInput checks the file to patch: a missing one is empty, but it must
// be a regular file (or a symlink, for symlink patches).
func (r *run) getInput(fc *fileCtx) bool {
	if !fc.statDone {
		fc.info, fc.err = r.lstat(fc.inname)
		fc.statDone = true
	}
	if fc.err != nil {
		return true
	}
	if (fc.fileType == modeRegular || fc.fileType == modeSymlink) && typeOf(fc.info) == fc.fileType {
		return true
	}
	kind := "regular file"
	if fc.fileType == modeSymlink {
		kind = "symbolic link"
	}
	r.say("File %s is not a %s -- refusing to patch\n", quoteName(fc.inname), kind)
	return false
}

// startFile reads the file and says "patching file".
func (r *run) startFile(f *fileRun) error {
	data, err := r.readInput(f.fc)
	if err != nil {
		return fatalf("Can't open file %s : %s", quoteName(f.fc.inname), errText(err))
	}
	f.a = newApplier(data, r.o.IgnoreWhitespace, r.say)
	defer r.verbose("Using Plan A...\n")
	f.res.Name = f.outname
	if f.fc.inname != f.outname {
		f.res.OldName = f.fc.inname
	}
	if r.o.Silent {
		return nil
	}
	verb := "patching"
	if r.o.DryRun {
		verb = "checking"
	}
	kind := "file"
	if f.fc.fileType == modeSymlink {
		kind = "symbolic link"
	}
	renamed := f.fc.inname != f.outname
	skipRename := !renamed && f.fc.h.isRename()
	if !renamed && !skipRename {
		r.say("%s %s %s\n", verb, kind, quoteName(f.outname))
		return nil
	}
	how := "read"
	switch {
	case f.fc.h.isCopy():
		how = "copied"
	case f.fc.h.isRename():
		how = "renamed"
	}
	already, from := "", f.fc.inname
	if skipRename {
		already = "already "
		from = f.fc.h.names[nameNew]
		if f.fc.inname != f.fc.h.names[nameOld] {
			from = f.fc.h.names[nameOld]
		}
	}
	r.say("%s %s %s (%s%s from %s)\n", verb, kind, quoteName(f.outname), already, how, from)
	return nil
}

// readInput returns the content of the file to patch ("" when missing).
func (r *run) readInput(fc *fileCtx) ([]byte, error) {
	if fc.err != nil || fc.info == nil || fc.info.Size() == 0 && fc.fileType == modeRegular {
		return nil, nil
	}
	if fc.fileType == modeSymlink {
		t, err := r.fs.ReadlinkIfPossible(r.abs(fc.inname))
		return []byte(t), err
	}
	in, err := r.fs.Open(r.abs(fc.inname))
	if err != nil {
		return nil, err
	}
	defer in.Close()
	buf := bytes.NewBuffer(make([]byte, 0, fc.info.Size()+512))
	_, err = buf.ReadFrom(in)
	return buf.Bytes(), err
}

// errText is the cause of err as GNU words it.
func errText(err error) string { return vfs.Text(err) }

var _ = fmt.Sprint
