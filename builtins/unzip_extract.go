package builtins

// unzip's writing side, once the guard has passed every member.

import (
	"archive/zip"
	"io/fs"
	"path"
	"strings"
)

func (u *unzipRun) extractOne(f *zip.File, dir string) {
	p := u.p
	rel := u.dest(f)
	name := path.Join(dir, rel)
	shown := rel
	if dir != "." {
		shown = strings.TrimSuffix(dir, "/") + "/" + rel
	}
	switch {
	case strings.HasSuffix(f.Name, "/"):
		if u.o.junk {
			return
		}
		if _, err := p.Lstat(name); err == nil {
			return
		}
		if err := p.FS.MkdirAll(p.Abs(name), 0o755); err != nil {
			u.memberErr(f, err)
			return
		}
		u.say("   creating: %s\n", shown)
		return
	}
	if err := p.FS.MkdirAll(p.Abs(path.Dir(name)), 0o755); err != nil {
		u.memberErr(f, err)
		return
	}
	if _, err := p.Lstat(name); err == nil && !u.o.overwrite {
		return // -n, or no terminal to ask
	}
	if f.Mode()&fs.ModeSymlink != 0 {
		u.linkOne(f, name, shown)
		return
	}
	verb := "  inflating: "
	if f.Method == zip.Store {
		verb = " extracting: "
	}
	u.say("%s%-22s  \n", verb, shown)
	u.writeFile(f, name)
}

func (u *unzipRun) say(format string, args ...any) {
	if !u.o.quiet {
		u.p.printf(format, args...)
	}
}

func (u *unzipRun) linkOne(f *zip.File, name, shown string) {
	p := u.p
	target, err := u.readAll(f, 4096)
	if err != nil {
		u.memberErr(f, err)
		return
	}
	u.say("    linking: %-22s -> %s \n", shown, target)
	p.FS.Remove(p.Abs(name))
	if err := p.FS.SymlinkIfPossible(target, p.Abs(name)); err != nil {
		u.memberErr(f, err)
	}
}

// writeFile writes a member through a temporary file renamed over name.
func (u *unzipRun) writeFile(f *zip.File, name string) {
	p := u.p
	abs := p.Abs(name)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), "."+path.Base(abs)+".", 0o600)
	if err != nil {
		u.memberErr(f, err)
		return
	}
	err = u.copyMember(out, f)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		perm := f.Mode().Perm()
		if perm == 0 {
			perm = 0o666 &^ p.Sys.Umask()
		}
		p.FS.Chmod(tmp, perm)
		p.FS.Chtimes(tmp, f.Modified, f.Modified)
		err = p.FS.Rename(tmp, abs)
	}
	if err != nil {
		p.FS.Remove(tmp)
		if we, ok := err.(writeErr); ok {
			err = we.error
		}
		u.memberErr(f, err)
	}
}
