package edit

import (
	"io"
	"io/fs"
	"path"
	"strings"
)

// inPlaceFile is the file being edited with -i: its output goes to a
// temporary file in the same directory, which replaces it by a rename
// when the file is done. The original is never written to; if sed stops
// early with an error, the temporary file is removed and the original is
// left as it was.
type inPlaceFile struct {
	target string // the file to replace
	tmp    string // the temporary file's name
	file   io.WriteCloser
	mode   fs.FileMode
}

// startInPlace checks the opened input file and sends the output to a new
// temporary file beside it.
func (m *machine) startInPlace(target string) {
	fi, err := m.env.Files.Stat(target)
	if err != nil {
		m.die(fatalf("couldn't edit %s: %s", target, errText(err)))
	}
	if !fi.Mode().IsRegular() {
		m.die(fatalf("couldn't edit %s: not a regular file", target))
	}
	dir := path.Dir(target)
	w, tmp, err := m.env.Files.CreateTemp(dir, "sed")
	if err != nil {
		if tmp == "" { // GNU names the file it tried; a Files that does not say gets the template
			tmp = path.Join(dir, "sedXXXXXX")
		}
		m.die(fatalf("couldn't open temporary file %s: %s", tmp, errText(err)))
	}
	m.inPlace = &inPlaceFile{target: target, tmp: tmp, file: w, mode: fi.Mode()}
	m.out = &output{w: newWriter(w)}
}

// finishInPlace replaces the edited file with the temporary one, after
// renaming the original to its backup name when a suffix was given.
func (m *machine) finishInPlace() {
	ip := m.inPlace
	m.out.flush()
	err := m.out.err
	if cerr := ip.file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		m.die(fatalf("couldn't write to %s: %s", ip.tmp, errText(err)))
	}
	files := m.env.Files
	files.Chmod(ip.tmp, ip.mode&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))
	if m.env.Suffix != "" {
		backup := backupName(ip.target, m.env.Suffix)
		if err := files.Rename(ip.target, backup); err != nil {
			m.die(fatalf("cannot rename %s: %s", ip.target, errText(err)))
		}
	}
	if err := files.Rename(ip.tmp, ip.target); err != nil {
		m.die(fatalf("cannot rename %s: %s", ip.tmp, errText(err)))
	}
	m.inPlace = nil
	m.out = m.stdout
}

// cancelInPlace drops the temporary file of an edit that did not finish.
func (m *machine) cancelInPlace() {
	if ip := m.inPlace; ip != nil {
		ip.file.Close()
		m.env.Files.Remove(ip.tmp)
		m.inPlace = nil
		m.out = m.stdout
	}
}

// backupName is GNU's backup name: each * in suffix stands for the file
// name; a suffix without * is appended.
func backupName(name, suffix string) string {
	if !strings.Contains(suffix, "*") {
		return name + suffix
	}
	return strings.ReplaceAll(suffix, "*", name)
}

// followLinks resolves name through its chain of symlinks
// (--follow-symlinks), relative targets against the link's directory.
func (m *machine) followLinks(name string) string {
	for i := 0; i < 40; i++ {
		fi, err := m.env.Files.Lstat(name)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return name
		}
		t, err := m.env.Files.Readlink(name)
		if err != nil {
			m.die(fatalf("couldn't readlink %s: %s", name, errText(err)))
		}
		if i := strings.LastIndexByte(name, '/'); i >= 0 && !path.IsAbs(t) {
			t = name[:i+1] + t // GNU does not clean the result: d/../f
		}
		name = t
	}
	return name
}
