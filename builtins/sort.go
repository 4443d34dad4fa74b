package builtins

// sort - sort lines of text files
//
//	sort [OPTION]... [FILE]...
//	sort [OPTION]... --files0-from=F
//
// Ordering: -b, -d, -f, -g, -h, -i, -M, -n, -R (random order from a
// seed drawn per run, equal keys together), -r, -V, --sort=WORD; keys
// -k POS1[,POS2] with per-key letters (-k2,2n -k1.3,1.5 -k3r) and the
// obsolete +POS1 [-POS2]; -t SEP; -s (no last-resort comparison of whole
// lines); -u; -z. Modes: -c, -C, --check[=diagnose-first|quiet|silent];
// -m (merge sorted inputs). Output: -o FILE (may be an input: all input
// is read first). Past its share of the run's memory budget (half of
// what is left, or -S SIZE), sort writes sorted runs to temporary files
// in the engine's scratch directory, outside the workspace, and merges
// them, as GNU does in -T DIR; without a scratch directory the budget
// stops it. Accepted for compatibility: -T DIR (the scratch directory is
// the engine's), --parallel=N, --batch-size=N. Collation in C.UTF-8 is
// byte order. Usage errors exit 2, as in GNU.
//
// Differences from GNU: --debug, --compress-program and --random-source
// are not supported; -g puts NaNs in byte order of their text (GNU
// compares their memory, padding included).

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type sortOpts struct {
	keys       []*sortKey
	global     sortKey
	tab        int // -1: fields are separated by blanks
	unique     bool
	stable     bool
	check      byte // 0, 'c' or 'C'
	merge      bool
	output     string
	hasOutput  bool
	eol        byte
	files0     string
	hasFiles0  bool
	seed       maphash.Seed
	bufSize    int64 // -S in bytes, or minus a percentage; 0: not given
	noKeys     bool  // plain comparison of whole lines
	globalOnly bool  // the global ordering is the only key
}

func sortCmd(p *Proc) int {
	o := &sortOpts{tab: -1, eol: '\n', global: sortKey{sword: noPos, eword: noPos}}
	files, err := p.sortParse(o)
	if err == nil {
		files, err = p.sortFinishOpts(o, files)
	}
	if err != nil {
		return p.sortFail(err)
	}
	if o.check != 0 {
		return p.sortCheck(o, files[0])
	}
	for _, f := range files {
		if f == "-" {
			continue
		}
		if _, err := p.Stat(f); err != nil {
			return p.sortFail(sortError(fmt.Sprintf("cannot read: %s: %s", quote.Shell(f), ErrText(err))))
		}
	}
	if o.hasOutput {
		if err := p.sortCheckOutput(o.output); err != nil {
			return p.sortFail(err)
		}
	}
	if o.merge {
		return p.sortMerge(o, files)
	}
	return p.sortFiles(o, files)
}

// sortFail prints a fatal error and returns sort's failure status.
func (p *Proc) sortFail(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	var se sortError
	if errors.As(err, &se) {
		p.Errorf("%s", string(se))
		return 2
	}
	if we, ok := err.(writeErr); ok {
		return p.WriteFailed(we.error)
	}
	if err == errStopped {
		return 130
	}
	return p.usage(err, 2)
}

// sortFinishOpts applies what GNU does after parsing: the file list, key
// inheritance and compatibility checks.
func (p *Proc) sortFinishOpts(o *sortOpts, files []string) ([]string, error) {
	if o.hasFiles0 {
		var err error
		if files, err = p.sortFiles0(o, files); err != nil {
			return nil, err
		}
	}
	g := &o.global
	for _, k := range o.keys {
		if k.isDefault() && !k.reverse {
			k.inherit(g)
		}
	}
	if len(o.keys) == 0 && !g.isDefault() {
		o.keys, o.globalOnly = []*sortKey{g}, true
	}
	for _, k := range o.keys {
		if err := k.incompatible(); err != nil {
			return nil, err
		}
	}
	o.noKeys = len(o.keys) == 0
	o.seed = maphash.MakeSeed()
	if len(files) == 0 {
		files = []string{"-"}
	}
	if o.check != 0 {
		if len(files) > 1 {
			return nil, sortError(fmt.Sprintf("extra operand %s not allowed with -%c", quote.ShellAlways(files[1]), o.check))
		}
		if o.hasOutput {
			return nil, sortError(fmt.Sprintf("options '-%co' are incompatible", o.check))
		}
	}
	return files, nil
}

func (p *Proc) sortFiles0(o *sortOpts, files []string) ([]string, error) {
	if len(files) > 0 {
		return nil, fmt.Errorf("extra operand %s\nfile operands cannot be combined with --files0-from\nTry '%s --help' for more information.",
			quote.ShellAlways(files[0]), p.Name())
	}
	names, err := p.readFiles0(o.files0)
	if err != nil {
		var re files0ReadErr
		if errors.As(err, &re) {
			return nil, sortError(fmt.Sprintf("%s: read error: %s", quote.Shell(o.files0), ErrText(re.error)))
		}
		return nil, sortError(fmt.Sprintf("open failed: %s: %s", quote.Shell(o.files0), ErrText(err)))
	}
	if len(names) == 0 {
		return nil, sortError(fmt.Sprintf("no input from %s", quote.ShellAlways(o.files0)))
	}
	for i, n := range names {
		switch {
		case n == "-":
			return nil, sortError("when reading file names from stdin, no file name of '-' allowed")
		case n == "":
			return nil, sortError(fmt.Sprintf("%s:%d: invalid zero-length file name", quote.Shell(o.files0), i+1))
		}
	}
	return names, nil
}

// sortLine is one input line (without its end) and its keys.
type sortLine struct {
	text []byte
	keys []keyVal
	rank uint64 // order-preserving prefix of the first key (or of text)
}

// sortRef is what the sort moves around: a line's rank and its index in
// input order. Most comparisons end at the ranks, without touching the
// lines.
type sortRef struct {
	rank uint64
	idx  int
}

// makeLines splits data into lines and computes their keys.
func (o *sortOpts) makeLines(data []byte, lines []sortLine) []sortLine {
	lines = slices.Grow(lines, bytes.Count(data, []byte{o.eol})+1)
	for len(data) > 0 {
		i := indexByteFrom(data, o.eol)
		var text []byte
		if i < 0 {
			text, data = data, nil
		} else {
			text, data = data[:i], data[i+1:]
		}
		lines = append(lines, sortLine{text: text, rank: prefix8(text)})
	}
	return lines
}

// computeKeys fills the keys of every line, in one flat slice.
func (o *sortOpts) computeKeys(lines []sortLine) {
	nk := len(o.keys)
	if nk == 0 {
		return
	}
	flat := make([]keyVal, len(lines)*nk)
	inParallel(len(lines), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			kv := flat[i*nk : (i+1)*nk : (i+1)*nk]
			for j, k := range o.keys {
				kv[j] = k.makeKey(lines[i].text, o.tab, o.seed)
			}
			lines[i].keys = kv
			lines[i].rank = o.keys[0].rank(&kv[0])
		}
	})
}

// compare is GNU's compare: the keys, then (unless -s or -u) the whole
// lines, reversed by a global -r.
func (o *sortOpts) compare(a, b *sortLine) int {
	if !o.noKeys {
		if a.rank != b.rank {
			if o.keys[0].reverse {
				return cmp.Compare(b.rank, a.rank)
			}
			return cmp.Compare(a.rank, b.rank)
		}
		for j, k := range o.keys {
			if d := k.compare(&a.keys[j], &b.keys[j]); d != 0 {
				if k.reverse {
					return -d
				}
				return d
			}
		}
		if o.unique || o.stable {
			return 0
		}
	}
	d := 0
	if o.noKeys {
		d = cmp.Compare(a.rank, b.rank)
	}
	if d == 0 {
		d = bytesCompare(a.text, b.text)
	}
	if o.global.reverse {
		return -d
	}
	return d
}

// sortLines returns the order of the lines, sorted stably: equal lines
// keep their input order. With -u the order inside a group of equal lines
// does not matter (only its first line in input order is printed, see
// firstOfGroups), so ties are left as they fall.
func (o *sortOpts) sortLines(lines []sortLine) []sortRef {
	refs := make([]sortRef, len(lines))
	for i := range lines {
		refs[i] = sortRef{lines[i].rank, i}
	}
	rev := o.global.reverse
	if !o.noKeys {
		rev = o.keys[0].reverse
	}
	return parallelSort(refs, func(a, b sortRef) int {
		if a.rank != b.rank {
			if rev {
				return cmp.Compare(b.rank, a.rank)
			}
			return cmp.Compare(a.rank, b.rank)
		}
		d := o.compare(&lines[a.idx], &lines[b.idx])
		if d != 0 || o.unique {
			return d
		}
		return a.idx - b.idx
	})
}

// firstOfGroups calls emit with the earliest input line of each group of
// equal lines (-u).
func (o *sortOpts) firstOfGroups(lines []sortLine, refs []sortRef, emit func(*sortLine) error) error {
	for i := 0; i < len(refs); {
		first, j := refs[i].idx, i+1
		for ; j < len(refs) && o.compare(&lines[refs[i].idx], &lines[refs[j].idx]) == 0; j++ {
			first = min(first, refs[j].idx)
		}
		if err := emit(&lines[first]); err != nil {
			return err
		}
		i = j
	}
	return nil
}
