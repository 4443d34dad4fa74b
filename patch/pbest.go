package patch

import (
	"io/fs"
	"path"
)

// choose picks the file to patch from the names of the header, as GNU
// patch does: the best existing one, else (for a patch that creates a
// file) the best one needing the fewest new directories.
func (r *run) choose(fc *fileCtx) {
	h := fc.h
	i := -1
	if r.o.Target == "" {
		i = r.chooseName(fc)
	}
	if (h.isRename() || h.isCopy()) && r.o.Target == "" && !r.twoValidNames(fc, i) {
		what := "copy"
		if h.isRename() {
			what = "rename"
		}
		r.say("Cannot %s file without two valid file names\n", what)
		r.skipRest = true
	}
	switch {
	case i >= 0:
		fc.inname = h.names[i]
		fc.info, fc.err = r.lstat(fc.inname)
		fc.statDone = true
	case r.o.Target != "":
		fc.inname = r.o.Target
		fc.info, fc.err = r.lstat(fc.inname)
		fc.statDone = true
		if fc.err != nil || typeOf(fc.info) == fc.fileType {
			r.maybeReverse(fc, fc.inname, fc.err != nil, fc.err != nil || fc.info.Size() == 0)
		}
	}
}

func (r *run) twoValidNames(fc *fileCtx, i int) bool {
	h := fc.h
	a, b := b2i(r.reverse), 1-b2i(r.reverse)
	return (i == nameOld || i == nameNew) && h.has[a] && h.has[b] &&
		r.valid(fc, h.names[a]) && r.valid(fc, h.names[b])
}

// chooseName returns the index of the chosen name, or -1.
func (r *run) chooseName(fc *fileCtx) int {
	h := fc.h
	if !r.o.Posix && (h.has[nameOld] || h.has[nameNew]) && h.has[nameIndex] {
		h.has[nameIndex] = false
	}
	var exists [3]bool
	var infos [3]fs.FileInfo
	i0 := -1
	for i := range 3 {
		if !h.has[i] {
			continue
		}
		if i0 >= 0 && h.names[i0] == h.names[i] {
			exists[i], infos[i] = exists[i0], infos[i0]
		} else {
			fi, err := r.lstat(h.names[i])
			exists[i], infos[i] = err == nil, fi
		}
		i0 = i
	}
	var ignore [3]bool
	for k := range 3 {
		ignore[k] = !exists[k]
	}
	i := r.bestName(fc, ignore)
	if i0 >= 0 && (i < 0 || typeOf(infos[i]) == fc.fileType) {
		nonexistent := i < 0
		name := h.names[i0]
		if i >= 0 {
			name = h.names[i]
		}
		if r.maybeReverse(fc, name, nonexistent, nonexistent || infos[i].Size() == 0) && i < 0 {
			i = i0
		}
	}
	if i < 0 && h.nonexistent[b2i(r.reverse)] != 0 {
		i = r.bestNew(fc)
	}
	return i
}

// bestNew picks, for a file to create, the best name among those that
// need the fewest new directories.
func (r *run) bestNew(fc *fileCtx) int {
	h := fc.h
	var newdirs [3]int
	least := 1 << 30
	for i := range 3 {
		if h.has[i] {
			newdirs[i] = components(h.names[i]) - r.existingDirs(h.names[i])
			least = min(least, newdirs[i])
		}
	}
	var ignore [3]bool
	for i := range 3 {
		ignore[i] = h.has[i] && least < newdirs[i]
	}
	return r.bestName(fc, ignore)
}

// existingDirs counts the leading directories of name that exist.
func (r *run) existingDirs(name string) int {
	n := 0
	for i := 1; i < len(name); i++ {
		if name[i] != '/' || name[i-1] == '/' {
			continue
		}
		fi, err := r.fs.Stat(r.abs(name[:i]))
		if err != nil || !fi.IsDir() {
			break
		}
		n++
	}
	return n
}

// bestName is GNU's best_name: of the names not ignored, those with the
// fewest directory components, of those the ones with the shortest base
// name, of those the shortest names; the first of them that is safe.
func (r *run) bestName(fc *fileCtx, ignore [3]bool) int {
	h := fc.h
	key := func(i int) [3]int {
		n := h.names[i]
		return [3]int{components(n), len(lastComponent(n)), len(n)}
	}
	var best [3]int
	found := false
	for i := range 3 {
		if h.has[i] && !ignore[i] && (!found || lessKey(key(i), best)) {
			best, found = key(i), true
		}
	}
	for i := range 3 {
		if found && h.has[i] && !ignore[i] && key(i) == best && r.valid(fc, h.names[i]) {
			return i
		}
	}
	return -1
}

// lessKey orders (components, base length, length) keys.
func lessKey(a, b [3]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// valid is GNU's name_is_valid: names that are absolute or go up with
// ".." are ignored, with a message (once per name).
func (r *run) valid(fc *fileCtx, name string) bool {
	for _, n := range fc.invalid {
		if n == name {
			return false
		}
	}
	if nameIsSafe(name) {
		return true
	}
	r.say("Ignoring potentially dangerous file name %s\n", quoteName(name))
	if len(fc.invalid) < 2 {
		fc.invalid = append(fc.invalid, name)
	}
	return false
}

// maybeReverse notices a patch that would create a file that exists or
// delete one that does not, and asks (with GNU's default answers)
// whether to reverse it.
func (r *run) maybeReverse(fc *fileCtx, name string, nonexistent, empty bool) bool {
	h := fc.h
	rev := b2i(r.reverse)
	looksReversed := b2i(!empty) < h.nonexistent[rev^b2i(empty)]
	if empty && h.nonexistent[rev^b2i(nonexistent)] == 1 && h.nonexistent[1-rev^b2i(nonexistent)] == 2 {
		return false
	}
	if !looksReversed {
		return false
	}
	when, verb, state := "", "create", "already exists"
	if r.reverse {
		when = ", when reversed,"
	}
	switch {
	case nonexistent:
		verb, state = "delete", "does not exist"
	case empty:
		verb, state = "empty out", "is already empty"
	}
	msg := "The next patch" + when + " would " + verb + " the file " + quoteName(name) + ",\nwhich " + state + "!"
	if r.okToReverse(msg) {
		r.reverse = !r.reverse
	}
	return true
}

// okToReverse asks whether to reverse a patch; without a terminal GNU
// takes the default answer, no, unless -t says yes.
func (r *run) okToReverse(msg string) bool {
	if r.o.Forward || !(r.o.Force && r.o.Silent) {
		r.say("%s", msg)
	}
	switch {
	case r.o.Forward:
		r.say("  Skipping patch.\n")
		r.skipRest = true
	case r.o.Force:
		if !r.o.Silent {
			r.say("  Applying it anyway.\n")
		}
	case r.o.Batch:
		if r.reverse {
			r.say("  Ignoring -R.\n")
		} else {
			r.say("  Assuming -R.\n")
		}
		return true
	default:
		if r.reverse {
			r.say("  Ignore -R? [n] \n")
		} else {
			r.say("  Assume -R? [n] \n")
		}
		r.say("Apply anyway? [n] \n")
		if !r.o.Silent {
			r.say("Skipping patch.\n")
		}
		r.skipRest = true
	}
	return false
}

var _ = path.Join
