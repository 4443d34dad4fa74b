package builtins

// sort's keys: -k POS1[,POS2] and the obsolete +POS1 [-POS2], the
// ordering letters, GNU's rules for inheriting the global ordering, and
// finding a key's start and end in a line.

import (
	"fmt"
	"math"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

const noPos = math.MaxUint64 // "whole line" start, or "end of line" end

// sortKey is GNU's struct keyfield.
type sortKey struct {
	sword, schar uint64 // start field (0-based) and character (0-based)
	eword, echar uint64 // end field (0-based) and character (1-based, 0 = field end)
	skipSBlanks  bool   // b at the start
	skipEBlanks  bool   // b at the end
	ignore       byte   // 0, 'd' (keep alnum and blanks) or 'i' (keep printable)
	fold         bool   // f
	numeric      bool   // n
	general      bool   // g
	human        bool   // h
	month        bool   // M
	random       bool   // R
	reverse      bool   // r
	version      bool   // V
}

// sortError is a fatal sort error: its message is printed and sort exits 2.
type sortError string

func (e sortError) Error() string { return string(e) }

func badFieldSpec(spec, msg string) error {
	return sortError(fmt.Sprintf("%s: invalid field specification %s", msg, quote.Locale(spec)))
}

// parseFieldCount is GNU's parse_field_count: a number at the start of s
// (saturating), and the rest of s. ok is false when there is no number.
func parseFieldCount(s string) (uint64, string, bool) {
	n, err := xstrtol.Umax(s, 10, "")
	if err&xstrtol.Invalid != 0 {
		return 0, s, false
	}
	i := 0
	for i < len(s) && ctype.IsSpace(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	for i < len(s) && ctype.IsDigit(s[i]) {
		i++
	}
	return n, s[i:], true
}

func countError(msg, s string) error {
	return sortError(fmt.Sprintf("%s: invalid count at start of %s", msg, quote.Locale(s)))
}

// parseKeySpec parses the value of -k.
func parseKeySpec(spec string) (*sortKey, error) {
	k := &sortKey{eword: noPos}
	n, s, ok := parseFieldCount(spec)
	if !ok {
		return nil, countError("invalid number at field start", spec)
	}
	if n == 0 {
		return nil, badFieldSpec(spec, "field number is zero")
	}
	k.sword = n - 1
	if len(s) > 0 && s[0] == '.' {
		if k.schar, s, ok = parseFieldCount(s[1:]); !ok {
			return nil, countError("invalid number after '.'", s)
		}
		if k.schar == 0 {
			return nil, badFieldSpec(spec, "character offset is zero")
		}
		k.schar--
	}
	if k.sword == 0 && k.schar == 0 {
		k.sword = noPos
	}
	s = k.setOrdering(s, true, false)
	if len(s) > 0 && s[0] == ',' {
		if k.eword, s, ok = parseFieldCount(s[1:]); !ok {
			return nil, countError("invalid number after ','", s)
		}
		if k.eword == 0 {
			return nil, badFieldSpec(spec, "field number is zero")
		}
		k.eword--
		if len(s) > 0 && s[0] == '.' {
			if k.echar, s, ok = parseFieldCount(s[1:]); !ok {
				return nil, countError("invalid number after '.'", s)
			}
		}
		s = k.setOrdering(s, false, true)
	}
	if s != "" {
		return nil, badFieldSpec(spec, "stray character in field spec")
	}
	return k, nil
}

// parseObsoleteKey parses "+POS1" and, when given, "-POS2" (0-based
// fields). ok is false when pos1 is not a key, and the operand is a file.
func parseObsoleteKey(pos1, pos2 string, hasPos2 bool) (k *sortKey, ok bool, err error) {
	k = &sortKey{eword: noPos}
	var s string
	if k.sword, s, ok = parseFieldCount(pos1[1:]); !ok {
		return nil, false, nil
	}
	if len(s) > 0 && s[0] == '.' {
		if k.schar, s, ok = parseFieldCount(s[1:]); !ok {
			return nil, false, nil
		}
	}
	if k.sword == 0 && k.schar == 0 {
		k.sword = noPos
	}
	if k.setOrdering(s, true, false) != "" {
		return nil, false, nil
	}
	if !hasPos2 {
		return k, true, nil
	}
	if k.eword, s, ok = parseFieldCount(pos2[1:]); !ok {
		return nil, false, countError("invalid number after '-'", s)
	}
	if len(s) > 0 && s[0] == '.' {
		if k.echar, s, ok = parseFieldCount(s[1:]); !ok {
			return nil, false, countError("invalid number after '.'", s)
		}
	}
	if k.echar == 0 && k.eword > 0 {
		k.eword--
	}
	if k.setOrdering(s, false, true) != "" {
		return nil, false, badFieldSpec(pos2, "stray character in field spec")
	}
	return k, true, nil
}

// setOrdering applies ordering letters at the start of s and returns the
// rest. start and end say which end of the key 'b' applies to.
func (k *sortKey) setOrdering(s string, start, end bool) string {
	for ; s != ""; s = s[1:] {
		switch s[0] {
		case 'b':
			k.skipSBlanks = k.skipSBlanks || start
			k.skipEBlanks = k.skipEBlanks || end
		case 'd':
			k.ignore = 'd'
		case 'f':
			k.fold = true
		case 'g':
			k.general = true
		case 'h':
			k.human = true
		case 'i':
			if k.ignore == 0 {
				k.ignore = 'i'
			}
		case 'M':
			k.month = true
		case 'n':
			k.numeric = true
		case 'R':
			k.random = true
		case 'r':
			k.reverse = true
		case 'V':
			k.version = true
		default:
			return s
		}
	}
	return s
}

// isDefault reports whether the key has no ordering of its own (GNU's
// default_key_compare; 'r' is not counted).
func (k *sortKey) isDefault() bool {
	return k.ignore == 0 && !k.fold && !k.skipSBlanks && !k.skipEBlanks && !k.numeric &&
		!k.general && !k.human && !k.month && !k.version && !k.random
}

// inherit copies the global ordering into a key that has none.
func (k *sortKey) inherit(g *sortKey) {
	k.ignore, k.fold, k.skipSBlanks, k.skipEBlanks = g.ignore, g.fold, g.skipSBlanks, g.skipEBlanks
	k.month, k.numeric, k.general, k.human = g.month, g.numeric, g.general, g.human
	k.version, k.random, k.reverse = g.version, g.random, g.reverse
}

// incompatible returns GNU's "options '-xy' are incompatible" error for a
// key that mixes orderings, or nil.
func (k *sortKey) incompatible() error {
	n := 0
	for _, on := range []bool{k.numeric, k.general, k.human, k.month, k.version || k.random || k.ignore != 0} {
		if on {
			n++
		}
	}
	if n <= 1 {
		return nil
	}
	opts := ""
	for _, f := range []struct {
		on bool
		c  string
	}{{k.ignore == 'd', "d"}, {k.fold, "f"}, {k.general, "g"}, {k.human, "h"}, {k.ignore == 'i', "i"},
		{k.month, "M"}, {k.numeric, "n"}, {k.random, "R"}, {k.version, "V"}} {
		if f.on {
			opts += f.c
		}
	}
	return sortError(fmt.Sprintf("options '-%s' are incompatible", opts))
}

// keyBounds returns where key k starts and ends in line (GNU's begfield and
// limfield); tab < 0 means fields are separated by blanks.
func (k *sortKey) keyBounds(line []byte, tab int) (int, int) {
	end := len(line)
	if k.eword != noPos {
		end = k.limField(line, tab)
	}
	beg := k.begField(line, tab)
	return beg, max(beg, end)
}

func sortBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func (k *sortKey) begField(line []byte, tab int) int {
	ptr, lim := 0, len(line)
	if k.sword != noPos {
		ptr = skipFields(line, ptr, k.sword, tab, true)
	}
	if k.skipSBlanks {
		for ptr < lim && sortBlank(line[ptr]) {
			ptr++
		}
	}
	if k.sword == noPos {
		return ptr
	}
	return int(min(uint64(lim), uint64(ptr)+k.schar))
}

func (k *sortKey) limField(line []byte, tab int) int {
	lim := len(line)
	eword := k.eword
	if k.echar == 0 {
		eword++
	}
	ptr := skipFields(line, 0, eword, tab, k.echar != 0)
	if k.echar != 0 {
		if k.skipEBlanks {
			for ptr < lim && sortBlank(line[ptr]) {
				ptr++
			}
		}
		ptr = int(min(uint64(lim), uint64(ptr)+k.echar))
	}
	return ptr
}

// skipFields moves past n fields. With a tab character, the tab after
// the last field is skipped only if skipLastTab (limfield does not skip
// it when the key ends at a field's end).
func skipFields(line []byte, ptr int, n uint64, tab int, skipLastTab bool) int {
	lim := len(line)
	for ; ptr < lim && n > 0; n-- {
		if tab >= 0 {
			for ptr < lim && int(line[ptr]) != tab {
				ptr++
			}
			if ptr < lim && (n > 1 || skipLastTab) {
				ptr++
			}
			continue
		}
		for ptr < lim && sortBlank(line[ptr]) {
			ptr++
		}
		for ptr < lim && !sortBlank(line[ptr]) {
			ptr++
		}
	}
	return ptr
}
