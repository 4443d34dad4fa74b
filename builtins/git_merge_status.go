package builtins

// What git status shows of a merge, cherry-pick or revert in progress:
// the state paragraph and the unmerged paths.

import (
	"fmt"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// gitUnmergedCodes are git's XY letters and long-status labels for the
// stages a conflicted path has (bit 0: base, 1: ours, 2: theirs).
var gitUnmergedCodes = map[int]struct{ xy, label string }{
	7: {"UU", "both modified:"}, 3: {"UD", "deleted by them:"}, 5: {"DU", "deleted by us:"},
	6: {"AA", "both added:"}, 2: {"AU", "added by us:"}, 4: {"UA", "added by them:"}, 1: {"DD", "both deleted:"},
}

// unmergedStages maps each conflicted path to its stage bits.
func (g *gitRun) unmergedStages() map[string]int {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil
	}
	out := map[string]int{}
	for _, e := range idx.Entries {
		if e.Stage >= index.AncestorMode && e.Stage <= index.TheirMode {
			out[e.Name] |= 1 << (e.Stage - 1)
		}
	}
	return out
}

// withUnmerged replaces the status entries of conflicted paths by one
// unmerged entry each.
func (g *gitRun) withUnmerged(entries []gitEntry) []gitEntry {
	stages := g.unmergedStages()
	if len(stages) == 0 {
		return entries
	}
	kept := entries[:0]
	for _, e := range entries {
		if _, ok := stages[e.path]; !ok {
			kept = append(kept, e)
		}
	}
	for n, bits := range stages {
		xy := gitUnmergedCodes[bits].xy
		kept = append(kept, gitEntry{path: n, staged: gogit.StatusCode(xy[0]), worked: gogit.StatusCode(xy[1]), unmerged: true})
	}
	return kept
}

// printInProgress prints the paragraph git status gives a merge in
// progress and reports whether there was one.
// A revert in progress does not count: git shows the usual hints then.
func (g *gitRun) printInProgress(entries []gitEntry) bool {
	w := g.p.Stdout
	conflicts := false
	for _, e := range entries {
		conflicts = conflicts || e.unmerged
	}
	if st := g.pickState(); st != nil && !g.inMerge() {
		fmt.Fprintf(w, "You are currently %s commit %s.\n", map[bool]string{false: "cherry-picking", true: "reverting"}[st.k.revert], g.short(st.c.Hash))
		if conflicts {
			fmt.Fprintf(w, "  (fix conflicts and run \"git %s --continue\")\n", st.k.name)
		} else {
			fmt.Fprintf(w, "  (all conflicts fixed: run \"git %s --continue\")\n", st.k.name)
		}
		fmt.Fprintf(w, "  (use \"git %[1]s --skip\" to skip this patch)\n  (use \"git %[1]s --abort\" to cancel the %[1]s operation)\n\n", st.k.name)
		return !st.k.revert
	}
	if !g.inMerge() {
		return false
	}
	if conflicts {
		fmt.Fprint(w, "You have unmerged paths.\n  (fix conflicts and run \"git commit\")\n  (use \"git merge --abort\" to abort the merge)\n\n")
	} else {
		fmt.Fprint(w, "All conflicts fixed but you are still merging.\n  (use \"git commit\" to conclude merge)\n\n")
	}
	return true
}

// printUnmerged prints the long status's "Unmerged paths:" section.
func (g *gitRun) printUnmerged(entries []gitEntry) {
	if len(entries) == 0 {
		return
	}
	w := g.p.Stdout
	bothDeleted, delMod := false, false
	for _, e := range entries {
		switch string([]byte{byte(e.staged), byte(e.worked)}) {
		case "DD":
			bothDeleted = true
		case "UD", "DU":
			delMod = true
		}
	}
	hint := `  (use "git add/rm <file>..." as appropriate to mark resolution)`
	switch {
	case !delMod && !bothDeleted:
		hint = `  (use "git add <file>..." to mark resolution)`
	case !delMod:
		hint = `  (use "git rm <file>..." to mark resolution)`
	}
	if st := g.pickState(); !g.inMerge() && (st == nil || st.k.revert) {
		hint = "  (use \"git restore --staged <file>...\" to unstage)\n" + hint
	}
	fmt.Fprintf(w, "Unmerged paths:\n%s\n", hint)
	for _, e := range entries {
		label := ""
		for _, c := range gitUnmergedCodes {
			if c.xy == string([]byte{byte(e.staged), byte(e.worked)}) {
				label = c.label
			}
		}
		fmt.Fprintf(w, "\t%-17s%s\n", label, gitQuote(g.rel(e.path)))
	}
	fmt.Fprintln(w)
}
