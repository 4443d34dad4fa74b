package builtins

// patch - apply a diff file to an original
//
//	patch [OPTION]... [ORIGFILE [PATCHFILE]]
//
// Options: -p N (--strip), -i FILE (--input), -R (--reverse), -N
// (--forward), --dry-run, -d DIR (--directory), -o FILE (--output), -r
// FILE (--reject-file), -F N (--fuzz), -l (--ignore-whitespace), -b
// (--backup), -z SUFFIX (--suffix), --backup-if-mismatch,
// --no-backup-if-mismatch, -E (--remove-empty-files), -s (--quiet,
// --silent), --verbose, -f (--force), -t (--batch), -c, -n, -u (the
// patch format), --posix, --binary, --reject-format, --read-only.
// Unified, context and normal diffs, git diffs (new and deleted files,
// renames, copies, modes) and git binary patches. Questions get GNU's
// default answers, as when there is no terminal.
//
// Differences from GNU: git binary patches are applied (GNU 2.7.6 refuses
// them); ed scripts (-e), -D, -B, -Y, -V, -g, -T, -Z and --quoting-style
// are not implemented; every file must lie in the workspace.

import (
	"fmt"
	"os"
	"path"
	"strconv"
	"syscall"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/patch"
)

// patchArgs is the command line of patch.
type patchArgs struct {
	o       patch.ApplyOptions
	input   string
	dir     string
	numErrs []string
}

func patchFlags(p *Proc, a *patchArgs) *opt.Parser {
	f := p.newOpts(2)
	f.NoTry = true
	o := &a.o
	num := func(what string, dst *int, given *bool) func(string, string) error {
		return func(_, v string) error {
			n, err := strconv.Atoi(v)
			switch {
			case err != nil:
				a.numErrs = append(a.numErrs, fmt.Sprintf("%s %s is not a number", what, quotePatch(v)))
			case n < 0:
				a.numErrs = append(a.numErrs, fmt.Sprintf("%s %s is negative", what, quotePatch(v)))
			default:
				*dst, *given = n, true
			}
			return nil
		}
	}
	f.Add(opt.Option{Short: 'p', Long: "strip", Arg: opt.Required, Do: num("strip count", &o.Strip, &o.StripGiven)},
		opt.Option{Short: 'F', Long: "fuzz", Arg: opt.Required, Do: num("fuzz factor", &o.Fuzz, &o.FuzzGiven)},
		opt.Option{Short: 'c', Long: "context", Do: func(string, string) error { o.Format = "context"; return nil }},
		opt.Option{Short: 'n', Long: "normal", Do: func(string, string) error { o.Format = "normal"; return nil }},
		opt.Option{Short: 'u', Long: "unified", Do: func(string, string) error { o.Format = "unified"; return nil }},
		opt.Option{Short: 's', Long: "quiet", Do: func(string, string) error { o.Silent, o.Verbose = true, false; return nil }},
		opt.Option{Long: "silent", Do: func(string, string) error { o.Silent, o.Verbose = true, false; return nil }},
		opt.Option{Long: "verbose", Do: func(string, string) error { o.Verbose, o.Silent = true, false; return nil }},
		opt.Option{Long: "backup-if-mismatch", Do: func(string, string) error { o.NoBackupIfMismatch = false; return nil }},
		opt.Option{Long: "no-backup-if-mismatch", Do: func(string, string) error { o.NoBackupIfMismatch = true; return nil }},
		opt.Option{Long: "reject-format", Arg: opt.Required, Do: func(_, v string) error {
			if v != "context" && v != "unified" {
				return fatalError{""}
			}
			return nil
		}},
		opt.Option{Long: "read-only", Arg: opt.Required, Do: func(_, v string) error {
			if v != "ignore" && v != "warn" && v != "fail" {
				return fatalError{""}
			}
			return nil
		}})
	f.String('i', "input", &a.input)
	f.String('d', "directory", &a.dir)
	f.String('o', "output", &o.OutFile)
	f.String('r', "reject-file", &o.RejectFile)
	f.String('z', "suffix", &o.Suffix)
	f.Flag('R', "reverse", &o.Reverse)
	f.Flag('N', "forward", &o.Forward)
	f.Flag('f', "force", &o.Force)
	f.Flag('t', "batch", &o.Batch)
	f.Flag('l', "ignore-whitespace", &o.IgnoreWhitespace)
	f.Flag('b', "backup", &o.Backup)
	f.Flag('E', "remove-empty-files", &o.RemoveEmpty)
	f.Flag(0, "dry-run", &o.DryRun)
	f.Flag(0, "posix", &o.Posix)
	f.Flag(0, "binary", &o.Binary)
	f.Unsupported("eDBYVgTZx", "ed", "ifdef", "prefix", "basename-prefix", "version-control", "get",
		"set-time", "set-utc", "debug", "quoting-style", "merge", "follow-symlinks")
	addToolInfo(f, "patch", 'v')
	return f
}

func patchCmd(p *Proc) int {
	a := &patchArgs{}
	args, err := patchFlags(p, a).Parse(p.Args[1:])
	if err == nil && len(args) > 2 {
		err = fmt.Errorf("%s: extra operand", quotePatch(args[2]))
	}
	if err != nil {
		return p.patchUsage(err)
	}
	if len(a.numErrs) > 0 {
		return p.patchFatal(a.numErrs[0])
	}
	if len(args) > 0 {
		a.o.Target = args[0]
	}
	if len(args) > 1 {
		a.input = args[1]
	}
	return p.runPatch(a)
}

// patchUsage reports a bad command line.
func (p *Proc) patchUsage(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if fe, ok := err.(fatalError); ok && fe.msg == "" {
		fmt.Fprintf(p.Stderr, "%s: Try '%s --help' for more information.\n", p.Name(), p.Name())
		return 2
	}
	return p.diffUsage(err)
}

// patchFatal prints GNU patch's "patch: **** message" and returns 2.
func (p *Proc) patchFatal(msg string) int {
	p.Flush()
	fmt.Fprintf(p.Stderr, "%s: **** %s\n", p.Name(), msg)
	return 2
}

// quotePatch quotes a name as GNU patch's messages do.
func quotePatch(s string) string { return quote.Shell(s) }

// runPatch reads the patch and applies it in the working directory.
func (p *Proc) runPatch(a *patchArgs) int {
	dir := p.Dir
	if a.dir != "" {
		dir = p.Abs(a.dir)
		fi, err := p.Stat(a.dir)
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		if err != nil {
			return p.patchFatal(fmt.Sprintf("Can't change to directory %s : %s", quotePatch(a.dir), ErrText(err)))
		}
	}
	text, err := p.readPatch(a.input)
	if err == errIsDir {
		return p.patchFatal("read error : Is a directory")
	}
	if err != nil {
		return p.patchFatal(fmt.Sprintf("Can't open patch file %s : %s", quotePatch(a.input), ErrText(err)))
	}
	o := a.o
	o.Dir, o.Loc, o.Out, o.Stdout, o.Err = dir, p.Loc(), p.Stdout, p.Stdout, p.Stderr
	if o.OutFile == "-" {
		o.Out = p.Stderr
	} else if out := o.OutFile; out != "" {
		if !path.IsAbs(out) {
			out = path.Join(dir, out)
		}
		if _, dev := p.devStat(out); dev {
			d, err := p.OpenFile(out, os.O_WRONLY, 0)
			if err != nil {
				return p.patchFatal(fmt.Sprintf("Can't create file %s : %s", quotePatch(o.OutFile), ErrText(err)))
			}
			defer d.Close()
			o.OutDevice = d
		}
	}
	res := patch.ApplyPatch(p.Ctx, p.FS, text, o)
	if res.Err != nil {
		return p.patchFatal(res.Err.Error())
	}
	return res.Status
}

// readPatch reads the patch from FILE, or standard input for "" and "-".
func (p *Proc) readPatch(name string) ([]byte, error) {
	if name == "" || name == "-" {
		return p.readHeld(p.Stdin, 0)
	}
	f, err := p.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		return nil, errIsDir
	}
	return p.readHeld(f, regularSize(fi))
}
