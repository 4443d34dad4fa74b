package builtins

// cut's lists of byte positions and fields ("1,3-5,7-", "-3"), parsed as
// GNU's set_fields does.

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// cutRange is a closed range of positions; hi is math.MaxUint64 for "n-".
type cutRange struct{ lo, hi uint64 }

// cutList is a sorted list of non-overlapping ranges.
type cutList []cutRange

// cutListError is a bad list; GNU prints it with the "Try" line.
type cutListError string

func (e cutListError) Error() string { return string(e) }

// parseCutList parses spec. pos selects the byte/character wording of
// the messages.
func parseCutList(spec string, pos, complement bool) (cutList, error) {
	var l cutList
	var value, initial uint64 = 0, 1
	lhs, rhs, dash := false, false, false
	numStart := -1
	fail := func(field, position string) error {
		if pos {
			return cutListError(position)
		}
		return cutListError(field)
	}
	for i := 0; ; i++ {
		c := byte(0)
		if i < len(spec) {
			c = spec[i]
		}
		switch {
		case c == '-':
			numStart = -1
			if dash {
				return nil, fail("invalid field range", "invalid byte or character range")
			}
			dash = true
			if lhs && value == 0 {
				return nil, fail("fields are numbered from 1", "byte/character positions are numbered from 1")
			}
			initial = 1
			if lhs {
				initial = value
			}
			value = 0
		case c == ',' || c == ' ' || c == '\t' || i >= len(spec):
			numStart = -1
			var err error
			if l, err = l.endItem(value, initial, lhs, rhs, dash, fail); err != nil {
				return nil, err
			}
			if i >= len(spec) {
				return l.finish(complement), nil
			}
			value, lhs, rhs, dash = 0, false, false, false
		case ctype.IsDigit(c):
			if numStart < 0 {
				numStart = i
			}
			if dash {
				rhs = true
			} else {
				lhs = true
			}
			if d := uint64(c - '0'); value > (math.MaxUint64-d)/10 || value*10+d == math.MaxUint64 {
				num := spec[numStart:]
				num = num[:len(num)-len(strings.TrimLeft(num, "0123456789"))]
				return nil, fail(fmt.Sprintf("field number %s is too large", quote.Locale(num)),
					fmt.Sprintf("byte/character offset %s is too large", quote.Locale(num)))
			}
			value = value*10 + uint64(c-'0')
		default:
			return nil, fail("invalid field value "+quote.Locale(spec[i:]),
				"invalid byte/character position "+quote.Locale(spec[i:]))
		}
	}
}

// endItem adds the item that a ',' or the end of the list closes.
func (l cutList) endItem(value, initial uint64, lhs, rhs, dash bool, fail func(string, string) error) (cutList, error) {
	switch {
	case dash && !lhs && !rhs:
		return nil, cutListError("invalid range with no endpoint: -")
	case dash && !rhs:
		return append(l, cutRange{initial, math.MaxUint64}), nil
	case dash && value < initial:
		return nil, cutListError("invalid decreasing range")
	case dash:
		return append(l, cutRange{initial, value}), nil
	case value == 0:
		return nil, fail("fields are numbered from 1", "byte/character positions are numbered from 1")
	}
	return append(l, cutRange{value, value}), nil
}

// finish sorts the ranges, merges overlapping ones (adjacent ones stay
// apart, which matters for --output-delimiter) and complements them.
func (l cutList) finish(complement bool) cutList {
	sort.SliceStable(l, func(i, j int) bool { return l[i].lo < l[j].lo })
	var out cutList
	for _, r := range l {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	if !complement {
		return out
	}
	var c cutList
	if out[0].lo > 1 {
		c = append(c, cutRange{1, out[0].lo - 1})
	}
	for i := 1; i < len(out); i++ {
		if out[i-1].hi+1 != out[i].lo {
			c = append(c, cutRange{out[i-1].hi + 1, out[i].lo - 1})
		}
	}
	if last := out[len(out)-1].hi; last < math.MaxUint64 {
		c = append(c, cutRange{last + 1, math.MaxUint64})
	}
	return c
}

// selected reports whether position k is in the list, moving *at (the
// index of the current range) forward; positions must come in increasing
// order.
func (l cutList) selected(k uint64, at *int) bool {
	for *at < len(l) && k > l[*at].hi {
		*at++
	}
	return *at < len(l) && k >= l[*at].lo
}
