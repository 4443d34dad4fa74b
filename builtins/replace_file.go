package builtins

// Writing a file whole through a temporary file beside it: gzip and
// bzip2 write their output this way, so that a run stopped halfway or
// failing on bad input never leaves a truncated file under the name.

import (
	"io"
	"io/fs"
	"path"
	"time"
)

// writeReplacing writes target through a temporary file filled by write,
// gives it mode and the times mtime, and renames it into place. On any
// failure the temporary file is removed and target is left as it was; the
// error of write comes back unchanged.
func (p *Proc) writeReplacing(target string, mode fs.FileMode, mtime time.Time, write func(io.Writer) error) error {
	abs := p.Abs(target)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), "."+path.Base(target)+".", 0o600)
	if err != nil {
		return err
	}
	err = write(out)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		p.FS.Chmod(tmp, mode)
		p.FS.Chtimes(tmp, mtime, mtime)
		err = p.FS.Rename(tmp, abs)
	}
	if err != nil {
		p.FS.Remove(tmp)
	}
	return err
}
