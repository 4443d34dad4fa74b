package builtins

import (
	"sort"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
)

// sideID identifies a directory for loop detection.
func sideID(s *side) fileID {
	if s.absent || s.info == nil {
		return fileID{}
	}
	return idOf(s.info)
}

// inStack reports whether side f's directory id is one being compared
// above the current one.
func (d *differ) inStack(f int, id fileID) bool {
	if id.ino == 0 {
		return false
	}
	for _, ids := range d.stack {
		if ids[f] == id {
			return true
		}
	}
	return false
}

// compareDirs compares two directories entry by entry, in name order. An
// absent side (-N) has no entries.
func (d *differ) compareDirs(a, b *side) {
	ids := [2]fileID{sideID(a), sideID(b)}
	if (a.absent || d.inStack(0, ids[0])) && (b.absent || d.inStack(1, ids[1])) {
		name := a.name
		if a.absent {
			name = b.name
		}
		d.p.Errorf("%s: recursive directory loop", name)
		d.note(2)
		return
	}
	d.stack = append(d.stack, ids)
	defer func() { d.stack = d.stack[:len(d.stack)-1] }()
	names := [2][]string{}
	for i, s := range []*side{a, b} {
		if s.absent {
			continue
		}
		ents, err := d.p.ReadDirSorted(s.name)
		if err != nil {
			d.p.Errorf("%s: %s", s.name, ErrText(err))
			d.note(2)
			return
		}
		for _, e := range ents {
			if !d.excluded(e.Name()) {
				names[i] = append(names[i], e.Name())
			}
		}
	}
	for _, n := range mergeNames(names[0], names[1]) {
		if d.p.Cancelled() {
			d.note(2)
			return
		}
		d.compareEntry(a, b, n[0], n[1])
	}
}

// mergeNames pairs the names of two sorted lists; a name missing from
// one list is "" on that side.
func mergeNames(x, y []string) [][2]string {
	var out [][2]string
	for len(x) > 0 || len(y) > 0 {
		switch {
		case len(y) == 0 || len(x) > 0 && x[0] < y[0]:
			out = append(out, [2]string{x[0], ""})
			x = x[1:]
		case len(x) == 0 || y[0] < x[0]:
			out = append(out, [2]string{"", y[0]})
			y = y[1:]
		default:
			out = append(out, [2]string{x[0], y[0]})
			x, y = x[1:], y[1:]
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return first(out[i]) < first(out[j]) })
	return out
}

func first(n [2]string) string {
	if n[0] != "" {
		return n[0]
	}
	return n[1]
}

// compareEntry compares the entry n0 of directory a with n1 of b; one of
// the names is "" when the entry exists on one side only.
func (d *differ) compareEntry(a, b *side, n0, n1 string) {
	newOK := d.o.newFile || n0 == "" && d.o.newFirstOnly
	if (n0 == "" || n1 == "") && !newOK {
		dir, name := a.name, n0
		if n0 == "" {
			dir, name = b.name, n1
		}
		d.p.Stdout.Write([]byte("Only in " + dir + ": " + name + "\n"))
		d.note(1)
		return
	}
	name := n0
	if name == "" {
		name = n1
	}
	x := &side{name: concatName(a.name, name), dir: a.name, absent: n0 == "" || a.absent}
	y := &side{name: concatName(b.name, name), dir: b.name, absent: n1 == "" || b.absent}
	for _, s := range []*side{x, y} {
		if !s.absent {
			d.stat(s)
		}
	}
	if bad := d.report(x); d.report(y) || bad {
		return
	}
	d.compare(x, y, true)
}

// excluded reports whether an entry matches a -x or -X pattern.
func (d *differ) excluded(name string) bool {
	for _, pat := range d.o.exclude {
		if fnmatch.Match(pat, name, 0) {
			return true
		}
	}
	return false
}
