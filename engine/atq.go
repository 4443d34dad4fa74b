package engine

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
)

// The interpreter quotes ${v@Q} its own way ("it's" where bash writes
// 'it'\''s'), quotes an array's elements as one word, and gives '' for an
// unset variable. Each ${v@Q} is rewritten into a command substitution of
// the internal __sf_atq, which quotes as bash does:
//
//	${v@Q}  ->  $(__sf_atq "${v+x}" "${v}")

// rewriteAtQ rewrites every ${...@Q} of file.
func rewriteAtQ(file *syntax.File) {
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			atQParts(n.Parts)
		case *syntax.DblQuoted:
			atQParts(n.Parts)
		}
		return true
	})
}

func atQParts(parts []syntax.WordPart) {
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil || pe.Exp.Word.Lit() != "Q" || pe.Excl || pe.Length {
			continue
		}
		value, set := *pe, *pe
		value.Exp, value.Short = nil, false
		set.Exp, set.Short = &syntax.Expansion{Op: syntax.AlternateUnset, Word: lit("x")}, false
		setWord := dblQuoted(&set)
		if all, ok := allElems(&value); ok { // every element, each its own word
			value, setWord = *all, lit("x")
		}
		call := &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_atq"), setWord, dblQuoted(&value)}}
		parts[i] = &syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call}}}
	}
}

// allElems is pe as the expansion of all its elements one word each
// ("$@", "${a[@]}"), when pe names them all; ok is false otherwise.
func allElems(pe *syntax.ParamExp) (*syntax.ParamExp, bool) {
	all := *pe
	switch {
	case pe.Param != nil && (pe.Param.Value == "@" || pe.Param.Value == "*") && pe.Index == nil:
		all.Param = &syntax.Lit{Value: "@"}
	case pe.Index != nil:
		w, ok := pe.Index.(*syntax.Word)
		if !ok || w.Lit() != "@" && w.Lit() != "*" {
			return nil, false
		}
		all.Index = lit("@")
	default:
		return nil, false
	}
	return &all, true
}

func dblQuoted(p syntax.WordPart) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{p}}}}
}

// atQ is __sf_atq SET VALUE...: the values quoted as bash's @Q does,
// separated by spaces; nothing when SET is empty (the variable is unset).
func (r *run) atQ(p *builtins.Proc) int {
	if len(p.Args) < 2 || p.Args[1] == "" {
		return 0
	}
	quoted := make([]string, 0, len(p.Args)-2)
	for _, v := range p.Args[2:] {
		quoted = append(quoted, bashQuote(v))
	}
	fmt.Fprint(p.Stdout, strings.Join(quoted, " "))
	return 0
}

// bashQuote quotes s as bash's @Q does: in single quotes ('\” for a
// quote), or as $'...' when s holds a control character or bytes that
// are not UTF-8.
func bashQuote(s string) string {
	plain := true
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && n == 1 || c < ' ' || c == 0x7f || !unicode.IsPrint(c) && c > 0x7f {
			plain = false
			break
		}
		i += n
	}
	if plain {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\%03o", s[i])
		case c == '\'' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case ansiEscapes[c] != 0:
			b.WriteByte('\\')
			b.WriteByte(ansiEscapes[c])
		case c < ' ' || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}

var ansiEscapes = map[rune]byte{'\a': 'a', '\b': 'b', 0x1b: 'E', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v'}
