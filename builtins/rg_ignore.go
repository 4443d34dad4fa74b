package builtins

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// rgLayer is what one directory of the walk adds to the ignore rules:
// the patterns of its ignore files, in ascending precedence (git's
// info/exclude, .gitignore, .ignore, .rgignore), and whether it holds a
// git repository.
type rgLayer struct {
	pats   []rgPat
	hasGit bool
}

// rgPat is one ignore-file line, of a kind in ascending precedence:
// git's info/exclude, .gitignore (these two count only inside a
// repository), .ignore, .rgignore.
type rgPat struct {
	pat  gitignore.Pattern
	kind int
}

const (
	rgKindExclude = iota
	rgKindGit
	rgKindIgnore
	rgKindRg
)

// rgMatch is a filter's verdict: ignore, whitelist, or no opinion.
type rgMatch int

const (
	rgNone rgMatch = iota
	rgIgnore
	rgWhite
)

// rgComponents splits a visible absolute path into its names.
func rgComponents(abs string) []string {
	var out []string
	for _, c := range strings.Split(abs, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// layer reads the ignore files of the directory abs.
func (r *rgRun) layer(abs string) *rgLayer {
	l := &rgLayer{}
	domain := rgComponents(abs)
	if fi, err := r.p.Lstat(path.Join(abs, ".git")); err == nil {
		l.hasGit = true
		if fi.IsDir() && !r.o.noIgnoreVCS {
			l.read(r, path.Join(abs, ".git/info/exclude"), domain, rgKindExclude)
		}
	}
	if !r.o.noIgnoreVCS {
		l.read(r, path.Join(abs, ".gitignore"), domain, rgKindGit)
	}
	if !r.o.noIgnoreDot {
		l.read(r, path.Join(abs, ".ignore"), domain, rgKindIgnore)
	}
	if !r.o.noIgnoreRg {
		l.read(r, path.Join(abs, ".rgignore"), domain, rgKindRg)
	}
	return l
}

// read adds the patterns of one ignore file, if it exists.
func (l *rgLayer) read(r *rgRun, name string, domain []string, kind int) {
	fi, err := r.p.Stat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	data, err := r.p.readInputHeld(name)
	if err != nil {
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if !strings.HasSuffix(line, `\ `) {
			line = strings.TrimRight(line, " ")
		}
		if line == "" || line[0] == '#' {
			continue
		}
		alts, _ := rgBraces(line) // ripgrep skips a line it cannot parse
		for _, alt := range alts {
			l.pats = append(l.pats, rgPat{gitignore.ParsePattern(alt, domain), kind})
		}
	}
}

// rgIgnored applies the ignore files of the stack to the entry abs, as
// the ignore crate does: .rgignore files first (the innermost directory
// first, the last matching line of a file deciding), then .ignore, then
// .gitignore and info/exclude up to the repository's top.
func rgIgnored(stack []*rgLayer, abs string, isDir, noRequireGit bool) rgMatch {
	anyGit := noRequireGit
	for _, l := range stack {
		anyGit = anyGit || l.hasGit
	}
	parts := rgComponents(abs)
	for kind := rgKindRg; kind >= rgKindExclude; kind-- {
		vcs := kind <= rgKindGit
		if vcs && !anyGit {
			break
		}
		for i := len(stack) - 1; i >= 0; i-- {
			if m := stack[i].match(kind, parts, isDir); m != rgNone {
				return m
			}
			if vcs && stack[i].hasGit && !noRequireGit {
				break
			}
		}
	}
	return rgNone
}

// match applies the layer's patterns of one kind.
func (l *rgLayer) match(kind int, parts []string, isDir bool) rgMatch {
	for j := len(l.pats) - 1; j >= 0; j-- {
		if l.pats[j].kind != kind {
			continue
		}
		switch l.pats[j].pat.Match(parts, isDir) {
		case gitignore.Exclude:
			return rgIgnore
		case gitignore.Include:
			return rgWhite
		}
	}
	return rgNone
}

// rgGlob is one -g glob: a whitelist, or with ! an exclusion.
type rgGlob struct {
	pat   gitignore.Pattern
	white bool
	fold  bool
}

// newRgGlobs compiles the -g globs, relative to the directory dir.
func newRgGlobs(globs []rgGlobArg, dir string) ([]rgGlob, error) {
	domain := rgComponents(dir)
	var out []rgGlob
	for _, g := range globs {
		s, white := g.glob, true
		if strings.HasPrefix(s, "!") {
			s, white = s[1:], false
		}
		if g.fold {
			s = strings.ToLower(s)
		}
		alts, err := rgBraces(s)
		if err != nil {
			return nil, fmt.Errorf("error parsing glob '%s': %v", g.glob, err)
		}
		for _, alt := range alts {
			out = append(out, rgGlob{gitignore.ParsePattern(alt, rgLowerAll(domain, g.fold)), white, g.fold})
		}
	}
	return out, nil
}

func rgLowerAll(parts []string, fold bool) []string {
	if !fold {
		return parts
	}
	out := make([]string, len(parts))
	for i, s := range parts {
		out[i] = strings.ToLower(s)
	}
	return out
}

// rgOverride applies the -g globs (the last that matches decides). A
// file that none matches is ignored when some glob is a whitelist.
func rgOverride(globs []rgGlob, abs string, isDir bool) rgMatch {
	if len(globs) == 0 {
		return rgNone
	}
	parts := rgComponents(abs)
	hasWhite := false
	for i := len(globs) - 1; i >= 0; i-- {
		g := globs[i]
		hasWhite = hasWhite || g.white
		if g.pat.Match(rgLowerAll(parts, g.fold), isDir) != gitignore.NoMatch {
			if g.white {
				return rgWhite
			}
			return rgIgnore
		}
	}
	if hasWhite && !isDir {
		return rgIgnore
	}
	return rgNone
}

// skip decides whether the walk leaves out the entry abs (name is its
// base name), as ripgrep's ignore crate does: -g globs first, then the
// ignore files, then the types, and hidden names last unless
// whitelisted.
func (r *rgRun) skip(stack []*rgLayer, abs, name string, isDir bool) bool {
	switch rgOverride(r.globs, abs, isDir) {
	case rgIgnore:
		return true
	case rgWhite:
		return false
	}
	white := false
	switch rgIgnored(stack, abs, isDir, r.o.noRequireGit) {
	case rgIgnore:
		return true
	case rgWhite:
		white = true
	}
	if !isDir {
		switch r.typeMatch(name) {
		case rgIgnore:
			return true
		case rgWhite:
			white = true
		}
	}
	return !white && !r.o.hidden && strings.HasPrefix(name, ".")
}

// rgBraces expands the {a,b} alternations of a glob, which ripgrep's
// globs have and git's patterns lack, into one glob for each choice.
// As in ripgrep, alternations do not nest.
func rgBraces(glob string) ([]string, error) {
	out := []string{""}
	for i := 0; i < len(glob); i++ {
		c := glob[i]
		switch {
		case c == '\\' && i+1 < len(glob):
			out = rgAppendAll(out, glob[i:i+2])
			i++
		case c == '{':
			end := strings.IndexByte(glob[i:], '}')
			if end < 0 {
				return nil, errors.New("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)")
			}
			body := glob[i+1 : i+end]
			if strings.IndexByte(body, '{') >= 0 {
				return nil, errors.New("nested alternate groups are not allowed")
			}
			var next []string
			for _, alt := range strings.Split(body, ",") {
				next = append(next, rgAppendAll(out, alt)...)
			}
			out = next
			i += end
		default:
			out = rgAppendAll(out, string(c))
		}
	}
	return out, nil
}

// rgAppendAll returns each of prefixes followed by s.
func rgAppendAll(prefixes []string, s string) []string {
	out := make([]string, len(prefixes))
	for i, p := range prefixes {
		out[i] = p + s
	}
	return out
}
