package builtins

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// argMatch finds value among groups of synonyms as gnulib's argmatch does:
// an exact name, or an abbreviation that names only one group. It returns
// the group's index, or -1 and GNU's usage error naming what.
func (p *Proc) argMatch(value, what string, groups [][]string) (int, error) {
	found, ambiguous := -1, false
	for i, g := range groups {
		for _, name := range g {
			switch {
			case name == value:
				return i, nil
			case strings.HasPrefix(name, value) && found < 0:
				found = i
			case strings.HasPrefix(name, value) && found != i:
				ambiguous = true
			}
		}
	}
	if found >= 0 && !ambiguous {
		return found, nil
	}
	kind := "invalid"
	if ambiguous {
		kind = "ambiguous"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s argument %s for %s\nValid arguments are:", p.Name(), kind, quote.Locale(value), quote.Locale(what))
	for _, g := range groups {
		b.WriteString("\n  - ")
		for j, name := range g {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote.Locale(name))
		}
	}
	fmt.Fprintf(&b, "\nTry '%s --help' for more information.", p.Name())
	return -1, &opt.Error{Msg: b.String(), Status: 1}
}

// optionalValue is a long option whose value is optional (--name[=VALUE]).
func optionalValue(long string, do func(name, value string) error) opt.Option {
	return opt.Option{Long: long, Arg: opt.Optional, Do: do}
}
