package builtins

// -regex and -iregex: the whole path must match. -regextype picks the
// syntax: the POSIX basic family (posix-basic, ed, sed, grep,
// posix-minimal-basic), the extended family (posix-extended, egrep,
// posix-egrep, awk, gnu-awk, posix-awk), or Emacs syntax (emacs and the
// default findutils-default), which is rewritten into the extended one.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/edit/regex"
)

func fpRegex(ps *fparser, name string) error {
	pat, err := ps.strArg()
	if err != nil {
		return err
	}
	re, err := compileFindRegex(pat, ps.f.regexTyp, name == "-iregex")
	if err != nil {
		return &findErr{fmt.Sprintf("failed to compile regular expression '%s': %s", pat, err.Error())}
	}
	ps.primary(name, func(f *finder, e *fentry) bool {
		m := re.FindIndex([]byte(e.path))
		return m != nil && m[0] == 0 && m[1] == len(e.path)
	})
	return nil
}

func compileFindRegex(pat, typ string, fold bool) (*regex.Regexp, error) {
	o := regex.Options{IgnoreCase: fold}
	src := pat
	switch typ {
	case "posix-basic", "posix-minimal-basic", "ed", "sed", "grep":
	case "emacs", "findutils-default":
		o.ERE, src = true, emacsToERE(pat)
	default:
		o.ERE = true
	}
	re, err := regex.Compile(src, o)
	if err != nil && strings.HasSuffix(pat, "[") && strings.HasPrefix(err.Error(), "Unmatched [") {
		return nil, fmt.Errorf("Invalid regular expression")
	}
	return re, err
}

// emacsToERE rewrites an Emacs-syntax pattern (GNU's RE_SYNTAX_EMACS:
// \( \) \| group and alternate, + and ? repeat, no intervals or character
// classes, anchors and repeats only where they can apply) as an extended
// one.
func emacsToERE(p string) string {
	var b strings.Builder
	start := true // at the start of the pattern or of a group or branch
	for i := 0; i < len(p); i++ {
		c := p[i]
		atStart := start
		start = false
		switch c {
		case '\\':
			if i+1 >= len(p) {
				b.WriteByte('\\')
				continue
			}
			i++
			switch d := p[i]; d {
			case '(':
				b.WriteByte('(')
				start = true
			case '|':
				b.WriteByte('|')
				start = true
			case ')':
				b.WriteByte(')')
			case '{', '}', '+', '?', '.', '*', '[', ']', '^', '$', '\\':
				b.WriteByte('\\')
				b.WriteByte(d)
			default:
				if strings.IndexByte("wW<>bB`'123456789", d) >= 0 {
					b.WriteByte('\\')
				} else if strings.IndexByte("(){}|+?*.[]^$", d) >= 0 {
					b.WriteByte('\\')
				}
				b.WriteByte(d)
			}
		case '*', '+', '?':
			if atStart {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		case '^':
			if atStart {
				b.WriteByte('^')
				start = true
			} else {
				b.WriteString(`\^`)
			}
		case '$':
			if i+1 == len(p) || strings.HasPrefix(p[i+1:], `\)`) || strings.HasPrefix(p[i+1:], `\|`) {
				b.WriteByte('$')
			} else {
				b.WriteString(`\$`)
			}
		case '(', ')', '|', '{', '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '[':
			i = emacsBracket(p, i, &b)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// emacsBracket copies the bracket expression at p[i] and returns the index
// of its last byte. Emacs syntax has no [:class:], so a '[' inside is an
// ordinary character: it is moved to the end, where the extended syntax
// reads it as one too.
func emacsBracket(p string, i int, b *strings.Builder) int {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	end := strings.IndexByte(p[j:], ']')
	if end < 0 {
		b.WriteString(p[i:])
		return len(p) - 1
	}
	end += j
	neg := strings.HasPrefix(p[i+1:], "^")
	body := dropBackwardRanges(strings.TrimPrefix(p[i+1:end], "^"))
	switch {
	case body == "" && neg:
		b.WriteByte('.')
		return end
	case body == "":
		b.WriteString(`\b\B`) // an empty set never matches
		return end
	case neg:
		body = "^" + body
	}
	if strings.Contains(body, "[") {
		dash := strings.HasSuffix(body, "-") && len(body) > 1
		body = strings.TrimSuffix(body, "-")
		body = strings.ReplaceAll(body, "[", "") + "["
		if dash {
			body += "-"
		}
	}
	b.WriteString("[" + body + "]")
	return end
}

// dropBackwardRanges removes ranges such as b-a, which Emacs syntax
// accepts as empty and the extended syntax rejects.
func dropBackwardRanges(body string) string {
	var b strings.Builder
	for k := 0; k < len(body); k++ {
		if k+2 < len(body) && body[k+1] == '-' && body[k] > body[k+2] {
			k += 2
			continue
		}
		b.WriteByte(body[k])
	}
	return b.String()
}
