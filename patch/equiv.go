package patch

import (
	"bytes"
	"hash/maphash"
	"unicode"
	"unicode/utf8"
)

// Options say which differences between lines do not count, as diff's
// -i, -w, -b, -Z, -E and -B options do.
type Options struct {
	IgnoreCase          bool // -i: upper and lower case are the same
	IgnoreAllSpace      bool // -w: white space does not count at all
	IgnoreSpaceChange   bool // -b: a run of white space is one space; trailing space does not count
	IgnoreTrailingSpace bool // -Z: white space at the end of a line does not count
	IgnoreTabExpansion  bool // -E: a tab is the spaces it expands to
	IgnoreBlankLines    bool // -B: changes that only insert or delete blank lines do not count
	// IgnoreLine is -I: changes whose lines (without their newline) all
	// satisfy it do not count.
	IgnoreLine func(line []byte) bool
	Minimal    bool // -d: find the smallest set of changes, however slow
}

// ignoresSpace reports whether some white space difference does not
// count; an incomplete last line can then equal a complete one.
func (o *Options) ignoresSpace() bool {
	return o.IgnoreAllSpace || o.IgnoreSpaceChange || o.IgnoreTrailingSpace
}

// ignoresLines reports whether some changes may not count (-B, -I).
func (o *Options) ignoresLines() bool {
	return o.IgnoreBlankLines || o.IgnoreLine != nil
}

func (o *Options) exact() bool {
	return !o.IgnoreCase && !o.IgnoreAllSpace && !o.IgnoreSpaceChange &&
		!o.IgnoreTrailingSpace && !o.IgnoreTabExpansion
}

// classes numbers the lines of the compared regions of both files so
// that two lines get the same number exactly when they match under the
// options. Numbers start at 1.
type classes struct {
	// slots is an open-addressing table, its length a power of two at
	// least twice the number of classes: each slot holds the high 32 bits
	// of a key's hash and its class id (0: empty).
	slots  []uint64
	hashes []uint64 // hashes[id] is the hash of class id's key
	reps   [][]byte // reps[id] is the key of class id
	seed   maphash.Seed
	opts   *Options
}

func newClasses(opts *Options, hint int) *classes {
	n := 16
	for n < 2*hint {
		n <<= 1
	}
	return &classes{slots: make([]uint64, n), hashes: make([]uint64, 1, hint+1),
		reps: make([][]byte, 1, hint+1), seed: maphash.MakeSeed(), opts: opts}
}

// count returns how many classes there are, plus one.
func (c *classes) count() int { return len(c.reps) }

// number returns the class of lines [from, to) of t.
func (c *classes) number(t *text, from, to int) []int32 {
	out := make([]int32, to-from)
	for i := from; i < to; i++ {
		out[i-from] = c.id(c.key(t, i))
	}
	return out
}

// id returns the class of key, making one when it is new. key may be
// kept, so it must not change afterwards.
func (c *classes) id(key []byte) int32 {
	h := maphash.Bytes(c.seed, key)
	mask := len(c.slots) - 1
	high := h &^ 0xffffffff
	for i := int(h) & mask; ; i = (i + 1) & mask {
		slot := c.slots[i]
		if slot == 0 {
			id := int32(len(c.reps))
			c.reps = append(c.reps, key)
			c.hashes = append(c.hashes, h)
			c.slots[i] = high | uint64(id)
			if 2*len(c.reps) > len(c.slots) {
				c.grow()
			}
			return id
		}
		if id := int32(slot & 0xffffffff); slot&^0xffffffff == high && bytes.Equal(c.reps[id], key) {
			return id
		}
	}
}

// grow doubles the table.
func (c *classes) grow() {
	c.slots = make([]uint64, 2*len(c.slots))
	mask := len(c.slots) - 1
	for id := 1; id < len(c.reps); id++ {
		h := c.hashes[id]
		i := int(h) & mask
		for c.slots[i] != 0 {
			i = (i + 1) & mask
		}
		c.slots[i] = h&^0xffffffff | uint64(id)
	}
}

// key returns the text that stands for line i under the options. An
// incomplete last line only matches another incomplete line (unless white
// space is ignored): its key ends in a newline, which no other key has.
func (c *classes) key(t *text, i int) []byte {
	b := t.body(i)
	if !c.opts.exact() {
		b = normalize(nil, b, c.opts)
	}
	if !t.complete(i) && !c.opts.ignoresSpace() {
		return append(append([]byte{}, b...), '\n')
	}
	return b
}

// isSpace is C's isspace in the C.UTF-8 locale, for one byte.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// normalize appends to dst the form of line in which the ignored
// differences have gone.
func normalize(dst, line []byte, o *Options) []byte {
	if o.IgnoreTrailingSpace && !o.IgnoreAllSpace && !o.IgnoreSpaceChange {
		line = bytes.TrimRightFunc(line, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
	}
	col := 0
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case isSpace(c) && o.IgnoreAllSpace:
			i++
			continue
		case isSpace(c) && o.IgnoreSpaceChange:
			for i < len(line) && isSpace(line[i]) {
				i++
			}
			if i < len(line) {
				dst = append(dst, ' ')
			}
			continue
		case c == '\t' && o.IgnoreTabExpansion:
			for n := 8 - col%8; n > 0; n-- {
				dst = append(dst, ' ')
			}
			col, i = 0, i+1
			continue
		}
		r, size := utf8.DecodeRune(line[i:])
		if o.IgnoreCase && r != utf8.RuneError {
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		} else {
			dst = append(dst, line[i:i+size]...)
		}
		col++
		i += size
	}
	return dst
}
