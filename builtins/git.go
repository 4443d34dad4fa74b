package builtins

// git - the everyday porcelain over the workspace's repository
//
//	git [-C DIR] COMMAND [ARG]...
//
// In pure Go (go-git for the object store, through the workspace), with
// git 2.39's output: init, add, rm, mv, commit, status, log, diff, show,
// rev-parse, branch, checkout, switch, reset, restore, tag, clean,
// remote (configuration only), ls-files, config --get/--list.
// The repository is the .git found upward from the working directory,
// never above the workspace root. Nothing is ever run: no hooks, no
// editor, no pager, no external diff, no aliases; no host configuration
// is read (identity comes from GIT_AUTHOR_*, GIT_COMMITTER_*, EMAIL, the
// repository's user.name and user.email, else shellfence's default);
// commands that need the network are refused.

import (
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	gogit "github.com/go-git/go-git/v5"

	"github.com/shellfence/shellfence/builtins/internal/gitfs"
)

// gitCmds are git's subcommands here.
var gitCmds map[string]func(g *gitRun, args []string) int

func init() {
	gitCmds = map[string]func(g *gitRun, args []string) int{
		"init":      gitInit,
		"add":       gitAdd,
		"rm":        gitRm,
		"commit":    gitCommit,
		"status":    gitStatus,
		"log":       gitLog,
		"rev-parse": gitRevParse,
		"branch":    gitBranch,
		"checkout":  gitCheckout,
		"switch":    gitSwitch,
		"ls-files":  gitLsFiles,
		"config":    gitConfig,
		"diff":      gitDiff,
		"show":      gitShow,
		"reset":     gitReset,
		"restore":   gitRestore,
		"tag":       gitTag,
		"remote":    gitRemote,
		"clean":     gitClean,
		"mv":        gitMv,
		"merge":     gitMerge,
		"stash":     gitStash,
		"blame":     gitBlame,

		"cherry-pick": gitCherryPick,
		"revert":      gitRevert,
	}
}

// gitNetwork are the commands refused because they reach other machines.
var gitNetwork = map[string]bool{"clone": true, "fetch": true, "pull": true, "push": true, "ls-remote": true, "submodule": true}

// gitRun is one git invocation.
type gitRun struct {
	p     *Proc
	dir   string // the working directory (visible absolute)
	top   string // the work tree's top
	gdir  string // the .git directory
	repo  *gogit.Repository
	quiet bool
	// showDate makes commit summaries show the author date (a
	// cherry-pick's or revert's, as git's sequencer does).
	showDate bool
	failTail string // what a refused merge prints last (cherry-pick's "fatal: cherry-pick failed")
}

func git(p *Proc) int {
	g := &gitRun{p: p, dir: p.Dir}
	args := p.Args[1:]
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch a := args[0]; {
		case a == "-C" && len(args) > 1:
			if path.IsAbs(args[1]) {
				g.dir = path.Clean(args[1])
			} else {
				g.dir = path.Join(g.dir, args[1])
			}
			args = args[2:]
		case a == "--no-pager" || a == "--no-optional-locks" || a == "-P":
			args = args[1:]
		case a == "--version":
			fmt.Fprintln(p.Stdout, "git version 2.39.5 (shellfence)")
			return 0
		case a == "-c" || strings.HasPrefix(a, "--git-dir") || strings.HasPrefix(a, "--work-tree") || strings.HasPrefix(a, "--exec-path"):
			return g.fatal(fmt.Sprintf("option '%s' is not supported here (no configuration or repository outside the working directory's own is used)", a))
		case a == "--help" || a == "-h":
			fmt.Fprintf(p.Stdout, "usage: git [-C <path>] <command> [<args>]\n\ncommands here: %s\n", strings.Join(gitNames(), " "))
			return 0
		default:
			fmt.Fprintf(p.Stderr, "unknown option: %s\nusage: git [-C <path>] <command> [<args>]\n", a)
			return 129
		}
	}
	if len(args) == 0 {
		fmt.Fprintf(p.Stdout, "usage: git [-C <path>] <command> [<args>]\n\ncommands here: %s\n", strings.Join(gitNames(), " "))
		return 1
	}
	name := args[0]
	fn, ok := gitCmds[name]
	if !ok {
		if _, net := gitNetwork[name]; net {
			return g.fatal(fmt.Sprintf("'%s' needs the network or another repository, which this shell does not reach", name))
		}
		fmt.Fprintf(p.Stderr, "git: '%s' is not a git command here. See 'git --help'.\n", name)
		return 1
	}
	defer g.close()
	return fn(g, args[1:])
}

func gitNames() []string {
	var names []string
	for n := range gitCmds {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// fatal prints git's fatal: line and returns 128.
func (g *gitRun) fatal(msg string) int {
	fmt.Fprintf(g.p.Stderr, "fatal: %s\n", msg)
	return 128
}

// usage prints an error and returns 129, as git does for bad options.
func (g *gitRun) usage(msg string) int {
	fmt.Fprintf(g.p.Stderr, "error: %s\n", msg)
	return 129
}

var errNoRepo = errors.New("not a git repository (or any of the parent directories): .git")

// find looks for the repository from the working directory upward, not
// above the workspace root.
func (g *gitRun) find() error {
	root := g.p.FS.Root()
	for d := g.dir; ; d = path.Dir(d) {
		if !g.p.FS.Contains(d) {
			return errNoRepo
		}
		fi, err := g.p.FS.Lstat(path.Join(d, ".git"))
		if err == nil && fi.IsDir() {
			g.top, g.gdir = d, path.Join(d, ".git")
			return nil
		}
		if err == nil && fi.Mode().IsRegular() {
			return fmt.Errorf("%s/.git is a file (a linked worktree or submodule), which is not supported here", d)
		}
		if d == root || d == "/" {
			return errNoRepo
		}
	}
}

// open finds and opens the repository.
func (g *gitRun) open() int {
	if err := g.find(); err != nil {
		return g.fatal(err.Error())
	}
	st := newGitStorage(gitfs.New(g.p.FS, g.gdir))
	repo, err := gogit.Open(st, gitfs.New(g.p.FS, g.top))
	if err != nil {
		return g.fatal(fmt.Sprintf("not a git repository: %s: %v", g.gdir, err))
	}
	g.repo = repo
	return 0
}

// rel is the top-relative path p as git shows it to the working
// directory (../a, sub/b).
func (g *gitRun) rel(p string) string {
	abs := path.Join(g.top, p)
	cwd := g.dir
	if cwd == abs {
		return "./"
	}
	up := ""
	for !strings.HasPrefix(abs+"/", cwd+"/") {
		cwd = path.Dir(cwd)
		up += "../"
	}
	r := strings.TrimPrefix(strings.TrimPrefix(abs, cwd), "/")
	if strings.HasSuffix(p, "/") {
		r += "/"
	}
	return up + r
}

// pathspec turns an operand into a top-relative path ("" for the top).
func (g *gitRun) pathspec(arg string) (string, bool) {
	abs := path.Join(g.dir, arg)
	if path.IsAbs(arg) {
		abs = path.Clean(arg)
	}
	if abs == g.top {
		return "", true
	}
	if !strings.HasPrefix(abs, g.top+"/") {
		return "", false
	}
	return strings.TrimPrefix(abs, g.top+"/"), true
}

// readFile reads a whole file of the workspace.
func (g *gitRun) readFile(name string) ([]byte, error) {
	f, err := g.p.FS.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
