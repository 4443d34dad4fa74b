package builtins

// iconv's character sets: names and aliases as glibc spells them, and a
// decoder and encoder for each. Single-byte sets come from
// golang.org/x/text's charmap tables; the Unicode forms follow glibc's
// byte order rules (UTF-16 and UTF-32 read a BOM and otherwise assume
// the host's little-endian order, and write a BOM; the LE and BE forms
// neither read nor write one; UCS-2 is little-endian, UCS-4 big-endian).

import (
	byteorder "encoding/binary"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// decode results besides a rune's size.
const (
	icInvalid    = -1
	icIncomplete = -2
)

// icCharset is one character set.
type icCharset struct {
	name string
	// decode reads one character from b (atEOF: nothing follows b) and
	// returns it with its size, or a size of icInvalid or icIncomplete.
	decode func(b []byte) (rune, int)
	// encode appends r, or reports that the set has no such character.
	encode func(dst []byte, r rune) ([]byte, bool)
	// bom is written before the first character; readBOM says a BOM
	// starting the input picks the byte order and is dropped.
	bom     []byte
	readBOM func(b []byte) (swap *icCharset, size int)
	// ascii: bytes below 0x80 are the ASCII characters, one byte each
	ascii bool
}

var icAliases = map[string]string{}

var icSets = map[string]*icCharset{}

func icAdd(cs *icCharset, aliases ...string) {
	icSets[cs.name] = cs
	icAliases[cs.name] = cs.name
	for _, a := range aliases {
		icAliases[a] = cs.name
	}
}

func init() {
	icAdd(&icCharset{name: "UTF-8", decode: icDecodeUTF8, encode: icEncodeUTF8, ascii: true}, "UTF8", "ISO-10646/UTF8", "ISO-10646/UTF-8")
	icAdd(&icCharset{name: "ANSI_X3.4-1968", decode: icDecodeASCII, encode: icEncodeASCII, ascii: true},
		"ASCII", "US-ASCII", "646", "US", "ISO646-US", "ISO_646.IRV:1991", "CP367", "IBM367", "CSASCII", "ISO-IR-6", "ANSI_X3.4-1986", "OSF00010020")
	latin := map[int][]string{1: {"LATIN1", "L1", "ISO-IR-100", "IBM819", "CP819"}, 2: {"LATIN2", "L2", "ISO-IR-101"},
		3: {"LATIN3", "L3", "ISO-IR-109"}, 4: {"LATIN4", "L4", "ISO-IR-110"}, 5: {"CYRILLIC", "ISO-IR-144"},
		6: {"ARABIC", "ISO-IR-127", "ECMA-114", "ASMO-708"}, 7: {"GREEK", "GREEK8", "ISO-IR-126", "ECMA-118", "ELOT_928"},
		8: {"HEBREW", "ISO-IR-138"}, 9: {"LATIN5", "L5", "ISO-IR-148"}, 10: {"LATIN6", "L6", "ISO-IR-157"},
		13: {"LATIN7", "L7", "ISO-IR-179"}, 14: {"LATIN8", "L8", "ISO-IR-199", "ISO-CELTIC"}, 15: {"LATIN-9", "LATIN9", "ISO-IR-203"},
		16: {"LATIN10", "L10", "ISO-IR-226"}}
	maps := []*charmap.Charmap{nil, charmap.ISO8859_1, charmap.ISO8859_2, charmap.ISO8859_3, charmap.ISO8859_4,
		charmap.ISO8859_5, charmap.ISO8859_6, charmap.ISO8859_7, charmap.ISO8859_8, charmap.ISO8859_9,
		charmap.ISO8859_10, nil, nil, charmap.ISO8859_13, charmap.ISO8859_14, charmap.ISO8859_15, charmap.ISO8859_16}
	for n, m := range maps {
		if m == nil {
			continue
		}
		num := strconv.Itoa(n)
		al := append([]string{"ISO8859-" + num, "ISO_8859-" + num, "ISO8859" + num, "ISO8859" + num}, latin[n]...)
		if n == 1 {
			al = append(al, "ISO88591")
		}
		icAdd(icCharmap("ISO-8859-"+num, m), al...)
	}
	wins := []*charmap.Charmap{charmap.Windows1250, charmap.Windows1251, charmap.Windows1252, charmap.Windows1253,
		charmap.Windows1254, charmap.Windows1255, charmap.Windows1256, charmap.Windows1257, charmap.Windows1258}
	for i, m := range wins {
		num := strconv.Itoa(1250 + i)
		al := []string{"WINDOWS-" + num, "MS-" + num}
		if i == 2 {
			al = append(al, "MS-ANSI")
		}
		icAdd(icCharmap("CP"+num, m), al...)
	}
	icAdd(icCharmap("IBM437", charmap.CodePage437), "CP437", "437", "CSPC8CODEPAGE437")
	icAdd(icCharmap("IBM850", charmap.CodePage850), "CP850", "850", "CSPC850MULTILINGUAL")
	icAdd(icCharmap("KOI8-R", charmap.KOI8R), "CSKOI8R")
	icAdd(icCharmap("KOI8-U", charmap.KOI8U))
	icAddUnicode()
}

func icCharmap(name string, m *charmap.Charmap) *icCharset {
	return &icCharset{name: name, ascii: true,
		decode: func(b []byte) (rune, int) {
			r := m.DecodeByte(b[0])
			if r == utf8.RuneError {
				return 0, icInvalid
			}
			return r, 1
		},
		encode: func(dst []byte, r rune) ([]byte, bool) {
			c, ok := m.EncodeRune(r)
			if !ok {
				return dst, false
			}
			return append(dst, c), true
		}}
}

func icDecodeASCII(b []byte) (rune, int) {
	if b[0] >= 0x80 {
		return 0, icInvalid
	}
	return rune(b[0]), 1
}

func icEncodeASCII(dst []byte, r rune) ([]byte, bool) {
	if r >= 0x80 {
		return dst, false
	}
	return append(dst, byte(r)), true
}

func icDecodeUTF8(b []byte) (rune, int) {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n <= 1 {
		if !utf8.FullRune(b) {
			return 0, icIncomplete
		}
		return 0, icInvalid
	}
	return r, n
}

func icEncodeUTF8(dst []byte, r rune) ([]byte, bool) { return utf8.AppendRune(dst, r), true }

// icOrder is a byte order that can append.
type icOrder interface {
	byteorder.ByteOrder
	byteorder.AppendByteOrder
}

// icUTF16 decodes and encodes UTF-16 in one byte order.
func icUTF16(order icOrder) (func([]byte) (rune, int), func([]byte, rune) ([]byte, bool)) {
	dec := func(b []byte) (rune, int) {
		if len(b) < 2 {
			return 0, icIncomplete
		}
		u := rune(order.Uint16(b))
		switch {
		case u >= 0xDC00 && u < 0xE000:
			return 0, icInvalid
		case u >= 0xD800 && u < 0xDC00:
			if len(b) < 4 {
				return 0, icIncomplete
			}
			l := rune(order.Uint16(b[2:]))
			if l < 0xDC00 || l >= 0xE000 {
				return 0, icInvalid
			}
			return 0x10000 + (u-0xD800)<<10 + (l - 0xDC00), 4
		}
		return u, 2
	}
	enc := func(dst []byte, r rune) ([]byte, bool) {
		if r >= 0x10000 {
			r -= 0x10000
			dst = order.AppendUint16(dst, uint16(0xD800+r>>10))
			return order.AppendUint16(dst, uint16(0xDC00+r&0x3FF)), true
		}
		return order.AppendUint16(dst, uint16(r)), true
	}
	return dec, enc
}

func icUCS2(order icOrder) (func([]byte) (rune, int), func([]byte, rune) ([]byte, bool)) {
	dec := func(b []byte) (rune, int) {
		if len(b) < 2 {
			return 0, icIncomplete
		}
		u := rune(order.Uint16(b))
		if u >= 0xD800 && u < 0xE000 {
			return 0, icInvalid
		}
		return u, 2
	}
	enc := func(dst []byte, r rune) ([]byte, bool) {
		if r >= 0x10000 {
			return dst, false
		}
		return order.AppendUint16(dst, uint16(r)), true
	}
	return dec, enc
}

func icUTF32(order icOrder) (func([]byte) (rune, int), func([]byte, rune) ([]byte, bool)) {
	dec := func(b []byte) (rune, int) {
		if len(b) < 4 {
			return 0, icIncomplete
		}
		u := order.Uint32(b)
		if u > 0x10FFFF || u >= 0xD800 && u < 0xE000 {
			return 0, icInvalid
		}
		return rune(u), 4
	}
	enc := func(dst []byte, r rune) ([]byte, bool) { return order.AppendUint32(dst, uint32(r)), true }
	return dec, enc
}

func icAddUnicode() {
	le, be := byteorder.LittleEndian, byteorder.BigEndian
	plain := func(name string, mk func(icOrder) (func([]byte) (rune, int), func([]byte, rune) ([]byte, bool)), order icOrder, aliases ...string) *icCharset {
		d, e := mk(order)
		cs := &icCharset{name: name, decode: d, encode: e}
		icAdd(cs, aliases...)
		return cs
	}
	u16le := plain("UTF-16LE", icUTF16, le, "UTF16LE")
	u16be := plain("UTF-16BE", icUTF16, be, "UTF16BE")
	u32le := plain("UTF-32LE", icUTF32, le, "UTF32LE")
	u32be := plain("UTF-32BE", icUTF32, be, "UTF32BE")
	plain("UCS-2", icUCS2, le, "UCS2", "ISO-10646-UCS-2", "CSUNICODE")
	plain("UCS-2LE", icUCS2, le, "UNICODELITTLE")
	plain("UCS-2BE", icUCS2, be, "UNICODEBIG")
	plain("UCS-4", icUTF32, be, "UCS4", "ISO-10646-UCS-4", "CSUCS4", "ISO-10646", "10646-1:1993", "10646-1:1993/UCS4")
	plain("UCS-4LE", icUTF32, le)
	plain("UCS-4BE", icUTF32, be)
	withBOM := func(name string, le, be *icCharset, bom []byte, aliases ...string) {
		cs := &icCharset{name: name, decode: le.decode, encode: le.encode, bom: bom}
		n := len(bom)
		cs.readBOM = func(b []byte) (*icCharset, int) {
			switch {
			case len(b) >= n && string(b[:n]) == string(bom):
				return le, n
			case len(b) >= n && string(b[:n]) == icReverse(bom):
				return be, n
			}
			return le, 0
		}
		icAdd(cs, aliases...)
	}
	withBOM("UTF-16", u16le, u16be, []byte{0xFF, 0xFE}, "UTF16")
	withBOM("UTF-32", u32le, u32be, []byte{0xFF, 0xFE, 0, 0}, "UTF32")
}

func icReverse(b []byte) string {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return string(r)
}

// icLookup finds a set by a name glibc would accept: any case, with the
// "//TRANSLIT", "//IGNORE" suffixes split off.
func icLookup(spec string) (cs *icCharset, translit, ignore bool, ok bool) {
	name, suffix, _ := strings.Cut(spec, "//")
	for _, s := range strings.FieldsFunc(strings.ToUpper(suffix), func(r rune) bool { return r == '/' || r == ',' }) {
		switch s {
		case "TRANSLIT":
			translit = true
		case "IGNORE":
			ignore = true
		}
	}
	name = strings.ToUpper(name)
	if name == "" {
		name = "UTF-8"
	}
	canon, found := icAliases[name]
	if !found {
		return nil, false, false, false
	}
	return icSets[canon], translit, ignore, true
}
