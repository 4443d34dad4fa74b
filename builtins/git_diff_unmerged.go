package builtins

// Unmerged paths in git diff --cached: during a conflicted merge the
// index holds stages 1-3 of a path instead of stage 0, and git shows
// the path as unmerged rather than diffing any one stage.

import (
	"fmt"
	"io"
)

// stagedSide is the index as git diff --cached compares it, and the
// paths that have conflict stages, which are shown as unmerged.
func (g *gitRun) stagedSide() (gitSide, map[string]bool, error) {
	side, err := g.indexSide()
	if err != nil {
		return nil, nil, err
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil, nil, err
	}
	var unmerged map[string]bool
	for _, e := range idx.Entries {
		if e.Stage != 0 {
			if unmerged == nil {
				unmerged = map[string]bool{}
			}
			unmerged[e.Name] = true
		}
	}
	return side, unmerged, nil
}

// writeUnmerged prints an unmerged path as git does for the output
// format chosen: U for --name-status, 0 0 for --numstat, the stat's
// "| Unmerged" (which git ends with no newline, the next line following
// on it) and "* Unmerged path" in a patch.
func writeUnmerged(w io.Writer, name string, width int, o *gitDiffOpts) {
	switch {
	case o.nameOnly:
		fmt.Fprintln(w, gitQuote(name))
	case o.nameStatus:
		fmt.Fprintf(w, "U\t%s\n", gitQuote(name))
	case o.numstat:
		fmt.Fprintf(w, "0\t0\t%s\n", gitQuote(name))
	case o.stat:
		fmt.Fprintf(w, " %-*s | Unmerged", width, gitQuote(name))
	default:
		fmt.Fprintf(w, "* Unmerged path %s\n", gitQuote(name))
	}
}
