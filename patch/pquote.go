package patch

import "strings"

// quoteName quotes a file name for GNU patch's messages (quotearg's shell
// style): as it is when the shell would read it back unchanged, else in
// single quotes.
func quoteName(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n!\"$&'()*;<=>?[\\]^`{|}") &&
		s[0] != '#' && s[0] != '~' {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
