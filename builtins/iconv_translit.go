package builtins

// iconv's //TRANSLIT: the approximations glibc's C.UTF-8 locale gives
// for the common symbols, accents dropped from letters (their canonical
// decomposition without the combining marks), and "?" for the rest.

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
)

var icTranslitTable = map[rune]string{
	'“': `"`, '”': `"`, '„': `"`, '‟': `"`, '‘': "'", '’': "'", '‚': "'", '‛': "'",
	'–': "-", '—': "-", '‐': "-", '‑': "-", '‒': "-", '−': "-", '…': "...",
	'©': "(C)", '®': "(R)", '™': "(TM)", 'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE",
	'ø': "o", 'Ø': "O", 'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'ı': "i", 'ŀ': "l", 'Ŀ': "L",
	'«': "<<", '»': ">>", '×': "x", '÷': ":", '½': " 1/2 ", '¼': " 1/4 ", '¾': " 3/4 ",
	'¡': "!", '¿': "?", '•': "o", '€': "EUR", '£': "GBP", '¥': "JPY", 'µ': "u", '¢': "c",
	'°': "?", '·': ".", '\u00a0': " ", '\u2009': " ", '\u2002': " ", '\u2003': " ",
	'þ': "th", 'Þ': "TH", 'ð': "d", 'Ð': "D", 'ŉ': "'n", 'ĸ': "q", 'ſ': "s",
}

// icTranslit returns the replacements to try for r, best first.
func icTranslit(r rune) []string {
	var alts []string
	if s, ok := icTranslitTable[r]; ok {
		alts = append(alts, s)
	}
	if d := norm.NFD.String(string(r)); d != string(r) {
		var base []rune
		for _, c := range d {
			if !unicode.Is(unicode.Mn, c) {
				base = append(base, c)
			}
		}
		if len(base) > 0 {
			alts = append(alts, string(base))
		}
	}
	return append(alts, "?")
}
