package edit

import (
	"io"
	"io/fs"
)

// FS is how sed reaches files: its input files, the files of r, R, w, W
// and s///w, and the temporary files and renames of in-place editing.
// Names are as the script or the command line wrote them; the
// implementation resolves and confines them (the sed builtin implements it
// with its Proc, the edit-file operation with a vfs.FS). "/dev/stdin" must
// open the standard input; sed itself handles "/dev/stdout" and
// "/dev/stderr" for w.
type FS interface {
	Open(name string) (io.ReadCloser, error)
	// Create creates or truncates a file for writing.
	Create(name string) (io.WriteCloser, error)
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
	// CreateTemp creates a new file in dir with a unique name starting
	// with prefix, and returns it and its name.
	// On failure the name is the one it tried, or "".
	CreateTemp(dir, prefix string) (io.WriteCloser, string, error)
	Rename(oldname, newname string) error
	Remove(name string) error
	Chmod(name string, mode fs.FileMode) error
}

// openWrite reads the file name of w, W or s///w and opens the file now,
// as GNU does: the file is created even if nothing is written to it.
// Commands naming the same file share it.
func (c *Compiler) openWrite() (*output, error) {
	name, err := c.filename()
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, c.fail(errNoFilename)
	}
	if o, ok := c.prog.writes[name]; ok {
		return o, nil
	}
	o := &output{name: name}
	switch {
	case !c.Posix && name == "/dev/stdout":
		o.special = specialStdout
	case !c.Posix && name == "/dev/stderr":
		o.special = specialStderr
	default:
		if c.files == nil {
			return nil, fatalf("couldn't open file %s: %s", name, "Operation not permitted")
		}
		w, err := c.files.Create(name)
		if err != nil {
			return nil, fatalf("couldn't open file %s: %s", name, errText(err))
		}
		o.file = w
		o.w = newWriter(w)
	}
	c.prog.writes[name] = o
	c.prog.order = append(c.prog.order, o)
	return o, nil
}

// openRead reads the file name of R and opens the file now; a file that
// cannot be read reads as empty.
func (c *Compiler) openRead() (*readFile, error) {
	name, err := c.filename()
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, c.fail(errNoFilename)
	}
	if f, ok := c.prog.reads[name]; ok {
		return f, nil
	}
	f := &readFile{name: name}
	if c.files != nil {
		f.open(c.files)
	}
	c.prog.reads[name] = f
	return f, nil
}
