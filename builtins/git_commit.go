package builtins

// git init, add, rm and commit.

import (
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/shellfence/shellfence/builtins/internal/gitfs"
)

const gitInitHint = `hint: Using 'master' as the name for the initial branch. This default branch name
hint: is subject to change. To configure the initial branch name to use in all
hint: of your new repositories, which will suppress this warning, call:
hint: 
hint: 	git config --global init.defaultBranch <name>
hint: 
hint: Names commonly chosen instead of 'master' are 'main', 'trunk' and
hint: 'development'. The just-created branch can be renamed via this command:
hint: 
hint: 	git branch -m <name>
`

func gitInit(g *gitRun, args []string) int {
	quiet, branch, dir := false, "", g.dir
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-q" || a == "--quiet":
			quiet = true
		case (a == "-b" || a == "--initial-branch") && i+1 < len(args):
			i++
			branch = args[i]
		case strings.HasPrefix(a, "--initial-branch="):
			branch = strings.TrimPrefix(a, "--initial-branch=")
		case strings.HasPrefix(a, "-"):
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			dir = path.Join(g.dir, a)
			if path.IsAbs(a) {
				dir = path.Clean(a)
			}
		}
	}
	gdir := path.Join(dir, ".git")
	if _, err := g.p.FS.Stat(path.Join(gdir, "HEAD")); err == nil {
		if !quiet {
			fmt.Fprintf(g.p.Stdout, "Reinitialized existing Git repository in %s/\n", gdir)
		}
		return 0
	}
	if err := g.p.FS.MkdirAll(dir, 0o777); err != nil {
		return g.fatal(fmt.Sprintf("cannot mkdir %s: %s", dir, ErrText(err)))
	}
	if branch == "" {
		branch = "master"
		if !quiet {
			fmt.Fprint(g.p.Stderr, gitInitHint)
		}
	}
	st := filesystem.NewStorage(gitfs.New(g.p.FS, gdir), cache.NewObjectLRUDefault())
	_, err := gogit.InitWithOptions(st, gitfs.New(g.p.FS, dir), gogit.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName(branch)})
	if err != nil {
		return g.fatal(fmt.Sprintf("cannot init %s: %v", gdir, err))
	}
	for _, d := range []string{"branches", "hooks", "info", "objects/info", "objects/pack", "refs/tags"} {
		g.p.FS.MkdirAll(path.Join(gdir, d), 0o777)
	}
	g.p.FS.WriteAtomic(path.Join(gdir, "description"), []byte("Unnamed repository; edit this file 'description' to name the repository.\n"), 0o644)
	g.p.FS.WriteAtomic(path.Join(gdir, "info/exclude"), []byte(gitExclude), 0o644)
	if !quiet {
		fmt.Fprintf(g.p.Stdout, "Initialized empty Git repository in %s/\n", gdir)
	}
	return 0
}

const gitExclude = `# git ls-files --others --exclude-from=.git/info/exclude
# Lines that start with '#' are comments.
# For a project mostly in C, the following would be a good set of
# exclude patterns (uncomment them if you want to use them):
# *.[oa]
# *~
`

func gitAdd(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	all, update := false, false
	var paths []string
	for _, a := range args {
		switch a {
		case "-A", "--all", "--no-ignore-removal":
			all = true
		case "-u", "--update":
			update = true
		case "--", "-v", "--verbose", "-f", "--force":
		default:
			if strings.HasPrefix(a, "-") {
				return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
			}
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 && !all && !update {
		fmt.Fprint(g.p.Stderr, "Nothing specified, nothing added.\nhint: Maybe you wanted to say 'git add .'?\nhint: Turn this message off by running\nhint: \"git config advice.addEmptyPathspec false\"\n")
		return 0
	}
	wt, err := g.repo.Worktree()
	if err != nil {
		return g.fatal(err.Error())
	}
	if len(paths) == 0 {
		paths = []string{g.top}
		if update {
			paths = []string{g.dir}
		}
	}
	if err := g.collapseUnmerged(paths); err != nil {
		return g.fatal(err.Error())
	}
	st, err := wt.Status()
	if err != nil {
		return g.fatal(err.Error())
	}
	for _, a := range paths {
		rel, ok := g.pathspec(a)
		if !ok {
			return g.fatal(fmt.Sprintf("%s: '%s' is outside repository at '%s'", a, a, g.top))
		}
		n := 0
		for file, fs := range st {
			if !gitUnder(file, rel) || fs.Worktree == gogit.Unmodified {
				continue
			}
			if update && fs.Worktree == gogit.Untracked {
				continue
			}
			if _, err := wt.Add(file); err != nil {
				if fs.Worktree == gogit.Deleted {
					if _, err := wt.Remove(file); err == nil {
						n++
						continue
					}
				}
				return g.fatal(fmt.Sprintf("adding %s: %v", file, err))
			}
			n++
		}
		if n == 0 && !gitTracked(g, rel) && !g.exists(rel) {
			return g.fatal(fmt.Sprintf("pathspec '%s' did not match any files", a))
		}
	}
	return 0
}

// gitUnder reports whether file is dir or under it ("" is the top).
func gitUnder(file, dir string) bool {
	return dir == "" || file == dir || strings.HasPrefix(file, dir+"/")
}

func (g *gitRun) exists(rel string) bool {
	_, err := g.p.FS.Lstat(path.Join(g.top, rel))
	return err == nil
}

func gitTracked(g *gitRun, rel string) bool {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return false
	}
	for _, e := range idx.Entries {
		if gitUnder(e.Name, rel) {
			return true
		}
	}
	return false
}

func gitRm(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	cached, recursive, quiet, force := false, false, false, false
	var paths []string
	for _, a := range args {
		switch a {
		case "--cached":
			cached = true
		case "-r":
			recursive = true
		case "-q", "--quiet":
			quiet = true
		case "-f", "--force":
			force = true
		case "-rf", "-fr":
			recursive, force = true, true
		case "--":
		default:
			if strings.HasPrefix(a, "-") {
				return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
			}
			paths = append(paths, a)
		}
	}
	_ = force
	if err := g.collapseUnmerged(paths); err != nil {
		return g.fatal(err.Error())
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return g.fatal(err.Error())
	}
	var files []string
	for _, a := range paths {
		rel, ok := g.pathspec(a)
		if !ok {
			return g.fatal(fmt.Sprintf("%s: '%s' is outside repository at '%s'", a, a, g.top))
		}
		n := 0
		for _, e := range idx.Entries {
			if e.Name == rel || gitUnder(e.Name, rel) && rel != e.Name {
				if e.Name != rel && !recursive {
					return g.fatal(fmt.Sprintf("not removing '%s' recursively without -r", a))
				}
				files = append(files, e.Name)
				n++
			}
		}
		if n == 0 {
			return g.fatal(fmt.Sprintf("pathspec '%s' did not match any files", a))
		}
	}
	for _, f := range files {
		if _, err := idx.Remove(f); err != nil {
			return g.fatal(err.Error())
		}
		if !cached {
			g.p.FS.Remove(path.Join(g.top, f))
			for d := path.Dir(f); d != "."; d = path.Dir(d) {
				if g.p.FS.Remove(path.Join(g.top, d)) != nil {
					break
				}
			}
		}
		if !quiet {
			fmt.Fprintf(g.p.Stdout, "rm '%s'\n", f)
		}
	}
	if err := g.repo.Storer.SetIndex(idx); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

func gitCommit(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	var msgs []string
	opts := &gogit.CommitOptions{}
	quiet, noEdit := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if m, j, ok := gitMessageOpt(args, i); ok {
			msgs = append(msgs, m)
			i = j
			continue
		}
		switch {
		case a == "-a" || a == "--all":
			opts.All = true
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.Trim(a[1:len(a)-1], "aqnv") == "" && strings.ContainsAny(a[len(a)-1:], "maqnv"):
			for _, c := range a[1:] {
				switch c {
				case 'a':
					opts.All = true
				case 'q':
					quiet = true
				case 'm':
					if i+1 >= len(args) {
						return g.usage("switch `m' requires a value")
					}
					i++
					msgs = append(msgs, args[i])
				}
			}
		case a == "--amend":
			opts.Amend = true
		case a == "--allow-empty":
			opts.AllowEmptyCommits = true
		case a == "-q" || a == "--quiet":
			quiet = true
		case a == "--no-edit":
			noEdit = true
		case a == "--no-verify" || a == "-n" || a == "--allow-empty-message":
		default:
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		}
	}
	var err error
	if opts.Author, err = g.signature("AUTHOR"); err == nil {
		opts.Committer, err = g.signature("COMMITTER")
	}
	if err != nil {
		return g.fatal(err.Error())
	}
	pending, code := g.pendingCommit(opts, msgs, noEdit)
	if code != 0 {
		return code
	}
	if len(msgs) == 0 && !opts.Amend && pending == "" {
		return g.fatal("no commit message: pass it with -m MESSAGE (this shell runs no editor)")
	}
	msg := gitCleanMessage(strings.Join(msgs, "\n\n"))
	if len(msgs) == 0 && pending != "" {
		msg = pending
	}
	head, headErr := g.repo.Head()
	if opts.Amend {
		if headErr != nil {
			return g.fatal("You have nothing to amend.")
		}
		if len(msgs) == 0 {
			c, err := g.repo.CommitObject(head.Hash())
			if err != nil {
				return g.fatal(err.Error())
			}
			msg = c.Message
		}
	}
	wt, err := g.repo.Worktree()
	if err != nil {
		return g.fatal(err.Error())
	}
	hash, err := wt.Commit(msg, opts)
	if errors.Is(err, gogit.ErrEmptyCommit) {
		return gitStatusLong(g, nil, true)
	}
	if err != nil {
		return g.fatal(err.Error())
	}
	if pending != "" {
		g.clearMergeState()
	}
	if !quiet {
		return g.commitSummary(hash, headErr != nil)
	}
	return 0
}

// gitCleanMessage is git's default cleanup: trailing spaces and blank
// lines at the ends removed, runs of blank lines made one, one newline
// at the end.
func gitCleanMessage(m string) string {
	lines := strings.Split(m, "\n")
	var out []string
	blank := false
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if l == "" {
			blank = len(out) > 0
			continue
		}
		if blank {
			out = append(out, "")
			blank = false
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n") + "\n"
}

// signature is the author or committer: GIT_<WHO>_NAME, _EMAIL and
// _DATE, else EMAIL and the repository's user.name and user.email, else
// shellfence's default; the date is now on the engine's clock.
func (g *gitRun) signature(who string) (*object.Signature, error) {
	sig := &object.Signature{Name: "shellfence", Email: "shellfence@localhost"}
	if cfg, err := g.repo.Config(); err == nil {
		if cfg.User.Name != "" {
			sig.Name = cfg.User.Name
		}
		if cfg.User.Email != "" {
			sig.Email = cfg.User.Email
		}
	}
	if e := g.p.Getenv("EMAIL"); e != "" {
		sig.Email = e
	}
	if n := g.p.Getenv("GIT_" + who + "_NAME"); n != "" {
		sig.Name = n
	}
	if e := g.p.Getenv("GIT_" + who + "_EMAIL"); e != "" {
		sig.Email = e
	}
	sig.When = g.p.Now().In(g.loc())
	if d := g.p.Getenv("GIT_" + who + "_DATE"); d != "" {
		t, err := gitParseDate(d, g.loc())
		if err != nil {
			return nil, fmt.Errorf("invalid date format: %s", d)
		}
		sig.When = t
	}
	return sig, nil
}

func (g *gitRun) loc() *time.Location {
	if g.p.Sys != nil && g.p.Sys.Loc != nil {
		return g.p.Sys.Loc
	}
	return time.UTC
}

// gitParseDate reads the date formats git takes: @UNIX [+ZZZZ], UNIX
// +ZZZZ, RFC 2822, ISO 8601 with or without a zone.
func gitParseDate(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	f := strings.Fields(strings.TrimPrefix(s, "@"))
	if len(f) >= 1 && len(f) <= 2 {
		if n, err := strconv.ParseInt(f[0], 10, 64); err == nil && (strings.HasPrefix(s, "@") || len(f) == 2) {
			zone := time.UTC
			if len(f) == 2 {
				z, err := gitZone(f[1])
				if err != nil {
					return time.Time{}, err
				}
				zone = z
			}
			return time.Unix(n, 0).In(zone), nil
		}
	}
	for _, layout := range []string{time.RFC1123Z, "Mon, 2 Jan 2006 15:04:05 -0700", "2006-01-02T15:04:05Z07:00",
		"2006-01-02 15:04:05 -0700", "2006-01-02T15:04:05 -0700", "2006-01-02T15:04:05-0700", "2006-01-02 15:04:05-0700", "Mon Jan 2 15:04:05 2006 -0700", "2006-01-02 15:04:05Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("bad date %q", s)
}

func gitZone(z string) (*time.Location, error) {
	if len(z) != 5 || (z[0] != '+' && z[0] != '-') {
		return nil, fmt.Errorf("bad zone %q", z)
	}
	h, err1 := strconv.Atoi(z[1:3])
	m, err2 := strconv.Atoi(z[3:])
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("bad zone %q", z)
	}
	off := h*3600 + m*60
	if z[0] == '-' {
		off = -off
	}
	return time.FixedZone("", off), nil
}

// commitSummary prints what git commit prints after committing.
func (g *gitRun) commitSummary(hash plumbing.Hash, root bool) int {
	c, err := g.repo.CommitObject(hash)
	if err != nil {
		return g.fatal(err.Error())
	}
	branch := "detached HEAD"
	if ref, err := g.repo.Reference(plumbing.HEAD, false); err == nil && ref.Type() == plumbing.SymbolicReference {
		branch = ref.Target().Short()
	}
	if root {
		branch += " (root-commit)"
	}
	subject, _, _ := strings.Cut(c.Message, "\n")
	fmt.Fprintf(g.p.Stdout, "[%s %s] %s\n", branch, g.short(hash), subject)
	if c.Author.Name != c.Committer.Name || c.Author.Email != c.Committer.Email {
		fmt.Fprintf(g.p.Stdout, " Author: %s <%s>\n", c.Author.Name, c.Author.Email)
	}
	if g.showDate {
		fmt.Fprintf(g.p.Stdout, " Date: %s\n", gitDate(c.Author.When))
	}
	if c.NumParents() < 2 {
		g.printStatSummary(c)
	}
	return 0
}

// gitMessageOpt reads a -m/--message option with its value at args[i]
// (-m MSG, --message MSG, --message=MSG, -mMSG): the value, the index of
// the option's last word, and whether args[i] is one.
func gitMessageOpt(args []string, i int) (string, int, bool) {
	a := args[i]
	switch {
	case (a == "-m" || a == "--message") && i+1 < len(args):
		return args[i+1], i + 1, true
	case strings.HasPrefix(a, "--message="):
		return strings.TrimPrefix(a, "--message="), i, true
	case strings.HasPrefix(a, "-m") && len(a) > 2:
		return a[2:], i, true
	}
	return "", i, false
}
