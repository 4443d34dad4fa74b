package builtins

// file's verdicts for the formats it looks into, and for text.

import (
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"
)

func sniffELF(b []byte) fileKind {
	if len(b) < 20 {
		return fileKind{"ELF", "application/octet-stream", "binary"}
	}
	bits := map[byte]string{1: "32-bit", 2: "64-bit"}[b[4]]
	order := map[byte]string{1: "LSB", 2: "MSB"}[b[5]]
	u16 := le16
	if b[5] == 2 {
		u16 = be16
	}
	typ, mime := "executable", "application/x-executable"
	switch u16(b[16:]) {
	case 1:
		typ, mime = "relocatable", "application/x-object"
	case 3:
		typ, mime = "shared object", "application/x-sharedlib"
		if elfHasInterp(b, u16) {
			typ, mime = "pie executable", "application/x-pie-executable"
		}
	case 4:
		typ, mime = "core file", "application/x-coredump"
	}
	machine := map[uint16]string{3: "Intel 80386", 62: "x86-64", 183: "ARM aarch64", 40: "ARM", 243: "UCB RISC-V", 8: "MIPS", 21: "64-bit PowerPC or cisco 7500"}[u16(b[18:])]
	d := "ELF " + bits + " " + order + " " + typ
	if machine != "" {
		d += ", " + machine
	}
	d += ", version " + itoa(int(b[6])) + " (SYSV)"
	return fileKind{d, mime, "binary"}
}

// elfHasInterp reports whether a 64-bit ELF has a PT_INTERP header (a
// dynamically linked PIE rather than a shared library).
func elfHasInterp(b []byte, u16 func([]byte) uint16) bool {
	if b[4] != 2 || len(b) < 64 || b[5] != 1 {
		return false
	}
	phoff := int(le64(b[32:]))
	n, size := int(u16(b[56:])), int(u16(b[54:]))
	for i := 0; i < n; i++ {
		off := phoff + i*size
		if off+4 > len(b) {
			return false
		}
		if le32(b[off:]) == 3 {
			return true
		}
	}
	return false
}

func le32(b []byte) uint32 { return uint32(le16(b)) | uint32(le16(b[2:]))<<16 }
func le64(b []byte) uint64 { return uint64(le32(b)) | uint64(le32(b[4:]))<<32 }

func sniffPNG(b []byte) fileKind {
	d := "PNG image data"
	if len(b) >= 29 && string(b[12:16]) == "IHDR" {
		w, h := be32(b[16:]), be32(b[20:])
		depth, color, inter := b[24], b[25], b[28]
		colors := map[byte]string{0: "grayscale", 2: "RGB", 3: "colormap", 4: "gray+alpha", 6: "RGBA"}[color]
		d += ", " + itoa(int(w)) + " x " + itoa(int(h)) + ", " + itoa(int(depth)) + "-bit"
		if color == 3 {
			d += " colormap"
		} else {
			d += "/color " + colors
		}
		if inter == 0 {
			d += ", non-interlaced"
		} else {
			d += ", interlaced"
		}
	}
	return fileKind{d, "image/png", "binary"}
}

func sniffJPEG(b []byte) fileKind {
	d := "JPEG image data"
	if len(b) >= 18 && string(b[6:11]) == "JFIF\x00" {
		d += ", JFIF standard " + itoa(int(b[11])) + "." + twoDigits(int(b[12]))
		units := map[byte]string{0: "aspect ratio", 1: "resolution (DPI)", 2: "resolution (DPCM)"}[b[13]]
		d += ", " + units + ", density " + itoa(int(be16(b[14:]))) + "x" + itoa(int(be16(b[16:])))
		d += ", segment length " + itoa(int(be16(b[4:])))
	}
	return fileKind{d, "image/jpeg", "binary"}
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}

func sniffGzip(b []byte) fileKind {
	d := "gzip compressed data"
	if len(b) < 10 {
		return fileKind{d, "application/gzip", "binary"}
	}
	flags := b[3]
	rest := b[10:]
	if flags&4 != 0 && len(rest) >= 2 {
		n := int(le16(rest))
		rest = rest[min(len(rest), 2+n):]
	}
	if flags&8 != 0 {
		if i := strings.IndexByte(string(rest), 0); i >= 0 {
			d += `, was "` + string(rest[:i]) + `"`
		}
	}
	if mt := le32(b[4:]); mt != 0 {
		d += ", last modified: " + time.Unix(int64(mt), 0).UTC().Format("Mon Jan _2 15:04:05 2006")
	}
	switch b[8] {
	case 2:
		d += ", max compression"
	case 4:
		d += ", max speed"
	}
	if b[9] == 3 {
		d += ", from Unix"
	}
	return fileKind{d, "application/gzip", "binary"}
}

func xzCheck(b []byte) string {
	if len(b) < 8 {
		return ""
	}
	return map[byte]string{0: "NONE", 1: "CRC32", 4: "CRC64", 10: "SHA-256"}[b[7]&0x0f]
}

func sniffZip(b []byte) fileKind {
	d := "Zip archive data"
	if len(b) >= 10 {
		v := int(le16(b[4:]))
		d += ", at least v" + itoa(v/10) + "." + itoa(v%10) + " to extract"
		switch le16(b[8:]) {
		case 0:
			d += ", compression method=store"
		case 8:
			d += ", compression method=deflate"
		}
	}
	return fileKind{d, "application/zip", "binary"}
}

// sniffText classifies text: its encoding, a script's interpreter,
// JSON, XML and HTML, and the line terminators.
func sniffText(b []byte, cut bool) fileKind {
	enc, words, ok := textEncoding(b, cut)
	if !ok {
		return fileKind{"data", "application/octet-stream", "binary"}
	}
	s := string(b)
	kind, mime := "", "text/plain"
	switch {
	case strings.HasPrefix(s, "#!"):
		kind, mime = scriptKind(s)
	case strings.HasPrefix(s, "<?xml"):
		kind, mime = "XML 1.0 document, ", "text/xml"
	case hasHTML(s):
		kind, mime = "HTML document, ", "text/html"
	case isJSON(b):
		return fileKind{"JSON text data", "application/json", enc}
	}
	d := kind + words
	if strings.HasSuffix(kind, "text executable") || strings.HasSuffix(kind, "script text executable") {
		d = kind
	} else if strings.Contains(kind, "executable, ") {
		d = kind + words
	}
	if strings.HasSuffix(kind, "executable") && !strings.Contains(kind, "text") {
		d = kind + ", " + words
	}
	if notes := lineNotes(s); notes != "" {
		d += ", with " + notes
	}
	return fileKind{d, mime, enc}
}

// textEncoding names the text encoding as file does.
func textEncoding(b []byte, cut bool) (enc, words string, ok bool) {
	ascii := true
	for _, c := range b {
		if c == 0 || c < 0x20 && !strings.ContainsRune("\t\n\r\f\v\x1b\b", rune(c)) {
			return "", "", false
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	switch {
	case ascii:
		return "us-ascii", "ASCII text", true
	case strings.HasPrefix(string(b), "\xef\xbb\xbf") && utf8.Valid(b[3:]):
		return "utf-8", "Unicode text, UTF-8 (with BOM) text", true
	case utf8.Valid(b) || cut && utf8.Valid(trimPartialRune(b)):
		return "utf-8", "Unicode text, UTF-8 text", true
	}
	for _, c := range b {
		if c >= 0x80 && c < 0xa0 {
			return "unknown-8bit", "Non-ISO extended-ASCII text", true
		}
	}
	return "iso-8859-1", "ISO-8859 text", true
}

// trimPartialRune drops a rune cut by the end of the sniffed block.
func trimPartialRune(b []byte) []byte {
	for i := 0; i < 3 && len(b) > 0; i++ {
		if utf8.Valid(b) {
			return b
		}
		b = b[:len(b)-1]
	}
	return b
}

// scriptKind names a script by its #! line.
func scriptKind(s string) (string, string) {
	line, _, _ := strings.Cut(s, "\n")
	f := strings.Fields(strings.TrimPrefix(line, "#!"))
	if len(f) == 0 {
		return "", "text/plain"
	}
	prog := f[0][strings.LastIndexByte(f[0], '/')+1:]
	if prog == "env" && len(f) > 1 {
		prog = f[1]
	}
	switch {
	case prog == "sh":
		return "POSIX shell script, ASCII text executable", "text/x-shellscript"
	case prog == "bash":
		return "Bourne-Again shell script, ASCII text executable", "text/x-shellscript"
	case prog == "zsh":
		return "Paul Falstad's zsh script, ASCII text executable", "text/x-shellscript"
	case strings.HasPrefix(prog, "python"):
		return "Python script, ASCII text executable", "text/x-script.python"
	case prog == "perl":
		return "Perl script text executable", "text/x-perl"
	case prog == "node":
		return "Node.js script executable", "application/javascript"
	case prog == "ruby":
		return "Ruby script, ASCII text executable", "text/x-ruby"
	case strings.Contains(prog, "awk"):
		return "awk or perl script, ASCII text executable", "text/x-awk"
	}
	return "a " + strings.Join(f, " ") + " script, ASCII text executable", "text/x-script"
}

func hasHTML(s string) bool {
	l := strings.ToLower(strings.TrimLeft(s[:min(len(s), 512)], " \t\r\n"))
	return strings.HasPrefix(l, "<!doctype html") || strings.HasPrefix(l, "<html") || strings.HasPrefix(l, "<head") || strings.HasPrefix(l, "<body")
}

// isJSON reports an object or array that parses as JSON.
func isJSON(b []byte) bool {
	t := strings.TrimSpace(string(b))
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	return json.Valid([]byte(t))
}

// lineNotes describes the line terminators and very long lines.
func lineNotes(s string) string {
	crlf, lf, cr := 0, 0, 0
	longest, cur := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				crlf++
				i++
			} else {
				cr++
			}
			cur = 0
			continue
		case '\n':
			lf++
			cur = 0
			continue
		}
		cur++
		longest = max(longest, cur)
	}
	var notes []string
	if longest > 300 {
		notes = append(notes, "very long lines ("+itoa(longest)+")")
	}
	var terms []string
	if crlf > 0 {
		terms = append(terms, "CRLF")
	}
	if cr > 0 {
		terms = append(terms, "CR")
	}
	if lf > 0 && (crlf > 0 || cr > 0) {
		terms = append(terms, "LF")
	}
	switch {
	case len(terms) > 0:
		notes = append(notes, strings.Join(terms, ", ")+" line terminators")
	case lf == 0:
		notes = append(notes, "no line terminators")
	}
	return strings.Join(notes, ", ")
}
