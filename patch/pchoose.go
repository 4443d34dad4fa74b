package patch

import (
	"io/fs"
	"path"
)

// fileCtx is one file patch being applied.
type fileCtx struct {
	h        *header
	inname   string      // the file to patch; "" when none was found
	statDone bool        // info and err are known
	info     fs.FileInfo // nil when the file does not exist
	err      error
	fileType uint32 // modeRegular or modeSymlink; 0 when the modes disagree
	invalid  []string
}

// next finds the next file patch and the file it applies to, with GNU's
// messages; more is false at the end.
func (r *run) next() (*fileCtx, bool, error) {
	s := r.rd.s
	r.skipRest, r.reverse = false, r.o.Reverse
	if s.pos != 0 && s.atEnd() {
		r.verbose("done\n")
		return nil, false, nil
	}
	r.verbose("Hmm...")
	needHeader := r.o.Target == "" && !r.o.Posix
	h, err := r.rd.intuit(needHeader)
	if err != nil {
		return nil, false, err
	}
	if h.typ == noDiff {
		return nil, false, r.noPatch(h)
	}
	if r.o.Binary {
		h.stripCR = false
	}
	s.indent, s.rfc934, s.stripCR = h.indent, h.rfc934, h.stripCR
	fc := &fileCtx{h: h, fileType: fileTypeOf(h)}
	r.choose(fc)
	if r.skipRest {
		s.seek(h.start)
		return fc, true, nil
	}
	r.announce(fc)
	return fc, true, nil
}

func (r *run) verbose(format string, args ...any) {
	if r.o.Verbose {
		r.say(format, args...)
	}
}

// noPatch handles the end of the input: trailing garbage is fine, but a
// patch with nothing else is not.
func (r *run) noPatch(h *header) error {
	if h.base.pos != 0 {
		r.verbose("  Ignoring the trailing garbage.\ndone\n")
		return nil
	}
	r.verbose("  I can't seem to find a patch in there anywhere.\n")
	if r.textLen > 0 {
		return fatalf("Only garbage was found in the patch input.")
	}
	return nil
}

var typeNames = map[diffType]string{uniDiff: "a unified diff", contextDiff: "a context diff",
	newContextDiff: "a new-style context diff", normalDiff: "a normal diff",
	gitBinaryDiff: "a git binary diff", edDiff: "an ed script"}

// announce prints what was found and, when no file was, asks for one the
// way GNU does without a terminal (the default answers).
func (r *run) announce(fc *fileCtx) {
	h := fc.h
	lead := "L"
	if h.base.pos != 0 {
		lead = "The next patch l"
	}
	r.verbose("  %sooks like %s to me...\n", lead, typeNames[h.typ])
	if !r.o.Silent {
		if h.indent > 0 {
			r.say("(Patch is indented %d space%s.)\n", h.indent, plural(h.indent))
		}
		if h.stripCR {
			r.say("(Stripping trailing CRs from patch; use --binary to disable.)\n")
		}
		if fc.inname == "" {
			r.say("can't find file to patch at input line %d\n", h.start.line+1)
			if h.typ != edDiff && h.typ != normalDiff {
				if r.o.Strip < 0 {
					r.say("Perhaps you should have used the -p or --strip option?\n")
				} else {
					r.say("Perhaps you used the wrong -p or --strip option?\n")
				}
			}
		}
	}
	r.leadingText(fc)
	if fc.inname == "" {
		r.noFile()
	}
}

// leadingText shows the lines before the patch, as GNU's skip_to does.
func (r *run) leadingText(fc *fileCtx) {
	h, s := fc.h, r.rd.s
	if (r.o.Verbose || fc.inname == "") && h.base.pos < h.start.pos {
		r.say("The text leading up to this was:\n--------------------------\n")
		for _, l := range s.lines[h.base.pos:h.start.pos] {
			r.say("|%s", l)
			if l[len(l)-1] != '\n' {
				r.say("\n")
			}
		}
		r.say("--------------------------\n")
	}
	s.seek(h.start)
}

// noFile skips a patch whose file is missing.
func (r *run) noFile() {
	r.skipRest = true
	if r.o.Force || r.o.Batch {
		r.say("No file to patch.  Skipping patch.\n")
		return
	}
	r.say("File to patch: \n")
	r.say("Skip this patch? [y] \n")
	if !r.o.Silent {
		r.say("Skipping patch.\n")
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// fileTypeOf is the file type the patch's modes say.
func fileTypeOf(h *header) uint32 {
	t := h.mode[nameOld] & modeTypes
	if t != 0 {
		if n := h.mode[nameNew] & modeTypes; n != 0 && n != t {
			return 0
		}
		return t
	}
	if t = h.mode[nameNew] & modeTypes; t != 0 {
		return t
	}
	return modeRegular
}

// abs turns a name from the patch into a workspace path.
func (r *run) abs(name string) string {
	if path.IsAbs(name) {
		return path.Clean(name)
	}
	return path.Join(r.o.Dir, name)
}

// lstat looks a name up without following a final symlink; files this
// run deleted do not exist.
func (r *run) lstat(name string) (fs.FileInfo, error) {
	if r.deleted[r.abs(name)] {
		return nil, fs.ErrNotExist
	}
	return r.fs.Lstat(r.abs(name))
}

// typeOf is the git file type of fi.
func typeOf(fi fs.FileInfo) uint32 {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return modeSymlink
	case fi.Mode().IsRegular():
		return modeRegular
	}
	return 0o040000
}
