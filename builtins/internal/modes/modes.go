// Package modes reads file mode changes as GNU chmod, mkdir -m, umask and
// find -perm do (gnulib modechange): symbolic ("u+x", "go-w", "a=r,u+w",
// "+X", "o=u") and octal modes, applied to a mode with the umask for
// changes that name no user class.
package modes

import (
	"io/fs"

	"github.com/shellfence/shellfence/vfs"
)

// Unix mode bits, as in <sys/stat.h>.
const (
	Setuid = 0o4000
	Setgid = 0o2000
	Sticky = 0o1000
	All    = 0o7777 // CHMOD_MODE_BITS
	RWX    = 0o777  // the permission bits

	modeU = 0o700
	modeG = 0o070
	modeO = 0o007
	modeR = 0o444
	modeW = 0o222
	modeX = 0o111
)

type modeFlag int

const (
	modeOrdinary modeFlag = iota
	modeCopyExisting
	modeXIfAnyX
)

// Change is one directive of a compiled mode: op on the affected bits.
type Change struct {
	op        byte // '=', '+' or '-'
	flag      modeFlag
	affected  uint32
	value     uint32
	mentioned uint32
}

// FromRef is gnulib's mode_create_from_ref: the change that sets a mode
// to m, the mode of a reference file.
func FromRef(m fs.FileMode) []Change {
	return []Change{{op: '=', affected: All, value: Bits(m), mentioned: All}}
}

// Compile parses a mode string; ok is false when it is invalid.
func Compile(s string) ([]Change, bool) {
	if s != "" && s[0] >= '0' && s[0] < '8' {
		return compileOctal(s)
	}
	var out []Change
	i := 0
	for {
		var affected uint32
	who:
		for ; i < len(s); i++ {
			switch s[i] {
			case 'u':
				affected |= Setuid | modeU
			case 'g':
				affected |= Setgid | modeG
			case 'o':
				affected |= Sticky | modeO
			case 'a':
				affected |= All
			case '=', '+', '-':
				break who
			default:
				return nil, false
			}
		}
		if i >= len(s) {
			return nil, false
		}
		for i < len(s) && (s[i] == '=' || s[i] == '+' || s[i] == '-') {
			c, n, ok := compileAction(s[i:], affected)
			if !ok {
				return nil, false
			}
			out = append(out, c)
			i += n
		}
		if i >= len(s) {
			return out, true
		}
		if s[i] != ',' {
			return nil, false
		}
		i++
	}
}

// compileOctal parses a mode made only of octal digits.
func compileOctal(s string) ([]Change, bool) {
	n, ok := ParseOctal(s)
	if !ok {
		return nil, false
	}
	mentioned := uint32(All)
	if len(s) < 5 {
		mentioned = n&(Setuid|Setgid) | Sticky | RWX
	}
	return []Change{{op: '=', affected: All, value: n, mentioned: mentioned}}, true
}

// ParseOctal reads an octal mode of at most 12 bits.
func ParseOctal(s string) (uint32, bool) {
	var n uint32
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return 0, false
		}
		n = n*8 + uint32(s[i]-'0')
		if n > All {
			return 0, false
		}
	}
	return n, s != ""
}

// compileAction parses one "[-+=]perms" at the start of s and returns the
// change and the bytes used.
func compileAction(s string, affected uint32) (Change, int, bool) {
	c := Change{op: s[0], flag: modeCopyExisting, affected: affected}
	i := 1
	switch {
	case i < len(s) && s[i] >= '0' && s[i] <= '7':
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '7' {
			j++
		}
		v, ok := ParseOctal(s[i:j])
		if !ok || affected != 0 || j < len(s) && s[j] != ',' {
			return c, 0, false
		}
		c.flag, c.affected, c.mentioned, c.value = modeOrdinary, All, All, v
		return c, j, true
	case i < len(s) && s[i] == 'u':
		c.value, i = modeU, i+1
	case i < len(s) && s[i] == 'g':
		c.value, i = modeG, i+1
	case i < len(s) && s[i] == 'o':
		c.value, i = modeO, i+1
	default:
		c.flag = modeOrdinary
		i = permLetters(s, i, &c)
	}
	switch {
	case c.affected != 0:
		c.mentioned = c.affected & c.value
	default:
		c.mentioned = c.value
	}
	return c, i, true
}

// permLetters reads "rwxXst" letters from s[i:] into c.
func permLetters(s string, i int, c *Change) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case 'r':
			c.value |= modeR
		case 'w':
			c.value |= modeW
		case 'x':
			c.value |= modeX
		case 'X':
			c.flag = modeXIfAnyX
		case 's':
			c.value |= Setuid | Setgid
		case 't':
			c.value |= Sticky
		default:
			return i
		}
	}
	return i
}

// Adjust applies changes to old (Unix bits) for a file that is a
// directory or not, and returns the new mode and the bits the changes
// touched (gnulib mode_adjust).
func Adjust(old uint32, dir bool, umask uint32, changes []Change) (mode, bits uint32) {
	mode = old & All
	for _, c := range changes {
		omit := uint32(0)
		if dir {
			omit = (Setuid | Setgid) &^ c.mentioned
		}
		value := c.value
		switch c.flag {
		case modeCopyExisting:
			value &= mode
			value |= spread(value, modeR) | spread(value, modeW) | spread(value, modeX)
		case modeXIfAnyX:
			if mode&modeX != 0 || dir {
				value |= modeX
			}
		}
		mask := c.affected
		if mask == 0 {
			mask = ^umask
		}
		value &= mask &^ omit
		switch c.op {
		case '=':
			preserved := omit
			if c.affected != 0 {
				preserved |= ^c.affected
			}
			bits |= All &^ preserved
			mode = mode&preserved | value
		case '+':
			bits |= value
			mode |= value
		case '-':
			bits |= value
			mode &^= value
		}
	}
	return mode, bits
}

// spread returns all of class (r, w or x for u, g and o) when v has any of
// them.
func spread(v, class uint32) uint32 {
	if v&class != 0 {
		return class
	}
	return 0
}

// Bits returns the Unix mode bits (permissions and setuid, setgid,
// sticky) of a Go file mode: [vfs.ModeBits].
func Bits(m fs.FileMode) uint32 { return vfs.ModeBits(m) }

// FileMode turns Unix mode bits into a Go file mode for Chmod and friends:
// [vfs.GoMode].
func FileMode(u uint32) fs.FileMode { return vfs.GoMode(u) }
