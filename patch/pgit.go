package patch

import (
	"bytes"
	"strings"
)

// gitLine takes the data of one git extended header line and reports
// whether it was one.
func gitLine(h *header, s []byte) bool {
	str := string(s)
	switch {
	case strings.HasPrefix(str, "index "):
		return gitIndex(h, str[6:])
	case strings.HasPrefix(str, "old mode "):
		h.mode[nameOld] = fetchmode(str[9:])
	case strings.HasPrefix(str, "new mode "):
		h.mode[nameNew] = fetchmode(str[9:])
	case strings.HasPrefix(str, "deleted file mode "):
		h.mode[nameOld] = fetchmode(str[18:])
		h.nonexistent[nameNew] = 2
	case strings.HasPrefix(str, "new file mode "):
		h.mode[nameNew] = fetchmode(str[14:])
		h.nonexistent[nameOld] = 2
	case strings.HasPrefix(str, "rename from "):
		h.rename[nameOld] = true
	case strings.HasPrefix(str, "rename to "):
		h.rename[nameNew] = true
	case strings.HasPrefix(str, "copy from "):
		h.copy[nameOld] = true
	case strings.HasPrefix(str, "copy to "):
		h.copy[nameNew] = true
	default:
		return false
	}
	return true
}

// gitIndex reads "index OLDSHA..NEWSHA [MODE]".
func gitIndex(h *header, s string) bool {
	u := hexEnd(s)
	if u == 0 || !strings.HasPrefix(s[u:], "..") {
		return false
	}
	v := u + 2 + hexEnd(s[u+2:])
	if v == u+2 || (v < len(s) && !isSpace(s[v])) {
		return false
	}
	h.nonexistent[nameOld] = shaSays(s[:u])
	h.nonexistent[nameNew] = shaSays(s[u+2 : v])
	h.sha = [2]string{s[:u], s[u+2 : v]}
	if rest := strings.TrimLeft(s[v:], " \t\n\r\v\f"); rest != "" {
		m := fetchmode(rest)
		h.mode[nameOld], h.mode[nameNew] = m, m
	}
	return true
}

func hexEnd(s string) int {
	i := 0
	for i < len(s) && (isDigit(s[i]) || s[i] >= 'a' && s[i] <= 'f') {
		i++
	}
	return i
}

// shaSays is what a git blob id says of a file: 2 for all zeros (no
// file), 1 for the empty blob, else 0.
func shaSays(sha string) int {
	if strings.Trim(sha, "0") == "" {
		return 2
	}
	if strings.HasPrefix("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", sha) {
		return 1
	}
	return 0
}

// Git file types in modes.
const (
	modeRegular = 0o100000
	modeSymlink = 0o120000
	modeTypes   = 0o170000
)

// fetchmode parses a six-digit octal git mode; 0 when it is not one of a
// regular file or a symlink.
func fetchmode(s string) uint32 {
	s = strings.TrimLeft(s, " \t")
	if len(s) < 6 {
		return 0
	}
	var m uint32
	for _, c := range []byte(s[:6]) {
		if c < '0' || c > '7' {
			return 0
		}
		m = m<<3 | uint32(c-'0')
	}
	rest := strings.TrimPrefix(s[6:], "\r")
	if !strings.HasPrefix(rest, "\n") && rest != "" {
		return 0
	}
	switch m & modeTypes {
	case modeRegular, modeSymlink:
		return m&modeTypes | m&0o777
	}
	return 0
}

var _ = bytes.Equal
