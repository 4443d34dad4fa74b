package builtins

// mktemp - create a temporary file or directory
//
//	mktemp [OPTION]... [TEMPLATE]
//
// Options: -d (--directory), -u (--dry-run), -q (--quiet),
// --suffix=SUFF, -p DIR (--tmpdir[=DIR]), -t. The template's trailing
// run of at least three X's is replaced with random letters and digits;
// the default template is tmp.XXXXXXXXXX in $TMPDIR, else /tmp. /tmp lies
// outside the workspace, so without -p or a TMPDIR inside the workspace
// mktemp fails with "outside the workspace".

import (
	"crypto/rand"
	"fmt"
	"os"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type mktempOpts struct {
	dir, dryRun, quiet, useDir, tflag bool
	suffix, destDir                   string
	hasSuffix                         bool
}

func mktemp(p *Proc) int {
	var o mktempOpts
	flags := p.newOpts(1)
	flags.Flag('d', "directory", &o.dir)
	flags.Flag('u', "dry-run", &o.dryRun)
	flags.Flag('q', "quiet", &o.quiet)
	flags.Value(0, "suffix", func(_, v string) error { o.suffix, o.hasSuffix = v, true; return nil })
	flags.Value('p', "", func(_, v string) error { o.destDir, o.useDir = v, true; return nil })
	flags.Add(optionalValue("tmpdir", func(_, v string) error { o.destDir, o.useDir = v, true; return nil }))
	flags.Func('t', "", func() { o.useDir, o.tflag = true, true })
	addToolInfo(flags, "mktemp")
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if len(args) >= 2 {
		return p.usageErr("too many templates")
	}
	template := "tmp.XXXXXXXXXX"
	if len(args) == 0 {
		o.useDir = true
	} else {
		template = args[0]
	}
	template, nx, slen, code := o.template(p, template)
	if code != 0 {
		return code
	}
	name, err := p.makeTemp(template, nx, slen, &o)
	if err != nil {
		if !o.quiet {
			what := "file"
			if o.dir {
				what = "directory"
			}
			p.Errorf("failed to create %s via template %s: %s", what, quote.Locale(template), ErrText(err))
		}
		return 1
	}
	fmt.Fprintln(p.Stdout, name)
	return 0
}

// template checks the template and places it in its directory; it
// returns the full template, the number of X's and the suffix length.
func (o *mktempOpts) template(p *Proc, t string) (string, int, int, int) {
	var suffix string
	if o.hasSuffix {
		if !strings.HasSuffix(t, "X") {
			p.Errorf("with --suffix, template %s must end in X", quote.Locale(t))
			return "", 0, 0, 1
		}
		t, suffix = t+o.suffix, o.suffix
	} else if i := strings.LastIndexByte(t, 'X'); i >= 0 {
		suffix = t[i+1:]
	}
	if strings.Contains(suffix, "/") {
		p.Errorf("invalid suffix %s, contains directory separator", quote.Locale(suffix))
		return "", 0, 0, 1
	}
	body := t[:len(t)-len(suffix)]
	nx := len(body) - len(strings.TrimRight(body, "X"))
	if nx < 3 {
		p.Errorf("too few X's in template %s", quote.Locale(t))
		return "", 0, 0, 1
	}
	if !o.useDir {
		return t, nx, len(suffix), 0
	}
	dir, code := o.tempDir(p, t)
	if code != 0 {
		return "", 0, 0, code
	}
	return concatName(dir, t), nx, len(suffix), 0
}

// tempDir picks the directory for -p, --tmpdir and -t.
func (o *mktempOpts) tempDir(p *Proc, t string) (string, int) {
	env := p.Getenv("TMPDIR")
	if o.tflag {
		if strings.Contains(t, "/") {
			p.Errorf("invalid template, %s, contains directory separator", quote.Locale(t))
			return "", 1
		}
		switch {
		case env != "":
			return env, 0
		case o.destDir != "":
			return o.destDir, 0
		}
		return "/tmp", 0
	}
	if strings.HasPrefix(t, "/") {
		p.Errorf("invalid template, %s; with --tmpdir, it may not be absolute", quote.Locale(t))
		return "", 1
	}
	switch {
	case o.destDir != "":
		return o.destDir, 0
	case env != "":
		return env, 0
	}
	return "/tmp", 0
}

const tempChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// makeTemp tries random names until one can be created.
func (p *Proc) makeTemp(template string, nx, slen int, o *mktempOpts) (string, error) {
	end := len(template) - slen
	var err error
	for try := 0; try < 100; try++ {
		name := template[:end-nx] + randomChars(nx) + template[end:]
		switch {
		case o.dryRun:
			_, err = p.Lstat(name)
			if err == nil {
				err = errExist
			} else if isNotExist(err) {
				return name, nil
			}
		case o.dir:
			if err = p.FS.Mkdir(p.Abs(name), 0o700); err == nil {
				err = p.FS.Chmod(p.Abs(name), 0o700)
			}
		default:
			var f File
			if f, err = p.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
				f.Close()
				err = p.FS.Chmod(p.Abs(name), 0o600)
			}
		}
		if err == nil {
			return name, nil
		}
		if errnoOf(err) != errExist {
			return "", err
		}
	}
	return "", err
}

func randomChars(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = tempChars[int(b[i])%len(tempChars)]
	}
	return string(b)
}
