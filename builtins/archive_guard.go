package builtins

// The check every extraction (tar x, unzip) passes before it writes
// anything: each member must land inside the destination directory, and
// so inside the workspace. A member whose name is absolute or climbs
// with "..", a link whose target leaves the workspace, a member that
// would be written through a symlink (one earlier in the archive, or
// one already on disk), or an archive whose files exceed what the run
// may still write, refuses the whole archive: nothing is written.

import (
	"fmt"
	"path"
	"strings"

	"github.com/shellfence/shellfence/vfs/budget"
)

// archiveMember is what the guard needs to know of one member.
type archiveMember struct {
	name     string // as stored
	dest     string // relative path it will be written to (after stripping)
	link     string // symlink or hard link target, "" for none
	symlink  bool
	hardlink bool
	size     int64 // bytes the member will write
	packed   int64 // compressed size when known (zip), else 0
}

// archiveGuard collects the members of one archive and checks them.
type archiveGuard struct {
	p        *Proc
	dir      string // absolute destination directory
	symlinks map[string]bool
	total    int64
	packed   int64
}

// refusal is an archive refused before anything was written.
type refusal struct{ name, why string }

func (r *refusal) Error() string {
	return fmt.Sprintf("%s: %s; refusing the archive, nothing was extracted", r.name, r.why)
}

func newArchiveGuard(p *Proc, dir string) *archiveGuard {
	return &archiveGuard{p: p, dir: p.Abs(dir), symlinks: map[string]bool{}}
}

// maxRatio bounds how much a compressed member may expand: deflate's
// own limit is about 1032:1, so more is a forged header.
const maxRatio = 1100

// check checks one member; members must come in archive order.
func (g *archiveGuard) check(m archiveMember) error {
	if m.name == "" || path.IsAbs(m.name) || strings.HasPrefix(m.name, "\\") {
		return &refusal{m.name, "member name is absolute"}
	}
	if hasDotDot(m.name) {
		return &refusal{m.name, "member name contains '..'"}
	}
	if err := g.throughLink(m); err != nil {
		return err
	}
	if m.symlink || m.hardlink {
		if err := g.checkLink(m); err != nil {
			return err
		}
	}
	if m.symlink {
		g.symlinks[path.Clean(m.dest)] = true
	}
	if m.packed > 0 && m.size/m.packed > maxRatio && m.size > 1<<20 {
		return &refusal{m.name, fmt.Sprintf("member expands %d times (a zip bomb?)", m.size/m.packed)}
	}
	g.total += m.size
	if rem := g.p.Budget().Remaining(budget.FileBytes); rem >= 0 && g.total > rem && g.p.Budget() != nil {
		return &refusal{m.name, "the archive's files exceed the run's file write budget (" + budget.Size(rem) + " left; --max-file-bytes raises it)"}
	}
	return nil
}

// hasDotDot reports whether a slash-separated name has a ".." element.
func hasDotDot(name string) bool {
	for _, e := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if e == ".." {
			return true
		}
	}
	return false
}

// throughLink refuses a member whose parent directories include a
// symlink of the archive or of the disk.
func (g *archiveGuard) throughLink(m archiveMember) error {
	rel := path.Clean(m.dest)
	for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
		if g.symlinks[d] {
			return &refusal{m.name, "it would be written through the symbolic link " + d + " of the archive"}
		}
		if fi, err := g.p.Lstat(path.Join(g.dir, d)); err == nil && isSymlink(fi) {
			return &refusal{m.name, "it would be written through the symbolic link " + d}
		}
	}
	if fi, err := g.p.Lstat(path.Join(g.dir, rel)); err == nil && isSymlink(fi) && !m.symlink && !m.hardlink {
		if fi, err := g.p.Stat(path.Join(g.dir, rel)); err == nil && fi.IsDir() {
			return &refusal{m.name, "it would be written through the symbolic link " + rel}
		}
	}
	return nil
}

// checkLink refuses a link whose target is absolute or leaves the
// workspace.
func (g *archiveGuard) checkLink(m archiveMember) error {
	if m.link == "" {
		return &refusal{m.name, "link has an empty target"}
	}
	if path.IsAbs(m.link) {
		return &refusal{m.name, "link target " + m.link + " is absolute"}
	}
	base := g.dir
	if m.symlink {
		base = path.Dir(path.Join(g.dir, m.dest))
	} else if hasDotDot(m.link) {
		return &refusal{m.name, "link target " + m.link + " contains '..'"}
	}
	target := path.Join(base, m.link)
	if !g.p.FS.Contains(target) {
		return &refusal{m.name, "link target " + m.link + " is outside the workspace"}
	}
	if m.symlink && !strings.HasPrefix(target+"/", g.dir+"/") && g.dir != "/" {
		return &refusal{m.name, "link target " + m.link + " is outside the extraction directory"}
	}
	return nil
}
