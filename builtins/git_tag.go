package builtins

// git tag and git remote.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
)

type gitTagOpts struct {
	list, del, force, annotate bool
	lines                      int // -n: annotation lines shown (0: none)
	msgs, operands             []string
}

// gitTag is git tag [-l [PATTERN]...] [-n[N]], git tag [-f] [-a] [-m MSG]
// NAME [COMMIT], git tag -d NAME...
func gitTag(g *gitRun, args []string) int {
	var o gitTagOpts
	for i := 0; i < len(args); i++ {
		if m, j, ok := gitMessageOpt(args, i); ok {
			o.msgs = append(o.msgs, m)
			i = j
			continue
		}
		switch a := args[i]; {
		case a == "-l" || a == "--list":
			o.list = true
		case a == "-d" || a == "--delete":
			o.del = true
		case a == "-f" || a == "--force":
			o.force = true
		case a == "-a" || a == "--annotate":
			o.annotate = true
		case a == "-n":
			o.lines = 1
		case strings.HasPrefix(a, "-n") && gitDigits(a[2:]):
			fmt.Sscanf(a[2:], "%d", &o.lines)
		case a == "--":
			o.operands = append(o.operands, args[i+1:]...)
			i = len(args)
		case a == "-s" || a == "-u" || strings.HasPrefix(a, "--sign") || strings.HasPrefix(a, "--local-user"):
			return g.fatal("signed tags are not supported here (no gpg is run)")
		case strings.HasPrefix(a, "-") && a != "-":
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			o.operands = append(o.operands, a)
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	switch {
	case o.del:
		return g.deleteTags(o.operands)
	case o.list || o.lines > 0 || len(o.operands) == 0:
		return g.listTags(o.operands, o.lines)
	}
	return g.createTag(&o)
}

// tagNames are the tags, sorted.
func (g *gitRun) tagNames() []string {
	iter, err := g.repo.Tags()
	if err != nil {
		return nil
	}
	var names []string
	iter.ForEach(func(r *plumbing.Reference) error {
		names = append(names, r.Name().Short())
		return nil
	})
	sort.Strings(names)
	return names
}

func (g *gitRun) listTags(patterns []string, lines int) int {
	for _, n := range g.tagNames() {
		if len(patterns) > 0 && !gitGlobAny(patterns, n) {
			continue
		}
		if lines == 0 {
			fmt.Fprintln(g.p.Stdout, n)
			continue
		}
		text := g.tagText(n)
		ls := strings.Split(strings.TrimRight(text, "\n"), "\n")
		if len(ls) > lines {
			ls = ls[:lines]
		}
		fmt.Fprintf(g.p.Stdout, "%-15s %s\n", n, strings.Join(ls, "\n    "))
	}
	return 0
}

func gitGlobAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if fnmatch.Match(p, name, 0) {
			return true
		}
	}
	return false
}

// tagText is what tag -n shows: an annotated tag's message, else the
// tagged commit's message.
func (g *gitRun) tagText(name string) string {
	ref, err := g.repo.Tag(name)
	if err != nil {
		return ""
	}
	msg := ""
	if t, err := g.repo.TagObject(ref.Hash()); err == nil {
		msg = t.Message
	} else if c, err := g.repo.CommitObject(ref.Hash()); err == nil {
		msg = c.Message
	}
	return strings.TrimLeft(msg, "\n")
}

func (g *gitRun) deleteTags(names []string) int {
	code := 0
	for _, n := range names {
		ref, err := g.repo.Tag(n)
		if err != nil {
			fmt.Fprintf(g.p.Stderr, "error: tag '%s' not found.\n", n)
			code = 1
			continue
		}
		if err := g.repo.Storer.RemoveReference(ref.Name()); err != nil {
			return g.fatal(err.Error())
		}
		fmt.Fprintf(g.p.Stdout, "Deleted tag '%s' (was %s)\n", n, g.short(ref.Hash()))
	}
	return code
}

func (g *gitRun) createTag(o *gitTagOpts) int {
	if len(o.operands) > 2 {
		return g.fatal("too many arguments")
	}
	name := o.operands[0]
	rev := "HEAD"
	if len(o.operands) == 2 {
		rev = o.operands[1]
	}
	if !gitRefNameOK(name) {
		return g.fatal(fmt.Sprintf("'%s' is not a valid tag name.", name))
	}
	h, err := g.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return g.fatal(fmt.Sprintf("Failed to resolve '%s' as a valid ref.", rev))
	}
	refName := plumbing.NewTagReferenceName(name)
	if old, err := g.repo.Storer.Reference(refName); err == nil && !o.force {
		return g.fatal(fmt.Sprintf("tag '%s' already exists", name))
	} else if err == nil {
		defer fmt.Fprintf(g.p.Stdout, "Updated tag '%s' (was %s)\n", name, g.short(old.Hash()))
	}
	target := *h
	if o.annotate || len(o.msgs) > 0 {
		if len(o.msgs) == 0 {
			return g.fatal("no tag message: pass it with -m MESSAGE (this shell runs no editor)")
		}
		if target, err = g.tagObject(name, *h, gitCleanMessage(strings.Join(o.msgs, "\n\n"))); err != nil {
			return g.fatal(err.Error())
		}
	}
	if err := g.repo.Storer.SetReference(plumbing.NewHashReference(refName, target)); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

// tagObject stores an annotated tag of h, tagged by the committer.
func (g *gitRun) tagObject(name string, h plumbing.Hash, msg string) (plumbing.Hash, error) {
	tagger, err := g.signature("COMMITTER")
	if err != nil {
		return plumbing.ZeroHash, err
	}
	obj, err := g.repo.Storer.EncodedObject(plumbing.AnyObject, h)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	t := &object.Tag{Name: name, Tagger: *tagger, Message: msg, TargetType: obj.Type(), Target: h}
	enc := g.repo.Storer.NewEncodedObject()
	if err := t.Encode(enc); err != nil {
		return plumbing.ZeroHash, err
	}
	return g.repo.Storer.SetEncodedObject(enc)
}

// gitRefNameOK is git check-ref-format's test for one name, in short.
func gitRefNameOK(n string) bool {
	if n == "" || n == "@" || strings.HasPrefix(n, "-") || strings.HasPrefix(n, "/") || strings.HasSuffix(n, "/") ||
		strings.HasSuffix(n, ".") || strings.HasSuffix(n, ".lock") || strings.Contains(n, "..") ||
		strings.Contains(n, "@{") || strings.Contains(n, "//") {
		return false
	}
	for _, c := range n {
		if c < 0x20 || c == 0x7f || strings.ContainsRune(" ~^:?*[\\", c) {
			return false
		}
	}
	for _, part := range strings.Split(n, "/") {
		if strings.HasPrefix(part, ".") {
			return false
		}
	}
	return true
}

// gitRemote is git remote [-v], remote add NAME URL, remote remove NAME,
// remote rename OLD NEW, remote get-url NAME, remote set-url NAME URL:
// the repository's configuration only; nothing is fetched.
func gitRemote(g *gitRun, args []string) int {
	verbose := false
	for len(args) > 0 && (args[0] == "-v" || args[0] == "--verbose") {
		verbose, args = true, args[1:]
	}
	if c := g.open(); c != 0 {
		return c
	}
	cfg, err := g.repo.Config()
	if err != nil {
		return g.fatal(err.Error())
	}
	if len(args) == 0 {
		return g.listRemotes(cfg, verbose)
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "add":
		return g.addRemote(cfg, rest)
	case "remove", "rm":
		if len(rest) != 1 {
			return g.usage("wrong number of arguments")
		}
		if _, ok := cfg.Remotes[rest[0]]; !ok {
			fmt.Fprintf(g.p.Stderr, "error: No such remote: '%s'\n", rest[0])
			return 2
		}
		delete(cfg.Remotes, rest[0])
	case "get-url":
		if len(rest) != 1 {
			return g.usage("wrong number of arguments")
		}
		r, ok := cfg.Remotes[rest[0]]
		if !ok {
			fmt.Fprintf(g.p.Stderr, "error: No such remote '%s'\n", rest[0])
			return 2
		}
		for _, u := range r.URLs[:min(1, len(r.URLs))] {
			fmt.Fprintln(g.p.Stdout, u)
		}
		return 0
	case "set-url":
		if len(rest) != 2 {
			return g.usage("wrong number of arguments")
		}
		r, ok := cfg.Remotes[rest[0]]
		if !ok {
			fmt.Fprintf(g.p.Stderr, "error: No such remote '%s'\n", rest[0])
			return 2
		}
		r.URLs = []string{rest[1]}
	default:
		return g.fatal(fmt.Sprintf("'remote %s' needs the network or is not supported here", sub))
	}
	if err := g.repo.Storer.SetConfig(cfg); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

func (g *gitRun) listRemotes(cfg *config.Config, verbose bool) int {
	var names []string
	for n := range cfg.Remotes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !verbose {
			fmt.Fprintln(g.p.Stdout, n)
			continue
		}
		urls := cfg.Remotes[n].URLs
		if len(urls) > 0 {
			fmt.Fprintf(g.p.Stdout, "%s\t%s (fetch)\n", n, urls[0])
		}
		for _, u := range urls {
			fmt.Fprintf(g.p.Stdout, "%s\t%s (push)\n", n, u)
		}
	}
	return 0
}

func (g *gitRun) addRemote(cfg *config.Config, args []string) int {
	if len(args) != 2 {
		return g.usage("wrong number of arguments")
	}
	name, url := args[0], args[1]
	if _, ok := cfg.Remotes[name]; ok {
		fmt.Fprintf(g.p.Stderr, "error: remote %s already exists.\n", name)
		return 3
	}
	if !gitRefNameOK(name) {
		return g.fatal(fmt.Sprintf("'%s' is not a valid remote name", name))
	}
	cfg.Remotes[name] = &config.RemoteConfig{Name: name, URLs: []string{url},
		Fetch: []config.RefSpec{config.RefSpec("+refs/heads/*:refs/remotes/" + name + "/*")}}
	if err := g.repo.Storer.SetConfig(cfg); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}
