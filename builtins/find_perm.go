package builtins

// -perm: octal or symbolic modes (as chmod reads them, without umask),
// exact (MODE), all bits (-MODE) or any bit (/MODE).

import (
	"fmt"
	"io/fs"
)

// findModeChange is one clause of a symbolic mode ("g+w").
type findModeChange struct {
	op        byte // '=', '+', '-'
	flag      byte // 'o' ordinary, 'c' copy existing (u, g, o), 'X'
	affected  uint32
	value     uint32
	mentioned uint32
}

const (
	findModeSUID = 0o4000
	findModeSGID = 0o2000
	findModeSVTX = 0o1000
	findModeAll  = 0o7777
	findModeRUGO = 0o444
	findModeWUGO = 0o222
	findModeXUGO = 0o111
)

// findCompileMode parses an octal or symbolic mode (gnulib's mode_compile).
func findCompileMode(s string) ([]findModeChange, bool) {
	if s != "" && s[0] >= '0' && s[0] <= '7' {
		var v uint32
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '7' {
				return nil, false
			}
			v = v*8 + uint32(s[i]-'0')
			if v > findModeAll {
				return nil, false
			}
		}
		mentioned := uint32(findModeAll)
		if len(s) < 5 {
			mentioned = v&(findModeSUID|findModeSGID) | findModeSVTX | 0o777
		}
		return []findModeChange{{op: '=', flag: 'o', value: v, mentioned: mentioned, affected: findModeAll}}, true
	}
	return findCompileSymbolic(s)
}

func findCompileSymbolic(s string) ([]findModeChange, bool) {
	var out []findModeChange
	p := 0
	for {
		var affected uint32
		for ; p < len(s) && s[p] != '=' && s[p] != '+' && s[p] != '-'; p++ {
			switch s[p] {
			case 'u':
				affected |= findModeSUID | 0o700
			case 'g':
				affected |= findModeSGID | 0o070
			case 'o':
				affected |= findModeSVTX | 0o007
			case 'a':
				affected |= findModeAll
			default:
				return nil, false
			}
		}
		if p >= len(s) {
			return nil, false
		}
		for p < len(s) && (s[p] == '=' || s[p] == '+' || s[p] == '-') {
			c := findModeChange{op: s[p], flag: 'c', affected: affected}
			p++
			p = c.readValue(s, p)
			c.mentioned = c.value
			if affected != 0 {
				c.mentioned = affected & c.value
			}
			out = append(out, c)
		}
		if p == len(s) {
			return out, true
		}
		if s[p] != ',' {
			return nil, false
		}
		p++
	}
}

// readValue reads the permissions after an operator and returns the new
// position.
func (c *findModeChange) readValue(s string, p int) int {
	if p < len(s) {
		switch s[p] {
		case 'u':
			c.value = 0o700
			return p + 1
		case 'g':
			c.value = 0o070
			return p + 1
		case 'o':
			c.value = 0o007
			return p + 1
		}
	}
	c.flag = 'o'
	for ; p < len(s); p++ {
		switch s[p] {
		case 'r':
			c.value |= findModeRUGO
		case 'w':
			c.value |= findModeWUGO
		case 'x':
			c.value |= findModeXUGO
		case 'X':
			c.flag = 'X'
		case 's':
			c.value |= findModeSUID | findModeSGID
		case 't':
			c.value |= findModeSVTX
		default:
			return p
		}
	}
	return p
}

// findAdjustMode applies changes to old (gnulib's mode_adjust with a zero
// umask).
func findAdjustMode(old uint32, dir bool, changes []findModeChange) uint32 {
	mode := old & findModeAll
	for _, c := range changes {
		var omit uint32
		if dir {
			omit = (findModeSUID | findModeSGID) &^ c.mentioned
		}
		value := c.value
		switch c.flag {
		case 'c':
			value &= mode
			value |= findSpread(value)
		case 'X':
			if mode&findModeXUGO != 0 || dir {
				value |= findModeXUGO
			}
		}
		affected := c.affected
		if affected == 0 {
			affected = ^uint32(0)
		}
		value &= affected &^ omit
		switch c.op {
		case '=':
			preserved := omit
			if c.affected != 0 {
				preserved |= ^c.affected
			}
			mode = mode&preserved | value
		case '+':
			mode |= value
		case '-':
			mode &^= value
		}
	}
	return mode
}

// findSpread copies the read, write and execute bits of value to all three
// classes.
func findSpread(v uint32) uint32 {
	var out uint32
	if v&findModeRUGO != 0 {
		out |= findModeRUGO
	}
	if v&findModeWUGO != 0 {
		out |= findModeWUGO
	}
	if v&findModeXUGO != 0 {
		out |= findModeXUGO
	}
	return out
}

// findUnixMode returns the permission bits of m as stat(2) has them.
func findUnixMode(m fs.FileMode) uint32 {
	v := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		v |= findModeSUID
	}
	if m&fs.ModeSetgid != 0 {
		v |= findModeSGID
	}
	if m&fs.ModeSticky != 0 {
		v |= findModeSVTX
	}
	return v
}

func fpPerm(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	kind, start := byte('='), 0
	switch {
	case a == "":
	case a[0] == '-' || a[0] == '/':
		kind, start = a[0], 1
	case a[0] == '+':
		if _, ok := findCompileMode(a); !ok {
			kind, start = '/', 1
		}
	}
	changes, ok := findCompileMode(a[start:])
	if !ok {
		return &findErr{fmt.Sprintf("invalid mode %s", QuoteLocale(a))}
	}
	val := [2]uint32{findAdjustMode(0, false, changes), findAdjustMode(0, true, changes)}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		fi, ok := f.stat(e)
		if !ok {
			return false
		}
		mode := findUnixMode(fi.Mode())
		want := val[0]
		if fi.IsDir() {
			want = val[1]
		}
		switch kind {
		case '-':
			return mode&want == want
		case '/':
			return want == 0 || mode&want != 0
		}
		return mode == want
	})
	return nil
}
