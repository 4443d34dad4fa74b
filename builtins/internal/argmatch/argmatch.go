// Package argmatch matches an option's argument against the words it may
// be, as gnulib's argmatch does: exactly, or by an unambiguous prefix.
package argmatch

import "strings"

// Index returns the index of the entry of list that arg names exactly
// or as an unambiguous prefix; -1 if none, -2 if ambiguous (gnulib's
// argmatch; entries that are synonyms of an earlier one are not
// distinguished here).
func Index(arg string, list []string) int {
	found := -1
	for i, s := range list {
		if s == arg {
			return i
		}
		if strings.HasPrefix(s, arg) && arg != "" {
			if found >= 0 {
				return -2
			}
			found = i
		}
	}
	return found
}
