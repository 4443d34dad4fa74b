package builtins

// Replacing an existing destination file whole: the data goes to a
// temporary file beside it, which is renamed over it once complete, so
// that a copy stopped halfway (the process killed) leaves the old file,
// never a truncated one.

import (
	"io/fs"
	"os"
	"path"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// replaceable reports whether the destination can be replaced whole: an
// existing regular file (not a symlink) of one link, that cp may write,
// getting all the source's data. A file with other hard links is written
// in place, as GNU does, so that the links see the new data.
func (c *copier) replaceable(st *copyState) (fs.FileInfo, bool) {
	if st.newDst || c.o.attrsOnly {
		return nil, false
	}
	fi, err := c.p.Lstat(st.dst)
	if err != nil || !fi.Mode().IsRegular() || vfs.MetaOf(fi).Nlink != 1 {
		return nil, false
	}
	probe, err := c.p.OpenFile(st.dst, os.O_WRONLY, 0) // GNU's open would fail: its message
	if err != nil {
		return nil, false
	}
	probe.Close()
	return fi, true
}

// copyReplacing copies in over the destination dst (described by dfi)
// through a temporary file, which keeps dst's mode and owner as writing
// in place would. ok false with handled false means the temporary file
// could not be made: the caller writes in place instead.
func (c *copier) copyReplacing(st *copyState, in File, dfi fs.FileInfo) (ok, handled bool) {
	p := c.p
	abs := p.Abs(st.dst)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), ".cp-", 0o600)
	if err != nil {
		return false, false
	}
	st.omitted = 0
	fail := func() (bool, bool) { p.FS.Remove(tmp); return false, true }
	if err := p.copyData(out, in); err != nil {
		out.Close()
		if we, isW := err.(writeErr); isW {
			p.Errorf("error writing %s: %s", quote.ShellAlways(st.dst), ErrText(we.error))
		} else {
			p.Errorf("error reading %s: %s", quote.ShellAlways(st.src), ErrText(err))
		}
		return fail()
	}
	if err := out.Close(); err != nil {
		p.Errorf("failed to close %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return fail()
	}
	p.FS.Chmod(tmp, dfi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))
	c.chownLike(tmp, dfi)
	if err := p.FS.Rename(tmp, abs); err != nil {
		p.Errorf("cannot create regular file %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return fail()
	}
	return true, true
}
