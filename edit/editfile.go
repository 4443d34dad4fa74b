package edit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/shellfence/shellfence/patch"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"

	"github.com/shellfence/shellfence/vfs"
)

// EditRequest asks [EditFile] to apply a sed script to one file.
type EditRequest struct {
	// File is the file to edit: a visible absolute path or a path
	// relative to Dir. It must exist and be a regular file; a symlink is
	// followed to its target (which must lie in the workspace).
	File string
	// Dir is the directory relative names start from; "" is the
	// workspace root.
	Dir string
	// Script is a sed script, as with sed -e (commands separated by
	// newlines or semicolons).
	Script string
	// Args are more sed options and scripts, as on a sed command line:
	// -n, -E, -r, -z, -l N, --posix, -e SCRIPT (and their long forms).
	// Options that would select other files or run programs (-f, -i, -s,
	// --follow-symlinks, file operands) are refused, and so are the
	// commands e, r, R, w, W and the s flags e and w (sed's sandbox mode).
	Args []string
	// DeleteBackup removes the backup once the diff is made.
	DeleteBackup bool
}

// EditResult is what [EditFile] did.
type EditResult struct {
	// Changed is false for an edit that left the content as it was
	// (nothing is written then, and no backup is kept).
	Changed bool
	// Backup is the numbered copy of the original (FILE.bk1, .bk2, ...),
	// "" when none is kept.
	Backup string
	// Diff is the unified diff from the backup to the result (nil when
	// unchanged), with the names as given.
	Diff []byte
	// Message says in words what happened.
	Message string
}

// EditError is a refused or failed edit; the file is left as it was.
type EditError struct{ Msg string }

func (e *EditError) Error() string { return e.Msg }

func editErrorf(format string, args ...any) error {
	return &EditError{Msg: fmt.Sprintf(format, args...)}
}

// EditFile applies a sed script to one existing text file of the
// workspace: it copies the file to the next free numbered backup
// (FILE.bk1, FILE.bk2, ..., never overwriting one), replaces the file
// atomically with sed's output when sed succeeds, and returns the unified
// diff between the backup and the result. When sed fails, the file is
// left untouched and no backup remains; when the output equals the
// input, nothing is written and the result says so.
func EditFile(ctx context.Context, fsys *vfs.FS, req EditRequest) (*EditResult, error) {
	name, abs, err := editTarget(fsys, req)
	if err != nil {
		return nil, err
	}
	env := &Env{Ctx: ctx, Name: "sed"}
	env.LineLength = 70
	prog, err := editProgram(req, env)
	if err != nil {
		return nil, err
	}
	old, mode, err := readWhole(fsys, abs)
	if err != nil {
		return nil, editErrorf("edit_file: %s: %s", name, errText(err))
	}
	out, err := runOnBytes(prog, env, name, old)
	if err != nil {
		return nil, err
	}
	if bytes.Equal(out, old) {
		return &EditResult{Message: "no change: the script left " + name + " as it was"}, nil
	}
	return commitEdit(fsys, req, name, abs, old, out, mode)
}

// editTarget resolves the file to edit, following symlinks, and checks
// that it is a regular file. It returns the name for messages and the
// absolute path.
func editTarget(fsys *vfs.FS, req EditRequest) (string, string, error) {
	if req.File == "" {
		return "", "", editErrorf("edit_file: no file given")
	}
	abs := resolveName(fsys, req)
	for i := 0; ; i++ {
		fi, err := fsys.Lstat(abs)
		if err != nil {
			return "", "", editErrorf("edit_file: %s: %s", req.File, errText(err))
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if !fi.Mode().IsRegular() {
				return "", "", editErrorf("edit_file: %s: not a regular file", req.File)
			}
			return req.File, abs, nil
		}
		if i == 40 {
			return "", "", editErrorf("edit_file: %s: Too many levels of symbolic links", req.File)
		}
		t, err := fsys.ReadlinkIfPossible(abs)
		if err != nil {
			return "", "", editErrorf("edit_file: %s: %s", req.File, errText(err))
		}
		if !path.IsAbs(t) {
			t = path.Join(path.Dir(abs), t)
		}
		abs = path.Clean(t)
	}
}

// editProgram compiles the request's scripts in sandbox mode.
func editProgram(req EditRequest, env *Env) (*Program, error) {
	c := NewCompiler(nil)
	c.Sandbox = true
	scripts, err := editArgs(req, c, env)
	if err != nil {
		return nil, err
	}
	if req.Script != "" {
		scripts++
		if err := c.AddExpression(req.Script); err != nil {
			return nil, err
		}
	}
	if scripts == 0 {
		return nil, editErrorf("edit_file: no sed script given")
	}
	return c.Finish()
}

// editArgs reads the sed options of a request and compiles its -e
// scripts. It returns how many scripts it compiled.
func editArgs(req EditRequest, c *Compiler, env *Env) (int, error) {
	scripts := 0
	args := req.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func() (string, error) {
			if i+1 >= len(args) {
				return "", editErrorf("edit_file: option %s needs a value", a)
			}
			i++
			return args[i], nil
		}
		switch {
		case a == "-n" || a == "--quiet" || a == "--silent":
			env.Quiet = true
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			c.Extended = true
		case a == "-z" || a == "--null-data" || a == "--zero-terminated":
			env.NullData, c.NullData = true, true
		case a == "--posix":
			c.Posix, env.Posix = true, true
		case a == "-l" || a == "--line-length":
			v, err := value()
			if err != nil {
				return 0, err
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return 0, editErrorf("edit_file: invalid line length: %q", v)
			}
			env.LineLength = n
		case a == "-e" || a == "--expression":
			v, err := value()
			if err != nil {
				return 0, err
			}
			scripts++
			if err := c.AddExpression(v); err != nil {
				return 0, err
			}
		default:
			return 0, refuseArg(a)
		}
	}
	return scripts, nil
}

func refuseArg(a string) error {
	switch {
	case a == "-f" || a == "--file":
		return editErrorf("edit_file: %s refused: give the script inline (a script file is another file)", a)
	case len(a) > 1 && a[:2] == "-i" || a == "--in-place":
		return editErrorf("edit_file: %s refused: edit_file already edits the file in place, with a numbered backup", a)
	case a == "-s" || a == "--separate" || a == "--follow-symlinks":
		return editErrorf("edit_file: %s refused: edit_file edits exactly one file", a)
	case a != "" && a[0] == '-':
		return editErrorf("edit_file: option %s refused (allowed: -n, -E, -r, -z, -l N, --posix, -e SCRIPT)", a)
	}
	return editErrorf("edit_file: operand %q refused: edit_file edits only the file it is given", a)
}

func readWhole(fsys *vfs.FS, abs string) ([]byte, fs.FileMode, error) {
	f, err := fsys.Open(abs)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(f)
	return data, fi.Mode(), err
}

// runOnBytes runs prog with data as the only input file and returns the
// output.
func runOnBytes(prog *Program, env *Env, name string, data []byte) ([]byte, error) {
	var out, errs bytes.Buffer
	env.Files = oneFile{name: name, data: data}
	env.Stdout, env.Stderr, env.Stdin = &out, &errs, bytes.NewReader(nil)
	status, werr := prog.Run(env, []string{name})
	if werr != nil {
		return nil, editErrorf("edit_file: %v", werr)
	}
	if status != 0 {
		msg := bytes.TrimRight(errs.Bytes(), "\n")
		if len(msg) == 0 {
			msg = []byte(fmt.Sprintf("sed: exit status %d", status))
		}
		return nil, &EditError{Msg: string(msg) + " (file left unchanged)"}
	}
	return out.Bytes(), nil
}

// commitEdit writes the backup, replaces the file and makes the diff.
func commitEdit(fsys *vfs.FS, req EditRequest, name, abs string, old, out []byte, mode fs.FileMode) (*EditResult, error) {
	backupAbs, err := writeBackup(fsys, abs, old, mode)
	if err != nil {
		return nil, editErrorf("edit_file: cannot back up %s: %s", name, errText(err))
	}
	if err := fsys.WriteAtomic(abs, out, mode); err != nil {
		fsys.Remove(backupAbs)
		return nil, editErrorf("edit_file: cannot write %s: %s (file left unchanged)", name, errText(err))
	}
	backup := displayName(fsys, req, name, abs, backupAbs)
	res := &EditResult{
		Changed: true,
		Backup:  backup,
		Message: fmt.Sprintf("edited %s (backup %s)", name, backup),
	}
	res.Diff = patch.Unified(backup, name, old, out, patch.UnifiedOptions{})
	if req.DeleteBackup {
		if err := fsys.Remove(backupAbs); err == nil {
			res.Backup = ""
			res.Message = "edited " + name
		}
	}
	return res, nil
}

// displayName names the backup the way the file was named: beside the
// name given, or by its absolute path when a symlink led elsewhere.
func displayName(fsys *vfs.FS, req EditRequest, name, abs, backupAbs string) string {
	suffix := backupAbs[len(abs):]
	if resolveName(fsys, req) == abs {
		return name + suffix
	}
	return backupAbs
}

// resolveName is the absolute path of req.File before symlinks.
func resolveName(fsys *vfs.FS, req EditRequest) string {
	dir := req.Dir
	if dir == "" {
		dir = fsys.Root()
	} else if !path.IsAbs(dir) {
		dir = path.Join(fsys.Root(), dir)
	}
	if path.IsAbs(req.File) {
		return path.Clean(req.File)
	}
	return path.Join(dir, req.File)
}

// writeBackup copies data to the first free abs.bkN.
func writeBackup(fsys *vfs.FS, abs string, data []byte, mode fs.FileMode) (string, error) {
	for n := 1; ; n++ {
		name := abs + ".bk" + strconv.Itoa(n)
		f, err := fsys.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode.Perm())
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fsys.Remove(name)
			return "", err
		}
		return name, nil
	}
}

// oneFile is the FS of an edit: it serves only the file being edited.
type oneFile struct {
	name string
	data []byte
}

var errRefused = errors.New("Operation not permitted")

func (o oneFile) Open(name string) (io.ReadCloser, error) {
	if name != o.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errRefused}
	}
	return io.NopCloser(bytes.NewReader(o.data)), nil
}

func (o oneFile) Create(name string) (io.WriteCloser, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: errRefused}
}
func (o oneFile) Stat(name string) (fs.FileInfo, error) {
	return nil, &fs.PathError{Op: "stat", Path: name, Err: errRefused}
}
func (o oneFile) Lstat(name string) (fs.FileInfo, error) { return o.Stat(name) }
func (o oneFile) Readlink(name string) (string, error) {
	return "", &fs.PathError{Op: "readlink", Path: name, Err: errRefused}
}
func (o oneFile) CreateTemp(dir, prefix string) (io.WriteCloser, string, error) {
	return nil, "", &fs.PathError{Op: "open", Path: dir, Err: errRefused}
}
func (o oneFile) Rename(oldname, newname string) error {
	return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: errRefused}
}
func (o oneFile) Remove(name string) error {
	return &fs.PathError{Op: "remove", Path: name, Err: errRefused}
}
func (o oneFile) Chmod(name string, mode fs.FileMode) error {
	return &fs.PathError{Op: "chmod", Path: name, Err: errRefused}
}
