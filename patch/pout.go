package patch

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// output puts the patched file in place (or deletes it), with backups,
// as GNU patch does at the end of each file patch.
func (r *run) output(f *fileRun) error {
	if r.skipRest {
		f.res.Skipped = true
		return nil
	}
	if r.o.OutFile != "" {
		r.appendOut(f.a.out.Bytes())
		return nil
	}
	h := f.fc.h
	rev := b2i(r.reverse)
	backup := r.o.Backup || !r.o.NoBackupIfMismatch && (f.mismatch || f.failed > 0)
	deletes := h.nonexistent[1-rev] == 2 && !r.o.Posix
	if f.a.zeroOutput && (r.o.RemoveEmpty || deletes || f.fc.fileType == modeSymlink) {
		f.res.Deleted = true
		if r.o.DryRun {
			return nil
		}
		return r.remove(f, f.outname, backup)
	}
	if !f.a.zeroOutput && h.nonexistent[1-rev] == 2 && (r.o.RemoveEmpty || !r.o.Posix) {
		f.mismatch, r.failed = true, true
		if !r.o.Silent {
			r.say("Not deleting file %s as content differs from patch\n", quoteName(f.outname))
		}
	}
	if r.o.DryRun {
		return nil
	}
	oldMode, newMode := h.mode[rev], h.mode[1-rev]
	setMode := newMode != 0 && oldMode != newMode
	switch {
	case f.failed < f.hunks || setMode || h.isCopy() || h.isRename():
		return r.replace(f, backup, setMode, newMode)
	case backup:
		return r.backupCopy(f)
	}
	return nil
}

// replace writes the new content of the file (atomically: a temporary
// file in the same directory, then a rename).
func (r *run) replace(f *fileRun, backup, setMode bool, newMode uint32) error {
	f.res.Created = f.fc.err != nil
	perm := newFilePerm
	if f.fc.info != nil && f.fc.err == nil {
		perm = f.fc.info.Mode().Perm()
	}
	if setMode {
		perm = os.FileMode(newMode & 0o777)
	}
	dst := r.abs(f.outname)
	if err := r.writeFile(dst, f.a.out.Bytes(), perm, f.fc.fileType == modeSymlink, backup, f); err != nil {
		return err
	}
	if f.fc.h.isRename() && f.fc.inname != f.outname {
		return r.remove(f, f.fc.inname, backup)
	}
	return nil
}

// writeFile puts data at dst, first moving any old file to its backup.
func (r *run) writeFile(dst string, data []byte, perm os.FileMode, symlink, backup bool, f *fileRun) error {
	if err := r.fs.MkdirAll(path.Dir(dst), 0o777); err != nil {
		return fatalf("Can't create directory %s : %s", quoteName(path.Dir(dst)), errText(err))
	}
	tmp, err := r.temp(dst, data, perm, symlink)
	if err != nil {
		return err
	}
	if backup {
		if err := r.makeBackup(dst, f); err != nil {
			r.fs.Remove(tmp)
			return err
		}
	}
	if err := r.fs.Rename(tmp, dst); err != nil {
		r.fs.Remove(tmp)
		return fatalf("Can't rename file %s to %s : %s", quoteName(tmp), quoteName(dst), errText(err))
	}
	if _, ok := r.created[dst]; !ok && f.fc.err != nil {
		r.created[dst] = true
	}
	delete(r.deleted, dst)
	return nil
}

// newFilePerm asks for a file created with the default permissions
// (0666 less the umask) rather than given ones.
const newFilePerm = os.FileMode(0o1666)

// temp writes data to a new temporary file beside dst.
func (r *run) temp(dst string, data []byte, perm os.FileMode, symlink bool) (string, error) {
	if symlink {
		b := make([]byte, 6)
		rand.Read(b)
		tmp := path.Join(path.Dir(dst), ".patch"+hex.EncodeToString(b))
		if err := r.fs.SymlinkIfPossible(string(data), tmp); err != nil {
			return "", fatalf("Can't create symbolic link %s : %s", quoteName(dst), errText(err))
		}
		return tmp, nil
	}
	w, tmp, err := r.fs.CreateTemp(path.Dir(dst), ".patch", perm&0o777)
	if err != nil {
		return "", fatalf("Can't create temporary file %s : %s", quoteName(dst), errText(err))
	}
	_, err = w.Write(data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && perm != newFilePerm {
		err = r.fs.Chmod(tmp, perm)
	}
	if err != nil {
		r.fs.Remove(tmp)
		return "", fatalf("write error on %s : %s", quoteName(dst), errText(err))
	}
	return tmp, nil
}

// makeBackup moves dst to its backup name (once per file and run); when
// dst does not exist, an empty backup says so.
func (r *run) makeBackup(dst string, f *fileRun) error {
	if r.backedUp[dst] || r.created[dst] {
		return nil
	}
	r.backedUp[dst] = true
	bak := dst + r.o.Suffix
	f.res.Backup = bak
	if _, err := r.fs.Lstat(dst); err != nil {
		w, err := r.fs.OpenFile(bak, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			return fatalf("Can't create file %s : %s", quoteName(bak), errText(err))
		}
		return w.Close()
	}
	if err := r.fs.Rename(dst, bak); err != nil {
		return fatalf("Can't rename file %s to %s : %s", quoteName(dst), quoteName(bak), errText(err))
	}
	return nil
}

// backupCopy backs up a file that stays as it is (every hunk failed).
func (r *run) backupCopy(f *fileRun) error {
	dst := r.abs(f.outname)
	if r.backedUp[dst] || r.created[dst] {
		return nil
	}
	fi, err := r.fs.Lstat(dst)
	if err != nil {
		r.say("Cannot stat file %s, skipping backup\n", quoteName(f.outname))
		return nil
	}
	r.backedUp[dst] = true
	bak := dst + r.o.Suffix
	f.res.Backup = bak
	data, err := readAll(r.fs.Open(dst))
	if err != nil {
		return fatalf("Can't open file %s : %s", quoteName(f.outname), errText(err))
	}
	tmp, err := r.temp(bak, data, fi.Mode().Perm(), false)
	if err != nil {
		return err
	}
	return r.fs.Rename(tmp, bak)
}

func readAll(f io.ReadCloser, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// remove deletes a file (moving it to its backup when asked) and then
// the directories above it that are left empty.
func (r *run) remove(f *fileRun, name string, backup bool) error {
	dst := r.abs(name)
	if f.fc.h.git {
		// GNU deletes the files of git patches at the end.
		r.deleted[dst] = true
		r.pending = append(r.pending, pendingDelete{f, name, backup, false})
		return nil
	}
	// Other files go at once, but GNU's --verbose names them at the end.
	r.pending = append(r.pending, pendingDelete{f, name, backup, true})
	return r.removeNow(f, name, backup)
}

// pendingDelete is a deletion GNU makes once all patches are applied.
type pendingDelete struct {
	f      *fileRun
	name   string
	backup bool
	done   bool // already removed: only the message is left
}

func (r *run) removeNow(f *fileRun, name string, backup bool) error {
	dst := r.abs(name)
	if backup {
		if err := r.makeBackup(dst, f); err != nil {
			return err
		}
	}
	if err := r.fs.Remove(dst); err != nil && !isNotExist(err) {
		return fatalf("Can't remove file %s : %s", quoteName(name), errText(err))
	}
	r.deleted[dst] = true
	r.removeDirs(name)
	return nil
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// removeDirs removes the empty directories of name's prefix, deepest
// first, stopping at "." and ".." components.
func (r *run) removeDirs(name string) {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '/' || name[i-1] == '/' {
			continue
		}
		prefix := name[:i]
		last := lastComponent(prefix)
		if last == "." || last == ".." {
			continue
		}
		if r.emptyDir(r.abs(prefix)) && r.fs.Remove(r.abs(prefix)) == nil && r.o.Verbose {
			r.say("Removed empty directory %s\n", quoteName(prefix))
		}
	}
}

func (r *run) emptyDir(dir string) bool {
	ents, err := r.fs.ReadDir(dir)
	return err == nil && len(ents) == 0 && strings.HasPrefix(dir, r.fs.Root())
}

// appendOut adds a file's output to the -o file.
func (r *run) appendOut(data []byte) {
	if r.outBuf != nil {
		r.outBuf.Write(data)
	} else if r.o.Stdout != nil {
		r.o.Stdout.Write(data)
	}
}

// rejects reports failed hunks and saves them.
func (r *run) rejects(f *fileRun) {
	if f.failed == 0 || f.noRej {
		return
	}
	r.failed = true
	what := "FAILED"
	if r.skipRest {
		what = "ignored"
	}
	r.say("%d out of %d hunk%s %s", f.failed, f.hunks, plural(f.hunks), what)
	if f.outname == "" || r.o.RejectFile == "-" {
		r.say("\n")
		return
	}
	rej := r.o.RejectFile
	if rej == "" {
		rej = f.outname + ".rej"
	}
	if r.o.DryRun {
		r.say("\n")
		return
	}
	r.say(" -- saving rejects to file %s\n", quoteName(rej))
	f.res.Rejects = rej
	if r.rejBuf != nil {
		r.rejBuf.Write(f.rej.Bytes())
		return
	}
	if err := r.saveReject(r.abs(rej), f.rej.Bytes()); err != nil {
		r.fatal(err)
	}
}

// saveReject writes a reject file, appending when this run made it.
func (r *run) saveReject(dst string, data []byte) error {
	if r.created[dst] {
		old, err := readAll(r.fs.Open(dst))
		if err == nil {
			data = append(old, data...)
		}
	}
	tmp, err := r.temp(dst, data, newFilePerm, false)
	if err != nil {
		return err
	}
	if err := r.fs.Rename(tmp, dst); err != nil {
		r.fs.Remove(tmp)
		return fatalf("Can't create file %s : %s", quoteName(dst), errText(err))
	}
	r.created[dst] = true
	return nil
}

// finishOutputs makes the deletions left for the end and writes the -o
// and -r files.
func (r *run) finishOutputs() {
	if r.o.DryRun {
		return
	}
	if r.res.Status != 2 {
		for _, d := range r.pending {
			r.verbose("Removing file %s\n", quoteName(d.name))
			if d.done {
				continue
			}
			if err := r.removeNow(d.f, d.name, d.backup); err != nil {
				r.fatal(err)
				break
			}
		}
	}
	if r.outBuf != nil && r.o.OutDevice != nil {
		if _, err := r.o.OutDevice.Write(r.outBuf.Bytes()); err != nil {
			r.fatal(fatalf("write error : %s", errText(err)))
		}
	} else if r.outBuf != nil {
		dst := r.abs(r.o.OutFile)
		tmp, err := r.temp(dst, r.outBuf.Bytes(), 0o600, false)
		if err == nil {
			err = r.fs.Rename(tmp, dst)
		}
		if err != nil {
			r.fatal(err)
		}
	}
	if r.rejBuf != nil && r.rejBuf.Len() > 0 {
		if err := r.saveReject(r.abs(r.o.RejectFile), r.rejBuf.Bytes()); err != nil {
			r.fatal(err)
		}
	}
}

var _ = bytes.Equal
