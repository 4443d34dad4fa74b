package regex

import "unicode/utf8"

// litInfo describes the literal text of a subexpression: exact is the
// only string it matches (when isExact), and required is the longest
// string every one of its matches contains.
type litInfo struct {
	exact    []byte
	isExact  bool
	required []byte
}

// requiredLiteral returns the longest string every match of n contains
// (nil if none). With fold, letters must be ASCII (the caller searches
// ignoring ASCII case).
func requiredLiteral(n *node, fold bool) []byte {
	li := literalInfo(n, fold)
	if li.isExact && len(li.exact) > len(li.required) {
		return li.exact
	}
	return li.required
}

func literalInfo(n *node, fold bool) litInfo {
	switch n.op {
	case opEmpty, opAssert:
		return litInfo{isExact: true}
	case opLit:
		if fold && n.r >= utf8.RuneSelf {
			return litInfo{}
		}
		return litInfo{exact: utf8.AppendRune(nil, n.r), isExact: true}
	case opByte:
		return litInfo{exact: []byte{byte(n.r)}, isExact: true}
	case opGroup:
		return literalInfo(n.subs[0], fold)
	case opRepeat:
		sub := literalInfo(n.subs[0], fold)
		if n.min == 0 {
			return litInfo{}
		}
		if n.min == 1 && n.max == 1 {
			return sub
		}
		return litInfo{required: longer(sub.required, sub.exactIf())}
	case opCat:
		return catInfo(n.subs, fold)
	}
	return litInfo{}
}

func (li litInfo) exactIf() []byte {
	if li.isExact {
		return li.exact
	}
	return nil
}

func longer(a, b []byte) []byte {
	if len(b) > len(a) {
		return b
	}
	return a
}

// catInfo joins the literals of a sequence: adjacent exact parts form
// one run of text.
func catInfo(subs []*node, fold bool) litInfo {
	var best, run []byte
	exact := true
	for _, s := range subs {
		li := literalInfo(s, fold)
		best = longer(best, li.required)
		if li.isExact {
			run = append(run, li.exact...)
			continue
		}
		exact = false
		best = longer(best, run)
		run = nil
	}
	if exact {
		return litInfo{exact: run, isExact: true, required: best}
	}
	return litInfo{required: longer(best, run)}
}

// onlyText reports whether n is a plain string: characters in sequence,
// nothing else (so its literal is all it matches).
func onlyText(n *node) bool {
	switch n.op {
	case opLit, opByte:
		return true
	case opCat, opGroup:
		for _, s := range n.subs {
			if !onlyText(s) {
				return false
			}
		}
		return true
	}
	return false
}
