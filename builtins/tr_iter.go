package builtins

// Walking and checking the sets of tr (see tr.go), after GNU's get_next,
// get_spec_stats and validate.

const (
	ulNone = iota
	ulLower
	ulUpper
)

// trIter walks the characters of a set.
type trIter struct {
	i     int
	state int  // position within the current construct
	fresh bool // the current construct has not been started
}

func (set *trSet) reset() { set.iter = trIter{fresh: true} }

// skip moves past the current construct.
func (set *trSet) skip() {
	set.iter.i++
	set.iter.fresh = true
}

// next returns the next character of the set, or -1 at the end, and
// whether it came from [:lower:] or [:upper:].
func (set *trSet) next() (int, int) {
	it := &set.iter
	for it.i < len(set.elems) {
		e := &set.elems[it.i]
		switch e.kind {
		case trNormal, trEquiv:
			it.i++
			it.fresh = true
			return int(e.a), ulNone
		case trRange:
			if it.fresh {
				it.state, it.fresh = int(e.a), false
			} else {
				it.state++
			}
			c := it.state
			if c == int(e.b) {
				it.i++
				it.fresh = true
			}
			return c, ulNone
		case trClass:
			return set.nextInClass(e), classUL(e.class)
		case trRepeat:
			if e.count == 0 {
				it.i++
				it.fresh = true
				continue
			}
			if it.fresh {
				it.state, it.fresh = 0, false
			}
			it.state++
			if uint64(it.state) == e.count {
				it.i++
				it.fresh = true
			}
			return int(e.a), ulNone
		}
	}
	return -1, ulNone
}

func classUL(class int) int {
	switch class {
	case clLower:
		return ulLower
	case clUpper:
		return ulUpper
	}
	return ulNone
}

func (set *trSet) nextInClass(e *trElem) int {
	it := &set.iter
	if it.fresh {
		c := 0
		for c < 256 && !isClassMember(e.class, c) {
			c++
		}
		it.state, it.fresh = c, false
	}
	ret := it.state
	c := ret + 1
	for c < 256 && !isClassMember(e.class, c) {
		c++
	}
	if c < 256 {
		it.state = c
	} else {
		it.i++
		it.fresh = true
	}
	return ret
}

// stats computes the set's length and what it contains.
func (set *trSet) stats() {
	set.length, set.indefinite = 0, 0
	for k, e := range set.elems {
		var n uint64
		switch e.kind {
		case trNormal, trEquiv:
			n = 1
			set.hasEquiv = set.hasEquiv || e.kind == trEquiv
		case trRange:
			n = uint64(e.b-e.a) + 1
		case trClass:
			set.hasClass = true
			for c := 0; c < 256; c++ {
				if isClassMember(e.class, c) {
					n++
				}
			}
			if e.class != clLower && e.class != clUpper {
				set.restrictedCls = true
			}
		case trRepeat:
			if e.count > 0 {
				n = e.count
			} else {
				set.indefiniteAt = k
				set.indefinite++
			}
		}
		set.length += n
	}
}

// members returns the set as a membership table, complemented if asked.
func (set *trSet) members(complement bool) *[256]bool {
	var in [256]bool
	set.reset()
	for c, _ := set.next(); c >= 0; c, _ = set.next() {
		in[c] = true
	}
	if complement {
		for i := range in {
			in[i] = !in[i]
		}
	}
	return &in
}

// trValidate is GNU's validate: it checks the sets for the operation and
// extends set2 to the length of set1 when translating.
func (t *trRun) validate() error {
	s1, s2 := t.s1, t.s2
	s1.stats()
	if t.complement {
		n := uint64(0)
		for _, in := range s1.members(false) {
			if !in {
				n++
			}
		}
		s1.length = n
	}
	if s1.indefinite > 0 {
		return trErrorf("the [c*] repeat construct may not appear in string1")
	}
	if s2 == nil {
		return nil
	}
	s2.stats()
	if s1.length >= s2.length && s2.indefinite == 1 {
		s2.elems[s2.indefiniteAt].count = s1.length - s2.length
		s2.length = s1.length
	}
	if s2.indefinite > 1 {
		return trErrorf("only one [c*] repeat construct may appear in string2")
	}
	if !t.translating {
		if s2.indefinite > 0 {
			return trErrorf("the [c*] construct may appear in string2 only when translating")
		}
		return nil
	}
	return t.validateTranslation()
}

func (t *trRun) validateTranslation() error {
	s1, s2 := t.s1, t.s2
	if s2.hasEquiv {
		return trErrorf("[=c=] expressions may not appear in string2 when translating")
	}
	if s2.restrictedCls {
		return trErrorf("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'")
	}
	if err := t.validateCaseClasses(); err != nil {
		return err
	}
	if s1.length > s2.length && !t.truncate {
		if s2.length == 0 {
			return trErrorf("when not truncating set1, string2 must be non-empty")
		}
		if err := s2.extend(s1.length); err != nil {
			return err
		}
	}
	if t.complement && s1.hasClass && !(s2.length == s1.length && s2.homogeneous()) {
		return trErrorf("when translating with complemented character classes,\nstring2 must map all characters in the domain to one")
	}
	return nil
}

// validateCaseClasses checks that [:upper:] and [:lower:] in set2 face
// such a class in set1, and counts each such pair as one character.
func (t *trRun) validateCaseClasses() error {
	s1, s2 := t.s1, t.s2
	if t.complement || !s2.hasClass {
		return nil
	}
	s1.reset()
	s2.reset()
	c1, c2 := 0, 0
	new1, new2 := true, true
	for c1 != -1 && c2 != -1 {
		var cl1, cl2 int
		c1, cl1 = s1.next()
		c2, cl2 = s2.next()
		if new2 && cl2 != ulNone && !(new1 && cl1 != ulNone) {
			return trErrorf("misaligned [:upper:] and/or [:lower:] construct")
		}
		if cl2 != ulNone {
			s1.skip()
			s2.skip()
			s1.length -= 25
			s2.length -= 25
		}
		new1, new2 = s1.iter.fresh, s2.iter.fresh
	}
	return nil
}

// extend repeats the last character of set2 up to length n.
func (set *trSet) extend(n uint64) error {
	last := set.elems[len(set.elems)-1]
	var c byte
	switch last.kind {
	case trNormal, trRepeat:
		c = last.a
	case trRange:
		c = last.b
	default:
		return trErrorf("when translating with string1 longer than string2,\nthe latter string must not end with a character class")
	}
	set.elems = append(set.elems, trElem{kind: trRepeat, a: c, count: n - set.length})
	set.length = n
	return nil
}

// homogeneous reports whether the set is one character, repeated.
func (set *trSet) homogeneous() bool {
	set.reset()
	b, _ := set.next()
	if b < 0 {
		return false
	}
	for c, _ := set.next(); c >= 0; c, _ = set.next() {
		if c != b {
			return false
		}
	}
	return true
}
