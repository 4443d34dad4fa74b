package edit

type textKind int

const (
	textBuffer      textKind = iota // a, i, c text and y strings
	textReplacement                 // the right side of s
	textRegex                       // a regex (for --debug only)
)

// normalize turns GNU's escapes (\a \f \n \r \t \v, \dNNN \oNNN \xHH, \cX)
// into the bytes they name, as GNU's normalize_text. In a/i/c text other
// escaped characters lose their backslash; in a replacement they keep it
// for the replacement parser, and a produced & or \ is escaped so that it
// stays literal. It returns the message of a bad escape.
func normalize(buf []byte, kind textKind) ([]byte, string) {
	out := make([]byte, 0, len(buf))
	for p := 0; p < len(buf); {
		if buf[p] != '\\' || p+1 >= len(buf) {
			out = append(out, buf[p])
			p++
			continue
		}
		p++
		switch e := buf[p]; e {
		case 'a', 'f', 'n', 'r', 't', 'v':
			out = append(out, simpleEscape(e))
			p++
		case '\n':
			out = append(out, '\n')
			p++
		case 'd', 'o', 'x':
			var ch byte
			ch, p = convertNumber(buf, p, map[byte]int{'d': 10, 'o': 8, 'x': 16}[e])
			if kind == textReplacement && (ch == '&' || ch == '\\') {
				out = append(out, '\\')
			}
			out = append(out, ch)
		case 'c':
			p++
			if p >= len(buf) {
				if kind != textBuffer {
					out = append(out, '\\')
				}
				continue
			}
			out = append(out, asciiUpper(buf[p])^0x40)
			if buf[p] == '\\' {
				p++
				if p >= len(buf) || buf[p] != '\\' {
					return nil, errRecursiveC
				}
			}
			p++
		default:
			if kind != textBuffer {
				out = append(out, '\\')
			}
			out = append(out, e)
			p++
		}
	}
	return out, ""
}

func simpleEscape(e byte) byte {
	switch e {
	case 'a':
		return '\a'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return '\v'
}

// convertNumber reads the digits after buf[p] (the d, o or x) in base, at
// most as many as fit in a byte, and returns the byte and the position
// after the digits. Without digits the byte is the letter itself.
func convertNumber(buf []byte, p, base int) (byte, int) {
	n := 0
	q := p + 1
	for max := 1; q < len(buf) && max <= 255; max *= base {
		d := digitValue(buf[q])
		if d < 0 || d >= base {
			break
		}
		n = n*base + d
		q++
	}
	if q == p+1 {
		return buf[p], q
	}
	return byte(n), q
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func asciiUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
