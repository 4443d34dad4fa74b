package builtins

import "github.com/shellfence/shellfence/builtins/internal/quote"

// How cp, mv and ln read their operands: SOURCE DEST, SOURCE... DIRECTORY,
// -t DIRECTORY SOURCE..., and -T (DEST is never a directory to copy into).

// targetPlan says where each source goes.
type targetPlan struct {
	sources []string
	dir     string // the directory the sources go into, or ""
	dest    string // the single destination when dir is ""
}

// destFor returns the destination name of src.
func (t *targetPlan) destFor(src string) string {
	if t.dir == "" {
		return t.dest
	}
	return concatName(t.dir, baseName(src))
}

// planTargets applies GNU's operand rules for cp and mv. The status is
// non-zero when the command line is wrong (the message is printed).
func (p *Proc) planTargets(operands []string, targetDir string, noTarget bool) (*targetPlan, int) {
	if targetDir != "" && noTarget {
		p.Errorf("cannot combine --target-directory (-t) and --no-target-directory (-T)")
		return nil, 1
	}
	n := len(operands)
	switch {
	case n == 0 && targetDir == "" || n == 0:
		return nil, p.usageErr("missing file operand")
	case n == 1 && targetDir == "":
		return nil, p.usageErr("missing destination file operand after %s", quote.ShellAlways(operands[0]))
	case noTarget && n > 2:
		return nil, p.usageErr("extra operand %s", quote.ShellAlways(operands[2]))
	}
	if targetDir != "" {
		fi, err := p.Stat(targetDir)
		if err == nil && !fi.IsDir() {
			err = errNotDir
		}
		if err != nil {
			p.Errorf("target directory %s: %s", quote.ShellAlways(targetDir), ErrText(err))
			return nil, 1
		}
		return &targetPlan{sources: operands, dir: targetDir}, 0
	}
	last := operands[n-1]
	if noTarget {
		return &targetPlan{sources: operands[:1], dest: last}, 0
	}
	fi, err := p.Stat(last)
	if err == nil && fi.IsDir() {
		return &targetPlan{sources: operands[:n-1], dir: last}, 0
	}
	if n > 2 {
		if err == nil {
			err = errNotDir
		}
		p.Errorf("target %s: %s", quote.ShellAlways(last), ErrText(err))
		return nil, 1
	}
	return &targetPlan{sources: operands[:1], dest: last}, 0
}
