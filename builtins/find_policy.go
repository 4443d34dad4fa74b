package builtins

// find's primaries as options, for policies and probes: each primary is
// an option of find, named with its synonyms (-depth and -d, -mount and
// -xdev), and so are the leading -H, -L and -P.

import (
	"slices"
	"strings"
)

// findSynonyms lists primaries that are one, the canonical name first.
var findSynonyms = [][]string{
	{"-depth", "-d"}, {"-mount", "-xdev"}, {"-path", "-wholename"}, {"-ipath", "-iwholename"},
	{"!", "-not"}, {"-a", "-and"}, {"-o", "-or"}, {"-help", "--help"}, {"-version", "--version"},
}

// findLeading are the options before the starting points.
var findLeading = []string{"-H", "-L", "-P"}

// findOptionName returns the primary a with its synonyms.
func findOptionName(a string) OptionName {
	for _, s := range findSynonyms {
		if slices.Contains(s, a) {
			return OptionName(s)
		}
	}
	return OptionName{a}
}

// findOptionNames lists find's primaries and options.
func findOptionNames() []OptionName {
	seen := map[string]bool{}
	var out []OptionName
	add := func(a string) {
		n := findOptionName(a)
		if !seen[n[0]] {
			seen[n[0]] = true
			out = append(out, n)
		}
	}
	for _, a := range findLeading {
		add(a)
	}
	for a := range findPrimaries {
		add(a)
	}
	for _, x := range "aBcm" {
		for _, y := range "aBcmt" {
			add("-newer" + string(x) + string(y))
		}
	}
	slices.SortFunc(out, func(a, b OptionName) int { return strings.Compare(a[0], b[0]) })
	return out
}

// checkPolicy shows the run's policy every primary of the expression
// before find parses it for real (its parse opens -fprint's files), so
// that a refused primary anywhere leaves the workspace as it was.
func (f *finder) checkPolicy(expr []string) error {
	p := f.p
	if p.Sys == nil || p.Sys.CheckOption == nil || p.Sys.probe != nil {
		return nil
	}
	pr := &optProbe{}
	q := p.Child(p.Args)
	q.Stdout, q.Stderr, q.FS = discard{}, discard{}, p.FS.ReadOnly()
	sys := &System{probe: pr, Now: p.Sys.Now, Loc: p.Sys.Loc}
	q.Sys = sys
	g := &finder{p: q, follow: 'P', maxDepth: -1, start: f.start, regexTyp: f.regexTyp}
	g.parse(expr)
	for _, u := range pr.parsed.Options {
		if err := p.Sys.CheckOption(p.BaseName(), u.Name); err != nil {
			return err
		}
	}
	return nil
}

// discard is io.Discard with a Write of its own type, for probes.
type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }
